/**
 * Retention of telemetry, a daily job on the job queue (`iot-retention`, 03:30 China time, and once at start):
 * - raw readings older than PORTAL_IOT_RETENTION_MONTHS go: on PostgreSQL whole monthly partitions are dropped
 *   (no row-by-row delete, no bloat; the month at the boundary stays until it is wholly past, so up to a month
 *   more is kept); on PGlite, a small single-site database, the rows of the boundary month are deleted too;
 * - minute rollups (the 24-hour charts) go with the raw readings they summarize;
 * - hour rollups (the 7- and 30-day charts, the cooling rule) are kept HOUR_ROLLUP_MONTHS, at least as long as raw;
 * - housekeeping: daily and windowed rule checks, refusal counts past the raw retention (the platform keeps device
 *   nonces).
 * Every step is idempotent: a run cut off is simply run again.
 */
import { sql } from 'kysely';
import { databaseKind, type Db } from '../../../src/server/module-api.js';
import type { TelemetryStore } from './telemetry-store.js';

declare module '../../../src/server/jobs/types.js' {
  interface JobPayloads {
    'iot-retention': Record<string, never>;
  }
}

export const RETENTION_JOB = 'iot-retention';
/** Daily at 03:30 China time, when sites are quiet. */
export const RETENTION_CRON = '30 3 * * *';
/** Hour rollups are kept five years: a month's hourly curve of a device is about 5,000 small rows per metric. */
export const HOUR_ROLLUP_MONTHS = 60;

export interface RetentionResult {
  [key: string]: string | number | string[];
  keepRawFrom: string;
  droppedPartitions: string[];
  deletedReadings: number;
  deletedMinuteRollups: number;
  deletedHourRollups: number;
}

function monthsBefore(at: Date, months: number): Date {
  const from = new Date(at);
  from.setUTCMonth(from.getUTCMonth() - months);
  return from;
}

export async function applyRetention(
  db: Db,
  store: TelemetryStore,
  now: Date,
  retentionMonths: number,
): Promise<RetentionResult> {
  const keepRawFrom = monthsBefore(now, retentionMonths);
  const keepHoursFrom = monthsBefore(now, Math.max(HOUR_ROLLUP_MONTHS, retentionMonths));
  const droppedPartitions = await store.dropPartitionsBefore(keepRawFrom);
  let deletedReadings = 0;
  if (databaseKind(db) !== 'postgres') {
    const result = await sql`delete from iot_reading where ts < ${keepRawFrom}`.execute(db);
    deletedReadings = Number(result.numAffectedRows ?? 0);
  }
  const minutes = await sql`delete from iot_rollup where grain = 'minute' and bucket < ${keepRawFrom}`.execute(db);
  const hours = await sql`delete from iot_rollup where grain = 'hour' and bucket < ${keepHoursFrom}`.execute(db);
  await sql`delete from iot_daily_check where day < ${new Date(now.getTime() - 7 * 86_400_000).toISOString().slice(0, 10)}`.execute(
    db,
  );
  await sql`delete from iot_window_check where window_end < ${new Date(now.getTime() - 7 * 86_400_000)}`.execute(db);
  await sql`delete from iot_refusal where day < ${keepRawFrom.toISOString().slice(0, 10)}`.execute(db);
  return {
    keepRawFrom: keepRawFrom.toISOString(),
    droppedPartitions,
    deletedReadings,
    deletedMinuteRollups: Number(minutes.numAffectedRows ?? 0),
    deletedHourRollups: Number(hours.numAffectedRows ?? 0),
  };
}
