/**
 * POST /api/login {username, password (RSA-OAEP base64), validateCode}: validated with schemas/forms/login.json
 * (password decrypted first), captcha from the `captcha_id` cookie consumed, answers data {access_token,
 * refresh_token}; -16001 with the same data shape when the password must be changed.
 * The phone variant {phone, smsCode} is not implemented yet (a later issue).
 */
import type { FastifyPluginAsync } from 'fastify';
import type { Envelope, TokenPair } from '../../../shared/envelope.js';
import { dropEmptyStrings } from '../../../shared/schema-messages.js';
import { envelope, tokenPairSchema } from '../../http/envelope-schema.js';
import type { AccountLogin } from '../../services/authentication.js';
import { CAPTCHA_COOKIE } from './captcha.js';

const routes: FastifyPluginAsync = async (app) => {
  const schema = {
    tags: ['auth'],
    summary: 'Log in with account, password and captcha',
    body: app.services.forms.wireSchema('login'),
    response: { 200: envelope({ data: tokenPairSchema }) },
  };
  app.post<{ Body: AccountLogin }>(
    '/login',
    {
      schema,
      // An emptied field counts as missing, as in the browser form.
      preValidation: async (request) => {
        request.body = dropEmptyStrings(request.body);
      },
    },
    async (request, reply): Promise<Envelope<TokenPair>> => {
      const input = app.services.forms.validate<AccountLogin>('login', request.body);
      const captchaId = request.cookies[CAPTCHA_COOKIE];
      reply.clearCookie(CAPTCHA_COOKIE, { path: '/api' });
      const data = await app.services.authentication.loginWithAccount(input, captchaId);
      return { msgCode: 0, errMsg: '', data };
    },
  );
};
export default routes;
