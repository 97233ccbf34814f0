/**
 * Personal registration:
 * - POST /api/register/getNation: the `nation` dictionary as [{label, value}] in sort order (the select's source);
 * - POST /api/register/register (schemas/forms/register.json; password and passwordAgain RSA-OAEP base64).
 */
import type { FastifyPluginAsync } from 'fastify';
import type { Envelope } from '../../../../shared/envelope.js';
import { envelope } from '../../../http/envelope-schema.js';
import { dropEmptyInput, ok } from '../../../http/route-helpers.js';
import { RegistrationMessages, type PersonalRegistration } from '../../../accounts/registration.js';

interface Option {
  label: string;
  value: string;
}

const routes: FastifyPluginAsync = async (app) => {
  const { forms } = app.services;

  const nationSchema = {
    tags: ['register'],
    summary: 'Nations (dictionary nation) for the registration forms',
    body: { anyOf: [{ type: 'object' }, { type: 'null' }] },
    response: {
      200: envelope({
        data: {
          type: 'array',
          items: {
            type: 'object',
            required: ['label', 'value'],
            properties: { label: { type: 'string' }, value: { type: 'string' } },
          },
        },
      }),
    },
  };
  app.post('/getNation', { schema: nationSchema, config: { audit: false } }, async (): Promise<Envelope<Option[]>> => {
    const entries = await app.services.dictionaries.list('nation');
    return ok(
      '',
      entries.map(({ label, value }) => ({ label, value })),
    );
  });

  const registerSchema = {
    tags: ['register'],
    summary: 'Register a person (role personal; login name and mobile = phoneNumber)',
    description:
      'Checks in this order: the form rules; -400 出生日期不能晚于今天, 身份证号码格式不正确 (check digit, real date), ' +
      '性别与身份证号码不符, 出生日期与身份证号码不符, 请选择民族 (not a label of dictionary nation); -409 ' +
      '该手机号已注册, 该身份证号码已注册; then the register SMS code (verificationCode) is used up. errMsg 注册成功.',
    body: forms.wireSchema('register'),
    response: { 200: envelope() },
  };
  app.post<{ Body: PersonalRegistration }>(
    '/register',
    { schema: registerSchema, config: { title: '个人注册' }, preValidation: dropEmptyInput },
    async (request): Promise<Envelope> => {
      const input = forms.validate<PersonalRegistration>('register', request.body);
      await app.services.registration.registerPerson(input);
      return ok(RegistrationMessages.registered);
    },
  );
};
/** The URL prefix of this file's routes. */
export const prefix = '/api/register';
export default routes;
