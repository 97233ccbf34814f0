/**
 * The job queue (DESIGN.md "Jobs") on pg-boss, in its own schema `pgboss` of the portal's database: on PostgreSQL
 * through a small pool of its own, on the embedded PGlite through pg-boss's PGlite adapter over the same instance
 * (Kysely's transactions hold PGlite's exclusive lock, so the two never interleave inside one). Every instance on the
 * database takes jobs with `for update skip locked`, so a job runs in exactly one of them; LISTEN/NOTIFY wakes the
 * workers at a send, polling catches the rest. A running job's worker sends heartbeats: when its instance dies,
 * pg-boss's supervision fails the attempt once the heartbeat is overdue and the job runs again in another, as long
 * as it has attempts left (an import has one: it is reported, never run twice over half its rows). Cron schedules
 * are rows of pg-boss too; one instance at a time sends their jobs, and a time missed while every instance was down
 * is sent once when one is back.
 *
 * What pg-boss does not keep, this adds beside it: who asked for a job and for which project, its progress while
 * it runs (job_detail), and a file it works on (job_file, an uploaded workbook).
 *
 * The operators' screens (系统管理 / 定时任务, 服务监控) read the queue here too, never pg-boss directly: the schedules
 * with their last and next run, pausing one (pg-boss has no paused schedule: its row goes, and job_schedule_pause
 * keeps the rule that resuming restores and that `schedule()` respects at every start), the jobs of every queue
 * (job-records.ts), retry and cancel, and the registry of the instances on the database.
 */
import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import { sql } from 'kysely';
import { fromPglite, PgBoss, type ConstructorOptions, type JobResult, type JobWithMetadata } from 'pg-boss';
import pgBossPackage from 'pg-boss/package.json' with { type: 'json' };
import type { Db } from '../db/database.js';
import { engineOf } from '../db/engine.js';
import { failureOf, jobById, jobPage, QUEUE_NAME, runsOf, UUID } from './job-records.js';
import {
  JobFailure,
  type JobCommand,
  type JobContext,
  type JobHandler,
  type JobInfo,
  type JobListQuery,
  type JobName,
  type JobPayloads,
  type JobState,
  type JobSummary,
  type JsonValue,
  type QueueInstance,
  type ScheduleChange,
  type ScheduleInfo,
  type ScheduleOptions,
  type SendOptions,
  type WorkOptions,
} from './types.js';

import { JOB_SCHEMA } from './job-tables.js';

export { JOB_SCHEMA };

export interface JobQueueOptions {
  /** How often idle workers look for due jobs (ms, at least 500; a send wakes them at once by NOTIFY). */
  pollMs: number;
  /** How long `stop()` waits for running jobs before it cuts them off (at least 1 s). */
  stopGraceMs?: number;
  /** Finished jobs are deleted after this many days. */
  keepDays?: number;
  /** Where a handler's unexpected failure, or the queue's own, is reported (the app's log). */
  onError?: (error: unknown, job: { id: string; name: string }) => void;
  /** This instance's name in the registry of the instances on the database (系统管理 / 服务监控). */
  instanceName?: string;
}

interface Worker {
  name: string;
  handler: (job: JobContext<unknown>) => Promise<JsonValue | void>;
  concurrency: number;
}

/** What a job keeps in pg-boss's `output`: the handler's result, or the message of its last failed attempt. */
type Output = { result: JsonValue } | { error: string };

const DEFAULT_TIME_ZONE = 'Asia/Shanghai';
/** A running job's worker proves it is alive this often; overdue, the attempt counts as cut off. */
const HEARTBEAT_SECONDS = 30;
/** The longest a job may run (an import of a large workbook takes minutes). */
const MAX_RUN_SECONDS = 4 * 3600;
const MAX_RETRY_DELAY_SECONDS = 3600;

/** How pg-boss reaches the database of `db`: its own pool on PostgreSQL, the same instance on PGlite. */
async function connection(db: Db): Promise<ConstructorOptions> {
  const engine = engineOf(db);
  if (engine?.kind === 'postgres') return { connectionString: engine.url, max: 4 };
  if (engine?.kind === 'pglite') {
    await sql`select 1`.execute(db); // opens the embedded database if nothing has yet
    const pglite = engine.pglite();
    if (pglite) return { db: fromPglite(pglite), backend: 'pglite' };
  }
  throw new Error('the job queue needs a database opened by createDatabase');
}

/** The version of pg-boss's schema in the database, or null before it is installed. */
async function installedSchemaVersion(db: Db): Promise<number | null> {
  const found = await sql<{ version: number }>`select version from ${sql.table(`${JOB_SCHEMA}.version`)}`
    .execute(db)
    .catch(() => undefined); // no such table yet
  return found?.rows[0]?.version ?? null;
}

/**
 * Creates or updates pg-boss's schema, as part of preparing the database before the server answers (a queue that
 * starts on a database without it installs it too, under pg-boss's lock). A schema already at pg-boss's version
 * costs one query, not a second start of pg-boss beside the app's own queue.
 */
export async function installJobQueue(db: Db): Promise<void> {
  if ((await installedSchemaVersion(db)) === pgBossPackage.pgboss.schema) return;
  const boss = new PgBoss({
    ...(await connection(db)),
    schema: JOB_SCHEMA,
    supervise: false,
    schedule: false,
    // Not an instance that serves: nothing for 服务监控 to list.
    registerInstance: false,
  });
  await boss.start();
  await boss.stop({ graceful: false });
}

export class JobQueue {
  private boss: Promise<PgBoss> | undefined;
  private readonly queues = new Map<string, Promise<void>>();
  private readonly workers = new Map<string, Worker>();
  private readonly exclusive = new Set<string>();
  /** What `work` and `schedule` called each job, for the operator's screens. */
  private readonly labels = new Map<string, string>();
  private started = false;
  private stopped = false;

  constructor(
    private readonly db: Db,
    private readonly options: JobQueueOptions,
  ) {}

  /** Adds a job; its id, or undefined when its queue is exclusive and a job with the same key waits or runs. */
  async send<N extends JobName>(
    name: N,
    payload: JobPayloads[N],
    options: SendOptions = {},
  ): Promise<string | undefined> {
    const boss = await this.queue(name);
    const id = randomUUID();
    const { ownerId, projectId, file } = options;
    if (ownerId || projectId)
      await this.db
        .insertInto('job_detail')
        .values({ job_id: id, owner_id: ownerId ?? null, project_id: projectId ?? null })
        .execute();
    if (file) await this.db.insertInto('job_file').values({ job_id: id, name: file.name, bytes: file.bytes }).execute();
    const maxAttempts = Math.max(1, options.maxAttempts ?? 3);
    const startAfter = options.runAt ?? (options.delayMs ? new Date(Date.now() + options.delayMs) : undefined);
    const sent = await boss.send(name, (payload ?? {}) as object, {
      id,
      priority: options.priority ?? 0,
      retryLimit: maxAttempts - 1,
      retryDelay: Math.max(1, Math.round((options.retryDelayMs ?? 1000) / 1000)),
      retryBackoff: true,
      retryDelayMax: MAX_RETRY_DELAY_SECONDS,
      ...(startAfter ? { startAfter } : {}),
      ...(options.singletonKey ? { singletonKey: options.singletonKey } : {}),
    });
    if (sent) return sent;
    await this.forget([id]);
    return undefined;
  }

  /**
   * Runs jobs of `name` in this instance from now on (and once the queue has started). An `exclusive` queue holds at
   * most one job per `singletonKey` waiting or running: a second send is dropped. A queue's kind is fixed by
   * whichever instance first creates it, so `work` of an exclusive queue comes before any send to it.
   */
  work<N extends JobName>(name: N, handler: JobHandler<N>, options: WorkOptions = {}): void {
    if (this.workers.has(name)) throw new Error(`a handler of job "${name}" is registered already`);
    if (options.exclusive) this.exclusive.add(name);
    if (options.label) this.labels.set(name, options.label);
    const worker: Worker = {
      name,
      handler: handler as (job: JobContext<unknown>) => Promise<JsonValue | void>,
      concurrency: Math.max(1, options.concurrency ?? 1),
    };
    this.workers.set(name, worker);
    if (this.started) void this.startWorker(worker);
  }

  /**
   * Adds a job of `name` at every time the cron rule names (5 fields), in every instance's stead: one instance at a
   * time sends them. Registering again replaces the rule; a time missed while no instance ran is sent once. A
   * schedule an operator paused stays paused (on every instance, across restarts): the new rule is kept for when it
   * is resumed.
   */
  async schedule<N extends JobName>(
    name: N,
    cron: string,
    payload: JobPayloads[N],
    options: ScheduleOptions = {},
  ): Promise<void> {
    if (options.label) this.labels.set(name, options.label);
    const boss = await this.queue(name);
    const timeZone = options.timeZone ?? DEFAULT_TIME_ZONE;
    const data = (payload ?? {}) as object;
    const paused = await this.db
      .updateTable('job_schedule_pause')
      .set({ cron, time_zone: timeZone, payload: JSON.stringify(data) })
      .where('name', '=', name)
      .executeTakeFirst();
    if (paused.numUpdatedRows > 0n) {
      await boss.unschedule(name);
      return;
    }
    await boss.schedule(name, cron, data, { tz: timeZone, missed: 'once' });
    // A pause made meanwhile on another instance (its row written before it removed pg-boss's) wins.
    if (await this.pausedRow(name)) await boss.unschedule(name);
  }

  /** Removes the schedule of `name`, paused or not. */
  async unschedule(name: JobName): Promise<void> {
    const boss = await this.queue(name);
    await boss.unschedule(name);
    await this.db.deleteFrom('job_schedule_pause').where('name', '=', name).execute();
  }

  /** What the operator's screens call the jobs of `name`: the label `work` or `schedule` gave, else the name. */
  labelOf(name: string): string {
    return this.labels.get(name) ?? name;
  }

  /** Every schedule on the database, paused ones included, with its last and next run (系统管理 / 定时任务). */
  async schedules(): Promise<ScheduleInfo[]> {
    const boss = await this.pgBoss();
    const found = new Map<string, Omit<ScheduleInfo, 'lastRun' | 'nextRunAt' | 'failedLastDay'>>();
    for (const schedule of await boss.getSchedules())
      if (schedule.key === '')
        found.set(schedule.name, {
          name: schedule.name,
          label: this.labelOf(schedule.name),
          cron: schedule.cron,
          timeZone: schedule.timezone,
          payload: schedule.data ?? {},
          paused: false,
          pausedAt: null,
        });
    for (const row of await this.db.selectFrom('job_schedule_pause').selectAll().execute())
      found.set(row.name, {
        name: row.name,
        label: this.labelOf(row.name),
        cron: row.cron,
        timeZone: row.time_zone,
        payload: row.payload ?? {},
        paused: true,
        pausedAt: row.paused_at,
      });
    const runs = await runsOf(this.db, [...found.keys()]);
    return [...found.values()]
      .map((schedule) => ({
        ...schedule,
        ...runs.get(schedule.name)!,
        nextRunAt: schedule.paused ? null : this.nextRun(boss, schedule.cron, schedule.timeZone),
      }))
      .sort((a, b) => a.name.localeCompare(b.name));
  }

  /** Pauses the schedule of `name` on every instance until `resumeSchedule`; `by`: the user who paused it. */
  async pauseSchedule(name: string, by?: string): Promise<ScheduleChange> {
    if (!QUEUE_NAME.test(name)) return 'unknown';
    const boss = await this.pgBoss();
    const schedule = await boss.getSchedule(name);
    if (!schedule) return (await this.pausedRow(name)) ? 'already' : 'unknown';
    // The row first: an instance registering the schedule meanwhile finds it and takes pg-boss's row away again.
    await this.db
      .insertInto('job_schedule_pause')
      .values({
        name,
        cron: schedule.cron,
        time_zone: schedule.timezone,
        payload: JSON.stringify(schedule.data ?? {}),
        paused_by: by ?? null,
      })
      .onConflict((conflict) => conflict.column('name').doNothing())
      .execute();
    await boss.unschedule(name);
    return 'done';
  }

  /** Puts a paused schedule back with its rule (the newest one registered while it was paused). */
  async resumeSchedule(name: string): Promise<ScheduleChange> {
    if (!QUEUE_NAME.test(name)) return 'unknown';
    const row = await this.db
      .deleteFrom('job_schedule_pause')
      .where('name', '=', name)
      .returningAll()
      .executeTakeFirst();
    const boss = await this.queue(name);
    if (!row) return (await boss.getSchedule(name)) ? 'already' : 'unknown';
    // A new row of pg-boss: the times that passed while paused are not sent afterwards.
    await boss.schedule(name, row.cron, (row.payload ?? {}) as object, { tz: row.time_zone, missed: 'once' });
    return 'done';
  }

  /**
   * Sends a job of the schedule `name` now, with the schedule's payload (paused or not): its id; null when its
   * queue is exclusive and a job waits or runs; undefined when there is no such schedule.
   */
  async runSchedule(name: string, ownerId?: string): Promise<string | null | undefined> {
    if (!QUEUE_NAME.test(name)) return undefined;
    const boss = await this.pgBoss();
    const payload = (await boss.getSchedule(name))?.data ?? (await this.pausedRow(name))?.payload;
    if (payload === undefined) return undefined;
    const id = await this.send(name as JobName, (payload ?? {}) as JobPayloads[JobName], ownerId ? { ownerId } : {});
    return id ?? null;
  }

  /** The queues on the database, with their labels (the job log's filter). */
  async queueNames(): Promise<{ name: string; label: string }[]> {
    const boss = await this.pgBoss();
    return (await boss.getQueues())
      .map((queue) => queue.name)
      .filter((name) => !name.startsWith('__pgboss'))
      .sort()
      .map((name) => ({ name, label: this.labelOf(name) }));
  }

  /** A page of the jobs of every queue (or of one queue, in one state), newest first (系统管理 / 任务日志). */
  async jobs(query: JobListQuery): Promise<{ jobs: JobSummary[]; total: number }> {
    await this.pgBoss();
    const { rows, total } = await jobPage(this.db, query);
    const jobs = rows.map((row) => ({
      id: row.id,
      name: row.name,
      label: this.labelOf(row.name),
      state: row.state,
      attempts: row.started_on ? row.retry_count + 1 : 0,
      maxAttempts: row.retry_limit + 1,
      error: failureOf(row.state, row.output),
      ownerId: row.owner_id,
      ranBy: row.ran_by,
      createdAt: row.created_on,
      startedAt: row.started_on,
      finishedAt: ['completed', 'failed', 'cancelled'].includes(row.state) ? row.completed_on : null,
    }));
    return { jobs, total };
  }

  /**
   * Runs a failed job again, one more attempt. A job sent with a single attempt (an import: not safe to repeat over
   * the rows it wrote) is refused.
   */
  async retryJob(id: string): Promise<JobCommand> {
    const job = await jobById(this.db, id);
    if (!job) return 'unknown';
    if (job.state !== 'failed') return 'wrong-state';
    if (job.retryLimit === 0) return 'not-repeatable';
    const boss = await this.queue(job.name);
    return affected(await boss.retry(job.name, id)) > 0 ? 'done' : 'wrong-state';
  }

  /** Cancels a job that waits (a first run or a retry); one that runs is left to finish. */
  async cancelJob(id: string): Promise<JobCommand> {
    const job = await jobById(this.db, id);
    if (!job) return 'unknown';
    if (job.state !== 'created' && job.state !== 'retry') return 'wrong-state';
    const boss = await this.queue(job.name);
    const done = affected(await boss.cancel(job.name, id)) > 0;
    if (done) await this.dropFile(id);
    return done ? 'done' : 'wrong-state';
  }

  /** The instances of the portal on this database, as the queue's registry last heard of them (系统管理 / 服务监控). */
  async instances(): Promise<QueueInstance[]> {
    const boss = await this.pgBoss();
    return (await boss.getInstances({ limit: 1000 })).map((instance) => {
      const metrics = instance.metrics;
      const pooled = instance.poolMax !== null && instance.poolTotal !== null;
      return {
        id: instance.id,
        name: instance.name,
        host: instance.host,
        pid: instance.pid,
        nodeVersion: instance.nodeVersion,
        startedAt: instance.startedOn,
        heartbeatAt: instance.heartbeatOn,
        heartbeatSeconds: instance.heartbeatSeconds,
        stoppedAt: instance.stoppedOn,
        live: instance.live,
        own:
          instance.name === (this.options.instanceName ?? null) &&
          instance.host === hostname() &&
          instance.pid === process.pid,
        crashRestarts: instance.crashRestarts,
        rssBytes: metrics?.rss ?? null,
        heapUsedBytes: metrics?.heapUsed ?? null,
        heapLimitBytes: metrics?.heapLimit ?? null,
        loopDelayMs: metrics?.loopDelay ?? null,
        loopDelayMaxMs: metrics?.loopDelayMax ?? null,
        loopUtilization: metrics?.loopUtilization ?? null,
        cpu: metrics?.cpu ?? null,
        cpuLimit: metrics?.cpuLimit ?? null,
        pool: pooled
          ? {
              max: instance.poolMax!,
              total: instance.poolTotal!,
              idle: instance.poolIdle ?? 0,
              waiting: instance.poolWaiting ?? 0,
            }
          : null,
      };
    });
  }

  /** The schedule of `name` as stored: its cron rule and time zone. */
  async scheduleOf(name: JobName): Promise<{ cron: string; timeZone: string } | undefined> {
    const boss = await this.queue(name);
    const schedule = await boss.getSchedule(name);
    return schedule ? { cron: schedule.cron, timeZone: schedule.timezone } : undefined;
  }

  /** A job of `name` by id, with who asked for it, its progress, result or error; undefined when unknown. */
  async get(name: JobName, id: string): Promise<JobInfo | undefined> {
    if (!UUID.test(id)) return undefined;
    const boss = await this.queue(name);
    const job = await boss.getJobById<unknown>(name, id);
    if (!job) return undefined;
    const detail = await this.db.selectFrom('job_detail').selectAll().where('job_id', '=', id).executeTakeFirst();
    const output = (job.output ?? {}) as Partial<Record<'result' | 'error', unknown>>;
    const state: JobState = job.state;
    return {
      id,
      name,
      state,
      attempts: job.startedOn ? job.retryCount + 1 : 0,
      maxAttempts: job.retryLimit + 1,
      payload: job.data,
      ownerId: detail?.owner_id ?? null,
      ranBy: detail?.ran_by ?? null,
      projectId: detail?.project_id ?? null,
      progress: (detail?.progress ?? null) as JsonValue | null,
      result: state === 'completed' && 'result' in output ? (output.result as JsonValue) : null,
      error: failureOf(state, job.output),
      createdAt: job.createdOn,
      startedAt: job.startedOn ?? null,
      finishedAt: state === 'completed' || state === 'failed' || state === 'cancelled' ? job.completedOn : null,
    };
  }

  /** Jobs by name and state, over every instance on the database (the metrics). */
  async counts(): Promise<{ name: string; state: string; count: number }[]> {
    const { rows } = await sql<{ name: string; state: string; count: number }>`select name, state::text as state,
        count(*)::int as count from ${sql.table(`${JOB_SCHEMA}.job`)} group by name, state`.execute(this.db);
    return rows;
  }

  /** Starts the workers (the app calls it when ready) and clears what pg-boss no longer keeps a job for. */
  async start(): Promise<void> {
    if (this.started || this.stopped) return;
    this.started = true;
    await this.pgBoss();
    for (const table of ['job_detail', 'job_file'] as const)
      await sql`delete from ${sql.table(table)} t where not exists (select 1 from ${sql.table(`${JOB_SCHEMA}.job`)} j
          where j.id::text = t.job_id) and t.created_at < now() - interval '1 day'`.execute(this.db);
    await Promise.all([...this.workers.values()].map((worker) => this.startWorker(worker)));
  }

  /**
   * Stops taking jobs and waits up to `stopGraceMs` for the running ones; the rest are cut off: their `signal`
   * aborts and the attempt fails, so the job runs again (here or in another instance) if it has attempts left.
   */
  async stop(): Promise<void> {
    if (this.stopped) return;
    this.stopped = true;
    const boss = await this.boss?.catch(() => undefined);
    await boss?.stop({ graceful: true, timeout: this.options.stopGraceMs ?? 5000 });
  }

  /** pg-boss, started at the first call that needs it (a send may come before the app is ready). */
  private pgBoss(): Promise<PgBoss> {
    this.boss ??= (async () => {
      // Supervision (dead workers' jobs, the backlog counts that let a busy worker take jobs back to back) every
      // 5 s, the cron passes every 30 s; both as often as every second when the queue polls fast (the tests).
      const every = (seconds: number) =>
        Math.min(seconds, Math.max(1, Math.round((this.options.pollMs * seconds) / 1000)));
      const boss = new PgBoss({
        ...(await connection(this.db)),
        schema: JOB_SCHEMA,
        ...(this.options.instanceName ? { instanceName: this.options.instanceName } : {}),
        // Its row in the registry of instances, with this process's memory and event loop, is this fresh.
        instanceHeartbeatSeconds: every(30),
        // A send wakes idle workers of every instance at once; polling is the fallback.
        useListenNotify: true,
        superviseIntervalSeconds: every(5),
        queueCacheIntervalSeconds: every(5),
        monitorIntervalSeconds: every(5),
        cronMonitorIntervalSeconds: every(30),
        cronWorkerIntervalSeconds: every(5),
      });
      boss.on('error', (error) => this.options.onError?.(error, { id: '', name: 'job-queue' }));
      await boss.start();
      return boss;
    })();
    return this.boss;
  }

  /** pg-boss with the queue of `name` created (once per instance; creating one that exists changes nothing). */
  private async queue(name: string): Promise<PgBoss> {
    const boss = await this.pgBoss();
    let created = this.queues.get(name);
    if (!created) {
      created = boss.createQueue(name, {
        policy: this.exclusive.has(name) ? 'exclusive' : 'standard',
        notify: true,
        heartbeatSeconds: HEARTBEAT_SECONDS,
        expireInSeconds: MAX_RUN_SECONDS,
        deleteAfterSeconds: (this.options.keepDays ?? 30) * 86_400,
      });
      this.queues.set(name, created);
    }
    await created;
    return boss;
  }

  private async startWorker(worker: Worker): Promise<void> {
    const boss = await this.queue(worker.name);
    const pollSeconds = Math.max(0.5, this.options.pollMs / 1000);
    await boss.work(
      worker.name,
      {
        batchSize: 1,
        localConcurrency: worker.concurrency,
        includeMetadata: true,
        perJobResults: true,
        pollingIntervalSeconds: pollSeconds,
        notifyPollingIntervalSeconds: pollSeconds,
        // With a backlog (as of the last pass), a worker that finished a job takes the next at once.
        burstWhenReadyExceeds: 1,
      },
      async (jobs: JobWithMetadata<unknown>[]) => Promise.all(jobs.map((job) => this.run(worker, job))),
    );
  }

  private async run(worker: Worker, job: JobWithMetadata<unknown>): Promise<JobResult<Output>> {
    const context: JobContext<unknown> = {
      id: job.id,
      name: job.name,
      payload: job.data,
      attempt: job.retryCount + 1,
      signal: job.signal,
      progress: async (value) => {
        await sql`insert into job_detail (job_id, progress) values (${job.id}, ${JSON.stringify(value)}::jsonb)
          on conflict (job_id) do update set progress = excluded.progress`.execute(this.db);
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
    const last = job.retryCount >= job.retryLimit;
    const instance = this.options.instanceName;
    if (instance)
      await sql`insert into job_detail (job_id, ran_by) values (${job.id}, ${instance})
        on conflict (job_id) do update set ran_by = excluded.ran_by`.execute(this.db);
    try {
      const value = await worker.handler(context);
      await this.dropFile(job.id);
      return { id: job.id, status: 'completed', output: { result: value ?? null } };
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      // A JobFailure is the handler's word for the user; what caused it, if anything, is for the log.
      if (!(error instanceof JobFailure)) this.options.onError?.(error, job);
      else if (error.cause !== undefined) this.options.onError?.(error.cause, job);
      const final = error instanceof JobFailure || last;
      // A job that runs again needs its file; one that failed for good does not.
      if (final) await this.dropFile(job.id);
      return { id: job.id, status: error instanceof JobFailure ? 'deadletter' : 'failed', output: { error: message } };
    }
  }

  private async dropFile(id: string): Promise<void> {
    await this.db
      .deleteFrom('job_file')
      .where('job_id', '=', id)
      .execute()
      .catch((failure: unknown) => this.options.onError?.(failure, { id, name: 'job-file' }));
  }

  private async pausedRow(name: string) {
    return this.db.selectFrom('job_schedule_pause').selectAll().where('name', '=', name).executeTakeFirst();
  }

  /** The next time a cron rule names, as pg-boss reads it; null for a rule it cannot read. */
  private nextRun(boss: PgBoss, cron: string, timeZone: string): Date | null {
    try {
      return boss.previewSchedule(cron, { tz: timeZone, count: 1 })[0] ?? null;
    } catch {
      return null;
    }
  }

  private async forget(ids: string[]): Promise<void> {
    await this.db.deleteFrom('job_detail').where('job_id', 'in', ids).execute();
    await this.db.deleteFrom('job_file').where('job_id', 'in', ids).execute();
  }
}

/** How many jobs a pg-boss command (retry, cancel) changed. */
function affected(response: unknown): number {
  return Number((response as { affected?: number } | undefined)?.affected ?? 0);
}

export type { JobState };
