/**
 * The AI library hand-over (portal/ai-library.ts): POST /api/pub/ai/prepare, POST /api/pub/ai/check,
 * GET /api/pub/ai/returnUrl. Public routes: prepare looks at an Access-Token only to skip the SMS step when the
 * configuration allows it.
 */
import type { FastifyPluginAsync } from 'fastify';
import type { Envelope } from '../../../../shared/envelope.js';
import { envelope } from '../../../http/envelope-schema.js';
import { dropEmptyInput, ok } from '../../../http/route-helpers.js';
import { optionalUser } from '../../../plugins/auth.js';
import { AiMessages, type AiPrepared } from '../../../portal/ai-library.js';

const str = { type: 'string' } as const;
const account = {
  type: 'string',
  maxLength: 64,
  errorMessage: { required: '请输入账号', maxLength: '账号不能超过64个字符' },
};

const handOver = `Hand-over to the AI library (PORTAL_AI_URL, shared secret PORTAL_AI_SECRET or the generated app_key
"ai-secret"): 1. prepare {account} -> {mobileVerify, requestBody = base64url(JSON {account, ts, nonce}), sign = hex
HMAC-SHA256(secret, requestBody), aiUrl?}; aiUrl comes at once (mobileVerify false) only when
PORTAL_AI_MOBILE_VERIFY=0 and the request carries a valid Access-Token of that account. 2. check {account, smsCode}
(the 'ai' code sent by GET /api/system/sendCode/getCode?purpose=ai to the account's mobile) -> {accessCode} (single
use, 5 minutes). 3. returnUrl?accessCode&requestBody&sign -> {aiUrl}: PORTAL_AI_URL plus account, ts, nonce, sign =
hex HMAC-SHA256(secret, "account=<account>&ts=<ts>&nonce=<nonce>") over the plain values; ts in milliseconds.`;

const routes: FastifyPluginAsync = async (app) => {
  const { aiLibrary, forms } = app.services;

  const prepareSchema = {
    tags: ['ai'],
    summary: 'AI library, step 1: a signed request, and whether an SMS code is needed',
    description: `${handOver} An unknown account gets the same answer shape.`,
    body: { type: 'object', required: ['account'], properties: { account } },
    response: {
      200: envelope({
        data: {
          type: 'object',
          required: ['mobileVerify', 'requestBody', 'sign'],
          properties: { mobileVerify: { type: 'boolean' }, requestBody: str, sign: str, aiUrl: str },
        },
      }),
    },
  };
  app.post<{ Body: { account: string } }>(
    '/ai/prepare',
    { schema: prepareSchema, config: { title: 'AI图库登录申请' }, preValidation: dropEmptyInput },
    async (request): Promise<Envelope<AiPrepared>> => {
      const viewer = await optionalUser(app, request);
      return ok('', aiLibrary.prepare(request.body.account, viewer?.user.loginName));
    },
  );

  const checkSchema = {
    tags: ['ai'],
    summary: "AI library, step 2: the account's SMS code for a one-time access code",
    description:
      '-400 验证码不能为空 / 验证码错误 / 验证码已失效，请重新获取 / 验证码错误次数过多，请重新获取 (field smsCode).',
    body: {
      type: 'object',
      required: ['account', 'smsCode'],
      properties: { account, smsCode: forms.fieldSchema('ai-sms', 'smsCode') },
    },
    response: {
      200: envelope({ data: { type: 'object', required: ['accessCode'], properties: { accessCode: str } } }),
    },
  };
  app.post<{ Body: { account: string; smsCode: string } }>(
    '/ai/check',
    { schema: checkSchema, config: { title: 'AI图库短信验证' }, preValidation: dropEmptyInput },
    async (request): Promise<Envelope<{ accessCode: string }>> =>
      ok('', await aiLibrary.check(request.body.account, request.body.smsCode)),
  );

  const returnUrlSchema = {
    tags: ['ai'],
    summary: 'AI library, step 3: the signed URL to open (data.aiUrl)',
    description: `-400 ${AiMessages.badSign} (sign or requestBody), ${AiMessages.expiredRequest} (requestBody older than 10 minutes), ${AiMessages.badAccessCode} (accessCode unknown, used, expired or of another account).`,
    querystring: {
      type: 'object',
      required: ['accessCode', 'requestBody', 'sign'],
      properties: {
        accessCode: {
          type: 'string',
          maxLength: 128,
          errorMessage: { required: AiMessages.badAccessCode, maxLength: AiMessages.badAccessCode },
        },
        requestBody: {
          type: 'string',
          maxLength: 1024,
          errorMessage: { required: AiMessages.badSign, maxLength: AiMessages.badSign },
        },
        sign: {
          type: 'string',
          maxLength: 128,
          errorMessage: { required: AiMessages.badSign, maxLength: AiMessages.badSign },
        },
      },
    },
    response: { 200: envelope({ data: { type: 'object', required: ['aiUrl'], properties: { aiUrl: str } } }) },
  };
  app.get<{ Querystring: { accessCode: string; requestBody: string; sign: string } }>(
    '/ai/returnUrl',
    { schema: returnUrlSchema, config: { audit: true, title: 'AI图库跳转' }, preValidation: dropEmptyInput },
    async (request): Promise<Envelope<{ aiUrl: string }>> => {
      const { accessCode, requestBody, sign } = request.query;
      return ok('', await aiLibrary.returnUrl(accessCode, requestBody, sign));
    },
  );
};
/** The URL prefix of this file's routes. */
export const prefix = '/api/pub';
export default routes;
