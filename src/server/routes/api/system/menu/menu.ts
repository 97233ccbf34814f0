/**
 * Menus (spec section 7 "Administration"): GET /api/system/menu/{id}/treeData (menuName, isShowHide),
 * GET/PUT/DELETE /api/system/menu/{id}, POST /api/system/menu (schemas/forms/admin-menu.json),
 * GET /api/system/menu/iconChange (the icon set). Menu writes change permission strings, so they drop the
 * cached grants.
 */
import type { FastifyPluginAsync } from 'fastify';
import { adminConfig, idParams, needs, security } from '../../../../http/admin-schemas.js';
import { envelope } from '../../../../http/envelope-schema.js';
import { dropEmptyInput, ok } from '../../../../http/route-helpers.js';
import { flattenTree } from '../../../../services/admin-common.js';
import { MENU_ICONS, type MenuInput, type TreeFilter } from '../../../../services/admin-menus.js';

const VIEW = 'sys:menu:view';
const EDIT = 'sys:menu:edit';
const menuRef = { $ref: 'MenuRecord#' };

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
  const { menus, permissions } = app.services.admin;
  const form = app.services.forms.wireSchema('admin-menu');

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
    async (request) => {
      const tree = await menus.tree(request.params.id, request.query);
      return ok('', request.query.flat === '1' ? flattenTree(tree) : tree);
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
        MENU_ICONS.map((name) => ({ name, label: name })),
      ),
  );

  app.get<{ Params: { id: string } }>(
    '/:id',
    {
      schema: {
        tags: ['system'],
        summary: 'A menu',
        description: `-404 菜单不存在. ${needs(VIEW)}`,
        security,
        params: idParams,
        response: { 200: envelope({ data: menuRef }) },
      },
      config: adminConfig(VIEW, '菜单详情'),
    },
    async (request) => ok('', await menus.get(request.params.id)),
  );

  app.post<{ Body: MenuInput }>(
    '',
    {
      schema: {
        tags: ['system'],
        summary: 'Create a menu',
        description: `Body: schemas/forms/admin-menu.json (parentId '0' for top level). A new menu is granted to no role: grant it with PUT /api/system/role/{id}. ${needs(EDIT)}`,
        security,
        body: form,
        response: { 200: envelope({ data: menuRef }) },
      },
      preValidation: dropEmptyInput,
      config: adminConfig(EDIT, '新增菜单'),
    },
    async (request) => {
      const menu = await menus.create(request.body);
      permissions.forgetAll();
      return ok('保存成功', menu);
    },
  );

  app.put<{ Params: { id: string }; Body: MenuInput }>(
    '/:id',
    {
      schema: {
        tags: ['system'],
        summary: 'Update a menu',
        description: `Body: schemas/forms/admin-menu.json; a new parentId moves the subtree. ${needs(EDIT)}`,
        security,
        params: idParams,
        body: form,
        response: { 200: envelope({ data: menuRef }) },
      },
      preValidation: dropEmptyInput,
      config: adminConfig(EDIT, '修改菜单'),
    },
    async (request) => {
      const menu = await menus.update(request.params.id, request.body);
      permissions.forgetAll();
      return ok('保存成功', menu);
    },
  );

  app.delete<{ Params: { id: string } }>(
    '/:id',
    {
      schema: {
        tags: ['system'],
        summary: 'Delete a menu',
        description: `Soft delete, and its grants go; -409 while it has children. ${needs(EDIT)}`,
        security,
        params: idParams,
        response: { 200: envelope() },
      },
      config: adminConfig(EDIT, '删除菜单'),
    },
    async (request) => {
      await menus.remove(request.params.id);
      permissions.forgetAll();
      return ok('删除成功');
    },
  );
};
export default routes;
