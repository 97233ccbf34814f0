/**
 * The seed runs already done, by fingerprint (seed/seed-once.ts): a start whose seed files, demo flag, migrations
 * and version were all seeded before skips the seed.
 */
import { type Kysely, sql } from 'kysely';

type AnyDb = Kysely<unknown>;

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('seed_run')
    .addColumn('fingerprint', 'text', (c) => c.primaryKey())
    .addColumn('seeded_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('seed_run').ifExists().execute();
}
