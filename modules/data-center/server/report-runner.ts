/**
 * Runs a report definition (report-files.ts) as one SQL aggregate over its collection's table: the records of the
 * chosen projects (always among those the caller may see) and of the date range, grouped by the report's groupings,
 * each column a count, a distinct count or a sum (filtered by its `where`). Labels are put on the groups afterwards
 * (value-labels.ts), the rows ordered by them, subtotals added after each value of the first grouping, and a total.
 *
 * A total is the sum of the rows as they are answered (rounded to the column's digits first), so what a reader adds
 * up on paper is what the report says; a ratio column is worked out again from its two columns' totals.
 */
import { sql, type RawBuilder } from 'kysely';
import type { CollectionRecords, Db } from '../../../src/server/module-api.js';
import { type ReportColumn, type ReportFile, sourceOf } from './report-files.js';
import { EMPTY_LABEL, PROJECT_FIELD, type ValueLabels } from './value-labels.js';

export interface ReportRange {
  from: string;
  to: string;
}

export type ReportValues = Record<string, number | null>;

export interface ReportRow {
  kind: 'row' | 'subtotal';
  /** The groupings' labels, outermost first; a subtotal names only the first. */
  groups: string[];
  values: ReportValues;
}

export interface ReportResult {
  report: {
    id: string;
    title: string;
    category: string;
    description: string;
    dateField: string;
    dateTitle: string;
  };
  range: ReportRange | null;
  projects: { id: string; name: string }[];
  groupTitles: string[];
  columns: { id: string; title: string; unit: string; percent: boolean; digits: number }[];
  rows: ReportRow[];
  total: ReportValues;
}

/** The instant a China day begins. */
const dayStart = (day: string) => new Date(`${day}T00:00:00+08:00`);
const nextDay = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

function round(value: number, digits: number): number {
  const factor = 10 ** digits;
  return Math.round(value * factor) / factor;
}

/** The digits a column is answered with: a count none, a sum or ratio its own (2 by default). */
function digitsOf(column: ReportColumn): number {
  if (column.digits !== undefined) return column.digits;
  return column.op === 'count' || column.op === 'countDistinct' ? 0 : 2;
}

export class ReportRunner {
  constructor(
    private readonly db: Db,
    private readonly collections: ReadonlyMap<string, CollectionRecords>,
    private readonly labels: ValueLabels,
  ) {}

  async run(
    report: ReportFile,
    range: ReportRange | null,
    projects: readonly { id: string; name: string }[],
  ): Promise<ReportResult> {
    const records = this.collections.get(report.collection);
    if (!records) throw new Error(`report ${report.id}: the collection ${report.collection} is not installed`);
    const column = (field: string): RawBuilder<unknown> => {
      const source = sourceOf(records, field);
      if (!source) throw new Error(`report ${report.id}: no field ${field}`);
      return sql.ref(`t.${source.column}`);
    };
    const groups = report.groupBy.map((group) => {
      if (group.field === PROJECT_FIELD) return sql`t.project_id`;
      if (!group.bucket) return sql`coalesce(${column(group.field)}::text, '')`;
      const zoned =
        sourceOf(records, group.field)?.type === 'timestamptz'
          ? sql`(${column(group.field)} at time zone 'Asia/Shanghai')`
          : column(group.field);
      return sql`coalesce(to_char(${zoned}, ${group.bucket === 'day' ? 'YYYY-MM-DD' : 'YYYY-MM'}), '')`;
    });
    const counted = report.columns.filter((c) => c.op !== 'ratio');
    const measures = counted.map((c) => {
      const filter = c.where ? sql` filter (where ${this.whereOf(c.where, column)})` : sql``;
      if (c.op === 'count') return sql`count(*)${filter}`;
      if (c.op === 'countDistinct') return sql`count(distinct ${column(c.field as string)})${filter}`;
      return sql`coalesce(sum(${column(c.field as string)})${filter}, 0)`;
    });
    const conditions = [sql`t.project_id in (${sql.join(projects.map((project) => project.id))})`];
    if (report.dateField && range) {
      const date = column(report.dateField);
      if (sourceOf(records, report.dateField)?.type === 'timestamptz')
        conditions.push(sql`${date} >= ${dayStart(range.from)} and ${date} < ${dayStart(nextDay(range.to))}`);
      else conditions.push(sql`${date} >= ${range.from}::date and ${date} <= ${range.to}::date`);
    }
    const groupNames = groups.map((_, index) => `g${index}`);
    const measureNames = counted.map((_, index) => `m${index}`);
    const rows =
      projects.length === 0
        ? []
        : (
            await sql<Record<string, string | number | null>>`select
            ${sql.join(groups.map((group, index) => sql`${group} as ${sql.ref(groupNames[index])}`))},
            ${sql.join(measures.map((measure, index) => sql`${measure} as ${sql.ref(measureNames[index])}`))}
            from ${sql.table(records.table)} t
            where ${sql.join(conditions, sql` and `)}
            group by ${sql.join(groupNames.map((_, index) => sql.raw(String(index + 1))))}`.execute(this.db)
          ).rows;

    // Labels of each grouping's values.
    const projectNames = new Map(projects.map((project) => [project.id, project.name]));
    const labelMaps = await Promise.all(
      report.groupBy.map((group, index) =>
        group.bucket
          ? Promise.resolve(new Map<string, string>())
          : this.labels.of(
              records.file,
              group.field,
              rows.map((row) => String(row[groupNames[index]] ?? '')),
              projectNames,
            ),
      ),
    );
    const labelOf = (index: number, value: string) =>
      value === '' ? EMPTY_LABEL : (labelMaps[index].get(value) ?? value);

    const bodyRows: ReportRow[] = rows
      .map((row) => ({
        kind: 'row' as const,
        groups: groupNames.map((name, index) => labelOf(index, String(row[name] ?? ''))),
        values: this.withRatios(
          report,
          Object.fromEntries(
            counted.map((c, index) => [c.id, round(Number(row[measureNames[index]] ?? 0), digitsOf(c))]),
          ),
        ),
      }))
      .sort((a, b) => {
        for (let index = 0; index < a.groups.length; index += 1) {
          const order = a.groups[index].localeCompare(b.groups[index], 'zh-CN');
          if (order !== 0) return order;
        }
        return 0;
      });

    const answered = this.withSubtotals(report, bodyRows);
    return {
      report: {
        id: report.id,
        title: report.title,
        category: report.category,
        description: report.description ?? '',
        dateField: report.dateField ?? '',
        dateTitle: report.dateField
          ? (records.fields.find((field) => field.name === report.dateField)?.title ??
            (report.dateField === 'createdAt' ? '登记时间' : '更新时间'))
          : '',
      },
      range: report.dateField ? range : null,
      projects: [...projects],
      groupTitles: report.groupBy.map((group) => group.title),
      columns: report.columns.map((c) => ({
        id: c.id,
        title: c.title,
        unit: c.percent ? '%' : (c.unit ?? ''),
        percent: c.percent === true,
        digits: digitsOf(c),
      })),
      rows: answered,
      total: this.totalOf(report, bodyRows),
    };
  }

  /** A column's `where` as SQL: the field's value is one of the listed (a boolean field compares as a boolean). */
  private whereOf(where: NonNullable<ReportColumn['where']>, column: (field: string) => RawBuilder<unknown>) {
    const booleans = where.in.filter((value): value is boolean => typeof value === 'boolean');
    const texts = where.in.filter((value): value is string => typeof value === 'string');
    const parts = [
      ...(texts.length > 0 ? [sql`${column(where.field)}::text in (${sql.join(texts)})`] : []),
      ...booleans.map((value) => sql`${column(where.field)} = ${value}`),
    ];
    return sql`(${sql.join(parts, sql` or `)})`;
  }

  /** The ratio columns of a row from its counted columns (null where the base is 0). */
  private withRatios(report: ReportFile, values: ReportValues): ReportValues {
    const out: ReportValues = { ...values };
    for (const c of report.columns) {
      if (c.op !== 'ratio') continue;
      const of = values[c.of as string] ?? 0;
      const over = values[c.over as string] ?? 0;
      out[c.id] = over === 0 ? null : round((of / over) * (c.percent ? 100 : 1), digitsOf(c));
    }
    return report.columns.reduce<ReportValues>((ordered, c) => ({ ...ordered, [c.id]: out[c.id] ?? null }), {});
  }

  /** The sum of some rows' counted columns, ratios worked out again from them. */
  private totalOf(report: ReportFile, rows: readonly ReportRow[]): ReportValues {
    const sums: ReportValues = {};
    for (const c of report.columns) {
      if (c.op === 'ratio') continue;
      sums[c.id] = round(
        rows.reduce((sum, row) => sum + (row.values[c.id] ?? 0), 0),
        digitsOf(c),
      );
    }
    return this.withRatios(report, sums);
  }

  /** The rows with a subtotal after each value of the first grouping (two groupings or more, unless turned off). */
  private withSubtotals(report: ReportFile, rows: readonly ReportRow[]): ReportRow[] {
    if (report.groupBy.length < 2 || report.subtotals === false) return [...rows];
    const out: ReportRow[] = [];
    let block: ReportRow[] = [];
    const close = () => {
      if (block.length === 0) return;
      out.push(...block, { kind: 'subtotal', groups: [block[0].groups[0]], values: this.totalOf(report, block) });
      block = [];
    };
    for (const row of rows) {
      if (block.length > 0 && block[0].groups[0] !== row.groups[0]) close();
      block.push(row);
    }
    close();
    return out;
  }
}
