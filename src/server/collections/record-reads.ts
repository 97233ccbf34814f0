/**
 * Reading a collection's records: a page of the list (filters, sort, pages far from the start read from the end),
 * every record of the list's filters for an export, one record, and how records look when they leave the server
 * (read-time computed fields, the labels of what they refer to, what a module's plugin adds).
 */
import { sql } from 'kysely';
import { DomainError } from '../domain-error.js';
import type { ListTotals } from '../lib/list-totals.js';
import { withReadComputed } from './computed.js';
import { labelReferences } from './reference-labels.js';
import type { RecordTable } from './record-table.js';
import { RecordMessages, type ListParams, type RecordValues } from './record-types.js';

/** Past this many records from the start, the list counts first and may read the page from the end. */
const DEEP_OFFSET = 1000;

/** Adds to records on their way out what a module keeps elsewhere (a device's last report, ...). */
export type ReadExtension = (rows: RecordValues[]) => Promise<void>;

/** Records as they leave the server: read-time computed fields and the labels of what they refer to. */
export async function presentRecords(
  table: RecordTable,
  rows: RecordValues[],
  extensions: readonly ReadExtension[],
): Promise<RecordValues[]> {
  const now = table.now();
  for (const row of rows) {
    // Unset fields are left out (a form reads them as empty), times travel as ISO text.
    for (const [key, value] of Object.entries(row)) {
      if (value === null) delete row[key];
      else if (value instanceof Date) row[key] = value.toISOString();
    }
    withReadComputed(table.file, row, now);
  }
  await labelReferences(table.db, table.file, rows, table.collections);
  for (const extend of extensions) await extend(rows);
  return rows;
}

/** The rows of one page of the list and the list's total (counted again only after a write, see ListTotals). */
export async function readPage(
  table: RecordTable,
  totals: ListTotals,
  params: ListParams,
): Promise<{ rows: RecordValues[]; total: number }> {
  const where = table.conditions(params.projectId, params.filters);
  const sortText = params.sort && table.sortable(params.sort.replace(/^-/, '')) ? params.sort : table.file.sort;
  const sortName = (sortText ?? '-createdAt').replace(/^-/, '');
  const descending = (sortText ?? '-createdAt').startsWith('-');
  const column = table.column(sortName);
  // The list's order, or exactly its reverse (nulls and the id tie-break included).
  const order = (backwards: boolean) =>
    backwards
      ? sql`${column} ${sql.raw(descending ? 'asc' : 'desc')} nulls first, t.id desc`
      : sql`${column} ${sql.raw(descending ? 'desc' : 'asc')} nulls last, t.id`;
  const offset = (params.pageNo - 1) * params.pageSize;
  // The ids of the page first (an index-only scan of the sort index when unfiltered: skipping 50,000 entries
  // reads no table rows), then only those records.
  const page = (backwards: boolean, limit: number, skip: number) =>
    sql<RecordValues>`select ${table.selection()} from (select t.id from ${sql.table(table.table)} t where ${where}
        order by ${order(backwards)} limit ${limit} offset ${skip}) k
      join ${sql.table(table.table)} t on t.id = k.id left join sys_user u on u.id = t.created_by
      order by ${order(backwards)}`.execute(table.db);
  const counting = totals.of(JSON.stringify([params.projectId, params.filters]), async () => {
    const count = await sql<{ n: string }>`select count(*) as n from ${sql.table(table.table)} t
      where ${where}`.execute(table.db);
    return Number(count.rows[0]?.n ?? 0);
  });
  if (offset <= DEEP_OFFSET) {
    const [total, result] = await Promise.all([counting, page(false, params.pageSize, offset)]);
    return { rows: result.rows, total };
  }
  // A page far from the start (the last pages of 100,000 workers) is read from the end of the same order, so
  // the database skips what lies behind it rather than every record before it.
  const total = await counting;
  const fromEnd = total - offset;
  if (fromEnd <= 0) return { rows: [], total };
  if (offset < total / 2) return { rows: (await page(false, params.pageSize, offset)).rows, total };
  const limit = Math.min(params.pageSize, fromEnd);
  return { rows: (await page(true, limit, fromEnd - limit)).rows.reverse(), total };
}

/** Every record of the list's filters, newest first, at most `limit` (an export). */
export async function readAll(
  table: RecordTable,
  projectId: string,
  filters: Record<string, unknown>,
  limit: number,
): Promise<RecordValues[]> {
  const result = await sql<RecordValues>`select ${table.selection()} from ${table.from()}
    where ${table.conditions(projectId, filters)} order by t.created_at desc, t.id limit ${limit}`.execute(table.db);
  return result.rows;
}

/** One record as stored, or notFound. */
export async function readOne(table: RecordTable, id: string): Promise<RecordValues> {
  const result = await sql<RecordValues>`select ${table.selection()} from ${table.from()}
    where t.id = ${id}`.execute(table.db);
  const row = result.rows[0];
  if (!row) throw new DomainError('notFound', RecordMessages.notFound);
  return row;
}

/** Records by id, those that exist, in no particular order. */
export async function readMany(table: RecordTable, ids: readonly string[]): Promise<RecordValues[]> {
  if (ids.length === 0) return [];
  const result = await sql<RecordValues>`select ${table.selection()} from ${table.from()}
    where t.id in (${sql.join([...ids])})`.execute(table.db);
  return result.rows;
}

/** The project a record belongs to, for the caller's scope check before anything else is read. */
export async function projectOfRecord(table: RecordTable, id: string): Promise<string> {
  const result = await sql<{ project_id: string }>`select project_id from ${sql.table(table.table)}
    where id = ${id}`.execute(table.db);
  const row = result.rows[0];
  if (!row) throw new DomainError('notFound', RecordMessages.notFound);
  return row.project_id;
}

/** Which of `values` a project's records already hold in `field` (an import's check of a unique rule). */
export async function existingValues(
  table: RecordTable,
  projectId: string,
  field: string,
  values: readonly unknown[],
): Promise<Set<string>> {
  if (values.length === 0) return new Set();
  const column = table.column(field);
  const result = await sql<{ v: string }>`select ${column}::text as v from ${sql.table(table.table)} t
    where t.project_id = ${projectId} and ${column}::text in (${sql.join(values.map(String))})`.execute(table.db);
  return new Set(result.rows.map((row) => row.v));
}
