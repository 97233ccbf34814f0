/**
 * Company registration:
 * - POST /api/register/company/save {companylMessageVo (schemas/forms/company-info.json), userManagementVo
 *   (schemas/forms/company-manager.json)}: the company and its manager; field errors are reported as
 *   `companylMessageVo.<field>` / `userManagementVo.<field>`. data {id: the company id}.
 * - GET /api/register/company/{id}/list: public, so masked: the company and its managers.
 */
import type { FastifyPluginAsync } from 'fastify';
import type { Envelope } from '../../../../shared/envelope.js';
import { envelope } from '../../../http/envelope-schema.js';
import { dropEmptyInput, ok } from '../../../http/route-helpers.js';
import {
  RegistrationMessages,
  type CompanyInfo,
  type CompanyListing,
  type CompanyManager,
} from '../../../accounts/registration.js';

interface SaveBody {
  companylMessageVo: unknown;
  userManagementVo: unknown;
}

const str = { type: 'string' } as const;

const listSchema = {
  tags: ['register'],
  summary: 'A registered company and its managers, masked (public)',
  description:
    'creditCode keeps its first and last 4 characters, names their first, phone numbers 3 + 4 digits. -404 公司不存在.',
  params: { type: 'object', required: ['id'], properties: { id: { type: 'string', maxLength: 64 } } },
  response: {
    200: envelope({
      data: {
        type: 'object',
        required: ['company', 'managers'],
        properties: {
          company: {
            type: 'object',
            required: ['id', 'unitName', 'creditCode', 'address'],
            properties: { id: str, unitName: str, creditCode: str, address: str },
          },
          managers: {
            type: 'array',
            items: { type: 'object', required: ['name', 'phoneNumber'], properties: { name: str, phoneNumber: str } },
          },
        },
      },
    }),
  },
};

const routes: FastifyPluginAsync = async (app) => {
  const { forms } = app.services;
  const saveSchema = {
    tags: ['register'],
    summary: 'Register a company and its manager (role companyManager, phone login)',
    description:
      'Sex and birthday of the manager come from the ID number (whatever was sent); nation must be a label of ' +
      'dictionary nation. -409 该统一社会信用代码已注册, 该手机号已注册, 该身份证号码已注册; then the register SMS code ' +
      '(userManagementVo.code) is used up. The manager has no password: phone login, or forgot password to set one. ' +
      'errMsg 注册成功, data {id}.',
    body: {
      type: 'object',
      required: ['companylMessageVo', 'userManagementVo'],
      properties: {
        companylMessageVo: { ...forms.wireSchema('company-info'), errorMessage: { required: '请填写公司信息' } },
        userManagementVo: { ...forms.wireSchema('company-manager'), errorMessage: { required: '请填写管理员信息' } },
      },
    },
    response: { 200: envelope({ data: { type: 'object', required: ['id'], properties: { id: str } } }) },
  };
  app.post<{ Body: SaveBody }>(
    '/save',
    { schema: saveSchema, config: { title: '企业注册' }, preValidation: dropEmptyInput },
    async (request): Promise<Envelope<{ id: string }>> => {
      const company = forms.validate<CompanyInfo>('company-info', request.body.companylMessageVo, {
        prefix: 'companylMessageVo',
      });
      const manager = forms.validate<CompanyManager>('company-manager', request.body.userManagementVo, {
        prefix: 'userManagementVo',
      });
      const id = await app.services.registration.registerCompany(company, manager);
      return ok(RegistrationMessages.registered, { id });
    },
  );

  app.get<{ Params: { id: string } }>(
    '/:id/list',
    { schema: listSchema },
    async (request): Promise<Envelope<CompanyListing>> =>
      ok('', await app.services.registration.companyListing(request.params.id)),
  );
};
/** The URL prefix of this file's routes. */
export const prefix = '/api/register/company';
export default routes;
