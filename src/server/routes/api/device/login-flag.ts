/**
 * POST /api/device/base/v1.0/loginFlag {id, loginFlag: '0' | '1'}. The spec names the call but not its meaning;
 * our reading: an administrator (a role whose enname contains 'admin') allows ('1') or forbids ('0') a user's
 * login. Forbidding ends that user's sessions at once on this instance (refresh tokens revoked, caches dropped);
 * other instances refuse the user's access tokens within their user cache TTL (config.userCacheTtlMs, 5 s).
 */
import type { FastifyPluginAsync } from 'fastify';
import { MsgCode, type Envelope } from '../../../../shared/envelope.js';
import { envelope } from '../../../http/envelope-schema.js';
import { ApiError, Messages } from '../../../http/api-error.js';
import { ok } from '../../../http/route-helpers.js';
import type { UserView } from '../../../accounts/users.js';
import { invalidField } from '../../../domain-error.js';
import { requireAuth } from '../../../http/request-context.js';

interface LoginFlagBody {
  id: string;
  loginFlag: '0' | '1';
}

export function isAdministrator(view: UserView): boolean {
  return view.user.roles.some((role) => role.enname.toLowerCase().includes('admin'));
}

const schema = {
  tags: ['system'],
  summary: "Allow ('1') or forbid ('0') a user's login (administrators only)",
  description:
    "Path from the spec, meaning chosen here. Only a user with a role whose enname contains 'admin' (-403 " +
    "otherwise). Forbidding ends the user's sessions: the next request with its access token gets -10014 and its " +
    'refresh token is refused (other instances within the 5-second user cache). -404 用户不存在; -400 ' +
    '不能禁用当前登录的账号. data {id, loginFlag}.',
  security: [{ accessToken: [] }],
  body: {
    type: 'object',
    required: ['id', 'loginFlag'],
    properties: {
      id: {
        type: 'string',
        minLength: 1,
        maxLength: 64,
        errorMessage: { required: '缺少用户编号', minLength: '缺少用户编号' },
      },
      loginFlag: {
        type: 'string',
        enum: ['0', '1'],
        errorMessage: { required: '请选择是否允许登录', enum: '登录标志只能是0或1' },
      },
    },
  },
  response: {
    200: envelope({
      data: {
        type: 'object',
        required: ['id', 'loginFlag'],
        properties: { id: { type: 'string' }, loginFlag: { type: 'string' } },
      },
    }),
  },
};

const routes: FastifyPluginAsync = async (app) => {
  app.post<{ Body: LoginFlagBody }>(
    '/loginFlag',
    { schema, config: { auth: 'user', title: '设置登录权限' } },
    async (request): Promise<Envelope<LoginFlagBody>> => {
      const { view } = requireAuth(request);
      if (!isAdministrator(view)) throw new ApiError(MsgCode.forbidden, Messages.forbidden);
      const { id, loginFlag } = request.body;
      if (id === view.user.id && loginFlag === '0') throw invalidField('id', '不能禁用当前登录的账号');
      if (!(await app.services.users.setLoginFlag(id, loginFlag))) throw new ApiError(MsgCode.notFound, '用户不存在');
      if (loginFlag === '0') await app.services.sessions.revokeUser(id);
      return ok(loginFlag === '1' ? '已允许该用户登录' : '已禁止该用户登录', { id, loginFlag });
    },
  );
};
/** The URL prefix of this file's routes. */
export const prefix = '/api/device/base/v1.0';
export default routes;
