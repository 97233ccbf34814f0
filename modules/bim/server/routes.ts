/**
 * /api/bim/v1.0: the models of a project (the issues are the collection bim-issue, /api/data/bim-issue):
 *   GET    /models?projectId                 -> data: the project's models, newest first, with conversion state
 *   POST   /models {projectId, name, upload} -> data: the new model (bim:model:edit), queued for conversion
 *   GET    /models/{id}                      -> data: one model (the page polls it while it converts)
 *   GET    /models/{id}/fragments            -> the converted model (application/octet-stream) for the viewer
 *   DELETE /models/{id}                      -> the model, its files and its issues deleted (bim:model:edit)
 * Every call checks that the caller sees the model's project (the one data-scope rule); a model of another project
 * is -404, like a missing one.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  ApiError,
  type CollectionRecords,
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

const VIEW = 'bim:model:view';
const EDIT = 'bim:model:edit';

const text = { type: 'string' };
const integer = { type: 'integer' };
const modelSchema: Schema = {
  type: 'object',
  properties: {
    id: text,
    projectId: text,
    name: text,
    fileName: text,
    ifcSize: integer,
    ifcSchema: text,
    status: { type: 'string', enum: ['queued', 'converting', 'ready', 'failed'] },
    statusLabel: text,
    progress: integer,
    error: text,
    fragmentsSize: integer,
    elementCount: integer,
    storeys: {
      type: 'array',
      items: { type: 'object', properties: { localId: integer, name: text, elements: integer } },
    },
    categories: { type: 'object', additionalProperties: integer },
    conversionMs: integer,
    demo: { type: 'boolean' },
    uploadedByName: text,
    uploadedAt: text,
    convertedAt: text,
  },
};

const projectId = {
  type: 'string',
  minLength: 1,
  maxLength: 64,
  errorMessage: { required: '请选择项目', minLength: '请选择项目' },
};
const projectQuery: Schema = { type: 'object', required: ['projectId'], properties: { projectId } };

export interface BimRouteDeps {
  models: BimModels;
  issues: CollectionRecords;
  access: RecordAccess;
}

export async function bimRoutes(app: FastifyInstance, { models, issues, access }: BimRouteDeps) {
  /** The model `id` when the caller sees its project; -404 otherwise. */
  const visible = async (request: FastifyRequest, id: string) => {
    const model = await models.byId(id);
    if (!model) throw new ApiError(MsgCode.notFound, ModelMessages.notFound);
    try {
      await access.checkProject(request, model.projectId);
    } catch {
      throw new ApiError(MsgCode.notFound, ModelMessages.notFound);
    }
    return model;
  };

  app.get<{ Querystring: { projectId: string } }>(
    '/api/bim/v1.0/models',
    {
      config: { auth: 'user', permission: VIEW, title: 'BIM模型列表' },
      schema: {
        tags: ['bim'],
        summary: "A project's models",
        description:
          'Newest first, each with its conversion state (queued, converting with progress 0-100, ready, failed).',
        security,
        querystring: projectQuery,
        response: { 200: envelope({ data: { type: 'array', items: modelSchema } }) },
      },
    },
    async (request) => {
      await access.checkProject(request, request.query.projectId);
      return ok('', await models.of(request.query.projectId));
    },
  );

  app.post<{ Body: { projectId: string; name: string; upload: string } }>(
    '/api/bim/v1.0/models',
    {
      config: { auth: 'user', permission: EDIT, title: '上传BIM模型' },
      schema: {
        tags: ['bim'],
        summary: 'Receive an uploaded IFC as a new model and queue its conversion',
        description:
          'upload: the id of a finished resumable upload of the caller (/api/files/uploads). The IFC schema is read ' +
          'from the header: -400 只能上传 IFC 模型文件（IFC2x3 或 IFC4） / 只支持 IFC2x3 与 IFC4 模型.',
        security,
        body: {
          type: 'object',
          required: ['projectId', 'name', 'upload'],
          properties: {
            projectId,
            name: {
              type: 'string',
              minLength: 1,
              maxLength: 50,
              errorMessage: {
                required: '请输入模型名称',
                minLength: '请输入模型名称',
                maxLength: '模型名称不能超过50个字符',
              },
            },
            upload: {
              type: 'string',
              minLength: 1,
              maxLength: 64,
              errorMessage: {
                required: '请上传模型文件',
                minLength: '请上传模型文件',
                maxLength: ModelMessages.uploadMissing,
              },
            },
          },
        },
        response: { 200: envelope({ data: modelSchema }) },
      },
    },
    async (request) => {
      const { projectId, name, upload } = request.body;
      await access.checkProject(request, projectId);
      const { view } = requireAuth(request);
      const model = await models.receive(projectId, name.trim(), upload, view.user.id);
      await app.jobs.send(CONVERT_JOB, { modelId: model.id }, { ownerId: view.user.id, projectId });
      return ok('模型已上传，正在后台转换', model);
    },
  );

  app.get<{ Params: { id: string } }>(
    '/api/bim/v1.0/models/:id',
    {
      config: { auth: 'user', permission: VIEW, title: 'BIM模型' },
      schema: {
        tags: ['bim'],
        summary: 'One model with its conversion state',
        security,
        params: idParams,
        response: { 200: envelope({ data: modelSchema }) },
      },
    },
    // The response schema leaves the stored files' ids out.
    async (request) => ok('', await visible(request, request.params.id)),
  );

  app.get<{ Params: { id: string } }>(
    '/api/bim/v1.0/models/:id/fragments',
    {
      config: { auth: 'user', permission: VIEW, title: '读取BIM模型' },
      schema: {
        tags: ['bim'],
        summary: 'The converted model (fragments) for the viewer',
        description: '-409 模型尚未转换完成 while the model is queued, converting or failed.',
        security,
        params: idParams,
      },
    },
    async (request, reply) => {
      const model = await visible(request, request.params.id);
      if (model.status !== 'ready' || !model.fragmentsUpload)
        throw new ApiError(MsgCode.conflict, ModelMessages.notReady);
      reply.header('content-type', 'application/octet-stream');
      reply.header('content-length', String(model.fragmentsSize));
      // The converted file never changes under its model id: the browser may keep it for the session.
      reply.header('cache-control', 'private, max-age=3600');
      return reply.send(await models.uploads.read(model.fragmentsUpload));
    },
  );

  app.delete<{ Params: { id: string } }>(
    '/api/bim/v1.0/models/:id',
    {
      config: { auth: 'user', permission: EDIT, title: '删除BIM模型' },
      schema: {
        tags: ['bim'],
        summary: 'Delete a model, its files and its issues',
        security,
        params: idParams,
        response: { 200: envelope({}) },
      },
    },
    async (request) => {
      const model = await visible(request, request.params.id);
      const { view } = requireAuth(request);
      // The models split from it go with it (models.remove), and their issues with them.
      for (const modelId of [model.id, ...(await models.partsOf(model.id))])
        for (const issue of await issues.all(model.projectId, { modelId }, 10_000))
          await issues.remove(String(issue.id), view.user.id);
      await models.remove(model.id);
      return ok('模型已删除');
    },
  );
}
