/**
 * Dictionary administration (spec section 7): GET /api/system/dictionary/list (pageNo, pageSize, label, type,
 * description), GET/PUT/DELETE /api/system/dictionary/{id}, POST /api/system/dictionary
 * (schemas/forms/admin-dictionary.json). GET /api/system/dictionary/{type}/list (list.ts) stays public.
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
import type { DictInput, DictQuery } from '../../../../services/admin-dictionaries.js';

const VIEW = 'sys:dict:view';
const EDIT = 'sys:dict:edit';
const dictRecord = record({
  ...strings('id', 'type', 'label', 'value', 'description', 'remarks', 'createDate', 'updateDate'),
  sort: { type: 'integer' },
});

const routes: FastifyPluginAsync = async (app) => {
  const { dictionaries } = app.services.admin;
  const form = app.services.forms.wireSchema('admin-dictionary');

  app.get<{ Querystring: DictQuery }>(
    '/list',
    {
      schema: {
        tags: ['system'],
        summary: 'Dictionary entries, paged',
        description: `Filters label, type, description (contains); ordered by type, sort, value. ${needs(VIEW)}`,
        security,
        querystring: listQuery({ label: 'contains', type: 'contains', description: 'contains' }),
        response: { 200: pageEnvelope(dictRecord) },
      },
      config: adminConfig(VIEW, '字典列表'),
    },
    async (request) => ok('', await dictionaries.list(request.query)),
  );

  app.get<{ Params: { id: string } }>(
    '/:id',
    {
      schema: {
        tags: ['system'],
        summary: 'A dictionary entry',
        description: `-404 字典不存在. ${needs(VIEW)}`,
        security,
        params: idParams,
        response: { 200: envelope({ data: dictRecord }) },
      },
      config: adminConfig(VIEW, '字典详情'),
    },
    async (request) => ok('', await dictionaries.get(request.params.id)),
  );

  app.post<{ Body: DictInput }>(
    '',
    {
      schema: {
        tags: ['system'],
        summary: 'Create a dictionary entry',
        description: `Body: schemas/forms/admin-dictionary.json. -409 该类型下已有相同键值的字典. ${needs(EDIT)}`,
        security,
        body: form,
        response: { 200: envelope({ data: dictRecord }) },
      },
      preValidation: dropEmptyInput,
      config: adminConfig(EDIT, '新增字典'),
    },
    async (request) => ok('保存成功', await dictionaries.create(request.body)),
  );

  app.put<{ Params: { id: string }; Body: DictInput }>(
    '/:id',
    {
      schema: {
        tags: ['system'],
        summary: 'Update a dictionary entry',
        description: `Body: schemas/forms/admin-dictionary.json. -409 on a duplicate (type, value). ${needs(EDIT)}`,
        security,
        params: idParams,
        body: form,
        response: { 200: envelope({ data: dictRecord }) },
      },
      preValidation: dropEmptyInput,
      config: adminConfig(EDIT, '修改字典'),
    },
    async (request) => ok('保存成功', await dictionaries.update(request.params.id, request.body)),
  );

  app.delete<{ Params: { id: string } }>(
    '/:id',
    {
      schema: {
        tags: ['system'],
        summary: 'Delete a dictionary entry',
        description: `Soft delete. ${needs(EDIT)}`,
        security,
        params: idParams,
        response: { 200: envelope() },
      },
      config: adminConfig(EDIT, '删除字典'),
    },
    async (request) => {
      await dictionaries.remove(request.params.id);
      return ok('删除成功');
    },
  );
};
export default routes;
