/**
 * The job queue on the database (DESIGN.md "Jobs"): `send` writes a job row, workers of every instance on the
 * same database poll for due jobs and take each with `for update skip locked`, so a job runs in exactly one of
 * them; a taken job holds a lease that its instance renews while it runs, and a job whose instance died is taken
 * again once the lease runs out. Failed attempts are retried with a doubling delay. Cron schedules live in a
 * table too: whichever instance first sees a schedule due adds its job and moves it on, under the same lock.
 *
 * Why our own: pg-boss 12 and graphile-worker 0.18 (their current majors) both require Node 22 while the portal
 * runs on Node 20, and graphile-worker needs LISTEN on a `pg` connection, which the embedded PGlite does not offer.
 * Polling (every `pollMs`, at once after a local send) works the same on PGlite and on a PostgreSQL server.
 */
import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import { CronExpressionParser } from 'cron-parser';
import { sql } from 'kysely';
import type { Db } from '../db/database.js';
import {
  INTERRUPTED_MESSAGE,
  JobFailure,
  type JobContext,
  type JobHandler,
  type JobInfo,
  type JobName,
  type JobPayloads,
  type JobState,
  type JsonValue,
  type ScheduleOptions,
  type SendOptions,
  type WorkOptions,
} from './types.js';

export interface JobQueueOptions {
  /** How often idle workers look for due jobs and schedules (ms). */
  pollMs: number;
  /** How long a taken job is this instance's before another may take it (renewed while it runs). */
  leaseMs?: number;
  /** How long `stop()` waits for running jobs before aborting them. */
  stopGraceMs?: number;
  /** Finished jobs are deleted after this many days. */
  keepDays?: number;
  /** Where a handler's unexpected failure is reported (the app's log). */
  onError?: (error: unknown, job: { id: string; name: string }) => void;
}

interface Worker {
  name: string;
  handler: (job: JobContext<unknown>) => Promise<JsonValue | void>;
  concurrency: number;
  running: number;
  interrupted: 'retry' | 'fail';
}

interface TakenJob {
  id: string;
  name: string;
  payload: unknown;
  attempts: number;
}

interface Running {
  done: Promise<void>;
  abort: AbortController;
  worker: Worker;
}

const DEFAULT_TIME_ZONE = 'Asia/Shanghai';
const MAX_RETRY_DELAY_MS = 3_600_000;

export function nextCronRun(cron: string, timeZone: string, after: Date): Date {
  return CronExpressionParser.parse(cron, { currentDate: after, tz: timeZone }).next().toDate();
}

export class JobQueue {
  readonly instance = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  private readonly workers = new Map<string, Worker>();
  private readonly schedules = new Set<string>();
  private readonly running = new Map<string, Running>();
  private readonly leaseMs: number;
  private started = false;
  private stopped = false;
  private timer: NodeJS.Timeout | undefined;
  private ticking: Promise<void> | undefined;
  private again = false;

  constructor(
    private readonly db: Db,
    private readonly options: JobQueueOptions,
  ) {
    this.leaseMs = options.leaseMs ?? 60_000;
  }

  /** Adds a job; its id, or undefined when a job with the same `singletonKey` is still waiting or running. */
  async send<N extends JobName>(
    name: N,
    payload: JobPayloads[N],
    options: SendOptions = {},
  ): Promise<string | undefined> {
    const id = randomUUID();
    const runAt = options.runAt ?? (options.delayMs ? new Date(Date.now() + options.delayMs) : undefined);
    const inserted = await this.db.transaction().execute(async (trx) => {
      const result = await sql<{ id: string }>`insert into job
          (id, name, payload, priority, run_at, max_attempts, retry_delay_ms, owner_id, project_id, singleton_key)
        values (${id}, ${name}, ${JSON.stringify(payload ?? {})}::jsonb, ${options.priority ?? 0},
          ${runAt ?? sql`now()`}, ${options.maxAttempts ?? 3}, ${options.retryDelayMs ?? 1000},
          ${options.ownerId ?? null}, ${options.projectId ?? null}, ${options.singletonKey ?? null})
        on conflict (name, singleton_key) where singleton_key is not null and state in ('created', 'retry', 'active')
        do nothing returning id`.execute(trx);
      if (result.rows.length === 0) return false;
      if (options.file)
        await trx
          .insertInto('job_file')
          .values({ job_id: id, name: options.file.name, bytes: options.file.bytes })
          .execute();
      return true;
    });
    if (!inserted) return undefined;
    if (this.workers.has(name)) this.wake();
    return id;
  }

  /** Runs jobs of `name` in this instance from now on (and once the queue has started). */
  work<N extends JobName>(name: N, handler: JobHandler<N>, options: WorkOptions = {}): void {
    if (this.workers.has(name)) throw new Error(`a handler of job "${name}" is registered already`);
    this.workers.set(name, {
      name,
      handler: handler as (job: JobContext<unknown>) => Promise<JsonValue | void>,
      concurrency: Math.max(1, options.concurrency ?? 1),
      running: 0,
      interrupted: options.interrupted ?? 'retry',
    });
    this.wake();
  }

  /**
   * Adds a job of `name` at every time the cron rule names (5 fields, or 6 with seconds first), in every
   * instance's stead: whichever instance sees it due first adds it. Registering again replaces the rule.
   */
  async schedule<N extends JobName>(
    name: N,
    cron: string,
    payload: JobPayloads[N],
    options: ScheduleOptions = {},
  ): Promise<void> {
    const timeZone = options.timeZone ?? DEFAULT_TIME_ZONE;
    const next = nextCronRun(cron, timeZone, new Date());
    await sql`insert into job_schedule (name, cron, time_zone, payload, next_run_at)
      values (${name}, ${cron}, ${timeZone}, ${JSON.stringify(payload ?? {})}::jsonb, ${next})
      on conflict (name) do update set payload = excluded.payload, updated_at = now(),
        cron = excluded.cron, time_zone = excluded.time_zone,
        next_run_at = case when job_schedule.cron = excluded.cron and job_schedule.time_zone = excluded.time_zone
          then job_schedule.next_run_at else excluded.next_run_at end`.execute(this.db);
    this.schedules.add(name);
    this.wake();
  }

  async unschedule(name: JobName): Promise<void> {
    this.schedules.delete(name);
    await this.db.deleteFrom('job_schedule').where('name', '=', name).execute();
  }

  async get(id: string): Promise<JobInfo | undefined> {
    const row = await this.db.selectFrom('job').selectAll().where('id', '=', id).executeTakeFirst();
    if (!row) return undefined;
    return {
      id: row.id,
      name: row.name,
      state: row.state,
      attempts: row.attempts,
      maxAttempts: row.max_attempts,
      payload: typeof row.payload === 'string' ? JSON.parse(row.payload) : row.payload,
      ownerId: row.owner_id,
      projectId: row.project_id,
      progress: (row.progress ?? null) as JsonValue | null,
      result: (row.result ?? null) as JsonValue | null,
      error: row.last_error,
      createdAt: row.created_at,
      startedAt: row.started_at,
      finishedAt: row.finished_at,
    };
  }

  /** A job that has not started yet will not run. */
  async cancel(id: string): Promise<boolean> {
    const result = await this.db
      .updateTable('job')
      .set({ state: 'cancelled', finished_at: new Date() })
      .where('id', '=', id)
      .where('state', 'in', ['created', 'retry'])
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  /** Starts polling (the app calls it when ready). Finished jobs past their keep time are cleared once here. */
  async start(): Promise<void> {
    if (this.started || this.stopped) return;
    this.started = true;
    const keepDays = this.options.keepDays ?? 30;
    await sql`delete from job where state in ('completed', 'failed', 'cancelled')
      and finished_at < now() - ${keepDays}::int * interval '1 day'`.execute(this.db);
    this.wake();
  }

  /**
   * Stops taking jobs, waits up to `stopGraceMs` for the running ones, then aborts the rest and hands them back
   * (they run again at the next start, here or in another instance). No timer is left behind.
   */
  async stop(): Promise<void> {
    if (this.stopped) return;
    this.stopped = true;
    clearTimeout(this.timer);
    this.timer = undefined;
    await this.ticking;
    const all = () => Promise.all([...this.running.values()].map((run) => run.done));
    let grace: NodeJS.Timeout | undefined;
    const waited = await Promise.race([
      all().then(() => true),
      new Promise<boolean>((resolve) => (grace = setTimeout(() => resolve(false), this.options.stopGraceMs ?? 5000))),
    ]);
    clearTimeout(grace);
    if (waited) return;
    const cutOff = [...this.running.entries()];
    for (const [, run] of cutOff) run.abort.abort();
    await all();
    const retried = cutOff.filter(([, run]) => run.worker.interrupted === 'retry').map(([id]) => id);
    const failed = cutOff.filter(([, run]) => run.worker.interrupted === 'fail').map(([id]) => id);
    if (retried.length > 0)
      await sql`update job set state = 'retry', run_at = now(), attempts = greatest(attempts - 1, 0),
        locked_by = null, locked_until = null where id in (${sql.join(retried)}) and locked_by = ${this.instance}
        and state = 'active'`.execute(this.db);
    if (failed.length > 0)
      await sql`update job set state = 'failed', last_error = ${INTERRUPTED_MESSAGE}, finished_at = now(),
        locked_by = null, locked_until = null where id in (${sql.join(failed)}) and locked_by = ${this.instance}
        and state = 'active'`.execute(this.db);
  }

  /** Look for work now (after a send, a finished job, a new handler) rather than at the next poll. */
  private wake(): void {
    if (!this.started || this.stopped) return;
    if (this.ticking) {
      this.again = true;
      return;
    }
    clearTimeout(this.timer);
    this.timer = undefined;
    this.ticking = this.tick().finally(() => {
      this.ticking = undefined;
      if (this.stopped) return;
      if (this.again) {
        this.again = false;
        this.wake();
        return;
      }
      this.timer = setTimeout(() => this.wake(), this.options.pollMs);
      this.timer.unref();
    });
  }

  private async tick(): Promise<void> {
    try {
      if (this.schedules.size > 0) await this.addScheduledJobs();
      for (const worker of this.workers.values()) {
        const free = worker.concurrency - worker.running;
        if (free <= 0 || this.stopped) continue;
        if (worker.interrupted === 'fail') await this.failAbandoned(worker.name);
        for (const job of await this.take(worker.name, free)) this.run(worker, job);
      }
    } catch (error) {
      // A database hiccup (a restart, a dropped connection): try again at the next poll.
      if (!this.stopped) this.options.onError?.(error, { id: '', name: 'job-queue' });
    }
  }

  /**
   * Jobs of `name` whose instance died while running them, when such a job must not run twice. A job this
   * instance still runs is not abandoned, even if a starved heartbeat let its lease run out.
   */
  private async failAbandoned(name: string): Promise<void> {
    await sql`update job set state = 'failed', last_error = ${INTERRUPTED_MESSAGE}, finished_at = now(),
        locked_by = null, locked_until = null
      where name = ${name} and state = 'active' and locked_until < now()
        and not (id = any(${this.runningIds()}::text[]))`.execute(this.db);
  }

  /** The jobs this instance runs now (never abandoned, never taken twice). */
  private runningIds(): string[] {
    return [...this.running.keys()];
  }

  private async take(name: string, limit: number): Promise<TakenJob[]> {
    const result = await sql<TakenJob>`update job set state = 'active', attempts = attempts + 1,
        locked_by = ${this.instance}, locked_until = now() + ${this.leaseMs}::int * interval '1 millisecond',
        started_at = coalesce(started_at, now())
      where id in (
        select id from job where name = ${name}
          and ((state in ('created', 'retry') and run_at <= now())
            or (state = 'active' and locked_until < now() and not (id = any(${this.runningIds()}::text[]))))
        order by priority desc, run_at, id limit ${limit} for update skip locked)
      returning id, name, payload, attempts`.execute(this.db);
    return result.rows;
  }

  private run(worker: Worker, job: TakenJob): void {
    worker.running += 1;
    const abort = new AbortController();
    const renew = () =>
      sql`update job set locked_until = now() + ${this.leaseMs}::int * interval '1 millisecond'
        where id = ${job.id} and locked_by = ${this.instance}`.execute(this.db);
    // Renewed well before it runs out, so a long job stays this instance's.
    const heartbeat = setInterval(() => void renew().catch(() => undefined), Math.max(this.leaseMs / 3, 50));
    heartbeat.unref();
    const context: JobContext<unknown> = {
      id: job.id,
      name: job.name,
      payload: typeof job.payload === 'string' ? JSON.parse(job.payload) : job.payload,
      attempt: job.attempts,
      signal: abort.signal,
      progress: async (value) => {
        await sql`update job set progress = ${JSON.stringify(value)}::jsonb,
          locked_until = now() + ${this.leaseMs}::int * interval '1 millisecond'
          where id = ${job.id} and locked_by = ${this.instance}`.execute(this.db);
      },
      file: async () => {
        const row = await this.db
          .selectFrom('job_file')
          .select(['name', 'bytes'])
          .where('job_id', '=', job.id)
          .executeTakeFirst();
        return row ? { name: row.name, bytes: row.bytes } : undefined;
      },
    };
    const done = (async () => {
      try {
        const result = await worker.handler(context);
        if (abort.signal.aborted) return;
        await sql`update job set state = 'completed', result = ${JSON.stringify(result ?? null)}::jsonb,
            finished_at = now(), locked_by = null, locked_until = null, last_error = null
          where id = ${job.id} and locked_by = ${this.instance}`.execute(this.db);
      } catch (error) {
        if (abort.signal.aborted) return;
        const message = error instanceof Error ? error.message : String(error);
        // A JobFailure is the handler's word for the user; what caused it, if anything, is for the log.
        if (!(error instanceof JobFailure)) this.options.onError?.(error, job);
        else if (error.cause !== undefined) this.options.onError?.(error.cause, job);
        const final = error instanceof JobFailure;
        await sql`update job set last_error = ${message}, locked_by = null, locked_until = null,
            state = case when ${final} or attempts >= max_attempts then 'failed' else 'retry' end,
            finished_at = case when ${final} or attempts >= max_attempts then now() end,
            run_at = now() + least(retry_delay_ms * power(2, attempts - 1), ${MAX_RETRY_DELAY_MS})
              * interval '1 millisecond'
          where id = ${job.id} and locked_by = ${this.instance}`
          .execute(this.db)
          .catch((failure: unknown) => this.options.onError?.(failure, job));
      } finally {
        // A finished job's file (an uploaded workbook) is of no more use: only a job that runs again needs it.
        await sql`delete from job_file where job_id = ${job.id}
            and exists (select 1 from job where id = ${job.id} and state in ('completed', 'failed'))`
          .execute(this.db)
          .catch((failure: unknown) => this.options.onError?.(failure, job));
        clearInterval(heartbeat);
        worker.running -= 1;
        this.running.delete(job.id);
        this.wake();
      }
    })();
    this.running.set(job.id, { done, abort, worker });
  }

  /** Due schedules: add their job (once per due time, whichever instance gets there first) and move them on. */
  private async addScheduledJobs(): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      const due = await sql<{
        name: string;
        cron: string;
        time_zone: string;
        payload: unknown;
        next_run_at: Date;
        now: Date;
      }>`select name, cron, time_zone, payload, next_run_at, now() as now from job_schedule
        where next_run_at <= now() for update skip locked`.execute(trx);
      for (const schedule of due.rows) {
        const payload = typeof schedule.payload === 'string' ? schedule.payload : JSON.stringify(schedule.payload);
        await sql`insert into job (id, name, payload, singleton_key)
          values (${randomUUID()}, ${schedule.name}, ${payload}::jsonb,
            ${`schedule:${new Date(schedule.next_run_at).toISOString()}`})
          on conflict (name, singleton_key) where singleton_key is not null
            and state in ('created', 'retry', 'active') do nothing`.execute(trx);
        const next = nextCronRun(schedule.cron, schedule.time_zone, new Date(schedule.now));
        await sql`update job_schedule set next_run_at = ${next} where name = ${schedule.name}`.execute(trx);
      }
    });
  }
}

export type { JobState };
