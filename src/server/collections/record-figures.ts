/**
 * The figures of a collection's records for charts and reports: counts, sums and averages grouped by a field or by
 * day/week/month (`aggregate`), and the month sheet, a pivot of a month's records by a field and by day (`sheet`).
 * Both read within one project and the declared filters, and give values the labels users read.
 */
import { sql, type RawBuilder } from 'kysely';
import { optionLabels } from '../../shared/collections.js';
import { labelReferences } from './reference-labels.js';
import type { AggregateRow, MonthSheet, SheetRow } from '../../shared/record-figures.js';
import type { RecordTable } from './record-table.js';
import type { RecordValues } from './record-types.js';

type Fragment = RawBuilder<unknown>;

export type { AggregateRow, MonthSheet, SheetRow };

export interface AggregateParams {
  projectId: string;
  op: 'count' | 'sum' | 'avg';
  field?: string;
  groupBy?: string;
  bucket?: 'day' | 'week' | 'month';
  dateField?: string;
  seriesBy?: string;
  filters: Record<string, unknown>;
}

/** A month sheet: one row per value of `rowBy`, one column per day of `month` (YYYY-MM), a cell per (row, day). */
export interface SheetParams {
  projectId: string;
  month: string;
  rowBy: string;
  dateField: string;
  /** count: records of the day; sum: the sum of `field` over them. */
  op: 'count' | 'sum';
  field?: string;
  /** Fields shown beside each row's label (a worker's team), each as the text users read. */
  rowFields: string[];
  filters: Record<string, unknown>;
}

/** count/sum/avg grouped by a field, or by day/week/month of a date, optionally split into series. */
export async function aggregateRecords(query: RecordTable, params: AggregateParams): Promise<AggregateRow[]> {
  const groupBy = params.bucket
    ? bucketExpression(query, params.bucket, params.dateField ?? 'createdAt')
    : query.column(params.groupBy ?? query.file.status?.field ?? 'projectId');
  const series = params.seriesBy ? query.column(params.seriesBy) : undefined;
  const measure =
    params.op === 'count'
      ? sql`count(*)`
      : sql`coalesce(${sql.raw(params.op)}(${query.column(params.field ?? 'version')}), 0)`;
  const where = query.conditions(params.projectId, params.filters);
  const result = await sql<{ name: unknown; series?: unknown; value: string | number }>`
    select ${groupBy} as name, ${series ?? sql`null`} as series, ${measure} as value
    from ${sql.table(query.table)} t where ${where}
    group by 1, 2 order by 1, 2`.execute(query.db);
  const nameLabels = params.bucket ? undefined : await valueLabels(query, params.groupBy ?? query.file.status?.field);
  const seriesLabels = params.seriesBy ? await valueLabels(query, params.seriesBy) : undefined;
  return result.rows.map((row) => {
    const name = row.name === null ? '' : String(row.name);
    const entry: AggregateRow = {
      name: nameLabels?.get(name) ?? (name || '未填写'),
      value: Math.round(Number(row.value) * 100) / 100,
    };
    if (series) {
      const key = row.series === null || row.series === undefined ? '' : String(row.series);
      entry.series = seriesLabels?.get(key) ?? (key || '未填写');
    }
    return entry;
  });
}

/** A company's figures: one measure per project the caller may see, over the records the filters keep. */
export interface ProjectFiguresParams {
  /** The projects, in the order the rows follow; each gets its row, a zero when it has no record. */
  projects: readonly { id: string; name: string }[];
  op: 'count' | 'sum';
  /** sum: the fields summed, one series each (labelled by the field's title) when there are several. */
  fields: readonly string[];
  filters: Record<string, unknown>;
}

/** count or sum per project (planned against actual output: two fields, two series), for a company's screen. */
export async function aggregateByProject(query: RecordTable, params: ProjectFiguresParams): Promise<AggregateRow[]> {
  const fields = params.op === 'count' ? [] : params.fields;
  const measures =
    fields.length === 0 ? [sql`count(*)`] : fields.map((field) => sql`coalesce(sum(${query.column(field)}), 0)`);
  const ids = params.projects.map((project) => project.id);
  const result = await sql<{ project: string } & Record<string, string | number>>`
    select t.project_id as project, ${sql.join(measures.map((measure, index) => sql`${measure} as ${sql.id(`m${index}`)}`))}
    from ${sql.table(query.table)} t where ${query.conditions(ids, params.filters)}
    group by 1`.execute(query.db);
  const byProject = new Map(result.rows.map((row) => [row.project, row]));
  const titles = fields.map((field) => query.file.schema.properties[field]?.title ?? field);
  return params.projects.flatMap((project) =>
    measures.map((_, index) => {
      const value = Math.round(Number(byProject.get(project.id)?.[`m${index}`] ?? 0) * 100) / 100;
      return fields.length > 1 ? { name: project.name, value, series: titles[index] } : { name: project.name, value };
    }),
  );
}

/** The month sheet of a project: a pivot of the records, rows by a field and columns by the days of a month. */
export async function monthSheet(query: RecordTable, params: SheetParams): Promise<MonthSheet> {
  const [year, month] = params.month.split('-').map(Number);
  const dayCount = new Date(Date.UTC(year, month, 0)).getUTCDate();
  const first = `${params.month}-01`;
  const last = `${params.month}-${String(dayCount).padStart(2, '0')}`;
  const date = query.column(params.dateField);
  const value =
    params.op === 'sum' && params.field ? sql`coalesce(sum(${query.column(params.field)}), 0)` : sql`count(*)`;
  const extra = params.rowFields.map((name, index) => sql`min(${query.column(name)}::text) as ${sql.id(`f${index}`)}`);
  const result = await sql<Record<string, unknown> & { key: unknown; day: number; value: string | number }>`
    select ${query.column(params.rowBy)} as key, extract(day from ${date})::int as day, ${value} as value
      ${sql.join(
        extra.map((fragment) => sql`, ${fragment}`),
        sql``,
      )}
    from ${sql.table(query.table)} t
    where ${query.conditions(params.projectId, params.filters)} and ${date} >= ${first} and ${date} <= ${last}
      and ${query.column(params.rowBy)} is not null
    group by 1, 2`.execute(query.db);

  const rows = new Map<string, SheetRow & { raw: Record<string, unknown> }>();
  for (const found of result.rows) {
    const key = String(found.key);
    let row = rows.get(key);
    if (!row) {
      const raw: Record<string, unknown> = { [params.rowBy]: key };
      params.rowFields.forEach((name, index) => (raw[name] = found[`f${index}`] ?? null));
      row = {
        key,
        label: key,
        fields: {},
        cells: new Array<number | null>(dayCount).fill(null),
        days: 0,
        total: 0,
        raw,
      };
      rows.set(key, row);
    }
    const cell = Math.round(Number(found.value) * 100) / 100;
    row.cells[found.day - 1] = cell;
    row.days += 1;
    row.total = Math.round((row.total + cell) * 100) / 100;
  }
  // Labels as users read them: the referenced record's label, a dictionary entry, an option's title.
  const probes = [...rows.values()].map((row) => row.raw);
  await labelReferences(query.db, query.file, probes, query.collections, [params.rowBy, ...params.rowFields]);
  const dayRows = new Array<number>(dayCount).fill(0);
  const dayTotals = new Array<number>(dayCount).fill(0);
  const list = [...rows.values()].map(({ raw, ...row }): SheetRow => {
    const text = (name: string) => {
      const label = raw[`${name}Label`];
      return typeof label === 'string' && label !== '' ? label : raw[name] === null ? '' : String(raw[name]);
    };
    row.cells.forEach((cell, index) => {
      if (cell === null) return;
      dayRows[index] += 1;
      dayTotals[index] = Math.round((dayTotals[index] + cell) * 100) / 100;
    });
    return {
      ...row,
      label: text(params.rowBy),
      fields: Object.fromEntries(params.rowFields.map((n) => [n, text(n)])),
    };
  });
  const byText = (a: string, b: string) => a.localeCompare(b, 'zh-CN');
  list.sort(
    (a, b) =>
      params.rowFields.reduce((order, name) => order || byText(a.fields[name], b.fields[name]), 0) ||
      byText(a.label, b.label) ||
      byText(a.key, b.key),
  );
  return {
    month: params.month,
    dayCount,
    rows: list,
    dayRows,
    dayTotals,
    total: Math.round(dayTotals.reduce((sum, value) => sum + value, 0) * 100) / 100,
  };
}

function bucketExpression(query: RecordTable, bucket: 'day' | 'week' | 'month', dateField: string): Fragment {
  const field = query.field(dateField);
  const column = query.column(dateField);
  // Timestamps are bucketed by the site's day (China Standard Time); a date is a day already.
  const local = field?.type === 'date' ? sql`${column}::timestamp` : sql`(${column} at time zone 'Asia/Shanghai')`;
  const format = bucket === 'month' ? 'YYYY-MM' : 'YYYY-MM-DD';
  return sql`to_char(date_trunc(${bucket}, ${local}), ${format})`;
}

/** Stored value -> the label users read, for a status, an enum with titles, or a reference. */
async function valueLabels(query: RecordTable, name: string | undefined): Promise<Map<string, string> | undefined> {
  if (!name) return undefined;
  const flow = query.file.status;
  if (flow && name === flow.field)
    return new Map(Object.entries(flow.states).map(([state, { label }]) => [state, label]));
  const options = optionLabels(query.file.schema.properties[name]);
  if (options) return options;
  const reference = query.file.references?.[name];
  if (!reference) return undefined;
  const probe: RecordValues[] = [];
  const distinct = await sql<{ v: string }>`select distinct ${query.column(name)} as v
    from ${sql.table(query.table)} t where ${query.column(name)} is not null`.execute(query.db);
  for (const row of distinct.rows) probe.push({ [name]: row.v });
  await labelReferences(query.db, query.file, probe, query.collections, [name]);
  return new Map(probe.map((row) => [String(row[name]), String(row[`${name}Label`] ?? row[name])]));
}
