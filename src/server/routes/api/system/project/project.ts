/**
 * Projects (spec section 1 "projects"), administration over the `project` table: GET /api/system/project/list,
 * GET/PUT/DELETE /api/system/project/{id}, POST /api/system/project (schemas/forms/admin-project.json).
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
import { requireGrants } from '../../../../plugins/permissions.js';
import type { ProjectInput, ProjectQuery } from '../../../../services/admin-projects.js';

const VIEW = 'sys:project:view';
const EDIT = 'sys:project:edit';
const projectRecord = record(
  strings(
    'id',
    'name',
    'officeId',
    'officeName',
    'engineeringType',
    'status',
    'code',
    'areaCode',
    'createDate',
    'updateDate',
  ),
);

const routes: FastifyPluginAsync = async (app) => {
  const { projects } = app.services.admin;
  const form = app.services.forms.wireSchema('admin-project');

  app.get<{ Querystring: ProjectQuery }>(
    '/list',
    {
      schema: {
        tags: ['system'],
        summary: 'Projects, paged',
        description: `Filters name (contains), officeId, engineeringType, status (equal); newest first. ${needs(VIEW)}`,
        security,
        querystring: listQuery({ name: 'contains', officeId: 'equal', engineeringType: 'equal', status: 'equal' }),
        response: { 200: pageEnvelope(projectRecord) },
      },
      config: adminConfig(VIEW, '项目列表'),
    },
    async (request) => ok('', await projects.list(request.query, requireGrants(request).scope)),
  );

  app.get<{ Params: { id: string } }>(
    '/:id',
    {
      schema: {
        tags: ['system'],
        summary: 'A project',
        description: `-404 项目不存在. ${needs(VIEW)}`,
        security,
        params: idParams,
        response: { 200: envelope({ data: projectRecord }) },
      },
      config: adminConfig(VIEW, '项目详情'),
    },
    async (request) => ok('', await projects.get(request.params.id, requireGrants(request).scope)),
  );

  app.post<{ Body: ProjectInput }>(
    '',
    {
      schema: {
        tags: ['system'],
        summary: 'Create a project',
        description: `Body: schemas/forms/admin-project.json. -404 所属机构不存在. ${needs(EDIT)}`,
        security,
        body: form,
        response: { 200: envelope({ data: projectRecord }) },
      },
      preValidation: dropEmptyInput,
      config: adminConfig(EDIT, '新增项目'),
    },
    async (request) => ok('保存成功', await projects.create(request.body, requireGrants(request).scope)),
  );

  app.put<{ Params: { id: string }; Body: ProjectInput }>(
    '/:id',
    {
      schema: {
        tags: ['system'],
        summary: 'Update a project',
        description: `Body: schemas/forms/admin-project.json. ${needs(EDIT)}`,
        security,
        params: idParams,
        body: form,
        response: { 200: envelope({ data: projectRecord }) },
      },
      preValidation: dropEmptyInput,
      config: adminConfig(EDIT, '修改项目'),
    },
    async (request) =>
      ok('保存成功', await projects.update(request.params.id, request.body, requireGrants(request).scope)),
  );

  app.delete<{ Params: { id: string } }>(
    '/:id',
    {
      schema: {
        tags: ['system'],
        summary: 'Delete a project',
        description: `Soft delete. ${needs(EDIT)}`,
        security,
        params: idParams,
        response: { 200: envelope() },
      },
      config: adminConfig(EDIT, '删除项目'),
    },
    async (request) => {
      await projects.remove(request.params.id, requireGrants(request).scope);
      return ok('删除成功');
    },
  );
};
export default routes;
