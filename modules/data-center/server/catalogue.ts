/**
 * The data warehouse's catalogue: every collection of every installed module is a data set (the collection
 * registry, `app.collections`, holds their files: fields with titles and descriptions, references, choices, status
 * labels), shown only to a caller holding its view permission, with its records counted and its last update taken
 * within the projects the caller may see. Previews and exports read the records through the collection's own read
 * (`records.all`), so what a module adds to or hides from its records (a map's content, say) is added or hidden here
 * too, and the labels are those of the list screens.
 */
import { sql } from 'kysely';
import { chinaDateTime, type CollectionRecords, type Db, type RecordValues } from '../../../src/server/module-api.js';
import { type CollectionFile, valueSource } from './value-labels.js';

export interface DatasetSummary {
  id: string;
  title: string;
  description: string;
  fieldCount: number;
  rows: number;
  /** ISO 8601, '' when it has no records in the caller's projects. */
  lastUpdate: string;
}

export interface DatasetField {
  name: string;
  title: string;
  type: string;
  description: string;
  /** Where its values come from: choices, a dictionary, a reference. */
  values: string;
  computed: boolean;
}

export interface DatasetColumn {
  field: string;
  title: string;
}

export interface DatasetDetail extends DatasetSummary {
  fields: DatasetField[];
  preview: { columns: DatasetColumn[]; rows: Record<string, string>[] };
}

const TYPE_TITLES: Record<string, string> = {
  text: '文本',
  integer: '整数',
  'double precision': '数值',
  boolean: '是/否',
  date: '日期',
  timestamptz: '日期时间',
  jsonb: '列表',
};

export const PREVIEW_ROWS = 20;

/** An ISO 8601 instant (`2026-10-10T00:00:00.000Z`), as records carry their times. */
const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;

/** The record's own columns every data set has, before its fields. */
const SYSTEM_COLUMNS: DatasetColumn[] = [{ field: 'projectName', title: '所属项目' }];
const TIME_COLUMNS: DatasetColumn[] = [
  { field: 'createdAt', title: '创建时间' },
  { field: 'updatedAt', title: '更新时间' },
];

/** What a computed field is, in words. */
function computedDescription(file: CollectionFile, name: string): string {
  const computed = file.computed?.[name];
  if (!computed) return '';
  const from = 'from' in computed ? String(computed.from) : '';
  switch (computed.op) {
    case 'lookup':
      return `保存时取自${file.schema.properties[from]?.title ?? from}`;
    case 'hoursBetween':
      return '由起止时间计算的小时数';
    case 'idCardSex':
    case 'idCardBirthday':
    case 'idCardProvince':
      return '由身份证号计算';
    default:
      return '保存时计算';
  }
}

/** The text of one value as people read it: a label where the record has one, 是/否, a date as written. */
function cellText(row: RecordValues, field: string): string {
  const label = row[`${field}Label`];
  if (typeof label === 'string' && label !== '') return label;
  const value = row[field];
  if (value === null || value === undefined) return '';
  if (typeof value === 'boolean') return value ? '是' : '否';
  if (Array.isArray(value)) return value.length === 0 ? '' : `${value.length} 项`;
  // An instant reads in China time, to the minute, as the list screens show it.
  if (value instanceof Date) return chinaDateTime(value).slice(0, 16);
  if (typeof value === 'string' && INSTANT.test(value)) return chinaDateTime(new Date(value)).slice(0, 16);
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

export class Catalogue {
  constructor(
    private readonly db: Db,
    private readonly collections: ReadonlyMap<string, CollectionRecords>,
  ) {}

  /** The data sets the caller's permissions open, by title. */
  visible(permissions: ReadonlySet<string>): CollectionRecords[] {
    return [...this.collections.values()]
      .filter((records) => permissions.has(records.file.permissions.view))
      .sort((a, b) => a.file.title.localeCompare(b.file.title, 'zh-CN') || a.file.id.localeCompare(b.file.id));
  }

  async summaries(sets: readonly CollectionRecords[], projectIds: readonly string[]): Promise<DatasetSummary[]> {
    const figures = await this.figures(sets, projectIds);
    return sets.map((records) => this.summary(records, figures.get(records.file.id)));
  }

  async detail(records: CollectionRecords, projects: readonly { id: string; name: string }[]): Promise<DatasetDetail> {
    const figures = await this.figures(
      [records],
      projects.map((project) => project.id),
    );
    const { file } = records;
    const fields = records.fields.map((field): DatasetField => ({
      name: field.name,
      title: field.title,
      type: TYPE_TITLES[field.type] ?? field.type,
      description: field.own
        ? String(file.schema.properties[field.name]?.description ?? '')
        : computedDescription(file, field.name),
      values: valueSource(file, field.name),
      computed: !field.own,
    }));
    const rows = await this.records(records, projects, PREVIEW_ROWS);
    return {
      ...this.summary(records, figures.get(file.id)),
      fields,
      preview: { columns: this.columns(records), rows: this.texts(records, rows) },
    };
  }

  /** The columns of a preview or an export: the project, the stored fields but lists, the record's times. */
  columns(records: CollectionRecords): DatasetColumn[] {
    return [
      ...SYSTEM_COLUMNS,
      ...records.fields
        .filter((field) => field.type !== 'jsonb')
        .map((field) => ({ field: field.name, title: field.title })),
      ...TIME_COLUMNS,
    ];
  }

  /** Rows as texts under `columns(records)`. */
  texts(records: CollectionRecords, rows: readonly RecordValues[]): Record<string, string>[] {
    const columns = this.columns(records);
    return rows.map((row) => Object.fromEntries(columns.map((column) => [column.field, cellText(row, column.field)])));
  }

  /**
   * At most `limit` records of the projects, newest first within each project, projects in the given order: read
   * through the collection's own read, with the project's name beside each.
   */
  async records(
    records: CollectionRecords,
    projects: readonly { id: string; name: string }[],
    limit: number,
  ): Promise<RecordValues[]> {
    const out: RecordValues[] = [];
    for (const project of projects) {
      if (out.length >= limit) break;
      const rows = await records.all(project.id, {}, limit - out.length);
      for (const row of rows) out.push({ ...row, projectName: project.name });
    }
    return out;
  }

  private summary(records: CollectionRecords, figures: { rows: number; lastUpdate: string } | undefined) {
    return {
      id: records.file.id,
      title: records.file.title,
      description: records.file.description ?? '',
      fieldCount: records.fields.length,
      rows: figures?.rows ?? 0,
      lastUpdate: figures?.lastUpdate ?? '',
    };
  }

  /** Records and the newest update of each data set within the projects, one query for them all. */
  private async figures(
    sets: readonly CollectionRecords[],
    projectIds: readonly string[],
  ): Promise<Map<string, { rows: number; lastUpdate: string }>> {
    if (sets.length === 0 || projectIds.length === 0) return new Map();
    const inProjects = sql`project_id in (${sql.join(projectIds)})`;
    const parts = sets.map(
      (records) => sql`select ${records.file.id} as id, count(*) as n, max(updated_at) as last_at
        from ${sql.table(records.table)} where ${inProjects}`,
    );
    const { rows } = await sql<{ id: string; n: string; last_at: Date | null }>`${sql.join(
      parts,
      sql` union all `,
    )}`.execute(this.db);
    return new Map(
      rows.map((row) => [
        row.id,
        { rows: Number(row.n), lastUpdate: row.last_at ? new Date(row.last_at).toISOString() : '' },
      ]),
    );
  }
}
