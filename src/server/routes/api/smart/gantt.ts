/**
 * GET /api/smart/subitem01/v1.0/toGanttChartByProjectName?projectName: the project's schedule for a gantt chart,
 * data [{id, parentId ('' at the top), task, start, end ('yyyy-MM-dd'), progress (0-100)}] in plan order.
 */
import type { FastifyPluginAsync } from 'fastify';
import type { Envelope } from '../../../../shared/envelope.js';
import { envelope } from '../../../http/envelope-schema.js';
import { ok } from '../../../http/route-helpers.js';
import { portalContext } from '../../../portal/services.js';
import type { ProjectRow } from '../../../portal/projects.js';
import type { GanttRow } from '../../../portal/site-data.js';
import { projectNameProperty, security } from '../../../http/portal-schemas.js';
import { requireAuth } from '../../../http/request-context.js';

const str = { type: 'string' } as const;

const routes: FastifyPluginAsync = async (app) => {
  app.get<{ Querystring: { projectName: string } }>(
    '/toGanttChartByProjectName',
    {
      config: { auth: 'user' },
      schema: {
        tags: ['workbench'],
        summary: 'Gantt chart rows of a project',
        description: '-400 请选择项目 without projectName; a project the user may not see: -403.',
        security,
        querystring: {
          type: 'object',
          required: ['projectName'],
          properties: {
            projectName: {
              ...projectNameProperty,
              minLength: 1,
              errorMessage: { required: '请选择项目', minLength: '请选择项目', maxLength: '项目名称不能超过100个字符' },
            },
          },
        },
        response: {
          200: envelope({
            data: {
              type: 'array',
              items: {
                type: 'object',
                required: ['id', 'parentId', 'task', 'start', 'end', 'progress'],
                properties: { id: str, parentId: str, task: str, start: str, end: str, progress: { type: 'integer' } },
              },
            },
          }),
        },
      },
    },
    async (request): Promise<Envelope<GanttRow[]>> => {
      const { portal } = app.services;
      const ctx = await portalContext(portal, requireAuth(request).view, request.query.projectName);
      return ok('', await portal.siteData.gantt((ctx.project as ProjectRow).id));
    },
  );
};
/** The URL prefix of this file's routes. */
export const prefix = '/api/smart/subitem01/v1.0';
export default routes;
