/**
 * The IoT tables (migrations.ts): credentials, readings with their rollups, device states and refusal counts. Readings are written by group commit (group-commit.ts): the messages of all devices that arrive while a
 * write runs go together in the next statement: the raw rows (a row already there is a replay and is skipped), the
 * minute and hour rollups of exactly the rows written, and the devices' last values. Credentials are read the
 * same way, so a reading costs a share of a statement, not a round trip of its own.
 */
import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { type Db, GroupCommit, type GroupCommitFigures, uniqueViolation } from '../../../src/server/module-api.js';
import type { ThresholdOverride } from './device-types.js';
import type { Reading, RefusalReason } from './readings.js';

export interface DeviceCredential {
  deviceId: string;
  projectId: string;
  serial: string;
  deviceType: string;
  secret: string;
  /** The device's own threshold values (the registry's thresholdOverrides). */
  overrides: ThresholdOverride[];
}

export interface DeviceState {
  deviceId: string;
  lastSeen: Date;
  lastValues: Record<string, number>;
}

export type SeriesGrain = 'raw' | 'minute' | 'hour';

export interface SeriesPoint {
  t: Date;
  avg: number;
  min: number;
  max: number;
}

const DEVICE_TABLE = 'c_iot_device';

/** A create that lost a race to another instance: duplicate table, or the catalogue's unique key. */
function alreadyCreated(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === '42P07' || uniqueViolation(error) !== undefined;
}

/** `iot_reading_y2026m11` for the month of `day` (UTC months: partitions are ranges of instants). */
function partitionName(year: number, month: number): string {
  return `iot_reading_y${year}m${String(month + 1).padStart(2, '0')}`;
}

/** One message's readings waiting for the next write. */
interface PendingMessage {
  deviceId: string;
  readings: readonly Reading[];
}

export class TelemetryStore {
  private readonly partitions = new Set<string>();
  private readonly writes = new GroupCommit<PendingMessage, number>((messages) => this.write(messages));
  private readonly credentials = new GroupCommit<string, DeviceCredential | undefined>((deviceIds) =>
    this.loadCredentials(deviceIds),
  );

  constructor(private readonly db: Db) {}

  /** Messages waiting to be written now. */
  get backlog(): number {
    return this.writes.waiting;
  }

  /** The statements of the group commits since the last call, for the runtime stats. */
  takeFigures(): Record<string, GroupCommitFigures> {
    return {
      writes: this.writes.takeFigures(),
      credentials: this.credentials.takeFigures(),
    };
  }

  /** The monthly partitions from `from` to `to` (inclusive months), created when missing. */
  async ensurePartitions(from: Date, to: Date): Promise<void> {
    let year = from.getUTCFullYear();
    let month = from.getUTCMonth();
    while (year < to.getUTCFullYear() || (year === to.getUTCFullYear() && month <= to.getUTCMonth())) {
      const name = partitionName(year, month);
      if (!this.partitions.has(name)) {
        const start = new Date(Date.UTC(year, month, 1)).toISOString();
        const end = new Date(Date.UTC(year, month + 1, 1)).toISOString();
        try {
          await sql`create table if not exists ${sql.table(name)} partition of iot_reading
            for values from (${sql.lit(start)}) to (${sql.lit(end)})`.execute(this.db);
        } catch (error) {
          // Another instance created it between our check and our create: the partition is there all the same.
          if (!alreadyCreated(error)) throw error;
        }
        this.partitions.add(name);
      }
      month += 1;
      if (month === 12) {
        month = 0;
        year += 1;
      }
    }
  }

  /** Drops the partitions of months wholly before `before`; answers their names. */
  async dropPartitionsBefore(before: Date): Promise<string[]> {
    const { rows } = await sql<{ name: string }>`select c.relname as name from pg_inherits i
      join pg_class c on c.oid = i.inhrelid join pg_class p on p.oid = i.inhparent
      where p.relname = 'iot_reading'`.execute(this.db);
    const limit = partitionName(before.getUTCFullYear(), before.getUTCMonth());
    const old = rows.map((row) => row.name).filter((name) => name < limit);
    for (const name of old) {
      await sql`drop table if exists ${sql.table(name)}`.execute(this.db);
      this.partitions.delete(name);
    }
    return old;
  }

  /** The device of an id, with its secret; undefined for an unknown id, a device without secret or a deleted one. */
  credential(deviceId: string): Promise<DeviceCredential | undefined> {
    return this.credentials.submit(deviceId);
  }

  private async loadCredentials(deviceIds: string[]): Promise<(DeviceCredential | undefined)[]> {
    const { rows } = await sql<DeviceCredential>`select c.device_id as "deviceId", d.project_id as "projectId",
        d.serial, d.device_type as "deviceType", c.secret,
        coalesce(d.threshold_overrides, '[]'::jsonb) as overrides
      from iot_credential c join ${sql.table(DEVICE_TABLE)} d on d.id = c.device_id
      where c.device_id = any(${sql.val(deviceIds)}::text[])`.execute(this.db);
    const found = new Map(rows.map((row) => [row.deviceId, row]));
    return deviceIds.map((deviceId) => found.get(deviceId));
  }

  /** A new secret for the device (any earlier one stops working). */
  async issueSecret(device: Omit<DeviceCredential, 'secret' | 'overrides'>): Promise<string> {
    const secret = randomBytes(24).toString('base64url');
    await sql`insert into iot_credential (device_id, project_id, serial, device_type, secret)
      values (${device.deviceId}, ${device.projectId}, ${device.serial}, ${device.deviceType}, ${secret})
      on conflict (device_id) do update set serial = excluded.serial, device_type = excluded.device_type,
        project_id = excluded.project_id, secret = excluded.secret, issued_at = now()`.execute(this.db);
    return secret;
  }

  async hasSecret(deviceIds: readonly string[]): Promise<Set<string>> {
    if (deviceIds.length === 0) return new Set();
    const { rows } = await sql<{ id: string }>`select device_id as id from iot_credential
      where device_id in (${sql.join(deviceIds)})`.execute(this.db);
    return new Set(rows.map((row) => row.id));
  }

  /**
   * Stores the readings of one message; answers how many metric values were new (0: the whole message was a
   * replay), once the statement that wrote them has completed. Rollups and the device's last values move only by
   * what was written.
   */
  store(deviceId: string, readings: readonly Reading[]): Promise<number> {
    return this.writes.submit({ deviceId, readings });
  }

  /** The messages of several devices in one statement; answers each message's count of new values. */
  private async write(messages: PendingMessage[]): Promise<number[]> {
    const owners: number[] = [];
    const devices: string[] = [];
    const metrics: string[] = [];
    const times: string[] = [];
    const values: number[] = [];
    // A value sent twice in one batch (a resend over MQTT beside the same reading over HTTP) is written once and
    // counts for the first message that carried it.
    const seen = new Set<string>();
    messages.forEach((message, index) => {
      for (const reading of message.readings) {
        const ts = reading.ts.toISOString();
        for (const [metric, value] of Object.entries(reading.values)) {
          const key = `${message.deviceId}\n${metric}\n${ts}`;
          if (seen.has(key)) continue;
          seen.add(key);
          owners.push(index);
          devices.push(message.deviceId);
          metrics.push(metric);
          times.push(ts);
          values.push(value);
        }
      }
    });
    if (values.length === 0) return messages.map(() => 0);
    // Rows go in key order, so two instances' batches lock shared rows (a device's rollup reported through both)
    // in the same order and never deadlock.
    const rollup = (grain: 'minute' | 'hour') => sql`insert into iot_rollup
        (device_id, metric, grain, bucket, count, sum, min, max)
      select device_id, metric, ${sql.lit(grain)}, date_trunc(${sql.lit(grain)}, ts) as bucket, count(*), sum(value),
          min(value), max(value)
        from written group by device_id, metric, date_trunc(${sql.lit(grain)}, ts)
        order by device_id, metric, bucket
      on conflict (device_id, metric, grain, bucket) do update set count = iot_rollup.count + excluded.count,
        sum = iot_rollup.sum + excluded.sum, min = least(iot_rollup.min, excluded.min),
        max = greatest(iot_rollup.max, excluded.max)`;
    const { rows } = await sql<{ owner: number; n: string }>`with input as (
        select * from unnest(${sql.val(owners)}::int[], ${sql.val(devices)}::text[], ${sql.val(metrics)}::text[],
          ${sql.val(times)}::timestamptz[], ${sql.val(values)}::float8[]) as i(owner, device_id, metric, ts, value)
      ),
      written as (
        insert into iot_reading (device_id, metric, ts, value)
        select device_id, metric, ts, value from input order by device_id, metric, ts
        on conflict do nothing
        returning device_id, metric, ts, value
      ),
      by_minute as (${rollup('minute')}),
      by_hour as (${rollup('hour')}),
      latest as (
        select distinct on (device_id, metric) device_id, metric, value, ts from written
        order by device_id, metric, ts desc
      ),
      state as (
        insert into iot_device_state (device_id, last_seen, last_values)
        select device_id, max(ts), jsonb_object_agg(metric, value) from latest group by device_id order by device_id
        on conflict (device_id) do update set
          last_seen = greatest(iot_device_state.last_seen, excluded.last_seen),
          last_values = case when excluded.last_seen >= iot_device_state.last_seen
            then iot_device_state.last_values || excluded.last_values else iot_device_state.last_values end
      )
      select i.owner, count(*) as n from written w join input i using (device_id, metric, ts)
      group by i.owner`.execute(this.db);
    const counts = messages.map(() => 0);
    for (const row of rows) counts[row.owner] = Number(row.n);
    return counts;
  }

  /** The hourly averages of a metric at the given hours (keys: epoch ms of each hour found). */
  async hourAverages(deviceId: string, metric: string, hours: readonly Date[]): Promise<Map<number, number>> {
    const { rows } = await sql<{ bucket: Date; avg: number }>`select bucket, sum / count as avg from iot_rollup
      where device_id = ${deviceId} and metric = ${metric} and grain = 'hour'
        and bucket in (${sql.join(hours.map((h) => sql`${h.toISOString()}::timestamptz`))})`.execute(this.db);
    return new Map(rows.map((row) => [new Date(row.bucket).getTime(), row.avg]));
  }

  /** Takes a rule's check of a device for a day once: false when it was judged that day already. */
  async takeDailyCheck(deviceId: string, ruleId: string, day: string): Promise<boolean> {
    const { rows } = await sql`insert into iot_daily_check (device_id, rule_id, day)
      values (${deviceId}, ${ruleId}, ${day}) on conflict do nothing returning day`.execute(this.db);
    return rows.length === 1;
  }

  /**
   * A metric's readings over [from, to): how many, and their mean, plain (arithmetic: from the hour rollups when the
   * window is whole hours, else the minute ones) or of sound levels (energy: 10·lg(mean(10^(L/10))), the equivalent
   * level Leq, from the raw readings).
   */
  async windowFigures(
    deviceId: string,
    metric: string,
    from: Date,
    to: Date,
    kind: 'energy' | 'arithmetic',
  ): Promise<{ count: number; mean: number | undefined }> {
    if (kind === 'energy') {
      const { rows } = await sql<{ count: string; mean: number | null }>`select count(*) as count,
          10 * log(avg(power(10::float8, value / 10))) as mean
        from iot_reading where device_id = ${deviceId} and metric = ${metric} and ts >= ${from} and ts < ${to}`.execute(
        this.db,
      );
      return { count: Number(rows[0]?.count ?? 0), mean: rows[0]?.mean ?? undefined };
    }
    const HOUR = 3600_000;
    const grain = from.getTime() % HOUR === 0 && to.getTime() % HOUR === 0 ? 'hour' : 'minute';
    const { rows } = await sql<{ count: string | null; total: number | null }>`select sum(count) as count,
        sum(sum) as total from iot_rollup
      where device_id = ${deviceId} and metric = ${metric} and grain = ${grain} and bucket >= ${from}
        and bucket < ${to}`.execute(this.db);
    const count = Number(rows[0]?.count ?? 0);
    return { count, mean: count > 0 ? Number(rows[0]?.total) / count : undefined };
  }

  /** A metric's first stored reading of a device (undefined before any). */
  async firstValue(deviceId: string, metric: string): Promise<number | undefined> {
    const { rows } = await sql<{ value: number }>`select value from iot_reading
      where device_id = ${deviceId} and metric = ${metric} order by ts limit 1`.execute(this.db);
    return rows[0]?.value;
  }

  /** Takes a windowed rule's judgement of a device's window (by its end) once: false when it was judged already. */
  async takeWindowCheck(deviceId: string, ruleId: string, windowEnd: Date): Promise<boolean> {
    const { rows } = await sql`insert into iot_window_check (device_id, rule_id, window_end)
      values (${deviceId}, ${ruleId}, ${windowEnd}) on conflict do nothing returning window_end`.execute(this.db);
    return rows.length === 1;
  }

  async hasReadings(deviceId: string): Promise<boolean> {
    const { rows } = await sql`select 1 from iot_reading where device_id = ${deviceId} limit 1`.execute(this.db);
    return rows.length > 0;
  }

  async countRefusal(deviceId: string, reason: RefusalReason, at: Date): Promise<void> {
    await sql`insert into iot_refusal (day, device_id, reason, count, last_at)
      values (${at.toISOString().slice(0, 10)}, ${deviceId.slice(0, 64)}, ${reason}, 1, ${at})
      on conflict (day, device_id, reason) do update set count = iot_refusal.count + 1, last_at = excluded.last_at`.execute(
      this.db,
    );
  }

  async refusals(deviceId: string): Promise<{ reason: string; count: number }[]> {
    const { rows } = await sql<{ reason: string; count: number }>`select reason, sum(count)::int as count
      from iot_refusal where device_id = ${deviceId} group by reason order by reason`.execute(this.db);
    return rows;
  }

  async states(deviceIds: readonly string[]): Promise<Map<string, DeviceState>> {
    if (deviceIds.length === 0) return new Map();
    const { rows } = await sql<DeviceState>`select device_id as "deviceId", last_seen as "lastSeen",
        last_values as "lastValues" from iot_device_state where device_id in (${sql.join(deviceIds)})`.execute(this.db);
    return new Map(rows.map((row) => [row.deviceId, row]));
  }

  /**
   * Metrics of a device from `from` on, in one query: raw values, or the minute or hour rollups (avg, min, max);
   * ordered by metric, then time.
   */
  async series(
    deviceId: string,
    metrics: readonly string[],
    from: Date,
    grain: SeriesGrain,
  ): Promise<(SeriesPoint & { metric: string })[]> {
    if (metrics.length === 0) return [];
    if (grain === 'raw') {
      const { rows } = await sql<{ metric: string; t: Date; value: number }>`select metric, ts as t, value
        from iot_reading where device_id = ${deviceId} and metric in (${sql.join(metrics)}) and ts >= ${from}
        order by metric, ts`.execute(this.db);
      return rows.map((row) => ({ metric: row.metric, t: row.t, avg: row.value, min: row.value, max: row.value }));
    }
    const { rows } = await sql<SeriesPoint & { metric: string }>`select metric, bucket as t, sum / count as avg, min,
        max from iot_rollup
      where device_id = ${deviceId} and metric in (${sql.join(metrics)}) and grain = ${grain} and bucket >= ${from}
      order by metric, bucket`.execute(this.db);
    return rows;
  }
}
