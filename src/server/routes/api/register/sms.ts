/**
 * SMS codes of registration and forgotten password:
 * - POST /api/register/sendSMS {phoneNumber, purpose: 'register' | 'reset' (default register)}: register refuses a
 *   phone that already has an account (-409 该手机号已注册); reset sends only to a phone with an account, and
 *   answers the same either way.
 * - POST /api/register/verifySms {code, phoneNumber, purpose (default register)}: checks the code without using
 *   it up (the wizard's next step uses it: register, company save, password reset).
 */
import type { FastifyPluginAsync } from 'fastify';
import { MsgCode, type Envelope } from '../../../../shared/envelope.js';
import { envelope } from '../../../http/envelope-schema.js';
import { ApiError } from '../../../http/api-error.js';
import { dropEmptyInput, ok } from '../../../http/route-helpers.js';
import { RegistrationMessages } from '../../../accounts/registration.js';
import { SmsMessages } from '../../../accounts/sms-codes.js';

type RegisterPurpose = 'register' | 'reset';

interface SendBody {
  phoneNumber: string;
  purpose?: RegisterPurpose;
}

interface VerifyBody {
  phoneNumber: string;
  code: string;
  purpose?: RegisterPurpose;
}

const purpose = {
  type: 'string',
  enum: ['register', 'reset'],
  default: 'register',
  errorMessage: { enum: '验证码用途不正确' },
};

const routes: FastifyPluginAsync = async (app) => {
  const { forms, users, smsCodes } = app.services;

  const sendSchema = {
    tags: ['register'],
    summary: 'Send an SMS code for registration (purpose register) or forgotten password (purpose reset)',
    description:
      'Same limits as GET /api/system/sendCode/getCode. register: -409 该手机号已注册 when the phone has an account. ' +
      'reset: a code goes out only when the phone has an account; the answer is 验证码已发送 either way.',
    body: {
      type: 'object',
      required: ['phoneNumber'],
      properties: { phoneNumber: forms.fieldSchema('register', 'phoneNumber'), purpose },
    },
    response: { 200: envelope() },
  };
  app.post<{ Body: SendBody }>(
    '/sendSMS',
    { schema: sendSchema, config: { title: '发送短信验证码' }, preValidation: dropEmptyInput },
    async (request): Promise<Envelope> => {
      const { phoneNumber, purpose: use = 'register' } = request.body;
      if (use === 'register') {
        if (await users.mobileTaken(phoneNumber)) throw new ApiError(MsgCode.conflict, RegistrationMessages.phoneTaken);
        await smsCodes.send(phoneNumber, 'register');
      } else {
        const user = await users.findByMobile(phoneNumber, { enabledOnly: false });
        await smsCodes.send(phoneNumber, 'reset', { deliver: user !== undefined });
      }
      return ok(SmsMessages.sent);
    },
  );

  const verifySchema = {
    tags: ['register'],
    summary: 'Check an SMS code without using it up',
    description:
      '-400 验证码错误 / 验证码已失效，请重新获取 / 验证码错误次数过多，请重新获取 (field code); success errMsg 验证成功.',
    body: {
      type: 'object',
      required: ['phoneNumber', 'code'],
      properties: {
        phoneNumber: forms.fieldSchema('forgot-password-verify', 'phoneNumber'),
        code: forms.fieldSchema('forgot-password-verify', 'code'),
        purpose,
      },
    },
    response: { 200: envelope() },
  };
  app.post<{ Body: VerifyBody }>(
    '/verifySms',
    { schema: verifySchema, config: { title: '校验短信验证码' }, preValidation: dropEmptyInput },
    async (request): Promise<Envelope> => {
      const { phoneNumber, code, purpose: use = 'register' } = request.body;
      await smsCodes.verify(phoneNumber, use, code, 'code');
      return ok('验证成功');
    },
  );
};
/** The URL prefix of this file's routes. */
export const prefix = '/api/register';
export default routes;
