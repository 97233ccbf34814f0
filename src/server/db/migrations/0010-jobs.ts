/**
 * The job queue (src/server/jobs): jobs waiting, running and done, the schedules that add jobs on a cron
 * rule, and files a job works on (an uploaded workbook). All in the database, so a job survives a restart and
 * any instance on the same database may run it; `for update skip locked` hands each job to exactly one of them.
 */
import { type Kysely, sql } from 'kysely';

type AnyDb = Kysely<unknown>;

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('job')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('payload', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    // created -> active -> completed | retry (-> active ...) | failed; cancelled by hand.
    .addColumn('state', 'text', (c) => c.notNull().defaultTo('created'))
    .addColumn('priority', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('run_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('max_attempts', 'integer', (c) => c.notNull().defaultTo(3))
    .addColumn('retry_delay_ms', 'integer', (c) => c.notNull().defaultTo(1000))
    // An active job whose lease ran out (its instance died) is taken again by another.
    .addColumn('locked_by', 'text')
    .addColumn('locked_until', 'timestamptz')
    // Who asked for it (a user id) and for which project: the progress is theirs to read.
    .addColumn('owner_id', 'text')
    .addColumn('project_id', 'text')
    // One job per key while it waits or runs (a schedule's tick, a record's reminder).
    .addColumn('singleton_key', 'text')
    .addColumn('progress', 'jsonb')
    .addColumn('result', 'jsonb')
    .addColumn('last_error', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('started_at', 'timestamptz')
    .addColumn('finished_at', 'timestamptz')
    .execute();
  // What the workers ask for: waiting jobs of their names, due first.
  await sql`create index job_fetch_idx on job (name, run_at) where state in ('created', 'retry')`.execute(db);
  await sql`create index job_lease_idx on job (locked_until) where state = 'active'`.execute(db);
  await sql`create unique index job_singleton_idx on job (name, singleton_key)
    where singleton_key is not null and state in ('created', 'retry', 'active')`.execute(db);
  await db.schema
    .createTable('job_schedule')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('cron', 'text', (c) => c.notNull())
    .addColumn('time_zone', 'text', (c) => c.notNull())
    .addColumn('payload', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('next_run_at', 'timestamptz', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createTable('job_file')
    .addColumn('job_id', 'text', (c) => c.primaryKey().references('job.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('bytes', 'bytea', (c) => c.notNull())
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('job_file').execute();
  await db.schema.dropTable('job_schedule').execute();
  await db.schema.dropTable('job').execute();
}
