/**
 * Projects (spec section 1 "projects"), administration over the `project` table: GET /api/system/project/list,
 * GET/PUT/DELETE /api/system/project/{id}, POST /api/system/project (schemas/forms/admin-project.json).
 */
import type { FastifyPluginAsync } from 'fastify';
import { adminResourceRoutes } from '../../../../http/admin-resource-routes.js';
import { record, strings } from '../../../../http/admin-schemas.js';

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
  adminResourceRoutes(app, {
    names: { zh: '项目', en: 'a project' },
    tag: 'system',
    view: 'sys:project:view',
    edit: 'sys:project:edit',
    form: 'admin-project',
    record: projectRecord,
    service: app.services.admin.projects,
    list: {
      summary: 'Projects, paged',
      description: 'Filters name (contains), officeId, engineeringType, status (equal); newest first.',
      search: 'search-project',
      outside: { officeId: 'equal', engineeringType: 'equal', status: 'equal' },
    },
    get: { description: '-404 项目不存在.' },
    create: { description: 'Body: schemas/forms/admin-project.json. -404 所属机构不存在.' },
    update: { description: 'Body: schemas/forms/admin-project.json.' },
    remove: { description: 'Soft delete.' },
  });
};
/** The URL prefix of this file's routes. */
export const prefix = '/api/system/project';
export default routes;
