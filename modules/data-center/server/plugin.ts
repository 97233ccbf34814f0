/**
 * 数据中心 (module data-center): the data warehouse (the catalogue of every installed collection, catalogue.ts) and
 * the statistical reports (report definitions in reports/*.json, run by report-runner.ts). It owns no table: it
 * reads the collections through the registry, always within the projects the caller may see, and only the data sets
 * whose view permission the caller holds.
 *
 *   GET /api/data-center/v1.0/datasets                      the data sets the caller may see, counted in scope
 *   GET /api/data-center/v1.0/datasets/:id                  fields and their meaning, figures, a preview
 *   GET /api/data-center/v1.0/datasets/:id/export           CSV or .xlsx (format), of some or all projects
 *   GET /api/data-center/v1.0/reports                       the reports the caller may run
 *   GET /api/data-center/v1.0/reports/:id                   a report over a date range and a set of projects
 *   GET /api/data-center/v1.0/reports/:id/export            the same as a workbook
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  ApiError,
  chinaDate,
  type CollectionRecords,
  contentDisposition,
  DomainError,
  envelope,
  type ModulePlugin,
  MsgCode,
  ok,
  requireAuth,
  type Schema,
  security,
  sendXlsx,
} from '../../../src/server/module-api.js';
import { Catalogue } from './catalogue.js';
import { datasetCsv, datasetXlsx, reportXlsx } from './exports.js';
import { loadReports, type ReportFile } from './report-files.js';
import { type ReportRange, ReportRunner } from './report-runner.js';
import { ValueLabels } from './value-labels.js';

const WAREHOUSE = 'dataCenter:warehouse:view';
const REPORTS = 'dataCenter:report:view';
/** An export holds at most this many records (a larger one is asked for project by project). */
export const EXPORT_LIMIT = 50_000;
/** The longest range a report covers: two years. */
const MAX_RANGE_DAYS = 731;

export const DataCenterMessages = {
  noDataset: '数据集不存在或无权查看',
  noReport: '报表不存在或无权查看',
  noProject: '项目不存在或无权访问',
  from: '请选择正确的开始日期',
  to: '请选择正确的结束日期',
  order: '开始日期不能晚于结束日期',
  tooLong: `统计期不能超过 ${MAX_RANGE_DAYS} 天`,
  format: '导出格式只能是 csv 或 xlsx',
  tooMany: `数据超过 ${EXPORT_LIMIT} 条，请选择较少的项目分别导出`,
} as const;

const text = { type: 'string' };
const count = { type: 'integer' };
const summarySchema: Schema = {
  type: 'object',
  properties: { id: text, title: text, description: text, fieldCount: count, rows: count, lastUpdate: text },
};
const looseRows: Schema = { type: 'array', items: { type: 'object', additionalProperties: true } };
const reportResultSchema: Schema = { type: 'object', additionalProperties: true };

const scopeQuery: Schema = {
  type: 'object',
  properties: {
    projectIds: { type: 'string', maxLength: 4000 },
    from: { type: 'string', maxLength: 10 },
    to: { type: 'string', maxLength: 10 },
    format: { type: 'string', maxLength: 8 },
  },
};
const idParams: Schema = {
  type: 'object',
  required: ['id'],
  properties: { id: { type: 'string', pattern: '^[a-z][a-z0-9-]{0,80}$' } },
};

interface ScopeQuery {
  projectIds?: string;
  from?: string;
  to?: string;
  format?: string;
}
type IdRequest = FastifyRequest<{ Params: { id: string }; Querystring: ScopeQuery }>;

const invalid = (field: string, message: string) =>
  new ApiError(MsgCode.invalidInput, message, { errors: [{ field, message }] });

function isDay(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const parsed = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(parsed.getTime()) && parsed.toISOString().slice(0, 10) === value;
}

/** The first and last day of the China month of `today`. */
function monthOf(today: string): ReportRange {
  const [year, month] = today.split('-').map(Number);
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
  const mm = String(month).padStart(2, '0');
  return { from: `${year}-${mm}-01`, to: `${year}-${mm}-${String(last).padStart(2, '0')}` };
}

const dataCenter: ModulePlugin = async (app, { module }) => {
  const { db, config, portal } = app.services;
  const catalogue = new Catalogue(db, app.collections);
  const runner = new ReportRunner(db, app.collections, new ValueLabels(db, app.collections));
  const { reports, missing } = loadReports(module.dir, app.collections);
  if (missing.length > 0)
    app.log.info(
      { reports: missing.map((report) => `${report.id} (${report.collection})`) },
      'data-center: reports left out, their collections are not installed',
    );

  /** The projects the caller may see, by name; or those of `projectIds` among them (-403 for any other). */
  const projectsOf = async (request: FastifyRequest<{ Querystring: ScopeQuery }>) => {
    const scope = await portal.projects.scopeOf(requireAuth(request).view.user.id);
    const visible = (await portal.projects.list(scope, [], { pageNum: 1, limit: 100_000 })).dataList.map((project) => ({
      id: project.ID,
      name: project.PROJECT_NAME,
    }));
    const asked = (request.query.projectIds ?? '')
      .split(',')
      .map((id) => id.trim())
      .filter(Boolean);
    if (asked.length === 0) return visible;
    const byId = new Map(visible.map((project) => [project.id, project]));
    return [...new Set(asked)].map((id) => {
      const project = byId.get(id);
      if (!project) throw new DomainError('forbidden', DataCenterMessages.noProject);
      return project;
    });
  };

  const permissionsOf = (request: FastifyRequest): ReadonlySet<string> => request.grants?.permissions ?? new Set();

  /** A data set the caller may see, else -404 as for one that is not there. */
  const datasetOf = (request: IdRequest): CollectionRecords => {
    const records = app.collections.get(request.params.id);
    if (!records || !permissionsOf(request).has(records.file.permissions.view))
      throw new DomainError('notFound', DataCenterMessages.noDataset);
    return records;
  };

  /** A report the caller may run: installed, and its collection's records visible to them. */
  const reportOf = (request: IdRequest): ReportFile => {
    const report = reports.get(request.params.id);
    const records = report && app.collections.get(report.collection);
    if (!report || !records || !permissionsOf(request).has(records.file.permissions.view))
      throw new DomainError('notFound', DataCenterMessages.noReport);
    return report;
  };

  const rangeOf = (report: ReportFile, query: ScopeQuery): ReportRange | null => {
    if (!report.dateField) return null;
    const month = monthOf(chinaDate(config.now()));
    const from = query.from || month.from;
    const to = query.to || month.to;
    if (!isDay(from)) throw invalid('from', DataCenterMessages.from);
    if (!isDay(to)) throw invalid('to', DataCenterMessages.to);
    if (from > to) throw invalid('from', DataCenterMessages.order);
    if ((Date.parse(to) - Date.parse(from)) / 86_400_000 + 1 > MAX_RANGE_DAYS)
      throw invalid('to', DataCenterMessages.tooLong);
    return { from, to };
  };

  app.get(
    '/api/data-center/v1.0/datasets',
    {
      config: { auth: 'user', permission: WAREHOUSE },
      schema: {
        tags: ['data-center'],
        summary: 'The data sets (collections) the caller may see, with their records counted in scope',
        description:
          'data: [{id, title, description, fieldCount, rows, lastUpdate (ISO 8601 or empty)}]: the collections whose ' +
          'view permission the caller holds, by title; rows and lastUpdate within the projects the caller may see.',
        security,
        response: { 200: envelope({ data: { type: 'array', items: summarySchema } }) },
      },
    },
    async (request: FastifyRequest<{ Querystring: ScopeQuery }>) => {
      const projects = await projectsOf(request);
      return ok(
        '',
        await catalogue.summaries(
          catalogue.visible(permissionsOf(request)),
          projects.map((project) => project.id),
        ),
      );
    },
  );

  app.get(
    '/api/data-center/v1.0/datasets/:id',
    {
      config: { auth: 'user', permission: WAREHOUSE },
      schema: {
        tags: ['data-center'],
        summary: 'One data set: its fields and their meaning, its figures and a preview',
        description:
          'data: the summary with fields [{name, title, type, description, values, computed}] and preview ' +
          `{columns [{field, title}], rows (at most 20, as texts)}. projectIds (comma-separated) narrows the figures ` +
          'and the preview. -404 for a data set that is not there or whose view permission the caller lacks.',
        security,
        params: idParams,
        querystring: scopeQuery,
        response: {
          200: envelope({
            data: {
              type: 'object',
              properties: {
                ...(summarySchema.properties as Record<string, Schema>),
                fields: looseRows,
                preview: { type: 'object', properties: { columns: looseRows, rows: looseRows } },
              },
            },
          }),
        },
      },
    },
    async (request: IdRequest) => {
      const records = datasetOf(request);
      return ok('', await catalogue.detail(records, await projectsOf(request)));
    },
  );

  app.get(
    '/api/data-center/v1.0/datasets/:id/export',
    {
      config: { auth: 'user', permission: WAREHOUSE, audit: true, title: '导出数据集' },
      schema: {
        tags: ['data-center'],
        summary: 'A data set as CSV or as an Excel workbook',
        description:
          'format csv (UTF-8 with BOM) or xlsx (default); projectIds (comma-separated) or every project the caller ' +
          `may see; the columns of the preview, labels as the list screens show them. At most ${EXPORT_LIMIT} ` +
          'records (-400 beyond).',
        security,
        params: idParams,
        querystring: scopeQuery,
      },
    },
    async (request: IdRequest, reply: FastifyReply) => {
      const records = datasetOf(request);
      const format = request.query.format || 'xlsx';
      if (format !== 'csv' && format !== 'xlsx') throw invalid('format', DataCenterMessages.format);
      const rows = await catalogue.records(records, await projectsOf(request), EXPORT_LIMIT + 1);
      if (rows.length > EXPORT_LIMIT) throw invalid('projectIds', DataCenterMessages.tooMany);
      const columns = catalogue.columns(records);
      const texts = catalogue.texts(records, rows);
      const stamp = chinaDate(config.now());
      const name = `${records.file.title}-${stamp}`;
      if (format === 'csv')
        return reply
          .type('text/csv; charset=utf-8')
          .header(
            'content-disposition',
            contentDisposition(`${name}.csv`, { asciiName: `${records.file.id}-${stamp}.csv` }),
          )
          .send(datasetCsv(columns, texts));
      return sendXlsx(
        reply,
        await datasetXlsx(records.file.title, columns, texts),
        `${records.file.id}-${stamp}.xlsx`,
        `${name}.xlsx`,
      );
    },
  );

  app.get(
    '/api/data-center/v1.0/reports',
    {
      config: { auth: 'user', permission: REPORTS },
      schema: {
        tags: ['data-center'],
        summary: 'The statistical reports the caller may run',
        description:
          'data: reports [{id, title, category, description, dateRange (whether it takes from/to), defaultRange}] ' +
          'of the installed reports whose collection the caller may see, in list order; projects [{id, name}] the ' +
          'caller may choose among.',
        security,
        response: {
          200: envelope({ data: { type: 'object', properties: { reports: looseRows, projects: looseRows } } }),
        },
      },
    },
    async (request: FastifyRequest<{ Querystring: ScopeQuery }>) => {
      const permissions = permissionsOf(request);
      const month = monthOf(chinaDate(config.now()));
      return ok('', {
        projects: await projectsOf(request),
        reports: [...reports.values()]
          .filter((report) => {
            const records = app.collections.get(report.collection);
            return records !== undefined && permissions.has(records.file.permissions.view);
          })
          .map((report) => ({
            id: report.id,
            title: report.title,
            category: report.category,
            description: report.description ?? '',
            dateRange: report.dateField !== undefined,
            defaultRange: report.dateField && report.period !== 'none' ? month : null,
          })),
      });
    },
  );

  app.get(
    '/api/data-center/v1.0/reports/:id',
    {
      config: { auth: 'user', permission: REPORTS },
      schema: {
        tags: ['data-center'],
        summary: 'A statistical report over a date range and a set of projects',
        description:
          'from/to (China days, default the current month; at most 731 days) for a report with a date field; ' +
          'projectIds (comma-separated; default every project the caller may see; another is -403). data: report ' +
          '{id, title, category, description, dateField, dateTitle}, range, projects, groupTitles, columns [{id, ' +
          'title, unit, percent, digits}], rows [{kind row|subtotal, groups, values}], total. A total (and a ' +
          'subtotal) of a count or sum column is the sum of its rows; a ratio is worked out from its columns.',
        security,
        params: idParams,
        querystring: scopeQuery,
        response: { 200: envelope({ data: reportResultSchema }) },
      },
    },
    async (request: IdRequest) => {
      const report = reportOf(request);
      const range = rangeOf(report, request.query);
      return ok('', await runner.run(report, range, await projectsOf(request)));
    },
  );

  app.get(
    '/api/data-center/v1.0/reports/:id/export',
    {
      config: { auth: 'user', permission: REPORTS, audit: true, title: '导出统计报表' },
      schema: {
        tags: ['data-center'],
        summary: 'A statistical report as an Excel workbook, laid out as printed',
        description: 'The same parameters as the report; an .xlsx with the title, range, projects, rows and totals.',
        security,
        params: idParams,
        querystring: scopeQuery,
      },
    },
    async (request: IdRequest, reply: FastifyReply) => {
      const report = reportOf(request);
      const range = rangeOf(report, request.query);
      const result = await runner.run(report, range, await projectsOf(request));
      const span = range ? `${range.from}至${range.to}` : chinaDate(config.now());
      return sendXlsx(
        reply,
        await reportXlsx(result, config.now()),
        `${report.id}.xlsx`,
        `${report.title}（${span}）.xlsx`,
      );
    },
  );
};

export default dataCenter;
