/**
 * GET /api/zhgd/companyManager/detail/{id}: the company logo for the header. {id} is an office id (the company,
 * or any office below it, e.g. the selected project's officeId); the logo is that of the nearest office upwards
 * that has one.
 */
import type { FastifyPluginAsync } from 'fastify';
import type { Envelope } from '../../../../shared/envelope.js';
import { envelope } from '../../../http/envelope-schema.js';
import { ok } from '../../../http/route-helpers.js';
import { security } from '../../../http/portal-schemas.js';
import { requireAuth } from '../../../http/request-context.js';

const routes: FastifyPluginAsync = async (app) => {
  app.get<{ Params: { id: string } }>(
    '/detail/:id',
    {
      config: { auth: 'user' },
      schema: {
        tags: ['workbench'],
        summary: 'Company detail with its logo (logPath)',
        description:
          'data {id, logPath}: logPath is an image URL or data URL, "" when no office up the tree has a logo. ' +
          "Unknown office, or one outside the caller's companies: -404 机构不存在.",
        security,
        params: {
          type: 'object',
          required: ['id'],
          properties: {
            id: { type: 'string', pattern: '^[A-Za-z0-9_-]{1,64}$', errorMessage: { pattern: '机构编号格式不正确' } },
          },
        },
        response: {
          200: envelope({
            data: {
              type: 'object',
              required: ['id', 'logPath'],
              properties: { id: { type: 'string' }, logPath: { type: 'string' } },
            },
          }),
        },
      },
    },
    async (request): Promise<Envelope<{ id: string; logPath: string }>> => {
      const { projects } = app.services.portal;
      const scope = await projects.scopeOf(requireAuth(request).view.user.id);
      const logPath = await projects.logoOf(scope, request.params.id);
      return ok('', { id: request.params.id, logPath });
    },
  );
};
/** The URL prefix of this file's routes. */
export const prefix = '/api/zhgd/companyManager';
export default routes;
