/**
 * /api/workflow/tasks/:id/...: an approver's actions on their task: approve, reject (to the starter or the previous
 * node), transfer, add a signer (加签, before or after them). Only the task's assignee acts, once: another user gets
 * -403, a second request for the same task (a replay, or a race lost) -409 该任务已处理.
 */
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { MsgCode } from '../../../../shared/envelope.js';
import { ApiError } from '../../../http/api-error.js';
import { envelope, type Schema } from '../../../http/envelope-schema.js';
import { dropEmptyInput, ok } from '../../../http/route-helpers.js';
import { WorkflowMessages } from '../../../workflow/engine.js';
import { security } from '../../../http/portal-schemas.js';
import { attachments, comment, idParam, tags, userId } from '../../../workflow/route-schemas.js';
import { requireAuth } from '../../../http/request-context.js';

type Body = {
  comment?: string;
  attachments?: string[];
  to?: 'starter' | 'previous';
  userId?: string;
  position?: 'before' | 'after';
};

const routes: FastifyPluginAsync = async (app) => {
  const { projects } = app.services.portal;

  /** The caller, when the task's project is one they may see (else the task does not exist for them). */
  const caller = async (request: FastifyRequest, taskId: string): Promise<string> => {
    const { view } = requireAuth(request);
    const projectId = await app.workflow.queries.taskProject(taskId);
    if (!projectId) throw new ApiError(MsgCode.notFound, WorkflowMessages.taskNotFound);
    if (!(await projects.sees(await projects.scopeOf(view.user.id), projectId)))
      throw new ApiError(MsgCode.notFound, WorkflowMessages.taskNotFound);
    return view.user.id;
  };

  const actions: {
    path: string;
    title: string;
    summary: string;
    required: string[];
    properties: Record<string, Schema>;
    done: string;
  }[] = [
    { path: '/approve', title: '审批同意', summary: 'Approve my task', required: [], properties: {}, done: '已同意' },
    {
      path: '/reject',
      title: '审批驳回',
      summary: 'Reject: to the starter (the approval ends 已驳回) or back to the previous approval node',
      required: ['to', 'comment'],
      properties: {
        to: {
          type: 'string',
          enum: ['starter', 'previous'],
          errorMessage: { required: '请选择驳回方式', enum: '驳回方式只能是 starter 或 previous' },
        },
      },
      done: '已驳回',
    },
    {
      path: '/transfer',
      title: '转交',
      summary: 'Transfer my task to another person of the project',
      required: ['userId'],
      properties: { userId },
      done: '已转交',
    },
    {
      path: '/addSigner',
      title: '加签',
      summary: 'Add a signer before me (they approve first) or after me',
      required: ['userId', 'position'],
      properties: {
        userId,
        position: {
          type: 'string',
          enum: ['before', 'after'],
          errorMessage: { required: '请选择加签位置', enum: '加签位置只能是 before 或 after' },
        },
      },
      done: '加签成功',
    },
  ];

  for (const action of actions) {
    const commentRule =
      action.path === '/reject'
        ? {
            ...comment,
            minLength: 1,
            errorMessage: {
              ...(comment.errorMessage as object),
              required: '请输入驳回理由',
              minLength: '请输入驳回理由',
            },
          }
        : comment;
    app.post<{ Params: { id: string }; Body: Body }>(
      `/:id${action.path}`,
      {
        config: { auth: 'user', title: action.title },
        preValidation: dropEmptyInput,
        schema: {
          tags,
          summary: action.summary,
          description: 'Only the task’s assignee, once: another user -403, a replay -409.',
          security,
          params: idParam,
          body: {
            type: 'object',
            required: action.required,
            properties: { ...action.properties, comment: commentRule, attachments },
          },
          response: { 200: envelope() },
        },
      },
      async (request) => {
        const actor = await caller(request, request.params.id);
        const { engine } = app.workflow;
        const body = request.body ?? {};
        const input = { comment: body.comment, attachments: body.attachments };
        const id = request.params.id;
        if (action.path === '/approve') await engine.approve(actor, id, input);
        else if (action.path === '/reject') await engine.reject(actor, id, { ...input, to: body.to ?? 'starter' });
        else if (action.path === '/transfer') await engine.transfer(actor, id, { ...input, userId: body.userId ?? '' });
        else
          await engine.addSigner(actor, id, {
            ...input,
            userId: body.userId ?? '',
            position: body.position ?? 'after',
          });
        return ok(action.done);
      },
    );
  }
};
/** The URL prefix of this file's routes. */
export const prefix = '/api/workflow/tasks';
export default routes;
