/**
 * 拆分模型 (/detachmodel/index): the job bim-split and /api/bim/v1.0:
 *   GET    /splits/sources?projectId        -> data: the project's models that can be split (converted, not parts)
 *   GET    /splits?projectId[&modelId]      -> data: the project's splits, newest first, each with its parts
 *   POST   /splits {modelId, mode}          -> data: the new split (bim:split:edit), queued for the job bim-split
 *   GET    /splits/{id}                     -> data: one split (the page polls it while it runs)
 *   DELETE /splits/{id}                     -> the split, its parts (models), their files and issues (bim:split:edit)
 *   GET    /parts/{id}/ifc                  -> a part's IFC file, named in Chinese (Content-Disposition)
 * A part is a model of its own (split-store.ts): /bim/model?model={id} opens it in the viewer. Every call checks that
 * the caller sees the project (the one data-scope rule); a split or part of another project is -404, like a missing
 * one.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  ApiError,
  type CollectionRecords,
  contentDisposition,
  envelope,
  idParams,
  MsgCode,
  ok,
  type RecordAccess,
  requireAuth,
  type Schema,
  security,
} from '../../../src/server/module-api.js';
import { CONVERT_JOB } from './convert-job.js';
import { ModelMessages, type BimModels } from './models.js';
import { SPLIT_MODES, type SplitMode } from './split-ifc.js';
import { runSplit, SPLIT_JOB } from './split-job.js';
import { BimSplits, SplitStoreMessages } from './split-store.js';

const VIEW = 'bim:split:view';
const EDIT = 'bim:split:edit';

export const SplitRouteMessages = {
  ...SplitStoreMessages,
  stillRunning: '正在拆分，请等拆分结束后再删除',
} as const;

const text = { type: 'string' };
const integer = { type: 'integer' };
const modelStatus = { type: 'string', enum: ['queued', 'converting', 'ready', 'failed'] };
const partSchema: Schema = {
  type: 'object',
  properties: {
    id: text,
    label: text,
    name: text,
    fileName: text,
    elements: integer,
    ifcSize: integer,
    status: modelStatus,
    statusLabel: text,
    progress: integer,
    error: text,
  },
};
const splitSchema: Schema = {
  type: 'object',
  properties: {
    id: text,
    projectId: text,
    modelId: text,
    modelName: text,
    mode: { type: 'string', enum: Object.keys(SPLIT_MODES) },
    modeLabel: text,
    status: { type: 'string', enum: ['queued', 'splitting', 'done', 'failed'] },
    statusLabel: text,
    progress: integer,
    error: text,
    createdByName: text,
    createdAt: text,
    finishedAt: text,
    parts: { type: 'array', items: partSchema },
  },
};
const sourceSchema: Schema = {
  type: 'object',
  properties: {
    id: text,
    name: text,
    ifcSchema: text,
    ifcSize: integer,
    elementCount: integer,
    storeys: integer,
    uploadedAt: text,
  },
};

const projectId = {
  type: 'string',
  minLength: 1,
  maxLength: 64,
  errorMessage: { required: '请选择项目', minLength: '请选择项目' },
};

export interface SplitDeps {
  models: BimModels;
  issues: CollectionRecords;
  access: RecordAccess;
}

/** The job bim-split and the routes of 拆分模型. */
export async function registerSplits(app: FastifyInstance, { models, issues, access }: SplitDeps): Promise<void> {
  const { db, config } = app.services;
  const splits = new BimSplits(db, models, config.now);

  app.jobs.work(
    SPLIT_JOB,
    async (job) =>
      runSplit(
        {
          splits,
          models,
          log: app.log,
          convert: async (modelId, projectId, ownerId) => {
            await app.jobs.send(CONVERT_JOB, { modelId }, { ownerId, projectId });
          },
        },
        job.payload.splitId,
        job.signal,
      ),
    { label: 'BIM模型拆分' },
  );

  /** -404 unless the project of a split or model is the caller's to see. */
  const inScope = async (request: FastifyRequest, projectOf: string | undefined, message: string) => {
    if (projectOf === undefined) throw new ApiError(MsgCode.notFound, message);
    try {
      await access.checkProject(request, projectOf);
    } catch {
      throw new ApiError(MsgCode.notFound, message);
    }
  };
  const visibleSplit = async (request: FastifyRequest, id: string) => {
    const split = await splits.byId(id);
    await inScope(request, split?.projectId, SplitRouteMessages.notFound);
    return split!;
  };

  app.get<{ Querystring: { projectId: string } }>(
    '/api/bim/v1.0/splits/sources',
    {
      config: { auth: 'user', permission: VIEW, title: '可拆分的BIM模型' },
      schema: {
        tags: ['bim'],
        summary: "A project's models that can be split",
        description: 'Converted models that are not parts of a split, newest first.',
        security,
        querystring: { type: 'object', required: ['projectId'], properties: { projectId } },
        response: { 200: envelope({ data: { type: 'array', items: sourceSchema } }) },
      },
    },
    async (request) => {
      await access.checkProject(request, request.query.projectId);
      const parts = new Set((await splits.of(request.query.projectId)).flatMap((s) => s.parts.map((p) => p.id)));
      const sources = (await models.of(request.query.projectId))
        .filter((model) => model.status === 'ready' && !parts.has(model.id))
        .map((model) => ({ ...model, storeys: model.storeys.length }));
      return ok('', sources);
    },
  );

  app.get<{ Querystring: { projectId: string; modelId?: string } }>(
    '/api/bim/v1.0/splits',
    {
      config: { auth: 'user', permission: VIEW, title: 'BIM模型拆分列表' },
      schema: {
        tags: ['bim'],
        summary: "A project's splits with their parts",
        description: 'Newest first; modelId: the splits of one model.',
        security,
        querystring: {
          type: 'object',
          required: ['projectId'],
          properties: { projectId, modelId: { type: 'string', maxLength: 64 } },
        },
        response: { 200: envelope({ data: { type: 'array', items: splitSchema } }) },
      },
    },
    async (request) => {
      await access.checkProject(request, request.query.projectId);
      return ok('', await splits.of(request.query.projectId, request.query.modelId || undefined));
    },
  );

  app.post<{ Body: { modelId: string; mode: SplitMode } }>(
    '/api/bim/v1.0/splits',
    {
      config: { auth: 'user', permission: EDIT, title: '拆分BIM模型' },
      schema: {
        tags: ['bim'],
        summary: 'Split a model by storey or by discipline',
        description:
          'mode: storey (a part per IfcBuildingStorey) or discipline (结构, 建筑, 机电, 其他 by IFC class). The parts ' +
          'are IFC files of the model’s schema, each stored as a model and converted for the viewer. -409 模型尚未转换' +
          '完成 / 该模型正在拆分，请稍候 / 该模型已按楼层拆分，如需重新拆分请先删除原拆分; -400 拆分出的模型不能再拆分.',
        security,
        body: {
          type: 'object',
          required: ['modelId', 'mode'],
          properties: {
            modelId: {
              type: 'string',
              minLength: 1,
              maxLength: 64,
              errorMessage: { required: '请选择模型', minLength: '请选择模型' },
            },
            mode: {
              type: 'string',
              enum: Object.keys(SPLIT_MODES),
              errorMessage: { required: '请选择拆分方式', enum: '拆分方式只能是按楼层或按专业' },
            },
          },
        },
        response: { 200: envelope({ data: splitSchema }) },
      },
    },
    async (request) => {
      const { modelId, mode } = request.body;
      const model = await models.byId(modelId);
      await inScope(request, model?.projectId, ModelMessages.notFound);
      if (await splits.part(modelId)) throw new ApiError(MsgCode.invalidInput, SplitRouteMessages.isPart);
      if (model!.status !== 'ready') throw new ApiError(MsgCode.conflict, ModelMessages.notReady);
      const existing = await splits.existing(modelId, mode);
      if (existing)
        throw new ApiError(
          MsgCode.conflict,
          existing.status === 'queued' || existing.status === 'splitting'
            ? SplitRouteMessages.running
            : SplitRouteMessages.exists(mode),
        );
      const { view } = requireAuth(request);
      const split = await splits.create(model!.projectId, modelId, mode, view.user.id);
      await app.jobs.send(SPLIT_JOB, { splitId: split.id }, { ownerId: view.user.id, projectId: split.projectId });
      return ok('已开始拆分模型', split);
    },
  );

  app.get<{ Params: { id: string } }>(
    '/api/bim/v1.0/splits/:id',
    {
      config: { auth: 'user', permission: VIEW, title: 'BIM模型拆分' },
      schema: {
        tags: ['bim'],
        summary: 'One split with its state and parts',
        security,
        params: idParams,
        response: { 200: envelope({ data: splitSchema }) },
      },
    },
    async (request) => ok('', await visibleSplit(request, request.params.id)),
  );

  app.delete<{ Params: { id: string } }>(
    '/api/bim/v1.0/splits/:id',
    {
      config: { auth: 'user', permission: EDIT, title: '删除BIM模型拆分' },
      schema: {
        tags: ['bim'],
        summary: 'Delete a split with its parts, their files and issues',
        description: '-409 正在拆分，请等拆分结束后再删除 while the split runs.',
        security,
        params: idParams,
        response: { 200: envelope({}) },
      },
    },
    async (request) => {
      const split = await visibleSplit(request, request.params.id);
      if (split.status === 'queued' || split.status === 'splitting')
        throw new ApiError(MsgCode.conflict, SplitRouteMessages.stillRunning);
      const { view } = requireAuth(request);
      for (const part of split.parts)
        for (const issue of await issues.all(split.projectId, { modelId: part.id }, 10_000))
          await issues.remove(String(issue.id), view.user.id);
      await splits.remove(split.id);
      return ok('拆分已删除');
    },
  );

  app.get<{ Params: { id: string } }>(
    '/api/bim/v1.0/parts/:id/ifc',
    {
      config: { auth: 'user', permission: VIEW, title: '下载拆分模型' },
      schema: {
        tags: ['bim'],
        summary: 'The IFC file of a part',
        description: 'application/x-step, named 原模型（一层）.ifc.',
        security,
        params: idParams,
      },
    },
    async (request, reply) => {
      const part = await splits.part(request.params.id);
      await inScope(request, part?.projectId, SplitRouteMessages.partNotFound);
      reply.header('content-type', 'application/x-step');
      reply.header('content-length', String(part!.ifcSize));
      reply.header('content-disposition', contentDisposition(part!.fileName, { asciiName: 'model-part.ifc' }));
      return reply.send(await models.uploads.read(part!.ifcUpload));
    },
  );
}
