/**
 * POST /api/pub/cas/exchange {token}: single sign-on (accounts/single-sign-on.ts). The /app/cas page posts the
 * ticket it got in `?token=` and receives the same token pair as a login.
 */
import type { FastifyPluginAsync } from 'fastify';
import { MsgCode, type Envelope, type TokenPair } from '../../../../shared/envelope.js';
import { envelope, tokenPairSchema } from '../../../http/envelope-schema.js';
import { ApiError } from '../../../http/api-error.js';
import { handlerValidates, ok, sessionClient } from '../../../http/route-helpers.js';
import { SSO_FAILED } from '../../../accounts/single-sign-on.js';

const schema = {
  tags: ['auth'],
  summary: 'Single sign-on: exchange an identity provider ticket for a token pair',
  description: `Path chosen here (the spec names only the /cas page). Hand-over: the identity provider redirects the
browser to /app/cas?token=<ticket>; the page posts {token: <ticket>} here. Ticket =
\`base64url(JSON {sub, iat, exp, jti}) + "." + base64url(HMAC-SHA256(secret, first part))\`: sub = the portal login
name, iat/exp = seconds since the epoch, exp - iat <= 300, jti = a unique id of at most 128 characters, accepted
once. secret = PORTAL_SSO_SECRET (shared with the identity provider), or the key generated at first start and kept
in app_key "sso-secret" (\`npx tsx scripts/sso-ticket.ts <loginName>\` mints a ticket with it). Answers data
{access_token, refresh_token}; -16001 with the same shape when the password must be changed; every other failure
(bad signature, expired, reused, unknown or disabled user) -1 ${SSO_FAILED}.`,
  body: { type: 'object', required: ['token'], properties: { token: { type: 'string', maxLength: 2048 } } },
  response: { 200: envelope({ data: tokenPairSchema }) },
};

const routes: FastifyPluginAsync = async (app) => {
  app.post<{ Body: unknown }>(
    '/cas/exchange',
    // Every failure, a malformed body included, answers -1 统一身份认证失败: the handler checks the body.
    { schema, config: { title: '单点登录' }, validatorCompiler: handlerValidates },
    async (request): Promise<Envelope<TokenPair>> => {
      const body = request.body;
      const token = body !== null && typeof body === 'object' ? (body as Record<string, unknown>).token : undefined;
      if (typeof token !== 'string' || token === '') throw new ApiError(MsgCode.loginFailed, SSO_FAILED);
      return ok('', await app.services.singleSignOn.exchange(token, sessionClient(request)));
    },
  );
};
/** The URL prefix of this file's routes. */
export const prefix = '/api/pub';
export default routes;
