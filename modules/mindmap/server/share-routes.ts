/**
 * GET /api/mindmap/v1.0/share/{token}: the map a share link opens, read-only. The spec's route guard lets no
 * path of the portal open without a login (section 2 names only the report viewer, the fill-in forms and single
 * sign-on), so a share link opens for a signed-in user who may see the map's project: a user of another company
 * is refused even with the link. A link taken back, or edited by hand, is refused like one never given.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { DomainError, envelope, ok, requireAuth, type Schema, security } from '../../../src/server/module-api.js';
import { MapMessages, type MapStore } from './map-store.js';
import { ShareLinks } from './share-links.js';

const text = { type: 'string' };
const sharedMapSchema: Schema = {
  type: 'object',
  properties: {
    title: text,
    projectName: text,
    content: { type: 'object', additionalProperties: true },
    savedByName: text,
    savedAt: text,
    updatedAt: text,
  },
};

export async function shareRoutes(app: FastifyInstance, deps: { store: MapStore; links: ShareLinks }): Promise<void> {
  const { store, links } = deps;
  const { projects } = app.services.portal;

  app.get(
    '/api/mindmap/v1.0/share/:token',
    {
      config: { auth: 'user' },
      schema: {
        tags: ['mindmap'],
        summary: 'The mind map a share link opens (read-only)',
        description:
          'data {title, projectName, content, savedByName, savedAt, updatedAt}. -404 分享链接无效或已被取消 for a ' +
          "link taken back or altered; -403 for a user who may not see the map's project.",
        security,
        params: {
          type: 'object',
          required: ['token'],
          properties: {
            token: {
              type: 'string',
              minLength: 1,
              maxLength: 200,
              errorMessage: { maxLength: MapMessages.shareInvalid },
            },
          },
        },
        response: { 200: envelope({ data: sharedMapSchema }) },
      },
    },
    async (request: FastifyRequest<{ Params: { token: string } }>) => {
      const { token } = request.params;
      const shareId = ShareLinks.shareIdOf(token);
      const map = shareId ? await store.byShareId(shareId) : undefined;
      if (!map || !shareId || !links.verifies(token, map.id, shareId))
        throw new DomainError('notFound', MapMessages.shareInvalid);
      const scope = await projects.scopeOf(requireAuth(request).view.user.id);
      if (!(await projects.sees(scope, map.projectId)))
        throw new DomainError('forbidden', MapMessages.shareOutsideProject);
      const project = await projects.byId(scope, map.projectId);
      return ok('', {
        title: map.title,
        projectName: project.name,
        content: JSON.parse(map.content ?? '{}') as unknown,
        savedByName: map.savedByName ?? '',
        savedAt: map.savedAt ? new Date(map.savedAt).toISOString() : '',
        updatedAt: new Date(map.updatedAt).toISOString(),
      });
    },
  );
}
