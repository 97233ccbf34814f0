/**
 * 系统管理 / 服务监控 (GET /api/system/server/instances and /database): the instances of the portal on the database
 * from the job queue's registry, with the portal's version, process figures formatted for people and whether each
 * runs (运行中), stopped (已停止) or went quiet (失联); the database's engine, version, size and connections;
 * administrators only.
 */
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { portalInstanceName } from '../../src/server/jobs/instance-name.js';
import { JOB_SCHEMA, JobQueue } from '../../src/server/jobs/queue.js';
import { packageVersion } from '../../src/server/package-version.js';
import { useCallers } from './admin-helpers.js';
import { useTestApp } from './test-app.js';

interface InstanceRow {
  id: string;
  instance: string;
  version: string;
  host: string;
  pid: number;
  nodeVersion: string;
  state: string;
  current: boolean;
  startedAt: string;
  uptime: string;
  heartbeatAt: string;
  heartbeatAgo: string;
  rss: string;
  heap: string;
  cpu: string;
  loopDelay: string;
  loopUtilization: string;
  pool: string;
  crashRestarts: number;
}

interface DatabaseRow {
  engine: string;
  version: string;
  size: string;
  connections: string;
  pool: string;
}

const POLL_MS = 50;
const t = useTestApp({ jobPollMs: POLL_MS });
const who = useCallers(t);

async function instances(): Promise<InstanceRow[]> {
  const answer = await who.admin.call<InstanceRow[]>('GET', '/api/system/server/instances');
  expect(answer.msgCode).toBe(0);
  return answer.data!;
}

async function until<T>(probe: () => Promise<T | undefined>, what: string): Promise<T> {
  for (let i = 0; i < 400; i++) {
    const value = await probe();
    if (value !== undefined) return value;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`gave up waiting for ${what}`);
}

describe('服务监控', () => {
  it("shows this instance with the portal's version and its figures formatted for people", async () => {
    // Figures come with the heartbeat after the first (every second here; the CPU needs two samples).
    const own = await until(async () => {
      const row = (await instances()).find((instance) => instance.current);
      return row && row.cpu !== '—' ? row : undefined;
    }, 'a heartbeat with figures');
    expect(own).toMatchObject({
      instance: t.config.instanceName,
      version: packageVersion(),
      pid: process.pid,
      nodeVersion: process.version,
      state: 'running',
      crashRestarts: 0,
    });
    expect(Date.parse(own.heartbeatAt)).toBeGreaterThanOrEqual(Date.parse(own.startedAt));
    expect(own.uptime).toMatch(/^(不足1分钟|\d+分钟|\d+小时(\d+分钟)?|\d+天(\d+小时)?)$/);
    expect(own.rss).toMatch(/^\d+\.\d (MB|GB)$|^\d+\.\d\d GB$/);
    expect(own.heap).toMatch(/^\d+\.\d MB \/ \d+(\.\d+)? (MB|GB)$/);
    expect(own.cpu).toMatch(/^\d+\.\d\d 核 \/ \d+(\.\d+)? 核$/);
    expect(own.heartbeatAgo).toMatch(/^\d+(秒|分钟)前$/);
    expect(own.loopDelay).toMatch(/^\d+(\.\d)? ms \/ \d+(\.\d)? ms$/);
    expect(own.loopUtilization).toMatch(/^\d+\.\d%$/);
    // PGlite: the queue shares the embedded database, no pool of its own.
    if (!process.env.DATABASE_URL) expect(own.pool).toBe('—');
    else expect(own.pool).toMatch(/^\d+\/\d+，等待 \d+$/);
  });

  it('tells a stopped instance from one gone quiet, running ones first', async () => {
    const other = new JobQueue(t.db, { pollMs: POLL_MS, instanceName: portalInstanceName('web-2:8081', '0.9.0') });
    await other.start();
    const running = await until(
      async () => (await instances()).find((row) => row.instance === 'web-2:8081'),
      'the other instance',
    );
    expect(running).toMatchObject({ version: '0.9.0', state: 'running', current: false });
    await other.stop();
    expect((await instances()).find((row) => row.id === running.id)).toMatchObject({ state: 'stopped' });

    // As a crashed process leaves its row: never stopped, its heartbeat long past.
    await sql`update ${sql.table(`${JOB_SCHEMA}.instance`)} set stopped_on = null,
      heartbeat_on = now() - interval '10 minutes' where id = ${running.id}::uuid`.execute(t.db);
    const rows = await instances();
    expect(rows.find((row) => row.id === running.id)).toMatchObject({ state: 'lost' });
    const order = { running: 0, lost: 1, stopped: 2 } as Record<string, number>;
    const states = rows.map((row) => order[row.state]);
    expect(states).toEqual([...states].sort((a, b) => a - b));
  });

  it('shows the database the instances share', async () => {
    const answer = await who.admin.call<DatabaseRow[]>('GET', '/api/system/server/database');
    expect(answer.msgCode).toBe(0);
    const [database] = answer.data!;
    expect(database.version).toMatch(/^PostgreSQL \d+(\.\d+)?/);
    expect(database.size).toMatch(/^\d+\.\d (MB|GB)$|^\d+\.\d\d GB$/);
    if (process.env.DATABASE_URL) {
      expect(database.engine).toBe('PostgreSQL');
      expect(database.connections).toMatch(/^\d+ 个（活动 \d+ 个），服务器上限 \d+$/);
      expect(database.pool).toMatch(/^共 \d+，空闲 \d+，等待 \d+$/);
    } else {
      expect(database).toMatchObject({
        engine: 'PGlite（嵌入式 PostgreSQL）',
        connections: '进程内嵌入，单连接',
        pool: '—',
      });
    }
  });

  it('is for administrators only', async () => {
    for (const url of ['/api/system/server/instances', '/api/system/server/database']) {
      for (const caller of [who.manager, who.staff]) expect((await caller.call('GET', url)).msgCode).toBe(-403);
      expect((await who.none.call('GET', url)).msgCode).toBe(-401);
    }
  });
});
