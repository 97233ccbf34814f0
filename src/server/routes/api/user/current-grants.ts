/**
 * What the current user may do, for the client to hide what it may not:
 * - GET /api/user/current/roles: roles, permission strings and data scope;
 * - GET /api/user/current/permissions: the permission strings only;
 * - GET /api/user/current/menus/treeData (isShowHide, menuName): every menu the user's roles grant, gateway tiles
 *   and permission items included (the role dialog's menu picker: a role can only be given what one holds).
 */
import type { FastifyPluginAsync } from 'fastify';
import { security, strings } from '../../../http/admin-schemas.js';
import { envelope } from '../../../http/envelope-schema.js';
import { ok } from '../../../http/route-helpers.js';
import type { TreeFilter } from '../../../admin/menus.js';
import { menuTreeQuery } from '../system/menu/menu.js';
import { requireAuth } from '../../../http/request-context.js';

const routes: FastifyPluginAsync = async (app) => {
  const { permissions, menus } = app.services.admin;

  app.get(
    '/current/roles',
    {
      schema: {
        tags: ['user'],
        summary: "The current user's roles, permissions and data scope",
        description:
          'data {roles: [{id, name, enname}], permissions: sorted permission strings (e.g. sys:user:edit), dataScope: ' +
          '{all: true} (every company) or {all: false, companyId}}. Login only.',
        security,
        response: {
          200: envelope({
            data: {
              type: 'object',
              properties: {
                roles: { type: 'array', items: { type: 'object', properties: strings('id', 'name', 'enname') } },
                permissions: { type: 'array', items: { type: 'string' } },
                dataScope: {
                  type: 'object',
                  properties: { all: { type: 'boolean' }, companyId: { type: ['string', 'null'] } },
                },
              },
            },
          }),
        },
      },
      config: { auth: 'user' },
    },
    async (request) => {
      const { view } = requireAuth(request);
      const grants = await permissions.of(view.user.id);
      return ok('', { roles: view.user.roles, permissions: [...grants.permissions].sort(), dataScope: grants.scope });
    },
  );

  app.get(
    '/current/permissions',
    {
      schema: {
        tags: ['user'],
        summary: "The current user's permission strings",
        description: 'data: sorted permission strings. Login only.',
        security,
        response: { 200: envelope({ data: { type: 'array', items: { type: 'string' } } }) },
      },
      config: { auth: 'user' },
    },
    async (request) => ok('', [...(await permissions.of(requireAuth(request).view.user.id)).permissions].sort()),
  );

  app.get<{ Querystring: TreeFilter & { flat?: string } }>(
    '/current/menus/treeData',
    {
      schema: {
        tags: ['user'],
        summary: "The current user's granted menu tree",
        description:
          "Every live menu the user's roles grant, for any project type, gateway tiles and permission items " +
          "included, as menu records with childList. isShowHide '1': hidden menus too (default); '0': shown only. " +
          'Login only.',
        security,
        querystring: menuTreeQuery,
        response: { 200: envelope({ data: { type: 'array', items: { $ref: 'MenuRecord#' } } }) },
      },
      config: { auth: 'user' },
    },
    async (request) => ok('', await menus.grantedTree(requireAuth(request).view.user.id, request.query)),
  );
};
/** The URL prefix of this file's routes. */
export const prefix = '/api/user';
export default routes;
