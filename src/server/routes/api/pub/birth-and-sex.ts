/**
 * POST /api/pub/getBirthAndSex {idCard}: the sex and birthday an ID number encodes (the registration forms fill
 * their disabled fields with it). Public, pure computation (lib/id-card.ts).
 */
import type { FastifyPluginAsync } from 'fastify';
import type { Envelope } from '../../../../shared/envelope.js';
import { envelope } from '../../../http/envelope-schema.js';
import { dropEmptyInput, ok } from '../../../http/route-helpers.js';
import { parseIdCard, type Sex } from '../../../lib/id-card.js';
import { RegistrationMessages } from '../../../accounts/registration.js';
import { invalidField } from '../../../domain-error.js';

const schema = {
  tags: ['register'],
  summary: 'Sex and birthday from an ID number',
  description:
    '18 characters: region, birth date (a real date, not in the future), order digits, ISO 7064 MOD 11-2 check ' +
    "character (X in either case). data {sex: '男' | '女' (odd 17th digit male), birthday: 'yyyy-MM-dd'}; " +
    'otherwise -400 身份证号码格式不正确 (field idCard).',
  body: {
    type: 'object',
    required: ['idCard'],
    properties: {
      idCard: {
        type: 'string',
        maxLength: 20,
        errorMessage: { required: '请输入身份证号码', maxLength: RegistrationMessages.idCardInvalid },
      },
    },
  },
  response: {
    200: envelope({
      data: {
        type: 'object',
        required: ['sex', 'birthday'],
        properties: { sex: { type: 'string', enum: ['男', '女'] }, birthday: { type: 'string', format: 'date' } },
      },
    }),
  },
};

const routes: FastifyPluginAsync = async (app) => {
  app.post<{ Body: { idCard: string } }>(
    '/getBirthAndSex',
    { schema, config: { audit: false }, preValidation: dropEmptyInput },
    async (request): Promise<Envelope<{ sex: Sex; birthday: string }>> => {
      const facts = parseIdCard(request.body.idCard, app.services.config.now());
      if (!facts) throw invalidField('idCard', RegistrationMessages.idCardInvalid);
      return ok('', { sex: facts.sex, birthday: facts.birthday });
    },
  );
};
/** The URL prefix of this file's routes. */
export const prefix = '/api/pub';
export default routes;
