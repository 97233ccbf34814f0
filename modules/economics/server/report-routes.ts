/**
 * The reports' calls: 产值报表 and 成本分析 as JSON for the screens and as .xlsx for Excel, of one project the
 * caller may see, over a range of months (default: the twelve months ending with the current one).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  ApiError,
  chinaDate,
  type CollectionRecords,
  envelope,
  MsgCode,
  ok,
  projectNameProperty,
  recordAccess,
  security,
  sendXlsx,
} from '../../../src/server/module-api.js';
import { costReport, type CostSources } from './cost-report.js';
import { addMonths, MONTH } from './months.js';
import { outputReport } from './output-report.js';
import { costWorkbook, outputWorkbook } from './report-export.js';

const VIEW = 'economics:report:view';

export const ReportMessages = {
  month: '月份格式为 2026-03',
  range: '开始月份不能晚于结束月份',
  tooLong: '统计区间不能超过10年',
} as const;

interface RangeQuery {
  projectId: string;
  from?: string;
  to?: string;
  contractId?: string;
  projectName?: string;
}

const monthProperty = {
  type: 'string',
  pattern: MONTH.source,
  errorMessage: { pattern: ReportMessages.month },
} as const;

const rangeQuery = (extra: Record<string, unknown> = {}) => ({
  type: 'object',
  required: ['projectId'],
  properties: {
    projectId: { type: 'string', minLength: 1, maxLength: 64 },
    from: monthProperty,
    to: monthProperty,
    projectName: projectNameProperty,
    ...extra,
  },
});

const amount = { type: 'integer', description: '分' };
const rate = { type: ['number', 'null'], description: '%' };
const outputFigures = {
  planned: amount,
  actual: amount,
  rate,
  cumPlanned: amount,
  cumActual: amount,
  cumRate: rate,
};

const outputSchema = {
  type: 'object',
  properties: {
    from: { type: 'string' },
    to: { type: 'string' },
    rows: {
      type: 'array',
      items: {
        type: 'object',
        properties: {
          id: { type: 'string' },
          contract: { type: 'string' },
          contractName: { type: 'string' },
          contractNumber: { type: 'string' },
          month: { type: 'string' },
          confirmed: { type: 'boolean' },
          ...outputFigures,
        },
      },
    },
    months: {
      type: 'array',
      items: { type: 'object', properties: { month: { type: 'string' }, ...outputFigures } },
    },
    contracts: {
      type: 'array',
      items: {
        type: 'object',
        properties: {
          contract: { type: 'string' },
          name: { type: 'string' },
          number: { type: 'string' },
          party: { type: 'string' },
          amount,
          progress: rate,
          ...outputFigures,
        },
      },
    },
    totals: { type: 'object', properties: { amount, progress: rate, ...outputFigures } },
  },
};

const costFigures = { target: amount, actual: amount, variance: amount, varianceRate: rate, over: { type: 'boolean' } };
const costSchema = {
  type: 'object',
  properties: {
    from: { type: 'string' },
    to: { type: 'string' },
    categories: {
      type: 'array',
      items: {
        type: 'object',
        properties: {
          category: { type: 'string' },
          label: { type: 'string' },
          entered: amount,
          derived: amount,
          ...costFigures,
        },
      },
    },
    months: {
      type: 'array',
      items: {
        type: 'object',
        properties: {
          month: { type: 'string' },
          target: amount,
          actual: amount,
          categories: { type: 'object', additionalProperties: amount },
        },
      },
    },
    materials: {
      type: 'array',
      items: {
        type: 'object',
        properties: {
          material: { type: 'string' },
          unit: { type: 'string' },
          quantity: { type: 'number' },
          unpricedQuantity: { type: 'number' },
          amount,
        },
      },
    },
    totals: { type: 'object', properties: costFigures },
  },
};

export function reportRoutes(
  app: FastifyInstance,
  sources: CostSources & { outputs: CollectionRecords; contracts: CollectionRecords },
): void {
  const access = recordAccess(app);
  const { db, config } = app.services;

  /** The range asked for, or the twelve months ending with this one; checked, and the project in the caller's scope. */
  const range = async (request: FastifyRequest<{ Querystring: RangeQuery }>) => {
    const { projectId } = request.query;
    const to = request.query.to ?? chinaDate(config.now()).slice(0, 7);
    const from = request.query.from ?? addMonths(to, -11);
    if (from > to) throw new ApiError(MsgCode.invalidInput, ReportMessages.range);
    if (from < addMonths(to, -119)) throw new ApiError(MsgCode.invalidInput, ReportMessages.tooLong);
    await access.checkProject(request, projectId);
    return { projectId, from, to };
  };
  const output = async (request: FastifyRequest<{ Querystring: RangeQuery }>) =>
    outputReport(db, sources.outputs, sources.contracts, {
      ...(await range(request)),
      ...(request.query.contractId ? { contractId: request.query.contractId } : {}),
    });
  const cost = async (request: FastifyRequest<{ Querystring: RangeQuery }>) =>
    costReport(db, sources, await range(request));
  const contractQuery = { contractId: { type: 'string', maxLength: 64 } };
  const doc = (summary: string, description: string, extra: Record<string, unknown> = {}) => ({
    tags: ['economics'],
    summary,
    description,
    security,
    querystring: rangeQuery(extra),
  });

  app.get<{ Querystring: RangeQuery }>(
    '/api/economics/v1.0/output',
    {
      config: { auth: 'user', permission: VIEW, title: '查看产值报表' },
      schema: {
        ...doc(
          "A project's output value by contract and month",
          'Amounts are integers of 分 (元 × 100), summed exactly in SQL; rates in % (null without a plan). rows: a ' +
            'contract and month each (cumulative figures from the first month entered); months: all selected ' +
            'contracts per month; contracts: per contract over the range; totals: over the range (their own sums). ' +
            'from/to: yyyy-MM, default the twelve months ending with the current one; contractId: one contract.',
          contractQuery,
        ),
        response: { 200: envelope({ data: outputSchema }) },
      },
    },
    async (request) => ok('', await output(request)),
  );

  app.get<{ Querystring: RangeQuery }>(
    '/api/economics/v1.0/output/export',
    {
      config: { auth: 'user', permission: VIEW, title: '导出产值报表' },
      schema: doc('The output report as an .xlsx file', 'Not an envelope: the workbook of the report.', contractQuery),
    },
    async (request, reply: FastifyReply) => {
      const report = await output(request);
      const file = await outputWorkbook(report, request.query.projectName ?? '');
      return sendXlsx(reply, file, 'output-report.xlsx', `产值报表（${report.from}至${report.to}）.xlsx`);
    },
  );

  app.get<{ Querystring: RangeQuery }>(
    '/api/economics/v1.0/cost',
    {
      config: { auth: 'user', permission: VIEW, title: '查看成本分析' },
      schema: {
        ...doc(
          "A project's target against actual cost by category",
          'Amounts are integers of 分. actual = entered costs + 人工费 from the wage ledger (工日 × rate) + 材料费 ' +
            'from incoming weighings × the material price in force; variance = actual − target, over when positive. ' +
            'months: per month and category; materials: the weighed materials and their cost.',
        ),
        response: { 200: envelope({ data: costSchema }) },
      },
    },
    async (request) => ok('', await cost(request)),
  );

  app.get<{ Querystring: RangeQuery }>(
    '/api/economics/v1.0/cost/export',
    {
      config: { auth: 'user', permission: VIEW, title: '导出成本分析' },
      schema: doc('The cost report as an .xlsx file', 'Not an envelope: the workbook of the report.'),
    },
    async (request, reply: FastifyReply) => {
      const report = await cost(request);
      const file = await costWorkbook(report, request.query.projectName ?? '');
      return sendXlsx(reply, file, 'cost-report.xlsx', `成本分析（${report.from}至${report.to}）.xlsx`);
    },
  );
}
