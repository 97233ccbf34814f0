/**
 * Menus (spec section 7 "Administration"): GET /api/system/menu/{id}/treeData (menuName, isShowHide),
 * GET/PUT/DELETE /api/system/menu/{id}, POST /api/system/menu (schemas/forms/admin-menu.json),
 * GET /api/system/menu/iconChange (the icon set).
 */
import type { FastifyPluginAsync } from 'fastify';
import { adminResourceRoutes } from '../../../../http/admin-resource-routes.js';
import { adminConfig, idParams, needs, security } from '../../../../http/admin-schemas.js';
import { envelope } from '../../../../http/envelope-schema.js';
import { ok } from '../../../../http/route-helpers.js';
import type { TreeFilter } from '../../../../admin/menus.js';
import { flattenTree } from '../../../../admin/tree.js';
import { sendCachedAnswer } from '../../../../http/cached-answer.js';

const VIEW = 'sys:menu:view';

export const menuTreeQuery = {
  type: 'object',
  properties: {
    menuName: {
      type: 'string',
      maxLength: 50,
      description: 'keep menus whose name contains this, with their ancestors',
    },
    isShowHide: {
      type: 'string',
      enum: ['0', '1'],
      description: "'1': hidden menus too; '0': shown menus only; absent: all",
    },
    flat: { type: 'string', enum: ['0', '1'], description: "'1': a flat list in tree order with path and depth" },
  },
};

const routes: FastifyPluginAsync = async (app) => {
  const { menus } = app.services.admin;

  app.get<{ Params: { id: string }; Querystring: TreeFilter & { flat?: string } }>(
    '/:id/treeData',
    {
      schema: {
        tags: ['system'],
        summary: 'Menu tree',
        description: `Every live menu of the subtree rooted at {id} ('0': all, gateway tiles included) as menu records with childList. ${needs(VIEW)}`,
        security,
        params: idParams,
        querystring: menuTreeQuery,
        response: { 200: envelope({ data: { type: 'array', items: { type: 'object', additionalProperties: true } } }) },
      },
      config: adminConfig(VIEW, '菜单树'),
    },
    async (request, reply) => {
      const { id } = request.params;
      const { menuName, isShowHide, flat } = request.query;
      // Cached with the role menu trees (portal/menu-tree-cache.ts): the same writes change both.
      const key = JSON.stringify(['admin-tree', id, menuName ?? null, isShowHide ?? null, flat ?? null]);
      const answer = await app.services.menuTrees.answer(key, async () => {
        const tree = await menus.tree(id, request.query);
        return reply.serialize(ok('', flat === '1' ? flattenTree(tree) : tree)) as string;
      });
      return sendCachedAnswer(request, reply, answer);
    },
  );

  app.get(
    '/iconChange',
    {
      schema: {
        tags: ['system'],
        summary: 'Icon set of the menu icon picker',
        description: `The icon names a menu may use, as JSON: data [{name, label}] (the web app maps each name to its glyph). The spec's client fetches it as a blob; the blob's text is this JSON envelope, which the select widget can also read directly. ${needs(VIEW)}`,
        security,
        response: {
          200: envelope({
            data: {
              type: 'array',
              items: { type: 'object', properties: { name: { type: 'string' }, label: { type: 'string' } } },
            },
          }),
        },
      },
      config: adminConfig(VIEW, '菜单图标'),
    },
    async () =>
      ok(
        '',
        app.services.menuIcons.map((name) => ({ name, label: name })),
      ),
  );

  adminResourceRoutes(app, {
    names: { zh: '菜单', en: 'a menu' },
    tag: 'system',
    view: VIEW,
    edit: 'sys:menu:edit',
    form: 'admin-menu',
    record: { $ref: 'MenuRecord#' },
    service: menus,
    get: { description: '-404 菜单不存在.' },
    create: {
      description:
        "Body: schemas/forms/admin-menu.json (parentId '0' for top level). A new menu is granted to no role: grant it with PUT /api/system/role/{id}.",
    },
    update: { description: 'Body: schemas/forms/admin-menu.json; a new parentId moves the subtree.' },
    remove: { description: 'Soft delete, and its grants go; -409 while it has children.' },
  });
};
/** The URL prefix of this file's routes. */
export const prefix = '/api/system/menu';
export default routes;
