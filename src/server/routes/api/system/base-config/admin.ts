/**
 * Base config administration (spec section 3): GET /api/system/baseConfig/list (pageNo, pageSize; newest first),
 * GET/PUT/DELETE /api/system/baseConfig/{id}, POST /api/system/baseConfig (a new version, then in force)
 * (schemas/forms/admin-base-config.json). GET /api/pub/baseConfig/newest (routes/api/pub/base-config.ts) stays
 * public and answers the newest row, so every write shows there at once.
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
import type { PageQuery } from '../../../../services/admin-common.js';
import type { BaseConfigInput } from '../../../../services/admin-base-configs.js';

const VIEW = 'sys:config:view';
const EDIT = 'sys:config:edit';
const configRecord = record(
  strings('id', 'name', 'titleLogo', 'projectLogo', 'version', 'support', 'defaultMenu', 'createDate'),
);
const logoRules =
  'titleLogo, projectLogo: an image data URL (data:image/png|jpeg|gif|webp|svg+xml;base64,...) of at most 512 KiB ' +
  'decoded, or a path of the app (/app/favicon.svg); absent: the built-in logo. -400 with the field otherwise.';
/** Two logos of 512 KiB each as base64, and the other fields. */
const bodyLimit = 2 * 1024 * 1024;

const routes: FastifyPluginAsync = async (app) => {
  const { baseConfigs } = app.services.admin;
  const form = app.services.forms.wireSchema('admin-base-config');

  app.get<{ Querystring: PageQuery }>(
    '/list',
    {
      schema: {
        tags: ['system'],
        summary: 'Base config versions, paged, newest first',
        description: `The first row of page 1 is the one in force (GET /api/pub/baseConfig/newest). ${needs(VIEW)}`,
        security,
        querystring: listQuery({}),
        response: { 200: pageEnvelope(configRecord) },
      },
      config: adminConfig(VIEW, '基础配置列表'),
    },
    async (request) => ok('', await baseConfigs.list(request.query)),
  );

  app.get<{ Params: { id: string } }>(
    '/:id',
    {
      schema: {
        tags: ['system'],
        summary: 'A base config version',
        description: `-404 基础配置不存在. ${needs(VIEW)}`,
        security,
        params: idParams,
        response: { 200: envelope({ data: configRecord }) },
      },
      config: adminConfig(VIEW, '基础配置详情'),
    },
    async (request) => ok('', await baseConfigs.get(request.params.id)),
  );

  app.post<{ Body: BaseConfigInput }>(
    '',
    {
      schema: {
        tags: ['system'],
        summary: 'Create a base config version (it comes into force)',
        description: `Body: schemas/forms/admin-base-config.json. The new row is the newest, so GET /api/pub/baseConfig/newest answers it at once. ${logoRules} ${needs(EDIT)}`,
        security,
        body: form,
        response: { 200: envelope({ data: configRecord }) },
      },
      bodyLimit,
      preValidation: dropEmptyInput,
      config: adminConfig(EDIT, '新增基础配置'),
    },
    async (request) => ok('保存成功', await baseConfigs.create(request.body)),
  );

  app.put<{ Params: { id: string }; Body: BaseConfigInput }>(
    '/:id',
    {
      schema: {
        tags: ['system'],
        summary: 'Update a base config version in place',
        description: `Body: schemas/forms/admin-base-config.json. Keeps its place in the order; editing the newest changes what is in force. -404 基础配置不存在. ${logoRules} ${needs(EDIT)}`,
        security,
        params: idParams,
        body: form,
        response: { 200: envelope({ data: configRecord }) },
      },
      bodyLimit,
      preValidation: dropEmptyInput,
      config: adminConfig(EDIT, '修改基础配置'),
    },
    async (request) => ok('保存成功', await baseConfigs.update(request.params.id, request.body)),
  );

  app.delete<{ Params: { id: string } }>(
    '/:id',
    {
      schema: {
        tags: ['system'],
        summary: 'Delete a base config version',
        description: `Deletes the row (the version before it comes into force if it was the newest). -404 基础配置不存在; -409 至少需要保留一条基础配置，不能删除最后一条. ${needs(EDIT)}`,
        security,
        params: idParams,
        response: { 200: envelope() },
      },
      config: adminConfig(EDIT, '删除基础配置'),
    },
    async (request) => {
      await baseConfigs.remove(request.params.id);
      return ok('删除成功');
    },
  );
};
export default routes;
