/**
 * The status timeline of collection records (src/server/collections): one row per step a record took (created,
 * rectified, rechecked, ...), who took it, when, with the step's remark and the fields it set. The records
 * themselves live in the tables each collection file declares, created at start by collections/table-sync.ts.
 */
import { type Kysely, sql } from 'kysely';

type AnyDb = Kysely<unknown>;

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('collection_history')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('collection', 'text', (c) => c.notNull())
    .addColumn('record_id', 'text', (c) => c.notNull())
    .addColumn('project_id', 'text', (c) => c.notNull())
    // The transition's id, or 'create'.
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('from_status', 'text')
    .addColumn('to_status', 'text')
    .addColumn('actor_id', 'text')
    .addColumn('remark', 'text')
    // The fields the step set (photos, remarks), as the record holds them.
    .addColumn('data', 'jsonb')
    .addColumn('at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('collection_history_record_idx')
    .on('collection_history')
    .columns(['collection', 'record_id', 'at'])
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('collection_history').execute();
}
