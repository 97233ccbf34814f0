/**
 * 系统管理 / 在线用户: GET /api/system/online/list (the sessions signed in) and DELETE /api/system/online/:id (强退).
 * The service is admin/online-sessions.ts.
 */
import type { FastifyPluginAsync } from 'fastify';
import { adminConfig, idParams, listQuery, needs, record, security, strings } from '../../../../http/admin-schemas.js';
import { envelope, pageEnvelope } from '../../../../http/envelope-schema.js';
import { requireAuth } from '../../../../http/request-context.js';
import { dropEmptyInput, ok } from '../../../../http/route-helpers.js';
import type { OnlineQuery } from '../../../../admin/online-sessions.js';

const VIEW = 'sys:online:view';
const FORCE_LOGOUT = 'sys:online:logout';

const routes: FastifyPluginAsync = async (app) => {
  const online = app.services.admin.online;

  app.get<{ Querystring: OnlineQuery }>(
    '/list',
    {
      schema: {
        tags: ['system'],
        summary: 'Sessions signed in',
        description:
          'One row per session (a login and its refreshes) that still holds an unspent, unexpired refresh token, the ' +
          'most recently active first: id (the session id 强退 names), loginName, name, officeName, ipaddr and ' +
          'userAgent (of the login or refresh that issued its newest token), loginTime, lastAccessTime (ISO), current ' +
          "(the caller's own). Filters: loginName (login name or name contains), ipaddr (contains). " +
          needs(VIEW),
        security,
        querystring: listQuery(app.services.forms.wireSchema('search-online')),
        response: {
          200: pageEnvelope(
            record({
              ...strings('id', 'loginName', 'name', 'officeName', 'ipaddr', 'userAgent', 'loginTime', 'lastAccessTime'),
              current: { type: 'boolean' },
            }),
          ),
        },
      },
      config: adminConfig(VIEW, '在线用户'),
      preValidation: dropEmptyInput,
    },
    async (request) => ok('', await online.list(request.query, requireAuth(request).claims.sid)),
  );

  app.delete<{ Params: { id: string } }>(
    '/:id',
    {
      schema: {
        tags: ['system'],
        summary: 'Force a session to log out (强退)',
        description:
          'Revokes the session: its refresh token fails on every instance at once, its access token within the ' +
          'session cache time (5 s). -404 该会话已结束; -409 不能强退自己当前的会话，请使用退出登录. ' +
          needs(FORCE_LOGOUT),
        security,
        params: idParams,
        response: { 200: envelope({}) },
      },
      config: adminConfig(FORCE_LOGOUT, '强退在线用户'),
    },
    async (request) => {
      await online.forceLogout(request.params.id, requireAuth(request).claims.sid);
      return ok('已强退');
    },
  );
};
/** The URL prefix of this file's routes. */
export const prefix = '/api/system/online';
export default routes;
