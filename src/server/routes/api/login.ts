/**
 * POST /api/login, two variants told apart by the body:
 * - account {username, password (RSA-OAEP base64), validateCode}: schemas/forms/login.json (password decrypted
 *   first), captcha from the `captcha_id` cookie consumed, lockout after 5 failures;
 * - phone {phone, smsCode}: schemas/forms/phone-login.json, the 'login' SMS code of that phone used up.
 * Both answer data {access_token, refresh_token}; -16001 with the same data shape when the password must be changed.
 */
import type { FastifyPluginAsync } from 'fastify';
import type { Envelope, TokenPair } from '../../../shared/envelope.js';
import { envelope, tokenPairSchema } from '../../http/envelope-schema.js';
import { handlerValidates, sessionClient } from '../../http/route-helpers.js';
import cookie from '../../plugins/cookie.js';
import type { AccountLogin, PhoneLogin } from '../../accounts/authentication.js';
import { CAPTCHA_COOKIE } from './captcha.js';

/** A body naming a phone or an SMS code (and no account) is the phone variant, so its own messages apply. */
function isPhoneVariant(body: unknown): boolean {
  if (body === null || typeof body !== 'object') return false;
  return 'phone' in body || ('smsCode' in body && !('username' in body));
}

const routes: FastifyPluginAsync = async (app) => {
  await app.register(cookie);
  const { forms, authentication } = app.services;
  const schema = {
    tags: ['auth'],
    summary: 'Log in with account, password and captcha, or with phone and SMS code',
    description:
      'A body with `phone` (or `smsCode` and no `username`) is the phone variant, any other the account variant. Account: -1 账号或密码错误 / ' +
      '验证码错误或已失效 / 账号已被禁用; -429 登录失败次数过多，请15分钟后再试 (5 failures of one login name within ' +
      '15 minutes lock it for 15 minutes; a wrong captcha does not count). Phone: -400 验证码错误 / ' +
      '验证码已失效，请重新获取 / 验证码错误次数过多，请重新获取 (field smsCode); -1 手机号或验证码错误.',
    body: { anyOf: [forms.wireSchema('login'), forms.wireSchema('phone-login')] },
    response: { 200: envelope({ data: tokenPairSchema }) },
  };
  app.post<{ Body: Partial<AccountLogin & PhoneLogin> | null }>(
    '/login',
    // Which form's rules and messages apply depends on the variant: the handler validates (empty strings are
    // dropped there, after the variant is known from the body as sent).
    { schema, config: { title: '登录' }, validatorCompiler: handlerValidates },
    async (request, reply): Promise<Envelope<TokenPair>> => {
      const body = request.body;
      if (isPhoneVariant(body)) {
        const input = forms.validate<PhoneLogin>('phone-login', body);
        return { msgCode: 0, errMsg: '', data: await authentication.loginWithPhone(input, sessionClient(request)) };
      }
      const input = forms.validate<AccountLogin>('login', body);
      const captchaId = request.cookies[CAPTCHA_COOKIE];
      reply.clearCookie(CAPTCHA_COOKIE, { path: '/api' });
      return {
        msgCode: 0,
        errMsg: '',
        data: await authentication.loginWithAccount(input, captchaId, sessionClient(request)),
      };
    },
  );
};
/** The URL prefix of this file's routes. */
export const prefix = '/api';
export default routes;
