/**
 * The job queue moves to pg-boss (its own schema, installed by src/server/jobs/queue.ts): the hand-made queue's job
 * and schedule tables go; what pg-boss does not keep stays ours: who asked for a job and for which project, and its
 * progress (job_detail), and a file it works on (job_file). Both are keyed by pg-boss's job id.
 */
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('job_file').execute();
  await db.schema.dropTable('job_schedule').execute();
  await db.schema.dropTable('job').execute();
  await db.schema
    .createTable('job_detail')
    .addColumn('job_id', 'text', (c) => c.primaryKey())
    .addColumn('owner_id', 'text')
    .addColumn('project_id', 'text')
    .addColumn('progress', 'jsonb')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createTable('job_file')
    .addColumn('job_id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('bytes', 'bytea', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
}
