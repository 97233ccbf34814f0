/**
 * /api/zhgd/workbench: the workbench's pending-approval summary (the approval engine's boxes, src/server/workflow) and the user's messages, in a project (tasks and
 * messages of that project plus those of no project) or, without projectName, across all of them.
 *   POST /approvalSummary {projectName, type: 'todo'|'copy'|'finished' (default todo)}
 *        -> data {todo, copy, finished, byCategory: [{name, value}], rows: ProcessTaskRow[] (newest 5 of `type`)}
 *   POST /myMessage {projectName, type: 'all'|'unread'|'read' (default all), limit (1-50, default 10)}
 *        -> data {total, unread, unreadTasks, unreadUrges, unreadWarnings, unreadNotices,
 *                 rows: [{id, title, content, category, time, readFlag}]} (the message centre's own rows)
 */
import type { FastifyPluginAsync } from 'fastify';
import type { Envelope } from '../../../../shared/envelope.js';
import { envelope } from '../../../http/envelope-schema.js';
import { ok } from '../../../http/route-helpers.js';
import type { MessageFilter, MessageList } from '../../../messages/messages.js';
import { portalContext } from '../../../portal/services.js';
import type { ApprovalSummary, Box } from '../../../workflow/queries.js';
import {
  bodyOrEmpty,
  nameValueList,
  processTaskRowSchema,
  projectNameProperty,
  security,
} from '../../../http/portal-schemas.js';
import { requireAuth } from '../../../http/request-context.js';

const routes: FastifyPluginAsync = async (app) => {
  app.post<{ Body: { projectName?: string; type?: Exclude<Box, 'started'> } }>(
    '/approvalSummary',
    {
      config: { auth: 'user', audit: false },
      preValidation: bodyOrEmpty,
      schema: {
        tags: ['workbench'],
        summary: 'Pending-approval summary of the workbench',
        description:
          "Counts of the user's to-do, copied and finished process tasks, to-do tasks by category, and the newest " +
          '5 tasks of `type` (todo by default). A projectName the user may not see: -403.',
        security,
        body: {
          type: 'object',
          properties: {
            projectName: projectNameProperty,
            type: {
              type: 'string',
              enum: ['todo', 'copy', 'finished'],
              default: 'todo',
              errorMessage: { enum: '类型只能是 todo、copy 或 finished', type: '类型只能是 todo、copy 或 finished' },
            },
          },
        },
        response: {
          200: envelope({
            data: {
              type: 'object',
              required: ['todo', 'copy', 'finished', 'byCategory', 'rows'],
              properties: {
                todo: { type: 'integer' },
                copy: { type: 'integer' },
                finished: { type: 'integer' },
                byCategory: nameValueList,
                rows: { type: 'array', items: processTaskRowSchema },
              },
            },
          }),
        },
      },
    },
    async (request): Promise<Envelope<ApprovalSummary>> => {
      const { portal } = app.services;
      const { view } = requireAuth(request);
      const ctx = await portalContext(portal, view, request.body.projectName);
      const summary = await app.workflow.queries.summary(
        view.user.id,
        ctx.project?.id ?? null,
        request.body.type ?? 'todo',
      );
      return ok('', summary);
    },
  );

  app.post<{ Body: { projectName?: string; type?: MessageFilter; limit?: number } }>(
    '/myMessage',
    {
      config: { auth: 'user', audit: false },
      preValidation: bodyOrEmpty,
      schema: {
        tags: ['workbench'],
        summary: "The user's messages for the workbench",
        description:
          'Newest first. category: 1 通知公告, 2 审批提醒, 3 预警消息; time "yyyy-MM-dd HH:mm:ss" (China time); ' +
          'readFlag "1" read, "0" unread. total and unread count every message of the filter scope (project); ' +
          'unreadTasks (审批待办), unreadUrges (催办), unreadWarnings (设备与隐患预警) and unreadNotices the unread ones ' +
          'of each group.',
        security,
        body: {
          type: 'object',
          properties: {
            projectName: projectNameProperty,
            type: {
              type: 'string',
              enum: ['all', 'unread', 'read'],
              default: 'all',
              errorMessage: { enum: '类型只能是 all、unread 或 read', type: '类型只能是 all、unread 或 read' },
            },
            limit: {
              type: 'integer',
              minimum: 1,
              maximum: 50,
              default: 10,
              errorMessage: {
                type: '条数必须是1到50的整数',
                minimum: '条数必须是1到50的整数',
                maximum: '条数必须是1到50的整数',
              },
            },
          },
        },
        response: {
          200: envelope({
            data: {
              type: 'object',
              required: ['total', 'unread', 'unreadTasks', 'unreadUrges', 'unreadWarnings', 'unreadNotices', 'rows'],
              properties: {
                total: { type: 'integer' },
                unread: { type: 'integer' },
                unreadTasks: { type: 'integer' },
                unreadUrges: { type: 'integer' },
                unreadWarnings: { type: 'integer' },
                unreadNotices: { type: 'integer' },
                rows: {
                  type: 'array',
                  items: {
                    type: 'object',
                    required: ['id', 'title', 'content', 'category', 'time', 'readFlag'],
                    properties: {
                      id: { type: 'string' },
                      title: { type: 'string' },
                      content: { type: 'string' },
                      category: { type: 'string' },
                      time: { type: 'string' },
                      readFlag: { type: 'string' },
                    },
                  },
                },
              },
            },
          }),
        },
      },
    },
    async (request): Promise<Envelope<MessageList>> => {
      const { portal } = app.services;
      const { view } = requireAuth(request);
      const ctx = await portalContext(portal, view, request.body.projectName);
      const list = await portal.messages.list(
        view.user.id,
        ctx.project?.id ?? null,
        request.body.type ?? 'all',
        request.body.limit ?? 10,
      );
      return ok('', list);
    },
  );
};
/** The URL prefix of this file's routes. */
export const prefix = '/api/zhgd/workbench';
export default routes;
