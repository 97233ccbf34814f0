/**
 * Records written by the portal rather than by a user: the demo records of a seed (each once, status and times as
 * if they had lived) and the stored computed fields of older records brought up to date after their rule changed.
 */
import { sql, type RawBuilder } from 'kysely';
import { isStoredComputed } from '../../shared/collections.js';
import { applyStoredComputed } from './computed.js';
import type { RecordTable } from './record-table.js';
import type { RecordValues } from './record-types.js';

type Fragment = RawBuilder<unknown>;

export interface SeedRecord {
  id: string;
  createdBy: string;
  /** The record's fields, and optionally its status and `createdAt`. */
  values: RecordValues;
}

/** Whether a stored value (numbers of numeric columns read as text, dates as yyyy-MM-dd) equals a computed one. */
function sameStoredValue(stored: unknown, computed: unknown): boolean {
  if ((stored ?? null) === null || (computed ?? null) === null) return (stored ?? null) === (computed ?? null);
  if (typeof computed === 'number') return Number(stored) === computed;
  if (typeof computed === 'boolean') return stored === computed || String(stored) === String(computed);
  return JSON.stringify(stored) === JSON.stringify(computed);
}

/**
 * Demo records as their seed file gives them (status and times included, as if they had lived), each once: a
 * record whose id exists is left alone, so seeding at every start keeps what users changed and costs one query
 * when nothing is missing.
 */
export async function seedRecords(
  store: RecordTable,
  projectId: string,
  records: readonly SeedRecord[],
): Promise<number> {
  if (records.length === 0) return 0;
  // Rows travel as one JSON parameter per statement and are unpacked by the database (jsonb_to_recordset): a
  // few statements instead of one bound parameter per value, which keeps thousands of demo rows fast.
  const existing = await sql<{ id: string }>`select id from ${sql.table(store.table)}
    where id in (select jsonb_array_elements_text(${JSON.stringify(records.map((r) => r.id))}::jsonb))`.execute(
    store.db,
  );
  const present = new Set(existing.rows.map((row) => row.id));
  const missing = records.filter((record) => !present.has(record.id));
  const flow = store.file.status;
  const stored = missing.map((record) => store.storedValues(record.values, true));
  await store.checkReferences(projectId, stored);
  const rows = missing.map((record, index) => {
    const values = stored[index];
    if (flow) {
      const state = record.values[flow.field];
      values[flow.field] = typeof state === 'string' ? state : flow.initial;
    }
    const createdAt = typeof record.values.createdAt === 'string' ? record.values.createdAt : store.now().toISOString();
    const row: Record<string, unknown> = {
      id: record.id,
      project_id: projectId,
      created_by: record.createdBy,
      created_at: createdAt,
    };
    for (const field of store.fields) row[field.column] = values[field.name] ?? null;
    return row;
  });
  const columns = store.fields.map((field) => sql.id(field.column));
  const shape = sql.join([
    sql`id text, project_id text, created_by text, created_at timestamptz`,
    ...store.fields.map((field) => sql`${sql.id(field.column)} ${sql.raw(field.type)}`),
  ]);
  for (let start = 0; start < rows.length; start += 5000)
    await sql`insert into ${sql.table(store.table)}
      (id, project_id, created_by, created_at, updated_at, ${sql.join(columns)})
      select id, project_id, created_by, created_at, created_at, ${sql.join(columns)}
      from jsonb_to_recordset(${JSON.stringify(rows.slice(start, start + 5000))}::jsonb) as x(${shape})
      on conflict (id) do nothing`.execute(store.db);
  return rows.length;
}

/**
 * Brings the stored computed fields of records written before their definition (a field added to the file, or a
 * rule changed) up to date: every record read in id order, `batchSize` at a time, written only where a value
 * differs, without counting as an edit (version and update time kept). `lookup` fields are left as stored: they
 * follow their reference when it is written. A record whose values a rule refuses (an ID number that fails its
 * check) keeps what it has. Answers how many records changed.
 */
export async function recomputeStoredFields(store: RecordTable, batchSize = 500): Promise<number> {
  const computed = Object.entries(store.file.computed ?? {})
    .filter(([, field]) => isStoredComputed(field) && field.op !== 'lookup')
    .map(([name]) => store.field(name))
    .filter((field) => field !== undefined);
  if (computed.length === 0) return 0;
  const own = store.fields.filter((field) => field.own);
  let changed = 0;
  let after = '';
  for (;;) {
    const { rows } = await sql<RecordValues>`select ${store.selection()} from ${store.from()}
      where t.id > ${after} order by t.id limit ${batchSize}`.execute(store.db);
    const last = rows.at(-1);
    if (!last) return changed;
    after = String(last.id);
    const updates: Fragment[] = [];
    for (const row of rows) {
      const values: RecordValues = Object.fromEntries(own.map((field) => [field.name, row[field.name] ?? null]));
      try {
        applyStoredComputed(store.file, values, store.now(), true);
      } catch {
        continue;
      }
      const differing = computed.filter((field) => !sameStoredValue(row[field.name], values[field.name]));
      if (differing.length === 0) continue;
      updates.push(
        sql`update ${sql.table(store.table)} set ${sql.join(
          differing.map((field) => sql`${sql.id(field.column)} = ${store.sqlValue(field, values[field.name])}`),
        )} where id = ${row.id}`,
      );
    }
    if (updates.length > 0)
      await store.transact(async (trx) => {
        for (const update of updates) await update.execute(trx);
      });
    changed += updates.length;
  }
}
