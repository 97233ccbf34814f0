/**
 * 碰撞检查, /api/bim/v1.0 (the job bim-clash runs the checks, clash-job.ts):
 *   GET    /clash-disciplines                   -> data: the disciplines a check can compare (key, label, IFC classes)
 *   GET    /clash-tests?projectId               -> data: the project's checks, newest first, with run state
 *   POST   /clash-tests {projectId, modelA, disciplineA, modelB, disciplineB, toleranceMm}
 *                                               -> data: the check (the same sets reuse their check), queued
 *   GET    /clash-tests/{id}                    -> data: one check (the page polls it while it runs)
 *   GET    /clash-tests/{id}/clashes?status     -> data: what its latest run found
 *   PUT    /clashes/{id} {status, assigneeId}   -> data: the clash with its new status and assignee
 *   DELETE /clash-tests/{id}                    -> the check and its clashes deleted
 * Every call checks that the caller sees the check's project (as for the models); one of another project is -404.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  ApiError,
  envelope,
  idParams,
  MsgCode,
  ok,
  type RecordAccess,
  requireAuth,
  type Schema,
  security,
} from '../../../src/server/module-api.js';
import { CLASH_DISCIPLINE_KEYS, CLASH_DISCIPLINES, type Discipline } from './clash-elements.js';
import { CLASH_JOB, runClashCheck } from './clash-job.js';
import { CLASH_STATUS_LABELS, ClashMessages, ClashStore, type ClashStatus } from './clash-store.js';
import { ModelMessages, type BimModels } from './models.js';

const VIEW = 'bim:clash:view';
const EDIT = 'bim:clash:edit';

const text = { type: 'string' };
const integer = { type: 'integer' };
const vec3 = { type: 'array', items: { type: 'number' } };
const testSchema: Schema = {
  type: 'object',
  properties: {
    id: text,
    projectId: text,
    modelA: text,
    modelAName: text,
    disciplineA: text,
    modelB: text,
    modelBName: text,
    disciplineB: text,
    toleranceMm: integer,
    status: { type: 'string', enum: ['queued', 'running', 'done', 'failed'] },
    statusLabel: text,
    progress: integer,
    error: text,
    run: integer,
    elementsA: integer,
    elementsB: integer,
    candidates: integer,
    clashCount: integer,
    checkMs: integer,
    createdByName: text,
    createdAt: text,
    finishedAt: text,
  },
};
const elementSchema = {
  type: 'object',
  properties: { localId: integer, guid: text, name: text, ifcClass: text },
};
const clashSchema: Schema = {
  type: 'object',
  properties: {
    id: text,
    testId: text,
    a: elementSchema,
    b: elementSchema,
    storey: text,
    distanceMm: integer,
    point: vec3,
    viewpoint: {
      type: 'object',
      properties: {
        position: vec3,
        target: vec3,
        section: { type: 'object', properties: { min: vec3, max: vec3 } },
      },
    },
    status: { type: 'string', enum: Object.keys(CLASH_STATUS_LABELS) },
    statusLabel: text,
    assigneeId: text,
    assigneeName: text,
    found: { type: 'boolean' },
    updatedAt: text,
  },
};

const idField = (message: string) => ({
  type: 'string',
  minLength: 1,
  maxLength: 64,
  errorMessage: { required: message, minLength: message, maxLength: message },
});
const discipline = (message: string) => ({
  type: 'string',
  enum: CLASH_DISCIPLINE_KEYS,
  errorMessage: { required: message, enum: message },
});

export interface ClashRouteDeps {
  models: BimModels;
  access: RecordAccess;
}

/** The job bim-clash and the routes of 碰撞检查. */
export async function registerClashes(app: FastifyInstance, { models, access }: ClashRouteDeps) {
  const store = new ClashStore(app.services.db, app.services.config.now);
  app.jobs.work(CLASH_JOB, async (job) => runClashCheck(store, models, job.payload.testId, app.log, job.signal), {
    label: 'BIM碰撞检查',
  });

  /** The check `id` when the caller sees its project; -404 otherwise. */
  const visibleTest = async (request: FastifyRequest, id: string) => {
    const test = await store.test(id);
    if (!test) throw new ApiError(MsgCode.notFound, ClashMessages.testNotFound);
    try {
      await access.checkProject(request, test.projectId);
    } catch {
      throw new ApiError(MsgCode.notFound, ClashMessages.testNotFound);
    }
    return test;
  };

  app.get(
    '/api/bim/v1.0/clash-disciplines',
    {
      config: { auth: 'user', permission: VIEW, title: 'BIM碰撞专业' },
      schema: {
        tags: ['bim'],
        summary: 'The disciplines a clash check compares',
        description: 'Each with the IFC classes it takes (all: every element with geometry).',
        security,
        response: {
          200: envelope({
            data: {
              type: 'array',
              items: {
                type: 'object',
                properties: { key: text, label: text, classes: { type: 'array', items: text } },
              },
            },
          }),
        },
      },
    },
    async () =>
      ok(
        '',
        CLASH_DISCIPLINE_KEYS.map((key) => ({
          key,
          label: CLASH_DISCIPLINES[key].label,
          classes: [...CLASH_DISCIPLINES[key].classes],
        })),
      ),
  );

  app.get<{ Querystring: { projectId: string } }>(
    '/api/bim/v1.0/clash-tests',
    {
      config: { auth: 'user', permission: VIEW, title: 'BIM碰撞检查列表' },
      schema: {
        tags: ['bim'],
        summary: "A project's clash checks",
        security,
        querystring: { type: 'object', required: ['projectId'], properties: { projectId: idField('请选择项目') } },
        response: { 200: envelope({ data: { type: 'array', items: testSchema } }) },
      },
    },
    async (request) => {
      await access.checkProject(request, request.query.projectId);
      return ok('', await store.tests(request.query.projectId));
    },
  );

  app.post<{
    Body: {
      projectId: string;
      modelA: string;
      disciplineA: Discipline;
      modelB: string;
      disciplineB: Discipline;
      toleranceMm: number;
    };
  }>(
    '/api/bim/v1.0/clash-tests',
    {
      config: { auth: 'user', permission: EDIT, title: '运行碰撞检查' },
      schema: {
        tags: ['bim'],
        summary: 'Run a clash check of two element sets',
        description:
          'modelA/disciplineA against modelB/disciplineB (the same model with two disciplines, or two models), a ' +
          'hard clash being a penetration deeper than toleranceMm. The same sets reuse their check: its clashes ' +
          'keep their status and assignee. -409 该碰撞检查正在进行 while it runs; -400 模型尚未转换完成.',
        security,
        body: {
          type: 'object',
          required: ['projectId', 'modelA', 'disciplineA', 'modelB', 'disciplineB', 'toleranceMm'],
          properties: {
            projectId: idField('请选择项目'),
            modelA: idField('请选择模型A'),
            disciplineA: discipline('请选择专业A'),
            modelB: idField('请选择模型B'),
            disciplineB: discipline('请选择专业B'),
            toleranceMm: {
              type: 'integer',
              minimum: 0,
              maximum: 1000,
              errorMessage: {
                required: '请输入容差',
                type: '容差应为 0 到 1000 之间的整数（毫米）',
                minimum: '容差应为 0 到 1000 之间的整数（毫米）',
                maximum: '容差应为 0 到 1000 之间的整数（毫米）',
              },
            },
          },
        },
        response: { 200: envelope({ data: testSchema }) },
      },
    },
    async (request) => {
      const { projectId, modelA, disciplineA, modelB, disciplineB, toleranceMm } = request.body;
      await access.checkProject(request, projectId);
      for (const id of [modelA, modelB]) {
        const model = await models.byId(id);
        if (!model || model.projectId !== projectId) throw new ApiError(MsgCode.notFound, ModelMessages.notFound);
        if (model.status !== 'ready') throw new ApiError(MsgCode.invalidInput, ClashMessages.modelNotReady);
      }
      if (modelA === modelB && disciplineA === disciplineB && disciplineA !== 'all')
        throw new ApiError(MsgCode.invalidInput, ClashMessages.sameSet);
      const existing = (await store.tests(projectId)).find(
        (test) =>
          (test.status === 'queued' || test.status === 'running') &&
          ((test.modelA === modelA &&
            test.disciplineA === disciplineA &&
            test.modelB === modelB &&
            test.disciplineB === disciplineB) ||
            (test.modelA === modelB &&
              test.disciplineA === disciplineB &&
              test.modelB === modelA &&
              test.disciplineB === disciplineA)),
      );
      if (existing) throw new ApiError(MsgCode.conflict, ClashMessages.running);
      const { view } = requireAuth(request);
      const test = await store.queue(
        projectId,
        { modelA, disciplineA, modelB, disciplineB, toleranceMm },
        view.user.id,
      );
      await app.jobs.send(CLASH_JOB, { testId: test.id }, { ownerId: view.user.id, projectId, maxAttempts: 2 });
      return ok('碰撞检查已开始，正在后台运行', test);
    },
  );

  app.get<{ Params: { id: string } }>(
    '/api/bim/v1.0/clash-tests/:id',
    {
      config: { auth: 'user', permission: VIEW, title: 'BIM碰撞检查' },
      schema: {
        tags: ['bim'],
        summary: 'One clash check with its run state',
        security,
        params: idParams,
        response: { 200: envelope({ data: testSchema }) },
      },
    },
    async (request) => ok('', await visibleTest(request, request.params.id)),
  );

  app.get<{ Params: { id: string }; Querystring: { status?: ClashStatus } }>(
    '/api/bim/v1.0/clash-tests/:id/clashes',
    {
      config: { auth: 'user', permission: VIEW, title: 'BIM碰撞列表' },
      schema: {
        tags: ['bim'],
        summary: 'The clashes the latest run of a check found',
        description: 'By storey, then deepest first; status filters (new, assigned, resolved, ignored).',
        security,
        params: idParams,
        querystring: {
          type: 'object',
          properties: {
            status: {
              type: 'string',
              enum: Object.keys(CLASH_STATUS_LABELS),
              errorMessage: { enum: '碰撞状态不正确' },
            },
          },
        },
        response: { 200: envelope({ data: { type: 'array', items: clashSchema } }) },
      },
    },
    async (request) => {
      const test = await visibleTest(request, request.params.id);
      return ok('', await store.clashes(test.id, request.query.status));
    },
  );

  app.put<{ Params: { id: string }; Body: { status: ClashStatus; assigneeId?: string } }>(
    '/api/bim/v1.0/clashes/:id',
    {
      config: { auth: 'user', permission: EDIT, title: '修改碰撞状态' },
      schema: {
        tags: ['bim'],
        summary: "Change a clash's status and assignee",
        description: 'A 新建 clash given an assignee becomes 已指派. -400 负责人不存在.',
        security,
        params: idParams,
        body: {
          type: 'object',
          required: ['status'],
          properties: {
            status: {
              type: 'string',
              enum: Object.keys(CLASH_STATUS_LABELS),
              errorMessage: { required: '请选择状态', enum: '请选择状态' },
            },
            assigneeId: { type: 'string', maxLength: 64, errorMessage: { maxLength: ClashMessages.assignee } },
          },
        },
        response: { 200: envelope({ data: clashSchema }) },
      },
    },
    async (request) => {
      const clash = await store.clash(request.params.id);
      const hidden = new ApiError(MsgCode.notFound, ClashMessages.clashNotFound);
      if (!clash) throw hidden;
      try {
        await access.checkProject(request, clash.projectId);
      } catch {
        throw hidden;
      }
      const assigneeId = request.body.assigneeId ?? '';
      if (assigneeId && !(await store.userExists(assigneeId)))
        throw new ApiError(MsgCode.invalidInput, ClashMessages.assignee);
      const status = request.body.status === 'new' && assigneeId ? 'assigned' : request.body.status;
      const { view } = requireAuth(request);
      await store.update(clash.id, status, assigneeId, view.user.id);
      const { projectId: _project, ...changed } = (await store.clash(clash.id))!;
      return ok(`碰撞状态已改为${CLASH_STATUS_LABELS[status]}`, changed);
    },
  );

  app.delete<{ Params: { id: string } }>(
    '/api/bim/v1.0/clash-tests/:id',
    {
      config: { auth: 'user', permission: EDIT, title: '删除碰撞检查' },
      schema: {
        tags: ['bim'],
        summary: 'Delete a clash check and its clashes',
        description: '-409 该碰撞检查正在进行 while it runs.',
        security,
        params: idParams,
        response: { 200: envelope({}) },
      },
    },
    async (request) => {
      const test = await visibleTest(request, request.params.id);
      if (test.status === 'queued' || test.status === 'running')
        throw new ApiError(MsgCode.conflict, ClashMessages.running);
      await store.remove(test.id);
      return ok('碰撞检查已删除');
    },
  );
}
