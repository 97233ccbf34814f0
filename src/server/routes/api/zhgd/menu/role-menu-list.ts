/**
 * POST /api/zhgd/menu/roleMenuList {type, officeId}: the menu tree the user's roles grant, for project type
 * `type` (empty: every type), in data.pcMenu.childList. `officeId` is accepted for the client's contract; menus
 * are not yet restricted per office. The answer comes from portal/menu-tree-cache.ts: serialized once per role
 * set, project type and menu version, and sent compressed (br or gzip) when the client accepts it and it is large
 * enough to be worth it.
 */
import type { FastifyPluginAsync } from 'fastify';
import type { Envelope, MenuRecord } from '../../../../../shared/envelope.js';
import { sendCachedAnswer } from '../../../../http/cached-answer.js';
import { envelope } from '../../../../http/envelope-schema.js';
import { requireAuth } from '../../../../http/request-context.js';

interface RoleMenuBody {
  type?: string;
  officeId?: string;
}

interface RoleMenuData {
  pcMenu: { childList: MenuRecord[] };
}

const schema = {
  tags: ['menu'],
  summary: 'Role menu tree per project type',
  security: [{ accessToken: [] }],
  body: {
    anyOf: [
      {
        type: 'object',
        properties: {
          type: { type: 'string', maxLength: 32, description: 'Project type (project.engineering_type); empty = all' },
          officeId: { type: 'string', maxLength: 64 },
        },
      },
      { type: 'null' },
    ],
  },
  response: {
    200: envelope({
      data: {
        type: 'object',
        required: ['pcMenu'],
        properties: {
          pcMenu: {
            type: 'object',
            required: ['childList'],
            properties: { childList: { type: 'array', items: { $ref: 'MenuRecord#' } } },
          },
        },
      },
    }),
  },
};

const routes: FastifyPluginAsync = async (app) => {
  app.post<{ Body: RoleMenuBody | null }>(
    '/roleMenuList',
    { schema, config: { auth: 'user', audit: false } },
    (request, reply) => {
      const { roles } = requireAuth(request).view.user;
      const projectType = request.body?.type ?? '';
      // The common case answers synchronously: a cached tree at the version known to be current.
      const cached = app.services.menuTrees.cachedRoleMenuTree(roles, projectType);
      if (cached !== undefined) return sendCachedAnswer(request, reply, cached);
      return app.services.menuTrees
        .roleMenuTree(roles, projectType, (childList) => {
          const data: Envelope<RoleMenuData> = { msgCode: 0, errMsg: '', data: { pcMenu: { childList } } };
          // The route's own response serializer: the cached body is exactly what an uncached answer would be.
          return reply.serialize(data) as string;
        })
        .then((answer) => sendCachedAnswer(request, reply, answer));
    },
  );
};
/** The URL prefix of this file's routes. */
export const prefix = '/api/zhgd/menu';
export default routes;
