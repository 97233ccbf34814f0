/**
 * Retention of telemetry as a daily job of the job queue: raw readings past PORTAL_IOT_RETENTION_MONTHS go (whole
 * monthly partitions; on PGlite the boundary month's old rows too), minute rollups with them, hour rollups stay
 * five years; recent data is never touched.
 */
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { HOUR_ROLLUP_MONTHS, type RetentionResult } from '../../modules/iot/server/retention.js';
import { TelemetryStore } from '../../modules/iot/server/telemetry-store.js';
import { databaseKind } from '../../src/server/db/engine.js';
import type { JobInfo } from '../../src/server/jobs/types.js';
import { useCallers } from './admin-helpers.js';
import { useTestApp } from './test-app.js';

const RETENTION_MONTHS = 2;
const t = useTestApp({
  environment: { PORTAL_MQTT_PORT: 'off', PORTAL_IOT_RETENTION_MONTHS: String(RETENTION_MONTHS) },
  jobPollMs: 20,
});
const who = useCallers(t);

function monthsAgo(months: number, at = new Date()): Date {
  const d = new Date(at);
  d.setUTCMonth(d.getUTCMonth() - months);
  return d;
}

/** Sends a retention run: the queue is exclusive, so one sent at start may still be waiting or running. */
async function sendRetention(): Promise<string> {
  for (let i = 0; i < 1500; i++) {
    const id = await t.app.jobs.send('iot-retention', {});
    if (id) return id;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error('the retention queue stayed busy');
}

async function finished(id: string): Promise<JobInfo> {
  for (let i = 0; i < 1500; i++) {
    const job = await t.app.jobs.get('iot-retention', id);
    if (job && ['completed', 'failed', 'cancelled'].includes(job.state)) return job;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`job ${id} did not finish`);
}

describe('iot-retention job', () => {
  it('is scheduled daily at 03:30 China time', async () => {
    expect(await t.app.jobs.scheduleOf('iot-retention')).toEqual({ cron: '30 3 * * *', timeZone: 'Asia/Shanghai' });
  });

  it('drops raw readings past the retention, keeps hour rollups longer and recent data whole', async () => {
    const created = await who.manager.call<{ id: string }>('POST', '/api/data/iot-device', {
      projectId: 'project-binjiang',
      name: '保留期测试扬尘',
      deviceType: 'environment',
      serial: 'RET-ENV-01',
    });
    const id = created.data!.id;
    const now = new Date();
    const keepFrom = monthsAgo(RETENTION_MONTHS, now);
    const old = monthsAgo(RETENTION_MONTHS + 3, now);
    // The first minute of the boundary month: before keepFrom, in a partition that stays.
    const boundary = new Date(Date.UTC(keepFrom.getUTCFullYear(), keepFrom.getUTCMonth(), 1, 0, 1));
    const recent = new Date(now.getTime() - 86_400_000);
    const ancient = monthsAgo(HOUR_ROLLUP_MONTHS + 1, now);
    await new TelemetryStore(t.db).ensurePartitions(old, now);
    for (const ts of [old, boundary, recent])
      await sql`insert into iot_reading (device_id, metric, ts, value) values (${id}, 'pm10', ${ts}, 80)`.execute(t.db);
    for (const [grain, bucket] of [
      ['minute', old],
      ['minute', recent],
      ['hour', old],
      ['hour', ancient],
      ['hour', recent],
    ] as const)
      await sql`insert into iot_rollup (device_id, metric, grain, bucket, count, sum, min, max)
        values (${id}, 'pm10', ${grain}, ${bucket}, 1, 80, 80, 80)`.execute(t.db);

    const job = await finished(await sendRetention());
    expect(job.state).toBe('completed');
    const result = job.result as RetentionResult;
    const oldPartition = `iot_reading_y${old.getUTCFullYear()}m${String(old.getUTCMonth() + 1).padStart(2, '0')}`;
    expect(result.droppedPartitions).toContain(oldPartition);

    const { rows: readings } = await sql<{ ts: Date }>`select ts from iot_reading where device_id = ${id}
      order by ts`.execute(t.db);
    const pglite = databaseKind(t.db) !== 'postgres';
    expect(readings.map((r) => new Date(r.ts).toISOString())).toEqual(
      (pglite ? [recent] : [boundary, recent]).map((d) => d.toISOString()),
    );
    const { rows: rollups } = await sql<{ grain: string; bucket: Date }>`select grain, bucket from iot_rollup
      where device_id = ${id} order by grain, bucket`.execute(t.db);
    expect(rollups.map((r) => [r.grain, new Date(r.bucket).toISOString()])).toEqual([
      ['hour', old.toISOString()],
      ['hour', recent.toISOString()],
      ['minute', recent.toISOString()],
    ]);
    const { rows: partitions } = await sql<{ name: string }>`select c.relname as name from pg_inherits i
      join pg_class c on c.oid = i.inhrelid join pg_class p on p.oid = i.inhparent
      where p.relname = 'iot_reading'`.execute(t.db);
    expect(partitions.map((p) => p.name)).not.toContain(oldPartition);

    // Run again: nothing left to remove, nothing recent touched.
    const again = await finished(await sendRetention());
    expect(again.result).toMatchObject({ droppedPartitions: [], deletedReadings: 0, deletedHourRollups: 0 });
  });
});
