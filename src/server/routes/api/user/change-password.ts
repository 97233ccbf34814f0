/**
 * POST /api/user/v1.0/validateChangePassword {oldPassword, newPassword, againPassword?} (each SM2, cipher mode 1,
 * hex with 04; schemas/forms/change-password.json, whose confirmation only the browser form requires): the logged-in user's password change. Accepts a normal token
 * and the password-only token of a forced change (-16001). Afterwards every session of the user is over: the
 * client logs in again with the new password.
 */
import type { FastifyPluginAsync } from 'fastify';
import type { Envelope } from '../../../../shared/envelope.js';
import { envelope } from '../../../http/envelope-schema.js';
import { dropEmptyInput, ok } from '../../../http/route-helpers.js';
import { PasswordMessages } from '../../../accounts/password-changes.js';
import { requireAuth } from '../../../http/request-context.js';

interface ChangePasswordBody {
  oldPassword: string;
  newPassword: string;
  /** The form's confirmation: optional on the wire (spec section 7 names two fields), must match when sent. */
  againPassword?: string;
}

const routes: FastifyPluginAsync = async (app) => {
  const schema = {
    tags: ['user'],
    summary: 'Change the password (ends every session of the user)',
    description:
      'Also accepts the password-only access token answered with -16001. -400 旧密码不正确 (field oldPassword), ' +
      '新密码不能与旧密码相同 (field newPassword), or the form rules; success errMsg 密码修改成功，请使用新密码重新登录.',
    security: [{ accessToken: [] }],
    body: app.services.forms.wireSchema('change-password'),
    response: { 200: envelope() },
  };
  app.post<{ Body: ChangePasswordBody }>(
    '/validateChangePassword',
    { schema, config: { auth: 'password-change', title: '修改密码' }, preValidation: dropEmptyInput },
    async (request): Promise<Envelope> => {
      const { view } = requireAuth(request);
      const input = app.services.forms.validate<ChangePasswordBody>('change-password', request.body);
      await app.services.passwordChanges.change(view.user.id, input.oldPassword, input.newPassword);
      return ok(PasswordMessages.changed);
    },
  );
};
/** The URL prefix of this file's routes. */
export const prefix = '/api/user/v1.0';
export default routes;
