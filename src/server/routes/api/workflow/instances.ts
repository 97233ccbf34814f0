/**
 * /api/workflow/instances: start an approval, read one (form, route with each node's state, history, what the
 * caller may do), and the starter's and participants' actions on it: withdraw, urge, comment. Every call is
 * limited to projects the caller may see (the one data-scope rule); an instance of a hidden project is as absent
 * as a missing one.
 */
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { MsgCode } from '../../../../shared/envelope.js';
import { ApiError } from '../../../http/api-error.js';
import { envelope } from '../../../http/envelope-schema.js';
import { dropEmptyInput, ok } from '../../../http/route-helpers.js';
import { WorkflowMessages } from '../../../workflow/engine.js';
import { security } from '../../../http/portal-schemas.js';
import { attachments, comment, idParam, tags } from '../../../workflow/route-schemas.js';
import { requireAuth } from '../../../http/request-context.js';

interface StartBody {
  processId: string;
  projectId: string;
  form: Record<string, unknown>;
  approvers?: Record<string, string[]>;
  attachments?: string[];
}

type ActBody = { comment?: string; attachments?: string[] };

const routes: FastifyPluginAsync = async (app) => {
  const { projects } = app.services.portal;

  /** The instance's project must be one the caller sees; otherwise it does not exist for them. */
  const visibleInstance = async (request: FastifyRequest, instanceId: string) => {
    const { view } = requireAuth(request);
    const scope = await projects.scopeOf(view.user.id);
    const projectId = await app.workflow.queries.projectOf(instanceId);
    if (!projectId) throw new ApiError(MsgCode.notFound, WorkflowMessages.instanceNotFound);
    if (!(await projects.sees(scope, projectId)))
      throw new ApiError(MsgCode.notFound, WorkflowMessages.instanceNotFound);
    return { userId: view.user.id, scope };
  };

  app.post<{ Body: StartBody }>(
    '/',
    {
      config: { auth: 'user', title: '发起流程' },
      preValidation: dropEmptyInput,
      schema: {
        tags,
        summary: 'Start an approval',
        description:
          "The newest version of the process; `form` is validated by the definition's form (its rules and " +
          'messages, fields reported as form.<field>); approvers: the people the starter picks for nodes whose ' +
          'approvers are 发起人自选 ({nodeId: [userId]}, people of the project). data: {id} of the new instance. ' +
          '-403 a project the caller may not see or a process they may not start.',
        security,
        body: {
          type: 'object',
          required: ['processId', 'projectId', 'form'],
          properties: {
            processId: { type: 'string', minLength: 1, maxLength: 64, errorMessage: { required: '请选择流程' } },
            projectId: {
              type: 'string',
              minLength: 1,
              maxLength: 64,
              errorMessage: { required: '请选择项目', minLength: '请选择项目' },
            },
            form: { type: 'object', description: "The form's values", errorMessage: { required: '请填写表单' } },
            approvers: {
              type: 'object',
              maxProperties: 20,
              additionalProperties: { type: 'array', maxItems: 20, items: { type: 'string', maxLength: 64 } },
            },
            attachments,
          },
        },
        response: { 200: envelope({ data: { type: 'object', properties: { id: { type: 'string' } } } }) },
      },
    },
    async (request) => {
      const { view } = requireAuth(request);
      const scope = await projects.scopeOf(view.user.id);
      await projects.byId(scope, request.body.projectId);
      const id = await app.workflow.engine.start(view.user.id, request.body);
      return ok('提交成功', { id });
    },
  );

  app.get<{ Params: { id: string } }>(
    '/:id',
    {
      config: { auth: 'user' },
      schema: {
        tags,
        summary: 'One approval: form, flow and history',
        description:
          'data: {id, processName, category, version, title, status, statusLabel, projectName, starterName, ' +
          'startTime, endTime, form: {schema, uiSchema}, data, attachments, currentNode, nodes: [{nodeId, type, ' +
          'name, modeLabel, state: done|current|waiting|rejected|cancelled, people: [{name, status, statusLabel, ' +
          'actedAt}]}], history: [{actionLabel, userName, nodeName, targetName, detail, comment, attachments, ' +
          'time}], myTaskId, can: {approve, withdraw, urge, comment}}. Readable by those taking part and by ' +
          'users who see every company; anyone else: -404.',
        security,
        params: idParam,
      },
    },
    async (request) => {
      const { userId, scope } = await visibleInstance(request, request.params.id);
      return ok('', await app.workflow.queries.detail(userId, scope, request.params.id));
    },
  );

  const actions: [path: string, title: string, summary: string, needsComment: boolean][] = [
    ['/withdraw', '撤回流程', 'Withdraw (the starter, while no approver has acted)', false],
    ['/urge', '催办', 'Urge the current approvers (the starter, at most once an hour: else -429)', false],
    ['/comment', '流程评论', 'Comment (anyone taking part)', true],
  ];
  for (const [path, title, summary, needsComment] of actions) {
    app.post<{ Params: { id: string }; Body: ActBody }>(
      `/:id${path}`,
      {
        config: { auth: 'user', title },
        preValidation: dropEmptyInput,
        schema: {
          tags,
          summary,
          security,
          params: idParam,
          body: {
            type: 'object',
            ...(needsComment ? { required: ['comment'] } : {}),
            properties: {
              comment: needsComment
                ? { ...comment, errorMessage: { ...(comment.errorMessage as object), required: '请输入评论内容' } }
                : comment,
              attachments,
            },
          },
          response: { 200: envelope() },
        },
      },
      async (request) => {
        const { userId } = await visibleInstance(request, request.params.id);
        const { engine } = app.workflow;
        const body = request.body ?? {};
        if (path === '/withdraw') await engine.withdraw(userId, request.params.id, body);
        else if (path === '/urge') await engine.urge(userId, request.params.id, body);
        else await engine.comment(userId, request.params.id, { ...body, comment: body.comment ?? '' });
        return ok(path === '/withdraw' ? '已撤回' : path === '/urge' ? '已催办' : '评论成功');
      },
    );
  }
};
/** The URL prefix of this file's routes. */
export const prefix = '/api/workflow/instances';
export default routes;
