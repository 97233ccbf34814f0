/**
 * Reads of pg-boss's job table across queues, for the operator's screens (系统管理 / 定时任务): a page of the job log
 * newest first, each schedule's last run and its failures of the day, a job's queue by its id. pg-boss's own calls
 * read one queue at a time (findJobs); a page across queues is one query over `pgboss.job` (its partitions all
 * answer to it). Only JobQueue calls these: the rest of the app reaches the queue through it.
 */
import { sql } from 'kysely';
import type { Db } from '../db/database.js';
import { JOB_SCHEMA } from './job-tables.js';
import { INTERRUPTED_MESSAGE, type JobListQuery, type JobRun, type JobState } from './types.js';

/** pg-boss's job table (read when called: queue.ts, which names the schema, imports this file). */
const jobTable = () => sql.table(`${JOB_SCHEMA}.job`);

/** What pg-boss accepts as a queue name (anything else is no queue, and pg-boss would throw on it). */
export const QUEUE_NAME = /^[\w.\-/]+$/;

/** A job's id as pg-boss writes it (anything else is no job, and would fail the cast). */
export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The message of a job's failed attempt: the handler's, kept in `output.error`; a failure without one was an
 * attempt cut off (a stop, or its instance gone). Null for a job that did not fail.
 */
export function failureOf(state: JobState, output: unknown): string | null {
  if (state !== 'failed' && state !== 'retry') return null;
  const error = output && typeof output === 'object' ? (output as { error?: unknown }).error : undefined;
  return typeof error === 'string' ? error : INTERRUPTED_MESSAGE;
}

export interface JobRow {
  id: string;
  name: string;
  state: JobState;
  retry_count: number;
  retry_limit: number;
  output: unknown;
  owner_id: string | null;
  ran_by: string | null;
  created_on: Date;
  started_on: Date | null;
  completed_on: Date | null;
}

/** A page of jobs of every queue (or of one, in one state), newest first, and how many match. */
export async function jobPage(db: Db, query: JobListQuery): Promise<{ rows: JobRow[]; total: number }> {
  const filters = [sql`j.name not like '\\_\\_pgboss%'`];
  if (query.name) filters.push(sql`j.name = ${query.name}`);
  if (query.state) filters.push(sql`j.state::text = ${query.state}`);
  const where = sql.join(filters, sql` and `);
  const [rows, count] = await Promise.all([
    sql<JobRow>`select j.id::text as id, j.name, j.state::text as state, j.retry_count, j.retry_limit, j.output,
        d.owner_id, d.ran_by, j.created_on, j.started_on, j.completed_on
      from ${jobTable()} j left join job_detail d on d.job_id = j.id::text
      where ${where} order by j.created_on desc, j.id desc limit ${query.limit} offset ${query.offset}`.execute(db),
    sql<{ n: number }>`select count(*)::int as n from ${jobTable()} j where ${where}`.execute(db),
  ]);
  return { rows: rows.rows, total: count.rows[0]?.n ?? 0 };
}

/** The queue, state and attempts of the job `id`; undefined when there is none. */
export async function jobById(
  db: Db,
  id: string,
): Promise<{ name: string; state: JobState; retryLimit: number } | undefined> {
  if (!UUID.test(id)) return undefined;
  const { rows } = await sql<{ name: string; state: JobState; retry_limit: number }>`select name,
      state::text as state, retry_limit from ${jobTable()} where id = ${id}::uuid`.execute(db);
  const row = rows[0];
  return row && { name: row.name, state: row.state, retryLimit: row.retry_limit };
}

/** Of each queue named: the newest job that started (how its run went), and its jobs failed in the last day. */
export async function runsOf(
  db: Db,
  names: string[],
): Promise<Map<string, { lastRun: JobRun | null; failedLastDay: number }>> {
  const found = new Map(names.map((name) => [name, { lastRun: null as JobRun | null, failedLastDay: 0 }]));
  if (names.length === 0) return found;
  const list = sql.join(names.map((name) => sql`${name}`));
  const [last, failed] = await Promise.all([
    sql<{ name: string; id: string; state: JobState; output: unknown; started_on: Date; completed_on: Date | null }>`
      select distinct on (name) name, id::text as id, state::text as state, output, started_on, completed_on
      from ${jobTable()} where name in (${list}) and started_on is not null
      order by name, started_on desc`.execute(db),
    sql<{ name: string; n: number }>`select name, count(*)::int as n from ${jobTable()}
      where name in (${list}) and state = 'failed' and completed_on > now() - interval '24 hours'
      group by name`.execute(db),
  ]);
  for (const row of last.rows)
    found.get(row.name)!.lastRun = {
      id: row.id,
      state: row.state,
      at: row.state === 'active' || row.state === 'retry' ? row.started_on : (row.completed_on ?? row.started_on),
      error: failureOf(row.state, row.output),
    };
  for (const row of failed.rows) found.get(row.name)!.failedLastDay = row.n;
  return found;
}
