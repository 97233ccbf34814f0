/**
 * GET /workflow/process/todoList, /copyList, /finishedList (no /api prefix, as the spec writes them): the user's
 * process tasks, paged. Query pageNum (default 1), pageSize (default 10, at most 100), processName (substring),
 * projectName (that project's tasks and those of no project). Answer data {dataList: ProcessTaskRow[], total,
 * pageNum, pageSize}; to-do and copied newest started first, finished newest finished first.
 */
import type { FastifyPluginAsync } from 'fastify';
import type { Envelope } from '../../../shared/envelope.js';
import type { ProcessTaskKind } from '../../db/portal-tables.js';
import { envelope } from '../../http/envelope-schema.js';
import { ok } from '../../http/route-helpers.js';
import { requireAuth } from '../../plugins/auth.js';
import { portalContext } from '../../services/portal.js';
import type { ProcessTaskRow } from '../../services/process.js';
import { pageProperties, processTaskRowSchema, projectNameProperty, security } from '../api/zhgd/portal-schemas.js';

interface Query {
  pageNum: number;
  pageSize: number;
  processName?: string;
  projectName?: string;
}

interface Page {
  dataList: ProcessTaskRow[];
  total: number;
  pageNum: number;
  pageSize: number;
}

const lists: [path: string, kind: ProcessTaskKind, summary: string][] = [
  ['/todoList', 'todo', 'My to-do process tasks (待办)'],
  ['/copyList', 'copy', 'Process tasks copied to me (抄送)'],
  ['/finishedList', 'finished', 'Process tasks I finished (已办)'],
];

const routes: FastifyPluginAsync = async (app) => {
  for (const [path, kind, summary] of lists) {
    app.get<{ Querystring: Query }>(
      path,
      {
        config: { auth: 'user' },
        schema: {
          tags: ['workflow'],
          summary,
          description: 'Paged {dataList, total, pageNum, pageSize}. A projectName the user may not see: -403.',
          security,
          querystring: {
            type: 'object',
            properties: {
              ...pageProperties(10),
              processName: {
                type: 'string',
                maxLength: 50,
                errorMessage: { maxLength: '流程名称不能超过50个字符' },
              },
              projectName: projectNameProperty,
            },
          },
          response: {
            200: envelope({
              data: {
                type: 'object',
                required: ['dataList', 'total', 'pageNum', 'pageSize'],
                properties: {
                  dataList: { type: 'array', items: processTaskRowSchema },
                  total: { type: 'integer' },
                  pageNum: { type: 'integer' },
                  pageSize: { type: 'integer' },
                },
              },
            }),
          },
        },
      },
      async (request): Promise<Envelope<Page>> => {
        const { portal } = app.services;
        const { view } = requireAuth(request);
        const { pageNum, pageSize, processName, projectName } = request.query;
        const ctx = await portalContext(portal, view, projectName);
        const page = await portal.processTasks.page(
          view.user.id,
          kind,
          { processName, projectId: ctx.project?.id ?? null },
          { pageNum, pageSize },
        );
        return ok('', { ...page, pageNum, pageSize });
      },
    );
  }
};
export default routes;
