/**
 * POST /zhgd/project/withOfficeName (no /api prefix, as the spec writes it): the project table of the picker.
 * Body {limit (1-999), pageNum (>= 1), conditions: [{condition: '=' | 'like', fieldName, key, value}]}; every
 * condition must hold. fieldName is one of ID, OFFICE_ID, OFFICE_NAME, PROJECT_NAME, ENGINEERING_TYPE,
 * PROJECT_STATUS, AREA_CODE (mapped to columns by a fixed table, never spliced into SQL); `key` is the client's
 * label and is ignored. OFFICE_NAME '=' matches projects of that office and of every office below it, so a node of
 * the office tree lists its whole subtree. Only projects the user may see (administrators all, others their
 * company's). Answer data {dataList: ProjectListRow[], total, pageNum, limit}.
 */
import type { FastifyPluginAsync } from 'fastify';
import type { Envelope } from '../../../../shared/envelope.js';
import { type Schema, pageEnvelope } from '../../../http/envelope-schema.js';
import { ok } from '../../../http/route-helpers.js';
import { PROJECT_QUERY_FIELDS, type ProjectCondition, type ProjectListRow } from '../../../portal/projects.js';
import { bodyOrEmpty, security } from '../../../http/portal-schemas.js';
import { requireAuth } from '../../../http/request-context.js';

interface Body {
  limit: number;
  pageNum: number;
  conditions: (ProjectCondition & { key?: string })[];
}

const fieldNames = Object.keys(PROJECT_QUERY_FIELDS);
const str = { type: 'string' } as const;

const body: Schema = {
  type: 'object',
  properties: {
    limit: {
      type: 'integer',
      minimum: 1,
      maximum: 999,
      default: 999,
      errorMessage: {
        type: '每页条数必须是1到999的整数',
        minimum: '每页条数必须是1到999的整数',
        maximum: '每页条数必须是1到999的整数',
      },
    },
    pageNum: {
      type: 'integer',
      minimum: 1,
      default: 1,
      errorMessage: { type: '页码必须是正整数', minimum: '页码必须是正整数' },
    },
    conditions: {
      type: 'array',
      maxItems: 10,
      default: [],
      errorMessage: { type: '查询条件格式不正确', maxItems: '查询条件不能超过10个' },
      items: {
        type: 'object',
        required: ['condition', 'fieldName', 'value'],
        errorMessage: { type: '查询条件格式不正确' },
        properties: {
          condition: {
            type: 'string',
            enum: ['=', 'like'],
            errorMessage: {
              required: '请填写查询条件',
              enum: '查询条件只能是 = 或 like',
              type: '查询条件只能是 = 或 like',
            },
          },
          fieldName: {
            type: 'string',
            enum: fieldNames,
            errorMessage: {
              required: '请填写查询字段',
              enum: `查询字段只能是 ${fieldNames.join('、')}`,
              type: `查询字段只能是 ${fieldNames.join('、')}`,
            },
          },
          key: { type: 'string', maxLength: 64 },
          value: {
            type: 'string',
            maxLength: 100,
            errorMessage: { required: '请填写查询值', type: '查询值必须是文字', maxLength: '查询值不能超过100个字符' },
          },
        },
      },
    },
  },
};

const rowSchema: Schema = {
  type: 'object',
  required: ['ID', 'OFFICE_NAME', 'PROJECT_NAME', 'ENGINEERING_TYPE', 'PROJECT_STATUS', 'AREA_CODE'],
  properties: {
    ID: str,
    OFFICE_NAME: str,
    PROJECT_NAME: str,
    ENGINEERING_TYPE: str,
    PROJECT_STATUS: str,
    AREA_CODE: str,
    OFFICE_ID: str,
    PROJECT_CODE: str,
  },
};

interface Page {
  dataList: ProjectListRow[];
  total: number;
  pageNum: number;
  limit: number;
}

const routes: FastifyPluginAsync = async (app) => {
  app.post<{ Body: Body }>(
    '/withOfficeName',
    {
      config: { auth: 'user', audit: false },
      preValidation: bodyOrEmpty,
      schema: {
        tags: ['workbench'],
        summary: 'Projects the user may see, filtered by office and fields (project picker table)',
        description:
          'Rows {ID, OFFICE_NAME, PROJECT_NAME, ENGINEERING_TYPE, PROJECT_STATUS, AREA_CODE, OFFICE_ID, ' +
          'PROJECT_CODE} by project name. Unknown fieldName or condition: -400 with a Chinese message.',
        security,
        body,
        response: {
          200: pageEnvelope(rowSchema, { paging: ['pageNum', 'limit'] }),
        },
      },
    },
    async (request): Promise<Envelope<Page>> => {
      const { portal } = app.services;
      const scope = await portal.projects.scopeOf(requireAuth(request).view.user.id);
      const { limit, pageNum, conditions } = request.body;
      const result = await portal.projects.list(
        scope,
        conditions.map(({ condition, fieldName, value }) => ({ condition, fieldName, value })),
        { limit, pageNum },
      );
      return ok('', { ...result, pageNum, limit });
    },
  );
};
/** The URL prefix of this file's routes. */
export const prefix = '/zhgd/project';
export default routes;
