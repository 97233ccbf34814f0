/**
 * /api/search/record: the searches the browser runs itself, over the user's menu tree (the side menu's 请输入应用名称
 * and the application centre), recorded like those the server runs (src/server/search/search-log.ts).
 *   POST /            {source, query, resultCount, projectId?, target?} -> data {id}
 *   POST /{id}/target {path, name}                                      -> the page the user went to from it
 * The browser records a search once the user stops typing, or at once when they open a result.
 */
import type { FastifyPluginAsync } from 'fastify';
import { MsgCode } from '../../../../shared/envelope.js';
import { ApiError } from '../../../http/api-error.js';
import { idParams, security } from '../../../http/admin-schemas.js';
import { envelope, type Schema } from '../../../http/envelope-schema.js';
import { requireAuth } from '../../../http/request-context.js';
import { ok } from '../../../http/route-helpers.js';
import { MAX_QUERY_LENGTH, type SearchTarget } from '../../../search/search-log.js';

export const prefix = '/api/search/record';

/** The portal's own searches in the browser, and their names on 搜索监控. */
const CLIENT_SOURCES = { menu: '侧边菜单', 'app-center': '应用中心' } as const;
type ClientSource = keyof typeof CLIENT_SOURCES;

export const SearchRecordMessages = {
  source: '搜索来源不正确',
  query: '请输入搜索内容',
  queryLong: `搜索内容不能超过${MAX_QUERY_LENGTH}个字`,
  resultCount: '结果数量须为不小于0的整数',
  path: '请填写打开的页面',
  missing: '搜索记录不存在',
} as const;

const targetSchema: Schema = {
  type: 'object',
  required: ['path'],
  properties: {
    path: {
      type: 'string',
      minLength: 1,
      maxLength: 500,
      errorMessage: { minLength: SearchRecordMessages.path, maxLength: SearchRecordMessages.path },
    },
    name: { type: 'string', maxLength: 100 },
  },
};

interface RecordBody {
  source: ClientSource;
  query: string;
  resultCount: number;
  projectId?: string;
  target?: TargetBody;
}

/** Where the user went: the path, and the app's name when it has one. */
interface TargetBody {
  path: string;
  name?: string;
}

const targetOf = (body: TargetBody): SearchTarget => ({ path: body.path, name: body.name ?? '' });

const routes: FastifyPluginAsync = async (app) => {
  const { log } = app.services.search;

  app.post<{ Body: RecordBody }>(
    '/',
    {
      config: { auth: 'user', audit: false },
      schema: {
        tags: ['search'],
        summary: 'Record a search the browser ran (the side menu or the application centre)',
        description:
          "`source`: `menu` (the side menu's app search) or `app-center`; `query` as typed; `resultCount` the apps " +
          'it found (0: 未查询到功能); `projectId` the project selected; `target` the app opened from it, when the ' +
          "user opened one before the search was recorded. Answers the record's `id` for a later `/{id}/target`.",
        security,
        body: {
          type: 'object',
          required: ['source', 'query', 'resultCount'],
          properties: {
            source: {
              type: 'string',
              enum: Object.keys(CLIENT_SOURCES),
              errorMessage: { enum: SearchRecordMessages.source, type: SearchRecordMessages.source },
            },
            query: {
              type: 'string',
              minLength: 1,
              maxLength: MAX_QUERY_LENGTH,
              pattern: '\\S',
              errorMessage: {
                minLength: SearchRecordMessages.query,
                pattern: SearchRecordMessages.query,
                maxLength: SearchRecordMessages.queryLong,
              },
            },
            resultCount: {
              type: 'integer',
              minimum: 0,
              maximum: 100_000,
              errorMessage: {
                type: SearchRecordMessages.resultCount,
                minimum: SearchRecordMessages.resultCount,
                maximum: SearchRecordMessages.resultCount,
              },
            },
            projectId: { type: 'string', maxLength: 64 },
            target: targetSchema,
          },
          errorMessage: {
            required: {
              source: SearchRecordMessages.source,
              query: SearchRecordMessages.query,
              resultCount: SearchRecordMessages.resultCount,
            },
          },
        },
        response: { 200: envelope({ data: { type: 'object', properties: { id: { type: 'string' } } } }) },
      },
    },
    async (request) => {
      const { user } = requireAuth(request).view;
      const { source, query, resultCount, projectId, target } = request.body;
      const id = await log.record({
        user: { id: user.id, name: user.name },
        projectId: projectId || null,
        source,
        sourceName: CLIENT_SOURCES[source],
        query,
        resultCount,
        target: target ? targetOf(target) : null,
      });
      return ok('', { id });
    },
  );

  app.post<{ Params: { id: string }; Body: TargetBody }>(
    '/:id/target',
    {
      config: { auth: 'user', audit: false },
      schema: {
        tags: ['search'],
        summary: 'The page the user went to from one of their searches',
        description: "Only the searcher may say where a search led: anyone else's (or an unknown id) is -404.",
        security,
        params: idParams,
        body: targetSchema,
        response: { 200: envelope({}) },
      },
    },
    async (request) => {
      const { user } = requireAuth(request).view;
      if (!(await log.followed(request.params.id, user.id, targetOf(request.body))))
        throw new ApiError(MsgCode.notFound, SearchRecordMessages.missing);
      return ok('');
    },
  );
};

export default routes;
