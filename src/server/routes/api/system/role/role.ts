/**
 * Roles (spec section 7 "Administration"): GET /api/system/role/open/list (name, enname), GET/PUT/DELETE
 * /api/system/role/{id}, POST /api/system/role (schemas/forms/admin-role.json plus menuIds), POST
 * /api/system/role/{id}/assign {userIds}, GET /api/system/role/grantableMenus/treeData (the role dialog's menu
 * tree). Data-scope rules in admin/roles.ts.
 */
import type { FastifyPluginAsync } from 'fastify';
import { adminResourceRoutes } from '../../../../http/admin-resource-routes.js';
import { adminConfig, idParams, needs, record, security, strings } from '../../../../http/admin-schemas.js';
import { envelope } from '../../../../http/envelope-schema.js';
import { ok } from '../../../../http/route-helpers.js';
import type { TreeFilter } from '../../../../admin/menus.js';
import { menuTreeQuery } from '../menu/menu.js';
import { requireAuth, requireGrants } from '../../../../http/request-context.js';

const ASSIGN = 'sys:role:assign';
const VIEW = 'sys:role:view';

const roleFields = {
  ...strings(
    'id',
    'name',
    'enname',
    'officeId',
    'officeName',
    'isSys',
    'useable',
    'dataScope',
    'roleType',
    'remarks',
    'createDate',
    'updateDate',
  ),
  editable: { type: 'boolean' },
  assignable: { type: 'boolean' },
};
const scopeRules =
  'A company-scoped caller (company manager) gets its company as officeId, never isSys 1 nor dataScope 1 (-400 ' +
  '无权设置“所有数据”的数据范围), and may grant only menus it holds itself (-403 不能授予自己没有的菜单权限).';
const idList = (field: string, message: string) => ({
  type: 'array',
  maxItems: 10000,
  uniqueItems: true,
  items: { type: 'string', minLength: 1, maxLength: 64 },
  errorMessage: { type: message, maxItems: message, uniqueItems: message },
  description: field,
});

const routes: FastifyPluginAsync = async (app) => {
  const { roles, users, menus } = app.services.admin;

  app.get<{ Querystring: TreeFilter }>(
    '/grantableMenus/treeData',
    {
      schema: {
        tags: ['system'],
        summary: 'The menus the caller may grant to a role',
        description:
          "Menu records with childList, for the role dialog's menu tree: every live menu (gateway tiles and " +
          'permission items included) for a caller whose data scope is all data; for a company-scoped caller only ' +
          `the menus its own roles grant, which is all it may hand on. isShowHide and menuName as for the menu tree. ${needs(VIEW)}`,
        security,
        querystring: menuTreeQuery,
        response: { 200: envelope({ data: { type: 'array', items: { $ref: 'MenuRecord#' } } }) },
      },
      config: adminConfig(VIEW, '可授予的菜单'),
    },
    async (request) => {
      const { scope } = requireGrants(request);
      return ok('', await menus.grantableTree(requireAuth(request).view.user.id, scope, request.query));
    },
  );

  adminResourceRoutes(app, {
    names: { zh: '角色', en: 'a role' },
    tag: 'system',
    view: 'sys:role:view',
    edit: 'sys:role:edit',
    form: 'admin-role',
    bodyProperties: {
      menuIds: idList('the menu ids the role grants (absent on update: unchanged)', '菜单选择不正确'),
    },
    record: record({ ...roleFields, menuIds: { type: 'array', items: { type: 'string' } } }),
    service: roles,
    list: {
      url: '/open/list',
      // The user form's role choices read the list too.
      permission: ['sys:role:view', 'sys:user:view'],
      row: record(roleFields),
      summary: 'Roles, paged',
      description:
        "Filters name, enname (contains). Each row says whether the caller may edit it (editable) and give it to users (assignable). A company-scoped caller sees its company's roles and the shared non-system ones.",
      search: 'search-role',
    },
    get: { summary: 'A role with its menu ids', description: '-404 角色不存在.' },
    create: { description: `Body: schemas/forms/admin-role.json plus menuIds. -409 英文名称已存在. ${scopeRules}` },
    update: {
      description: `Body: schemas/forms/admin-role.json plus menuIds (absent: unchanged; [] grants nothing). -403 无权修改该角色 for a role the caller may not edit. ${scopeRules}`,
    },
    remove: { description: 'Soft delete; its user and menu links go. -409 系统角色不能删除.' },
  });

  app.post<{ Params: { id: string }; Body: { userIds: string[] } }>(
    '/:id/assign',
    {
      schema: {
        tags: ['system'],
        summary: "Set a role's users",
        description:
          "Body {userIds}: the role's users within the caller's scope become exactly these (users the caller cannot " +
          'administer keep what they have). data {id, userCount}. -403 无权分配该角色 (a system role for a company ' +
          'manager); -400 用户不存在 (an id outside the scope); -409 系统角色至少要保留一个用户. ' +
          needs(ASSIGN),
        security,
        params: idParams,
        body: {
          type: 'object',
          required: ['userIds'],
          properties: { userIds: idList('user ids', '用户选择不正确') },
          errorMessage: { required: '请选择用户' },
        },
        response: {
          200: envelope({
            data: { type: 'object', properties: { id: { type: 'string' }, userCount: { type: 'integer' } } },
          }),
        },
      },
      config: adminConfig(ASSIGN, '分配用户'),
    },
    async (request) => {
      const { scope } = requireGrants(request);
      const userCount = await roles.assign(request.params.id, request.body.userIds, scope, (ids) =>
        users.inScope(ids, scope),
      );
      return ok('分配成功', { id: request.params.id, userCount });
    },
  );
};
/** The URL prefix of this file's routes. */
export const prefix = '/api/system/role';
export default routes;
