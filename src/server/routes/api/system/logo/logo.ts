/**
 * Company logos (spec section 7 "Administration"): POST /api/system/logo/v1.0/create, POST
 * /api/system/logo/v1.0/edit/{id}, GET /api/system/logo/v1.0/list, GET /api/system/logo/v1.0/delete/{id} (a
 * delete by GET, as the spec names it: audited like every write), GET /api/system/logo/getNewest (public: the
 * header and the login page show it). Images are data URLs (services/admin-logos.ts).
 */
import type { FastifyPluginAsync } from 'fastify';
import {
  adminConfig,
  idParams,
  listQuery,
  needs,
  pageEnvelope,
  record,
  security,
  strings,
} from '../../../../http/admin-schemas.js';
import { envelope } from '../../../../http/envelope-schema.js';
import { dropEmptyInput, ok } from '../../../../http/route-helpers.js';
import type { LogoInput } from '../../../../services/admin-logos.js';
import type { PageQuery } from '../../../../services/admin-common.js';

const VIEW = 'sys:logo:view';
const EDIT = 'sys:logo:edit';
const logoRecord = record(strings('id', 'name', 'image', 'remarks', 'createDate', 'updateDate'));
const imageRules =
  'image: a data URL (data:image/png|jpeg|gif|webp|svg+xml;base64,...), at most 512 KiB decoded (-400 图片不能超过512KB).';

const routes: FastifyPluginAsync = async (app) => {
  const { logos } = app.services.admin;
  const form = app.services.forms.wireSchema('admin-logo');

  app.post<{ Body: LogoInput }>(
    '/v1.0/create',
    {
      schema: {
        tags: ['system'],
        summary: 'Create a logo',
        description: `Body: schemas/forms/admin-logo.json. ${imageRules} ${needs(EDIT)}`,
        security,
        body: form,
        response: { 200: envelope({ data: logoRecord }) },
      },
      bodyLimit: 1024 * 1024,
      preValidation: dropEmptyInput,
      config: adminConfig(EDIT, '新增Logo'),
    },
    async (request) => ok('保存成功', await logos.create(request.body)),
  );

  app.post<{ Params: { id: string }; Body: LogoInput }>(
    '/v1.0/edit/:id',
    {
      schema: {
        tags: ['system'],
        summary: 'Edit a logo',
        description: `Body: schemas/forms/admin-logo.json. -404 Logo不存在. ${imageRules} ${needs(EDIT)}`,
        security,
        params: idParams,
        body: form,
        response: { 200: envelope({ data: logoRecord }) },
      },
      bodyLimit: 1024 * 1024,
      preValidation: dropEmptyInput,
      config: adminConfig(EDIT, '修改Logo'),
    },
    async (request) => ok('保存成功', await logos.update(request.params.id, request.body)),
  );

  app.get<{ Querystring: PageQuery & { name?: string } }>(
    '/v1.0/list',
    {
      schema: {
        tags: ['system'],
        summary: 'Logos, paged, newest first',
        description: `Filter name (contains). ${needs(VIEW)}`,
        security,
        querystring: listQuery({ name: 'contains' }),
        response: { 200: pageEnvelope(logoRecord) },
      },
      config: adminConfig(VIEW, 'Logo列表'),
    },
    async (request) => ok('', await logos.list(request.query)),
  );

  app.get<{ Params: { id: string } }>(
    '/v1.0/delete/:id',
    {
      schema: {
        tags: ['system'],
        summary: 'Delete a logo (GET, as the spec names it)',
        description: `Soft delete; -404 Logo不存在. Audited. ${needs(EDIT)}`,
        security,
        params: idParams,
        response: { 200: envelope() },
      },
      config: { ...adminConfig(EDIT, '删除Logo'), audit: true },
    },
    async (request) => {
      await logos.remove(request.params.id);
      return ok('删除成功');
    },
  );

  app.get(
    '/getNewest',
    {
      schema: {
        tags: ['system'],
        summary: 'The newest logo (public)',
        description:
          'data: the most recently created logo {id, name, image, remarks, createDate, updateDate}, or null when there is none. No login needed.',
        response: { 200: envelope({ data: { anyOf: [logoRecord, { type: 'null' }] } }) },
      },
    },
    async () => ok('', await logos.newest()),
  );
};
export default routes;
