/**
 * The standard API of one collection, under `/api/data/<collection id>`:
 *   GET    /                 paged list of a project's records (filters and sort from the collection file)
 *   GET    /aggregate        count/sum/avg grouped by a field or by day/week/month, for charts
 *   GET    /by-project       count, or sums of numeric fields, per project the caller may see (a company's screen)
 *   GET    /sheet            a month sheet: rows by a field, a column per day of a month (and /sheet/export)
 *   GET    /:id              one record;  GET /:id/history  its status timeline
 *   POST   /                 create (projectId in the body);  PUT /:id  update;  DELETE /:id  delete
 *   POST   /:id/transition   one step of the status flow ({ action, version, ...the step's fields })
 * Each route is validated by the collection file (the same messages the browser shows), needs the file's
 * permission, is limited to projects the caller may see, is described in the OpenAPI document, and writes are
 * in the audit log. An Excel export is the export of a page that lists the collection (`export` in the page).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { MsgCode } from '../../shared/envelope.js';
import type { JsonSchemaNode } from '../../shared/schema-messages.js';
import { pageQueryProperties, idParams, security } from '../http/admin-schemas.js';
import { ApiError } from '../http/api-error.js';
import { envelope, type Schema, pageEnvelope } from '../http/envelope-schema.js';
import { dropEmptyInput, ok, sendXlsx } from '../http/route-helpers.js';
import { requirePermission } from '../plugins/permissions.js';
import { recordAccess } from './access.js';
import type { CollectionRecords, RecordValues, SheetParams } from './records.js';
import { sheetWorkbook } from './sheet-workbook.js';
import { requireAuth } from '../http/request-context.js';
import { uploadNamesIn } from '../../shared/file-types.js';

const projectId: Schema = {
  type: 'string',
  minLength: 1,
  maxLength: 64,
  title: '项目',
  errorMessage: { required: '请选择项目', minLength: '请选择项目' },
};

const version: Schema = {
  type: 'integer',
  minimum: 1,
  description: "The record's version as read: a write against another version is refused with -409",
};

function recordSchema(records: CollectionRecords): Schema {
  const properties: Record<string, Schema> = {
    id: { type: 'string' },
    projectId: { type: 'string' },
    createdAt: { type: 'string', format: 'date-time' },
    updatedAt: { type: 'string', format: 'date-time' },
    createdByName: { type: 'string' },
    version: { type: 'integer' },
  };
  for (const [name, node] of Object.entries(records.file.schema.properties))
    properties[name] = { title: node.title, ...(node.type ? { type: node.type } : {}) };
  // Computed fields and `<field>Label`s ride along undeclared (they follow the file).
  return { type: 'object', properties, additionalProperties: true };
}

const TIMESTAMP_FILTER = '^\\d{4}-\\d{2}-\\d{2}([T ]\\d{2}:\\d{2}(:\\d{2}(\\.\\d{1,6})?)?(Z|[+-]\\d{2}:?\\d{2})?)?$';

function filterQuery(records: CollectionRecords, extra: Record<string, Schema>): Schema {
  const properties: Record<string, Schema> = { projectId, ...extra };
  for (const { name, field, match } of records.filterNames()) {
    const declared = records.file.schema.properties[field.name] ?? {};
    properties[name] =
      match === 'like'
        ? { type: 'string', maxLength: 100, description: `${field.title}（包含）` }
        : {
            ...(field.type === 'integer'
              ? { type: 'integer' }
              : field.type === 'double precision'
                ? { type: 'number' }
                : { type: 'string', maxLength: 100 }),
            ...(field.type === 'date' ? { format: 'date' } : {}),
            // A day or a moment: anything else would reach the database as a timestamp it cannot read.
            ...(field.type === 'timestamptz'
              ? { pattern: TIMESTAMP_FILTER, errorMessage: { pattern: `${field.title}应为日期或时间，如 2026-03-01` } }
              : {}),
            ...(Array.isArray(declared.enum) ? { enum: declared.enum } : {}),
            description:
              match === 'from' ? `${field.title}（起）` : match === 'to' ? `${field.title}（止）` : field.title,
          };
  }
  return { type: 'object', required: ['projectId'], properties };
}

/** The body of create and update: the collection's own schema (its rules and messages), plus what the route needs. */
function bodySchema(records: CollectionRecords, extra: Record<string, Schema>, required: string[]): JsonSchemaNode {
  const schema = structuredClone(records.file.schema);
  return {
    ...schema,
    properties: { ...schema.properties, ...extra },
    required: [...(schema.required ?? []), ...required],
  };
}

type Query = Record<string, unknown> & { projectId: string };
type IdParams = { id: string };

export function collectionRoutes(app: FastifyInstance, records: CollectionRecords): void {
  const { file } = records;
  const view = file.permissions.view;
  const edit = file.permissions.edit;
  const remove = file.permissions.delete ?? edit;
  const tags = [`data`];
  const doc = (summary: string, description: string, permission: string) => ({
    tags,
    summary,
    description: `${description} Needs the permission \`${permission}\`; only records of projects the caller may see.`,
    security,
  });
  const config = (permission: string, title?: string, audit?: boolean) => ({
    auth: 'user' as const,
    permission,
    ...(title ? { title } : {}),
    ...(audit === undefined ? {} : { audit }),
  });

  const access = recordAccess(app);
  const checkProject = access.checkProject;
  const checkRecord = async (request: FastifyRequest, id: string): Promise<void> => {
    await access.checkRecord(request, records, id);
  };
  const filtersOf = (query: Query): Record<string, unknown> =>
    Object.fromEntries(records.filterNames().map(({ name }) => [name, query[name]]));
  const one = envelope({ data: recordSchema(records) });
  const actor = (request: FastifyRequest) => requireAuth(request).view.user.id;

  app.get<{ Querystring: Query & { pageNo: number; pageSize: number; sort?: string } }>(
    '/',
    {
      schema: {
        ...doc(`List ${file.id}`, `Paged list of ${file.title} of one project.`, view),
        querystring: filterQuery(records, {
          ...pageQueryProperties,
          sort: { type: 'string', pattern: '^-?[a-z][A-Za-z0-9]*$', description: 'a field; - in front: descending' },
        }),
        // A searchable list also answers the id of the search it recorded ('' when none), for the page the user
        // opens from it (POST /api/search/record/{id}/target).
        response: {
          200: pageEnvelope(recordSchema(records), file.searchLog ? { extra: { searchId: { type: 'string' } } } : {}),
        },
      },
      preValidation: dropEmptyInput,
      config: config(view, `${file.title}列表`),
    },
    async (request) => {
      const { query } = request;
      await checkProject(request, query.projectId);
      const filters = filtersOf(query);
      const page = await records.list({
        projectId: query.projectId,
        pageNo: query.pageNo,
        pageSize: query.pageSize,
        sort: query.sort,
        filters,
      });
      const searchId = await recordSearch(request, query.projectId, query.pageNo, filters, page.total);
      return ok('', file.searchLog ? { ...page, searchId } : page);
    },
  );

  /**
   * A list the file declares searchable (`searchLog`) asked with text in a `like` filter is a search: its first page
   * is recorded (turning pages is the same search), with the texts and how many records matched. Answers the
   * record's id ('' when nothing was recorded).
   */
  const textFilters = records.filterNames().filter((filter) => filter.match === 'like');
  const recordSearch = async (
    request: FastifyRequest,
    projectId: string,
    pageNo: number,
    filters: Record<string, unknown>,
    total: number,
  ) => {
    if (!file.searchLog || pageNo !== 1) return '';
    const texts = textFilters
      .map((filter) => filters[filter.name])
      .filter((value): value is string => typeof value === 'string' && value.trim() !== '');
    if (texts.length === 0) return '';
    const { user } = requireAuth(request).view;
    return app.services.search.log.record({
      user: { id: user.id, name: user.name },
      projectId,
      source: file.id,
      sourceName: file.searchLog,
      query: texts.join(' '),
      resultCount: total,
    });
  };

  const fieldName = { type: 'string', pattern: '^[a-z][A-Za-z0-9]*$', maxLength: 64 } as const;
  app.get<{
    Querystring: Query & {
      op: 'count' | 'sum' | 'avg';
      field?: string;
      groupBy?: string;
      bucket?: 'day' | 'week' | 'month';
      dateField?: string;
      seriesBy?: string;
    };
  }>(
    '/aggregate',
    {
      schema: {
        ...doc(
          `Aggregate ${file.id}`,
          `count/sum/avg of ${file.title} grouped by a field (groupBy) or by day/week/month of a date (bucket, ` +
            'dateField), optionally split by seriesBy; data: [{name, value, series?}] with the labels users read.',
          view,
        ),
        querystring: filterQuery(records, {
          op: { type: 'string', enum: ['count', 'sum', 'avg'], default: 'count' },
          field: fieldName,
          groupBy: fieldName,
          bucket: { type: 'string', enum: ['day', 'week', 'month'] },
          dateField: fieldName,
          seriesBy: fieldName,
        }),
      },
      preValidation: dropEmptyInput,
      config: config(view, `${file.title}统计`),
    },
    async (request) => {
      const { query } = request;
      await checkProject(request, query.projectId);
      for (const name of [query.field, query.groupBy, query.dateField, query.seriesBy])
        if (name !== undefined && !records.sortable(name) && name !== 'projectId')
          throw new ApiError(MsgCode.invalidInput, `没有字段 ${name}`);
      return ok(
        '',
        await records.aggregate({
          projectId: query.projectId,
          op: query.op,
          field: query.field,
          groupBy: query.groupBy,
          bucket: query.bucket,
          dateField: query.dateField,
          seriesBy: query.seriesBy,
          filters: filtersOf(query),
        }),
      );
    },
  );

  // A company's figures (its big screen): one value per project the caller may see, never a project it may not.
  app.get<{ Querystring: Record<string, unknown> & { op: 'count' | 'sum'; fields?: string } }>(
    '/by-project',
    {
      schema: {
        ...doc(
          `${file.id} per project`,
          `count of ${file.title}, or the sum of up to four fields (fields, comma-separated; one series each), per ` +
            'project the caller may see, within the declared filters; data: [{name (the project), value, series?}], ' +
            'every visible project once per series, by name.',
          view,
        ),
        querystring: (() => {
          const query = filterQuery(records, {
            op: { type: 'string', enum: ['count', 'sum'], default: 'count' },
            fields: { type: 'string', pattern: '^[a-z][A-Za-z0-9]*(,[a-z][A-Za-z0-9]*){0,3}$', maxLength: 200 },
          });
          const { projectId: _projectId, ...properties } = query.properties as Record<string, Schema>;
          return { type: 'object', properties };
        })(),
      },
      preValidation: dropEmptyInput,
      config: config(view, `${file.title}统计`),
    },
    async (request) => {
      const { query } = request;
      const fields = query.fields ? query.fields.split(',') : [];
      if (query.op === 'sum' && fields.length === 0) throw new ApiError(MsgCode.invalidInput, '请指定合计的字段');
      for (const name of fields) {
        const type = records.fields.find((field) => field.name === name)?.type;
        if (type !== 'integer' && type !== 'double precision')
          throw new ApiError(MsgCode.invalidInput, `没有可合计的数值字段 ${name}`);
      }
      const { projects } = app.services.portal;
      const visible = await projects.visible(await projects.scopeOf(actor(request)));
      return ok(
        '',
        await records.aggregateByProject({
          projects: visible.map((project) => ({ id: project.id, name: project.name })),
          op: query.op,
          fields,
          filters: Object.fromEntries(records.filterNames().map(({ name }) => [name, query[name]])),
        }),
      );
    },
  );

  type SheetQuery = Query & {
    month: string;
    rowBy: string;
    dateField: string;
    op: 'count' | 'sum';
    field?: string;
    rowFields?: string;
  };
  const sheetQuery = (extra: Record<string, Schema>) =>
    filterQuery(records, {
      month: {
        type: 'string',
        pattern: '^\\d{4}-(0[1-9]|1[0-2])$',
        title: '月份',
        errorMessage: { required: '请选择月份', pattern: '请选择正确的月份' },
      },
      rowBy: { ...fieldName, description: 'one row per value of this field (a reference shows its label)' },
      dateField: { ...fieldName, description: 'the date field whose day picks the column' },
      op: { type: 'string', enum: ['count', 'sum'], default: 'count' },
      field: { ...fieldName, description: 'with op=sum: the number summed per cell' },
      rowFields: { type: 'string', maxLength: 200, description: 'fields shown beside each row, comma-separated' },
      ...extra,
    });
  const sheetRequired = (schema: Schema): Schema => ({
    ...schema,
    required: ['projectId', 'month', 'rowBy', 'dateField'],
  });
  /** The sheet's parameters, each name checked against the file (-400 for a field the collection lacks). */
  const sheetParams = (query: SheetQuery): SheetParams => {
    const rowFields = (query.rowFields ?? '').split(',').filter((name) => name !== '');
    for (const name of [query.rowBy, ...rowFields])
      if (!records.fieldType(name)) throw new ApiError(MsgCode.invalidInput, `没有字段 ${name}`);
    if (records.fieldType(query.dateField) !== 'date')
      throw new ApiError(MsgCode.invalidInput, `字段 ${query.dateField} 不是日期`);
    const sumType = query.field ? records.fieldType(query.field) : undefined;
    if (query.op === 'sum' && sumType !== 'integer' && sumType !== 'double precision')
      throw new ApiError(MsgCode.invalidInput, `字段 ${query.field ?? ''} 不是数值，不能求和`);
    return {
      projectId: query.projectId,
      month: query.month,
      rowBy: query.rowBy,
      dateField: query.dateField,
      op: query.op,
      field: query.field,
      rowFields,
      filters: filtersOf(query),
    };
  };

  app.get<{ Querystring: SheetQuery }>(
    '/sheet',
    {
      schema: {
        ...doc(
          `Month sheet of ${file.id}`,
          `A pivot of ${file.title} over one month: rows by rowBy, a cell per day (count of records, or the sum of ` +
            'field), the row fields beside each row; data: {month, dayCount, rows: [{key, label, fields, cells, days, ' +
            'total}], dayRows, dayTotals, total}. The list filters apply.',
          view,
        ),
        querystring: sheetRequired(sheetQuery({})),
      },
      preValidation: dropEmptyInput,
      config: config(view, `${file.title}月度表`),
    },
    async (request) => {
      await checkProject(request, request.query.projectId);
      return ok('', await records.sheet(sheetParams(request.query)));
    },
  );

  type SheetTexts = {
    title?: string;
    rowTitle?: string;
    daysTitle?: string;
    totalTitle?: string;
    dayRowsTitle?: string;
    dayTotalsTitle?: string;
  };
  const text = (maxLength: number) => ({ type: 'string', maxLength }) as const;
  app.get<{ Querystring: SheetQuery & SheetTexts & { display?: 'mark' | 'value' } }>(
    '/sheet/export',
    {
      schema: {
        ...doc(
          `Month sheet of ${file.id} as Excel`,
          'The same sheet as GET /sheet, as an .xlsx file (not an envelope): a title line, the header (rowTitle, the ' +
            'row fields, the days, the totals), a line per row (display=mark: ✓ on a day with a record; value: the ' +
            'value) and the per-day lines.',
          view,
        ),
        querystring: sheetRequired(
          sheetQuery({
            title: text(40),
            rowTitle: text(20),
            daysTitle: text(20),
            totalTitle: text(20),
            dayRowsTitle: text(20),
            dayTotalsTitle: text(20),
            display: { type: 'string', enum: ['mark', 'value'], default: 'mark' },
          }),
        ),
      },
      preValidation: dropEmptyInput,
      config: config(view, `导出${file.title}月度表`, true),
    },
    async (request, reply) => {
      const { query } = request;
      await checkProject(request, query.projectId);
      const params = sheetParams(query);
      const sheet = await records.sheet(params);
      const titleOf = (name: string) =>
        file.schema.properties[name]?.title ?? records.fields.find((f) => f.name === name)?.title ?? name;
      const valueTitle = params.field ? titleOf(params.field) : '记录数';
      const title = `${query.title ?? `${file.title}月度表`} ${query.month}`;
      const workbook = await sheetWorkbook(sheet, {
        title,
        rowTitle: query.rowTitle ?? titleOf(params.rowBy),
        fieldTitles: params.rowFields.map((field) => ({ field, title: titleOf(field) })),
        display: query.display ?? 'mark',
        sums: params.op === 'sum',
        daysTitle: query.daysTitle ?? '天数',
        totalTitle: query.totalTitle ?? `合计${valueTitle}`,
        dayRowsTitle: query.dayRowsTitle ?? '每日行数',
        dayTotalsTitle: query.dayTotalsTitle ?? `每日${valueTitle}`,
      });
      return sendXlsx(reply, workbook, `sheet-${query.month}.xlsx`, `${title}.xlsx`);
    },
  );

  app.get<{ Params: IdParams }>(
    '/:id',
    {
      schema: { ...doc(`Get ${file.id}`, `One ${file.title}.`, view), params: idParams, response: { 200: one } },
      config: config(view, `${file.title}详情`),
    },
    async (request) => {
      await checkRecord(request, request.params.id);
      return ok('', await records.get(request.params.id));
    },
  );

  app.get<{ Params: IdParams }>(
    '/:id/history',
    {
      schema: {
        ...doc(
          `History of ${file.id}`,
          `The status timeline of one ${file.title}: [{action, actionLabel, from, to, fromLabel, toLabel, byName, at, remark, data}].`,
          view,
        ),
        params: idParams,
      },
      config: config(view, `${file.title}处理记录`),
    },
    async (request) => {
      await checkRecord(request, request.params.id);
      return ok('', await records.history(request.params.id));
    },
  );

  app.post<{ Body: RecordValues & { projectId: string } }>(
    '/',
    {
      schema: {
        ...doc(`Create ${file.id}`, `A new ${file.title} in a project.`, edit),
        body: bodySchema(records, { projectId }, ['projectId']),
        response: { 200: one },
      },
      preValidation: dropEmptyInput,
      config: config(edit, `新增${file.title}`),
    },
    async (request) => {
      await checkProject(request, request.body.projectId);
      return ok('保存成功', await records.create(request.body.projectId, request.body, actor(request)));
    },
  );

  app.put<{ Params: IdParams; Body: RecordValues & { version?: number } }>(
    '/:id',
    {
      schema: {
        ...doc(`Update ${file.id}`, `Changes a ${file.title} (its status moves only through transitions).`, edit),
        params: idParams,
        body: bodySchema(records, { version, projectId: { type: 'string' } }, []),
        response: { 200: one },
      },
      preValidation: dropEmptyInput,
      config: config(edit, `修改${file.title}`),
    },
    async (request) => {
      await checkRecord(request, request.params.id);
      return ok(
        '保存成功',
        await records.update(request.params.id, request.body, request.body.version, actor(request)),
      );
    },
  );

  app.delete<{ Params: IdParams }>(
    '/:id',
    {
      schema: {
        ...doc(`Delete ${file.id}`, `Deletes a ${file.title} and its timeline.`, remove),
        params: idParams,
        response: { 200: envelope() },
      },
      config: config(remove, `删除${file.title}`),
    },
    async (request) => {
      await checkRecord(request, request.params.id);
      // The record's uploaded files go with it (portal/uploads.ts), once the deletion has committed.
      const fileFields = Object.keys(file.files ?? {});
      const removed = fileFields.length > 0 ? await records.get(request.params.id) : undefined;
      await records.remove(request.params.id, actor(request));
      if (removed)
        await app.services.portal.uploads.remove(fileFields.flatMap((field) => uploadNamesIn(removed[field])));
      return ok('删除成功');
    },
  );

  if (file.status) {
    const flow = file.status;
    const stepFields: Record<string, Schema> = {};
    for (const step of flow.transitions)
      for (const name of [...(step.requires ?? []), ...(step.sets ?? [])]) {
        const property = file.schema.properties[name];
        if (property) stepFields[name] = property;
      }
    app.post<{ Params: IdParams; Body: RecordValues & { action: string; version: number } }>(
      '/:id/transition',
      {
        schema: {
          ...doc(
            `Transition of ${file.id}`,
            `One step of the status flow of a ${file.title}: ${flow.transitions
              .map((t) => `${t.id} (${t.from.join('/')} -> ${t.to})`)
              .join(', ')}. Refused with -409 when the record moved on since it was read.`,
            edit,
          ),
          params: idParams,
          body: {
            type: 'object',
            required: ['action', 'version'],
            properties: {
              action: { type: 'string', enum: flow.transitions.map((t) => t.id) },
              version,
              remark: { type: 'string', maxLength: 500 },
              ...stepFields,
            },
          },
          response: { 200: one },
        },
        preValidation: dropEmptyInput,
        config: config(edit, `${file.title}状态变更`),
      },
      async (request) => {
        await checkRecord(request, request.params.id);
        const step = records.transitionOf(request.body.action);
        if (step?.permission) await requirePermission(app, request, [step.permission]);
        return ok(
          '操作成功',
          await records.transition(
            request.params.id,
            request.body.action,
            request.body,
            actor(request),
            request.body.version,
          ),
        );
      },
    );
  }
}
