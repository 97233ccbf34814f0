/**
 * Rate-limit counters shared by every instance (DESIGN.md "Scaling out"): hits of one key (a user or an address)
 * within one fixed window. Instances add their hits in batches (lib/rate-limit-counters.ts).
 */
import { type Kysely } from 'kysely';

// Migrations must not depend on the current table types: they describe the schema as it was.
type AnyDb = Kysely<unknown>;

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('rate_limit_counter')
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('window_start', 'timestamptz', (c) => c.notNull())
    .addColumn('hits', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('rate_limit_counter_pk', ['key', 'window_start'])
    .execute();
  // Old windows are deleted by their start.
  await db.schema
    .createIndex('rate_limit_counter_window_idx')
    .on('rate_limit_counter')
    .column('window_start')
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('rate_limit_counter').ifExists().execute();
}
