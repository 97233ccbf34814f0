/**
 * Brings each collection's table in line with its file at start: creates the table, adds a column for every new
 * field, creates the declared indexes. Nothing is dropped or retyped: a field whose declared type no longer
 * matches its column stops the start with a message asking for an explicit migration, so no data is ever lost
 * silently. Several instances starting at once take turns through an advisory lock. A start whose files and
 * statements were all applied before skips the work (a fingerprint recorded in the database).
 */
import { createHash } from 'node:crypto';
import { sql, type RawBuilder } from 'kysely';
import type { CollectionFile } from '../../shared/collections.js';
import type { CacheVersionName } from '../db/cache-versions.js';
import type { Db } from '../db/database.js';
import { fingerprintRecorded, recordFingerprint } from '../db/start-fingerprints.js';
import { collectionTable, fieldColumn, storedFields, type SqlType, type StoredField } from './columns.js';

/** information_schema's names of our SQL types. */
const INFORMATION_SCHEMA_TYPE: Record<SqlType, string> = {
  text: 'text',
  date: 'date',
  timestamptz: 'timestamp with time zone',
  integer: 'integer',
  'double precision': 'double precision',
  boolean: 'boolean',
  jsonb: 'jsonb',
};

export class CollectionSchemaError extends Error {}

function indexName(table: string, kind: string, fields: string[]): string {
  const name = `${table}_${kind}_${fields.map(fieldColumn).join('_')}`;
  // PostgreSQL cuts identifiers at 63 bytes; a long name keeps a readable start and a stable hash.
  if (name.length <= 63) return name;
  let hash = 0;
  for (const char of name) hash = (hash * 31 + char.charCodeAt(0)) | 0;
  return `${name.slice(0, 52)}_${(hash >>> 0).toString(16)}`;
}

/**
 * What a collection's table must be: the statements that create it and its indexes and trigger (each idempotent),
 * and the stored fields, whose columns are compared with the table's before anything else runs.
 */
interface TablePlan {
  file: CollectionFile;
  table: string;
  create: RawBuilder<unknown>;
  fields: readonly StoredField[];
  after: readonly RawBuilder<unknown>[];
}

function tablePlan(file: CollectionFile): TablePlan {
  const table = collectionTable(file.id);
  const create = sql`create table if not exists ${sql.table(table)} (
    id text primary key,
    project_id text not null,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now(),
    created_by text,
    version integer not null default 1
  )`;
  const after: RawBuilder<unknown>[] = [
    sql`create index if not exists ${sql.id(indexName(table, 'list', ['createdAt']))}
    on ${sql.table(table)} (project_id, created_at desc, id)`,
  ];
  // The list's own order (the file's `sort`, exactly as records.ts writes it: nulls last, then id), so a page is
  // read from the index instead of sorting every record of the project.
  const sort = file.sort ?? '-createdAt';
  const sortField = sort.replace(/^-/, '');
  after.push(sql`create index if not exists ${sql.id(indexName(table, 'sort', [sortField]))}
    on ${sql.table(table)} (project_id, ${sql.id(fieldColumn(sortField))} ${sql.raw(
      sort.startsWith('-') ? 'desc' : 'asc',
    )} nulls last, id)`);
  // Any write to the records, by any instance, raises the collection's cache version (migration 0007's function),
  // so the list's totals are counted once per change rather than on every page (records.ts).
  after.push(sql`insert into cache_version (name, version) values (${collectionCacheVersion(file)}, 0)
    on conflict (name) do nothing`);
  after.push(sql`create or replace trigger ${sql.id(`${table}_cache_version`)}
    after insert or update or delete or truncate on ${sql.table(table)}
    for each statement execute function bump_cache_version(${sql.lit(collectionCacheVersion(file))})`);
  for (const unique of file.unique ?? []) {
    const cols = unique.fields.map((f) => sql.id(fieldColumn(f)));
    after.push(sql`create unique index if not exists ${sql.id(indexName(table, 'u', unique.fields))}
      on ${sql.table(table)} (project_id, ${sql.join(cols)})`);
  }
  for (const fields of file.indexes ?? []) {
    const cols = fields.map((f) => sql.id(fieldColumn(f)));
    after.push(sql`create index if not exists ${sql.id(indexName(table, 'i', fields))}
      on ${sql.table(table)} (project_id, ${sql.join(cols)})`);
  }
  return { file, table, create, fields: storedFields(file), after };
}

async function syncOne(db: Db, plan: TablePlan): Promise<void> {
  const { file, table } = plan;
  await plan.create.execute(db);
  const existing = await sql<{ column_name: string; data_type: string }>`
    select column_name, data_type from information_schema.columns
    where table_schema = current_schema() and table_name = ${table}`.execute(db);
  const columns = new Map(existing.rows.map((row) => [row.column_name, row.data_type]));
  for (const field of plan.fields) {
    const current = columns.get(field.column);
    if (current === undefined) {
      await sql`alter table ${sql.table(table)} add column ${sql.id(field.column)} ${sql.raw(field.type)}`.execute(db);
    } else if (current !== INFORMATION_SCHEMA_TYPE[field.type]) {
      throw new CollectionSchemaError(
        `collection "${file.id}": field "${field.name}" is stored as ${current} but declared as ${field.type}; ` +
          'changing a stored type needs an explicit migration (src/server/db/migrations), nothing was changed',
      );
    }
  }
  for (const statement of plan.after) await statement.execute(db);
}

/**
 * The fingerprint of every statement the plans would run: equal fingerprints mean equal tables, whether a
 * collection file or this code changed.
 */
function plansFingerprint(db: Db, plans: readonly TablePlan[]): string {
  const hash = createHash('sha256');
  for (const plan of plans) {
    for (const statement of [plan.create, ...plan.after]) {
      const compiled = statement.compile(db);
      hash.update(`${compiled.sql}\n${JSON.stringify(compiled.parameters)}\n`);
    }
    for (const field of plan.fields) hash.update(`${field.column} ${field.type}\n`);
  }
  return `collection-tables:${hash.digest('hex')}`;
}

export function collectionCacheVersion(file: CollectionFile): CacheVersionName {
  return `collection:${file.id}`;
}

/** The name of the unique index of `fields`, to tell which declared rule a unique violation broke. */
export function uniqueIndexName(file: CollectionFile, fields: string[]): string {
  return indexName(collectionTable(file.id), 'u', fields);
}

/**
 * Brings the tables in line with the files, unless they were already brought in line with exactly these files
 * (start-fingerprints.ts): a start on existing data then costs one query instead of hundreds of statements.
 */
export async function syncCollectionTables(db: Db, files: readonly CollectionFile[]): Promise<void> {
  if (files.length === 0) return;
  const plans = files.map(tablePlan);
  const fingerprint = plansFingerprint(db, plans);
  if (await fingerprintRecorded(db, fingerprint)) return;
  await db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(${7_310_001})`.execute(trx);
    for (const plan of plans) await syncOne(trx, plan);
    await recordFingerprint(trx, fingerprint);
  });
}
