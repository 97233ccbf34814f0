/**
 * Areas (spec section 7 "Administration"): GET /api/system/area/{id}/treeData, GET/PUT/DELETE /api/system/area/{id},
 * POST /api/system/area (schemas/forms/admin-area.json).
 */
import type { FastifyPluginAsync } from 'fastify';
import { adminConfig, idParams, needs, record, security, strings, treeNode } from '../../../../http/admin-schemas.js';
import { envelope } from '../../../../http/envelope-schema.js';
import { dropEmptyInput, ok } from '../../../../http/route-helpers.js';
import { flattenTree } from '../../../../services/admin-common.js';
import type { AreaInput } from '../../../../services/admin-areas.js';

// The office form's area select reads the tree too.
const VIEW = ['sys:area:view', 'sys:office:view'] as const;
const EDIT = 'sys:area:edit';

const areaFields = {
  ...strings('id', 'parentId', 'parentIds', 'name', 'code', 'type', 'remarks', 'createDate', 'updateDate'),
  sort: { type: 'integer' },
};

const routes: FastifyPluginAsync = async (app) => {
  const { areas } = app.services.admin;
  const form = app.services.forms.wireSchema('admin-area');

  app.get<{ Params: { id: string }; Querystring: { flat?: string } }>(
    '/:id/treeData',
    {
      schema: {
        tags: ['system'],
        summary: 'Area tree',
        description: `The areas of the subtree rooted at {id} ('0': all) as a tree in data (childList). flat=1: a flat list in tree order with path and depth (select widgets). ${needs(VIEW)}`,
        security,
        params: idParams,
        querystring: { type: 'object', properties: { flat: { type: 'string', enum: ['0', '1'] } } },
        response: {
          200: envelope({
            data: {
              type: 'array',
              items: treeNode({ ...areaFields, path: { type: 'string' }, depth: { type: 'integer' } }),
            },
          }),
        },
      },
      config: adminConfig(VIEW, '区域树'),
    },
    async (request) => {
      const tree = await areas.tree(request.params.id);
      return ok('', request.query.flat === '1' ? flattenTree(tree) : tree);
    },
  );

  app.get<{ Params: { id: string } }>(
    '/:id',
    {
      schema: {
        tags: ['system'],
        summary: 'An area',
        description: `-404 区域不存在. ${needs(VIEW)}`,
        security,
        params: idParams,
        response: { 200: envelope({ data: record(areaFields) }) },
      },
      config: adminConfig(VIEW, '区域详情'),
    },
    async (request) => ok('', await areas.get(request.params.id)),
  );

  app.post<{ Body: AreaInput }>(
    '',
    {
      schema: {
        tags: ['system'],
        summary: 'Create an area',
        description: `Body: schemas/forms/admin-area.json (parentId '0' for a top-level area). ${needs(EDIT)}`,
        security,
        body: form,
        response: { 200: envelope({ data: record(areaFields) }) },
      },
      preValidation: dropEmptyInput,
      config: adminConfig(EDIT, '新增区域'),
    },
    async (request) => ok('保存成功', await areas.create(request.body)),
  );

  app.put<{ Params: { id: string }; Body: AreaInput }>(
    '/:id',
    {
      schema: {
        tags: ['system'],
        summary: 'Update an area',
        description: `Body: schemas/forms/admin-area.json; a new parentId moves the subtree. ${needs(EDIT)}`,
        security,
        params: idParams,
        body: form,
        response: { 200: envelope({ data: record(areaFields) }) },
      },
      preValidation: dropEmptyInput,
      config: adminConfig(EDIT, '修改区域'),
    },
    async (request) => ok('保存成功', await areas.update(request.params.id, request.body)),
  );

  app.delete<{ Params: { id: string } }>(
    '/:id',
    {
      schema: {
        tags: ['system'],
        summary: 'Delete an area',
        description: `Soft delete; -409 while it has sub-areas or offices refer to it. ${needs(EDIT)}`,
        security,
        params: idParams,
        response: { 200: envelope() },
      },
      config: adminConfig(EDIT, '删除区域'),
    },
    async (request) => {
      await areas.remove(request.params.id);
      return ok('删除成功');
    },
  );
};
export default routes;
