/**
 * POST /api/register/passwardUpdate {username (the phone number), password, passwordAgain (both RSA-OAEP
 * base64)}: the last step of forgot password (schemas/forms/forgot-password-reset.json). Needs the phone's 'reset'
 * code verified by POST /api/register/verifySms and not yet used; it is used up here.
 */
import type { FastifyPluginAsync } from 'fastify';
import type { Envelope } from '../../../../shared/envelope.js';
import { envelope } from '../../../http/envelope-schema.js';
import { dropEmptyInput, ok } from '../../../http/route-helpers.js';
import { PasswordMessages } from '../../../accounts/password-changes.js';

interface PasswordUpdateBody {
  username: string;
  password: string;
  passwordAgain: string;
}

const routes: FastifyPluginAsync = async (app) => {
  const { forms } = app.services;
  const wire = forms.wireSchema('forgot-password-reset');
  const schema = {
    tags: ['register'],
    summary: 'Forgot password: set a new password after the reset SMS code was verified',
    description:
      '-400 请先完成手机验证码校验 (field username) without a verified, unused reset code of that phone. Success ' +
      '(errMsg 新密码修改成功！) ends every session of the user.',
    body: {
      ...wire,
      required: ['username', ...(wire.required ?? [])],
      properties: { username: forms.fieldSchema('forgot-password-verify', 'phoneNumber'), ...wire.properties },
    },
    response: { 200: envelope() },
  };
  app.post<{ Body: PasswordUpdateBody }>(
    '/passwardUpdate',
    { schema, config: { title: '找回密码' }, preValidation: dropEmptyInput },
    async (request): Promise<Envelope> => {
      const input = forms.validate<PasswordUpdateBody>('forgot-password-reset', request.body);
      await app.services.passwordChanges.resetByPhone(input.username, input.password, 'username');
      return ok(PasswordMessages.reset);
    },
  );
};
/** The URL prefix of this file's routes. */
export const prefix = '/api/register';
export default routes;
