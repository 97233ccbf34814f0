/**
 * GET /api/system/sendCode/getCode?phone=&purpose=login|ai: sends an SMS code for phone login or the AI library.
 * The phone is checked with the `phone` rule of schemas/forms/phone-login.json. A code goes out only when the
 * phone belongs to an enabled user; any other phone gets the same answer and passes the same throttles, so the
 * answer tells nobody whether the number is registered.
 */
import type { FastifyPluginAsync } from 'fastify';
import type { Envelope } from '../../../../../shared/envelope.js';
import type { SmsPurpose } from '../../../../db/tables.js';
import { envelope } from '../../../../http/envelope-schema.js';
import { dropEmptyInput, ok } from '../../../../http/route-helpers.js';
import { SmsMessages } from '../../../../accounts/sms-codes.js';

interface GetCodeQuery {
  phone: string;
  purpose?: Extract<SmsPurpose, 'login' | 'ai'>;
}

const routes: FastifyPluginAsync = async (app) => {
  const schema = {
    tags: ['auth'],
    summary: 'Send an SMS code for phone login (purpose login) or the AI library (purpose ai)',
    description:
      'Answers 验证码已发送 whether or not the phone belongs to an enabled user (only then is a code sent). ' +
      'Limits per phone: one code per 60 s (-429 验证码发送过于频繁，请60秒后再试), 10 per day in China time ' +
      '(-429 该手机号今日获取验证码次数已达上限). A code lives 5 minutes, replaces older ones of the same purpose.',
    querystring: {
      type: 'object',
      required: ['phone'],
      properties: {
        phone: app.services.forms.fieldSchema('phone-login', 'phone'),
        purpose: {
          type: 'string',
          enum: ['login', 'ai'],
          default: 'login',
          errorMessage: { enum: '验证码用途不正确' },
        },
      },
    },
    response: { 200: envelope() },
  };
  app.get<{ Querystring: GetCodeQuery }>(
    '/getCode',
    // A GET that sends an SMS / checks a password: recorded like a write.
    { schema, config: { audit: true, title: '获取登录短信验证码' }, preValidation: dropEmptyInput },
    async (request): Promise<Envelope> => {
      const { phone, purpose = 'login' } = request.query;
      const user = await app.services.users.findByMobile(phone, { enabledOnly: true });
      await app.services.smsCodes.send(phone, purpose, { deliver: user !== undefined });
      return ok(SmsMessages.sent);
    },
  );
};
/** The URL prefix of this file's routes. */
export const prefix = '/api/system/sendCode';
export default routes;
