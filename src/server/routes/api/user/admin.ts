/**
 * User administration (spec section 7 "Administration"): GET /api/user/list, GET/PUT/DELETE /api/user/{id},
 * POST /api/user (schemas/forms/admin-user.json, password RSA-encrypted like the login's, plus roleIds), GET
 * /api/user/{id}/roles/userData (the users of role {id}). Data-scope rules in admin/users.ts.
 */
import type { FastifyPluginAsync } from 'fastify';
import { adminResourceRoutes } from '../../../http/admin-resource-routes.js';
import { adminConfig, idParams, listQuery, needs, record, security, strings } from '../../../http/admin-schemas.js';
import { pageEnvelope } from '../../../http/envelope-schema.js';
import { ok } from '../../../http/route-helpers.js';
import type { PageQuery } from '../../../admin/common.js';
import { requireGrants } from '../../../http/request-context.js';

const ROLE_USERS = ['sys:role:view', 'sys:user:view'] as const;
const scopeNote =
  'A company-scoped caller (company manager) sees only users of its own company who hold no system role; any ' +
  'other user answers -404 用户不存在.';

const brief = { type: 'object', properties: strings('id', 'name', 'enname') };
const userRecord = record({
  ...strings(
    'id',
    'loginName',
    'name',
    'no',
    'email',
    'phone',
    'mobile',
    'companyId',
    'companyName',
    'officeId',
    'officeName',
    'loginFlag',
    'userType',
    'remarks',
    'createDate',
    'updateDate',
  ),
  passwordMustChange: { type: 'boolean' },
  roles: { type: 'array', items: brief },
  roleIds: { type: 'array', items: { type: 'string' } },
});

const routes: FastifyPluginAsync = async (app) => {
  const { users } = app.services.admin;

  adminResourceRoutes(app, {
    names: { zh: '用户', en: 'a user' },
    tag: 'user',
    view: 'sys:user:view',
    edit: 'sys:user:edit',
    form: 'admin-user',
    bodyProperties: {
      roleIds: {
        type: 'array',
        maxItems: 100,
        uniqueItems: true,
        items: { type: 'string', minLength: 1, maxLength: 64 },
        errorMessage: { type: '角色选择不正确', maxItems: '角色选择不正确', uniqueItems: '角色选择不正确' },
        description: 'role ids (on update absent: unchanged); a company manager may give only non-system roles',
      },
    },
    record: userRecord,
    service: users,
    list: {
      summary: 'Users, paged',
      description: `Filters loginName, name, companyName (contains), officeId (that office and its sub-offices). ${scopeNote}`,
      search: 'search-user',
      outside: { officeId: 'the office and its sub-offices' },
    },
    get: { summary: 'A user with roles', description: `-404 用户不存在. ${scopeNote}` },
    create: {
      description:
        'Body: schemas/forms/admin-user.json with password RSA-OAEP encrypted (as at login; key from GET ' +
        '/api/pub/keys) plus roleIds. The password is required here (-400 请输入初始密码) and must be changed at ' +
        "the user's first login (-16001). companyId comes from the office. -409 登录名已存在 / " +
        `该手机号已被其他用户使用; -403 无权分配该角色. ${scopeNote}`,
    },
    update: {
      description:
        'Body: schemas/forms/admin-user.json plus roleIds (absent: unchanged). A password (RSA-encrypted) resets ' +
        "it: the user must change it at the next login and the user's sessions end; loginFlag '0' also ends them " +
        `(-400 不能禁用当前登录的账号 for oneself). ${scopeNote}`,
    },
    remove: {
      description: `Soft delete (the login name stays taken); the user's sessions end. -400 不能删除当前登录的账号. ${scopeNote}`,
    },
  });

  app.get<{ Params: { id: string }; Querystring: PageQuery }>(
    '/:id/roles/userData',
    {
      schema: {
        tags: ['user'],
        summary: 'The users of a role',
        description: `{id} is a ROLE id: the users holding it whom the caller administers, paged (the assign dialog asks pageNo 1, pageSize 9999). -404 角色不存在. ${needs(ROLE_USERS)}`,
        security,
        params: idParams,
        querystring: listQuery(),
        response: { 200: pageEnvelope(userRecord) },
      },
      config: adminConfig(ROLE_USERS, '角色用户列表'),
    },
    async (request) => ok('', await users.ofRole(request.params.id, request.query, requireGrants(request).scope)),
  );
};
/** The URL prefix of this file's routes. */
export const prefix = '/api/user';
export default routes;
