/**
 * The job queue's figures, on the embedded database (PGlite, in memory) and on the PostgreSQL server of the machine
 * (PGSERVER_URL, a database made for the run):
 *   - throughput: 2,000 jobs sent at once, run by one instance's worker (concurrency 10) until all are completed;
 *   - latency: 100 jobs sent one at a time to an idle worker, from `send` to the handler's start (p50, p95).
 * The queue (pg-boss) is driven through the same calls the portal makes (`send`, `work`, `start`, `stop`), so the
 * figures of the hand-made queue it replaced (JOB_QUEUE_BEFORE, measured with this file) stay comparable.
 */
import pg from 'pg';
import { createDatabase, type Db } from '../src/server/db/database';
import { migrateToLatest } from '../src/server/db/migrate';
import { installJobQueue, JobQueue } from '../src/server/jobs/queue';
import { median, quantile } from './measure';
import type { ServerFigure } from './server-figures';

declare module '../src/server/jobs/types' {
  interface JobPayloads {
    'bench-throughput': { n: number };
    'bench-latency': { sentAt: number };
  }
}

const THROUGHPUT_JOBS = 2_000;
const LATENCY_JOBS = 100;

interface QueueFigures {
  jobsPerSecond: number;
  latencyP50Ms: number;
  latencyP95Ms: number;
}

/**
 * The hand-made queue (polling every second, woken by a send in the same process), measured with this file on
 * Node 24 on this machine (2 cores) on 2026-11-27, before pg-boss replaced it.
 */
const JOB_QUEUE_BEFORE: Record<'pglite' | 'postgres', QueueFigures> = {
  pglite: { jobsPerSecond: 285, latencyP50Ms: 7.0, latencyP95Ms: 8.5 },
  postgres: { jobsPerSecond: 691, latencyP50Ms: 3.6, latencyP95Ms: 7.5 },
};

async function measureQueue(db: Db): Promise<QueueFigures> {
  const queue = new JobQueue(db, { pollMs: 1000 });
  let done = 0;
  let allDone: () => void = () => undefined;
  const finished = new Promise<void>((resolve) => (allDone = resolve));
  queue.work(
    'bench-throughput',
    async () => {
      done += 1;
      if (done === THROUGHPUT_JOBS) allDone();
    },
    { concurrency: 10 },
  );
  const latencies: number[] = [];
  let started: () => void = () => undefined;
  queue.work('bench-latency', async (job) => {
    latencies.push(performance.now() - job.payload.sentAt);
    started();
  });
  await queue.start();
  try {
    const began = performance.now();
    for (let sent = 0; sent < THROUGHPUT_JOBS; sent += 100)
      await Promise.all(Array.from({ length: 100 }, (_, i) => queue.send('bench-throughput', { n: sent + i })));
    await finished;
    const jobsPerSecond = THROUGHPUT_JOBS / ((performance.now() - began) / 1000);
    for (let i = 0; i < LATENCY_JOBS; i += 1) {
      const running = new Promise<void>((resolve) => (started = resolve));
      await queue.send('bench-latency', { sentAt: performance.now() });
      await running;
    }
    return { jobsPerSecond, latencyP50Ms: median(latencies), latencyP95Ms: quantile(latencies, 0.95) };
  } finally {
    await queue.stop();
  }
}

async function onPostgres<T>(work: (db: Db) => Promise<T>): Promise<T | undefined> {
  const server = process.env.PGSERVER_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const admin = new pg.Client({ connectionString: server });
  try {
    await admin.connect();
  } catch {
    return undefined; // no PostgreSQL server here: the embedded figures alone
  }
  const name = `portal_bench_jobs_${process.pid}`;
  await admin.query(`create database ${name}`);
  const db = createDatabase({ kind: 'postgres', url: `${server.slice(0, server.lastIndexOf('/'))}/${name}` });
  try {
    await migrateToLatest(db);
    await installJobQueue(db);
    return await work(db);
  } finally {
    await db.destroy();
    await admin.query(`drop database ${name}`);
    await admin.end();
  }
}

const describeFigures = (figures: QueueFigures) =>
  `${figures.jobsPerSecond.toFixed(0)} jobs/s, send to start p50 ${figures.latencyP50Ms.toFixed(1)} ms, ` +
  `p95 ${figures.latencyP95Ms.toFixed(1)} ms`;

export async function measureJobFigures(): Promise<ServerFigure[]> {
  console.log('\n== Job queue: 2,000 jobs through one worker (concurrency 10); 100 single sends to an idle worker ==');
  const figures: ServerFigure[] = [];
  const embedded = createDatabase({ kind: 'memory' });
  try {
    await migrateToLatest(embedded);
    await installJobQueue(embedded);
    const now = await measureQueue(embedded);
    figures.push(
      { label: 'jobs on PGlite, now', value: describeFigures(now), budget: 'no budget', met: undefined },
      {
        label: 'jobs on PGlite, before',
        value: describeFigures(JOB_QUEUE_BEFORE.pglite),
        budget: 'the hand-made queue',
        met: undefined,
      },
    );
  } finally {
    await embedded.destroy();
  }
  const onServer = await onPostgres(measureQueue);
  if (onServer)
    figures.push(
      { label: 'jobs on PostgreSQL, now', value: describeFigures(onServer), budget: 'no budget', met: undefined },
      {
        label: 'jobs on PostgreSQL, before',
        value: describeFigures(JOB_QUEUE_BEFORE.postgres),
        budget: 'the hand-made queue',
        met: undefined,
      },
    );
  for (const figure of figures) console.log(`  ${figure.label.padEnd(28)} ${figure.value}`);
  return figures;
}
