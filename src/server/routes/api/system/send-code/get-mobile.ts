/**
 * GET /api/system/sendCode/getMobile?loginName=&password=: the masked mobile of an account, after checking its
 * password (RSA-OAEP base64 as at login, URL-encoded). The check is a login attempt: it counts towards the
 * lockout and fails with the login's own messages.
 */
import type { FastifyPluginAsync } from 'fastify';
import type { Envelope } from '../../../../../shared/envelope.js';
import { envelope } from '../../../../http/envelope-schema.js';
import { dropEmptyInput } from '../../../../http/route-helpers.js';
import { maskPhone } from '../../../../lib/masking.js';
import { invalidField } from '../../../../domain-error.js';

interface GetMobileQuery {
  loginName: string;
  password: string;
}

const MAX_PASSWORD = 64;

const routes: FastifyPluginAsync = async (app) => {
  const { forms } = app.services;
  const schema = {
    tags: ['auth'],
    summary: 'The masked mobile of an account (item.mobile, e.g. 138****0001), after checking its password',
    description:
      'Counts as a login attempt: -1 账号或密码错误 (unknown account or wrong password alike), -1 账号已被禁用, ' +
      '-429 登录失败次数过多，请15分钟后再试 after 5 failures within 15 minutes.',
    querystring: {
      type: 'object',
      required: ['loginName', 'password'],
      properties: {
        loginName: forms.fieldSchema('login', 'username'),
        password: forms.fieldSchema('login', 'password'),
      },
    },
    response: {
      200: envelope({ item: { type: 'object', required: ['mobile'], properties: { mobile: { type: 'string' } } } }),
    },
  };
  app.get<{ Querystring: GetMobileQuery }>(
    '/getMobile',
    // A GET that sends an SMS / checks a password: recorded like a write.
    { schema, config: { audit: true, title: '核对账号密码取手机号' }, preValidation: dropEmptyInput },
    async (request): Promise<Envelope<never, { mobile: string }>> => {
      // A '+' of base64 that the client forgot to URL-encode arrives as a space.
      const password = app.services.crypto.decryptRsa(request.query.password.replaceAll(' ', '+'));
      if (password === undefined) throw invalidField('password', '密码解密失败，请刷新页面后重试');
      if (password.length > MAX_PASSWORD) throw invalidField('password', `密码不能超过${MAX_PASSWORD}个字符`);
      const user = await app.services.authentication.checkCredentials(request.query.loginName, password);
      return { msgCode: 0, errMsg: '', item: { mobile: maskPhone(user.mobile) } };
    },
  );
};
/** The URL prefix of this file's routes. */
export const prefix = '/api/system/sendCode';
export default routes;
