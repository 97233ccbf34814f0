/**
 * The job queue (src/server/jobs, on pg-boss) on the test database (in-memory PGlite, or PostgreSQL with
 * DATABASE_URL): a job runs once, a failed attempt is retried, a cron schedule adds one job per due time, a job sent
 * before a restart runs after it (PGlite data directory and PostgreSQL), two apps on one database never run the same
 * job twice, and a job whose instance died is taken over (or failed, when it must not run twice).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app.js';
import { JOB_SCHEMA, JobQueue } from '../../src/server/jobs/queue.js';
import { INTERRUPTED_MESSAGE, type JobInfo, type JobName } from '../../src/server/jobs/types.js';
import type { Db } from '../../src/server/db/database.js';
import { createTestApp, testConfig, type TestApp } from './test-app.js';

declare module '../../src/server/jobs/types.js' {
  interface JobPayloads {
    'test-once': { n: number };
    'test-flaky': { failTimes: number };
    'test-tick': Record<string, never>;
    'test-restart': { word: string };
    'test-shared': { n: number };
    'test-final': Record<string, never>;
    'test-handback': { n: number };
    'test-once-only': { n: number };
  }
}

const POLL_MS = 20;

async function until<T>(probe: () => Promise<T | undefined> | T | undefined, what: string): Promise<T> {
  for (let i = 0; i < 1500; i++) {
    const value = await probe();
    if (value !== undefined) return value;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`gave up waiting for ${what}`);
}

async function finished(jobs: JobQueue, name: JobName, id: string): Promise<JobInfo> {
  return until(async () => {
    const job = await jobs.get(name, id);
    return job && ['completed', 'failed', 'cancelled'].includes(job.state) ? job : undefined;
  }, `job ${id} to finish`);
}

/** As a dead instance leaves a job: active, its worker's heartbeat long overdue. */
async function leftByDeadInstance(db: Db, id: string): Promise<void> {
  await sql`update ${sql.table(`${JOB_SCHEMA}.job`)} set state = 'active', started_on = now(),
    heartbeat_on = now() - interval '1 hour' where id = ${id}::uuid`.execute(db);
}

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ jobPollMs: POLL_MS, demo: false });
}, 60_000);
afterAll(async () => t?.close());

describe('job queue', () => {
  it('runs a job once, keeps its result and progress readable by id', async () => {
    const seen: number[] = [];
    t.app.jobs.work('test-once', async (job) => {
      seen.push(job.payload.n);
      await job.progress({ done: 1, total: 1 });
      return { doubled: job.payload.n * 2 };
    });
    await t.app.ready();
    const id = await t.app.jobs.send('test-once', { n: 21 });
    expect(id).toBeTypeOf('string');
    const job = await finished(t.app.jobs, 'test-once', id!);
    expect(job).toMatchObject({ state: 'completed', attempts: 1, result: { doubled: 42 }, progress: { done: 1 } });
    // A file sent with a job lives as long as the job may still run.
    const withFile = await t.app.jobs.send('test-once', { n: 1 }, { file: { name: 'a.txt', bytes: Buffer.from('x') } });
    await finished(t.app.jobs, 'test-once', withFile!);
    expect(await t.db.selectFrom('job_file').selectAll().where('job_id', '=', withFile!).execute()).toEqual([]);
    // A few more polls: still run once.
    await new Promise((resolve) => setTimeout(resolve, POLL_MS * 5));
    expect(seen).toEqual([21, 1]);
  });

  it('retries a failed attempt, and fails for good after the last one', async () => {
    const attempts: number[] = [];
    t.app.jobs.work('test-flaky', async (job) => {
      attempts.push(job.attempt);
      if (job.attempt <= job.payload.failTimes) throw new Error(`第 ${job.attempt} 次失败`);
      return 'ok';
    });
    const recovers = await t.app.jobs.send('test-flaky', { failTimes: 2 }, { maxAttempts: 3, retryDelayMs: 10 });
    const recovered = await finished(t.app.jobs, 'test-flaky', recovers!);
    expect(recovered).toMatchObject({ state: 'completed', attempts: 3, result: 'ok', error: null });

    const givesUp = await t.app.jobs.send('test-flaky', { failTimes: 9 }, { maxAttempts: 2, retryDelayMs: 10 });
    const failed = await finished(t.app.jobs, 'test-flaky', givesUp!);
    expect(failed).toMatchObject({ state: 'failed', attempts: 2, error: '第 2 次失败' });
    expect(attempts).toEqual([1, 2, 3, 1, 2]);
  });

  it('fails at once on a JobFailure, and an exclusive queue drops a second job with the same key', async () => {
    const { JobFailure } = await import('../../src/server/jobs/types.js');
    t.app.jobs.work(
      'test-final',
      async () => {
        throw new JobFailure('文件无法读取');
      },
      { exclusive: true },
    );
    const first = await t.app.jobs.send('test-final', {}, { singletonKey: 'k', delayMs: 200 });
    const second = await t.app.jobs.send('test-final', {}, { singletonKey: 'k' });
    expect(second).toBeUndefined();
    expect(await finished(t.app.jobs, 'test-final', first!)).toMatchObject({
      state: 'failed',
      attempts: 1,
      error: '文件无法读取',
    });
    // Once the first is done, the key is free again.
    expect(await t.app.jobs.send('test-final', {}, { singletonKey: 'k' })).toBeTypeOf('string');
  });

  it('adds the jobs of a cron schedule, one per due time', async () => {
    const runs: string[] = [];
    t.app.jobs.work('test-tick', async (job) => {
      runs.push(job.id);
    });
    await t.app.jobs.schedule('test-tick', '* * * * *', {});
    expect(await t.app.jobs.scheduleOf('test-tick')).toEqual({ cron: '* * * * *', timeZone: 'Asia/Shanghai' });
    await until(() => (runs.length >= 1 ? true : undefined), 'a scheduled run');
    // Several more passes of the schedule (one a second here): the minute that is due is sent once.
    await new Promise((resolve) => setTimeout(resolve, 3500));
    await t.app.jobs.unschedule('test-tick');
    expect(await t.app.jobs.scheduleOf('test-tick')).toBeUndefined();
    const { rows } = await sql<{ minute: string }>`select date_trunc('minute', created_on)::text as minute
      from ${sql.table(`${JOB_SCHEMA}.job`)} where name = 'test-tick'`.execute(t.db);
    const minutes = rows.map((row) => row.minute);
    expect(minutes.length).toBeGreaterThan(0);
    expect(minutes.length).toBeLessThanOrEqual(2); // a minute may have turned during the test
    expect(new Set(minutes).size).toBe(minutes.length);
    // A job sent just before the schedule ended may still be on its way to the worker on a busy machine.
    await until(() => (runs.length >= minutes.length ? true : undefined), 'every scheduled job to run');
    expect(runs).toHaveLength(minutes.length);
  });

  it('two apps on one database never run the same job twice', async () => {
    const other = await t.sibling({ jobPollMs: POLL_MS, demo: false });
    const ranBy = new Map<number, string[]>();
    const handler = (who: string) => async (job: { payload: { n: number } }) => {
      ranBy.set(job.payload.n, [...(ranBy.get(job.payload.n) ?? []), who]);
      await new Promise((resolve) => setTimeout(resolve, 5));
    };
    t.app.jobs.work('test-shared', handler('a'), { concurrency: 3 });
    other.jobs.work('test-shared', handler('b'), { concurrency: 3 });
    await other.ready();
    const ids: string[] = [];
    for (let n = 0; n < 40; n++) ids.push((await t.app.jobs.send('test-shared', { n }))!);
    for (const id of ids) expect((await finished(t.app.jobs, 'test-shared', id)).state).toBe('completed');
    expect(ranBy.size).toBe(40);
    for (const runners of ranBy.values()) expect(runners).toHaveLength(1);
  });
});

describe('a job survives a restart', () => {
  async function sendThenRestart(open: () => Promise<FastifyInstance>): Promise<void> {
    const first = await open();
    await first.ready();
    const id = (await first.jobs.send('test-restart', { word: '你好' }))!;
    await first.close();

    const second = await open();
    try {
      const words: string[] = [];
      second.jobs.work('test-restart', async (job) => {
        words.push(job.payload.word);
      });
      await second.ready();
      expect(await finished(second.jobs, 'test-restart', id)).toMatchObject({ state: 'completed', attempts: 1 });
      expect(words).toEqual(['你好']);
    } finally {
      await second.close();
    }
  }

  it.runIf(!process.env.DATABASE_URL)(
    'on the embedded database: sent, app closed, reopened on the same data directory, run',
    async () => {
      const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-jobs-'));
      try {
        const config = testConfig({ dataDir, demo: false, jobPollMs: POLL_MS });
        await sendThenRestart(() => buildApp({ config }));
      } finally {
        rmSync(dataDir, { recursive: true, force: true });
      }
    },
    120_000,
  );

  it.runIf(Boolean(process.env.DATABASE_URL))(
    'on PostgreSQL: sent, app closed, another app on the same database runs it',
    async () => {
      await sendThenRestart(() => t.sibling({ jobPollMs: POLL_MS, demo: false }));
    },
  );

  it('a job taken by an instance that died runs again once its heartbeat is overdue', async () => {
    const id = (await t.app.jobs.send('test-restart', { word: 'lease' }, { delayMs: 60_000 }))!;
    await leftByDeadInstance(t.db, id);
    const queue = new JobQueue(t.db, { pollMs: POLL_MS });
    const words: string[] = [];
    queue.work('test-restart', async (job) => {
      words.push(job.payload.word);
    });
    await queue.start();
    try {
      expect(await finished(queue, 'test-restart', id)).toMatchObject({ state: 'completed', attempts: 2 });
      expect(words).toEqual(['lease']);
    } finally {
      await queue.stop();
    }
  });

  it('stopping cuts a running job off, and the next start runs it again', async () => {
    const stopping = new JobQueue(t.db, { pollMs: POLL_MS, stopGraceMs: 50 });
    let started!: () => void;
    const running = new Promise<void>((resolve) => (started = resolve));
    let aborted = false;
    stopping.work('test-handback', async (job) => {
      started();
      // A long job: it gives up only when told to stop.
      await new Promise((resolve) => job.signal.addEventListener('abort', resolve));
      aborted = true;
    });
    await stopping.start();
    const id = (await stopping.send('test-handback', { n: 1 }, { retryDelayMs: 0 }))!;
    await running;
    await stopping.stop();
    expect(aborted).toBe(true);
    expect(await t.app.jobs.get('test-handback', id)).toMatchObject({ state: 'retry', error: INTERRUPTED_MESSAGE });

    const next = new JobQueue(t.db, { pollMs: POLL_MS });
    const attempts: number[] = [];
    next.work('test-handback', async (job) => {
      attempts.push(job.attempt);
    });
    await next.start();
    try {
      expect(await finished(next, 'test-handback', id)).toMatchObject({ state: 'completed', attempts: 2 });
      expect(attempts).toEqual([2]);
    } finally {
      await next.stop();
    }
  });

  it('a job that must not run twice fails when cut off, by a stop or by its instance dying', async () => {
    const stopping = new JobQueue(t.db, { pollMs: POLL_MS, stopGraceMs: 50 });
    let started!: () => void;
    const running = new Promise<void>((resolve) => (started = resolve));
    stopping.work('test-once-only', async (job) => {
      started();
      await new Promise((resolve) => job.signal.addEventListener('abort', resolve));
    });
    await stopping.start();
    const stopped = (await stopping.send('test-once-only', { n: 1 }, { maxAttempts: 1 }))!;
    await running;
    await stopping.stop();
    expect(await t.app.jobs.get('test-once-only', stopped)).toMatchObject({
      state: 'failed',
      error: INTERRUPTED_MESSAGE,
    });

    const died = (await t.app.jobs.send('test-once-only', { n: 2 }, { delayMs: 60_000, maxAttempts: 1 }))!;
    await leftByDeadInstance(t.db, died);
    const next = new JobQueue(t.db, { pollMs: POLL_MS });
    const ran: number[] = [];
    next.work('test-once-only', async (job) => void ran.push(job.payload.n));
    await next.start();
    try {
      expect(await finished(next, 'test-once-only', died)).toMatchObject({
        state: 'failed',
        error: INTERRUPTED_MESSAGE,
      });
      expect(ran).toEqual([]);
    } finally {
      await next.stop();
    }
  });
});
