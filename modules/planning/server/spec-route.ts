/**
 * GET /api/smart/subitem01/v1.0/toGanttChartByProjectName?projectName (spec section 7): a project's schedule for a
 * gantt chart, from this module's schedule, in the shape the portal has always answered:
 * data [{id, parentId ('' at the top), task, start, end ('yyyy-MM-dd'), progress (0-100)}] in WBS order.
 */
import type { FastifyInstance } from 'fastify';
import {
  envelope,
  ok,
  portalContext,
  projectNameProperty,
  requireAuth,
  security,
} from '../../../src/server/module-api.js';
import type { PlanStore } from './schedule-store.js';

export interface GanttRow {
  id: string;
  parentId: string;
  task: string;
  start: string;
  end: string;
  progress: number;
}

const str = { type: 'string' } as const;

export function specRoute(app: FastifyInstance, store: PlanStore): void {
  app.get<{ Querystring: { projectName: string } }>(
    '/api/smart/subitem01/v1.0/toGanttChartByProjectName',
    {
      config: { auth: 'user' },
      schema: {
        tags: ['workbench'],
        summary: 'Gantt chart rows of a project',
        description:
          "The project's schedule (module planning) in WBS order: planned start and end of each task, its progress. " +
          '-400 请选择项目 without projectName; a project the user may not see: -403.',
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
    async (request) => {
      const context = await portalContext(app.services.portal, requireAuth(request).view, request.query.projectName);
      const projectId = (context.project as { id: string }).id;
      const schedule = await store.schedule(projectId);
      const rows: GanttRow[] = schedule.tasks.map((task) => ({
        id: task.id,
        parentId: task.parentId,
        task: task.name,
        start: task.start,
        end: task.finish,
        progress: task.percentComplete,
      }));
      return ok('', rows);
    },
  );
}
