/**
 * GET /workflow/process/todoList, /copyList, /finishedList (no /api prefix, as the spec writes them) and
 * /startedList (the instances the user started; not in the spec, beside its siblings): the user's boxes of the
 * approval engine, paged. Query pageNum (default 1), pageSize (default 10, at most 100), processName (substring),
 * category, startFrom/startTo (yyyy-MM-dd, China dates of the start), projectName (that project only). Answer data
 * {dataList: ProcessTaskRow[], total, pageNum, pageSize}; 待办 newest arrived first, 已办 newest acted first, 抄送
 * newest copied first, 我发起的 newest started first.
 */
import type { FastifyPluginAsync } from 'fastify';
import type { Envelope } from '../../../shared/envelope.js';
import { pageEnvelope } from '../../http/envelope-schema.js';
import { dropEmptyInput, ok } from '../../http/route-helpers.js';
import { portalContext } from '../../portal/services.js';
import type { Box, ProcessTaskRow } from '../../workflow/queries.js';
import { pageProperties, processTaskRowSchema, projectNameProperty, security } from '../../http/portal-schemas.js';
import { requireAuth } from '../../http/request-context.js';

interface Query {
  pageNum: number;
  pageSize: number;
  processName?: string;
  category?: string;
  startFrom?: string;
  startTo?: string;
  projectName?: string;
}

interface Page {
  dataList: ProcessTaskRow[];
  total: number;
  pageNum: number;
  pageSize: number;
}

const lists: [path: string, box: Box, summary: string][] = [
  ['/todoList', 'todo', 'My to-do approval tasks (待办)'],
  ['/copyList', 'copy', 'Approvals copied to me (抄送)'],
  ['/finishedList', 'finished', 'Approval tasks I acted on (已办)'],
  ['/startedList', 'started', 'Approvals I started (我发起的)'],
];

const routes: FastifyPluginAsync = async (app) => {
  for (const [path, box, summary] of lists) {
    app.get<{ Querystring: Query }>(
      path,
      {
        config: { auth: 'user' },
        preValidation: dropEmptyInput,
        schema: {
          tags: ['workflow'],
          summary,
          description: 'Paged {dataList, total, pageNum, pageSize}. A projectName the user may not see: -403.',
          security,
          querystring: {
            type: 'object',
            properties: {
              ...pageProperties(10),
              ...app.services.forms.wireSchema('search-process').properties,
              projectName: projectNameProperty,
            },
          },
          response: {
            200: pageEnvelope(processTaskRowSchema, { paging: ['pageNum', 'pageSize'] }),
          },
        },
      },
      async (request): Promise<Envelope<Page>> => {
        const { view } = requireAuth(request);
        const { pageNum, pageSize, projectName, ...filter } = request.query;
        const ctx = await portalContext(app.services.portal, view, projectName);
        const page = await app.workflow.queries.page(
          view.user.id,
          box,
          { ...filter, projectId: ctx.project?.id ?? null },
          { pageNum, pageSize },
        );
        return ok('', { ...page, pageNum, pageSize });
      },
    );
  }
};
/** The URL prefix of this file's routes. */
export const prefix = '/workflow/process';
export default routes;
