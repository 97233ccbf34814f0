/**
 * POST /api/logout (path not shown in the spec): ends the session of the `Access-Token` header (even an expired
 * token) and of `refreshToken` when given. Always answers 0.
 */
import type { FastifyPluginAsync } from 'fastify';
import type { Envelope } from '../../../shared/envelope.js';
import { envelope } from '../../http/envelope-schema.js';
import { ACCESS_TOKEN_HEADER } from '../../plugins/auth.js';

interface LogoutBody {
  refreshToken?: string;
}

const schema = {
  tags: ['auth'],
  summary: 'Log out: revoke the session',
  body: {
    anyOf: [{ type: 'object', properties: { refreshToken: { type: 'string', maxLength: 256 } } }, { type: 'null' }],
  },
  response: { 200: envelope() },
};

const routes: FastifyPluginAsync = async (app) => {
  app.post<{ Body: LogoutBody | null }>(
    '/logout',
    { schema, config: { title: '退出登录' } },
    async (request): Promise<Envelope> => {
      const header = request.headers[ACCESS_TOKEN_HEADER];
      const accessToken = Array.isArray(header) ? header[0] : header;
      await app.services.authentication.logout(accessToken, request.body?.refreshToken || undefined);
      return { msgCode: 0, errMsg: '' };
    },
  );
};
/** The URL prefix of this file's routes. */
export const prefix = '/api';
export default routes;
