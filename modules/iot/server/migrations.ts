/**
 * The IoT module's own tables (the device registry itself is the collection iot-device):
 * - iot_credential: a device's secret for ingestion, by device id (the id is its identity on the wire; its serial
 *   is the owner's label, unique within a project only: 0004);
 * - iot_reading: raw readings, one row per metric, partitioned by month on `ts` so old months are dropped whole
 *   (retention) and a query of a day touches one partition; the primary key refuses a replayed reading;
 * - iot_rollup: per-minute and per-hour count/sum/min/max of each metric, updated with every stored reading, so a
 *   30-day chart reads at most 720 rows per metric instead of the raw ones;
 * - iot_device_state: the last report and values of each device (online/offline, the list's last values);
 * - iot_nonce: nonces of signed HTTP readings, until the platform's one device_nonce took them (0004);
 * - iot_refusal: refused readings counted by day, device id and reason (a refused reading is never stored);
 * - iot_daily_check, iot_window_check: the rules judged once a day (cooling) or once a window (noise Leq, PM10 mean).
 */
import { type Kysely, sql } from 'kysely';
import type { Migration } from 'kysely/migration';

type AnyDb = Kysely<unknown>;

const foundation: Migration = {
  async up(db: AnyDb) {
    await db.schema
      .createTable('iot_credential')
      .addColumn('device_id', 'text', (c) => c.primaryKey())
      .addColumn('project_id', 'text', (c) => c.notNull())
      .addColumn('serial', 'text', (c) => c.notNull().unique())
      .addColumn('device_type', 'text', (c) => c.notNull())
      .addColumn('secret', 'text', (c) => c.notNull())
      .addColumn('issued_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .execute();
    await sql`create table iot_reading (
      device_id text not null,
      metric text not null,
      ts timestamptz not null,
      value double precision not null,
      received_at timestamptz not null default now(),
      primary key (device_id, metric, ts)
    ) partition by range (ts)`.execute(db);
    await db.schema
      .createTable('iot_rollup')
      .addColumn('device_id', 'text', (c) => c.notNull())
      .addColumn('metric', 'text', (c) => c.notNull())
      .addColumn('grain', 'text', (c) => c.notNull())
      .addColumn('bucket', 'timestamptz', (c) => c.notNull())
      .addColumn('count', 'integer', (c) => c.notNull())
      .addColumn('sum', 'double precision', (c) => c.notNull())
      .addColumn('min', 'double precision', (c) => c.notNull())
      .addColumn('max', 'double precision', (c) => c.notNull())
      .addPrimaryKeyConstraint('iot_rollup_pk', ['device_id', 'metric', 'grain', 'bucket'])
      .execute();
    await db.schema
      .createTable('iot_device_state')
      .addColumn('device_id', 'text', (c) => c.primaryKey())
      .addColumn('last_seen', 'timestamptz', (c) => c.notNull())
      .addColumn('last_values', 'jsonb', (c) => c.notNull())
      .execute();
    await db.schema
      .createTable('iot_nonce')
      .addColumn('device_id', 'text', (c) => c.notNull())
      .addColumn('nonce', 'text', (c) => c.notNull())
      .addColumn('seen_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .addPrimaryKeyConstraint('iot_nonce_pk', ['device_id', 'nonce'])
      .execute();
    await db.schema.createIndex('iot_nonce_seen_idx').on('iot_nonce').column('seen_at').execute();
    await db.schema
      .createTable('iot_refusal')
      .addColumn('day', 'date', (c) => c.notNull())
      .addColumn('serial', 'text', (c) => c.notNull())
      .addColumn('reason', 'text', (c) => c.notNull())
      .addColumn('count', 'integer', (c) => c.notNull())
      .addColumn('last_at', 'timestamptz', (c) => c.notNull())
      .addPrimaryKeyConstraint('iot_refusal_pk', ['day', 'serial', 'reason'])
      .execute();
  },
};

/**
 * The warning each device has open per threshold (until it is closed): a reading over a threshold claims the row,
 * so one exceedance opens one warning however many readings or instances report it.
 */
const warnings: Migration = {
  async up(db: AnyDb) {
    await db.schema
      .createTable('iot_warning_open')
      .addColumn('device_id', 'text', (c) => c.notNull())
      .addColumn('threshold_id', 'text', (c) => c.notNull())
      .addColumn('warning_id', 'text')
      .addColumn('opened_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .addPrimaryKeyConstraint('iot_warning_open_pk', ['device_id', 'threshold_id'])
      .execute();
  },
};

/** The daily rules (cooling rate) judged per device, rule and China day: one judgement a day, whatever instance. */
const dailyChecks: Migration = {
  async up(db: AnyDb) {
    await db.schema
      .createTable('iot_daily_check')
      .addColumn('device_id', 'text', (c) => c.notNull())
      .addColumn('rule_id', 'text', (c) => c.notNull())
      .addColumn('day', 'date', (c) => c.notNull())
      .addPrimaryKeyConstraint('iot_daily_check_pk', ['device_id', 'rule_id', 'day'])
      .execute();
  },
};

/**
 * Devices are known on the wire by the id the platform issued them, no longer by their serial: a serial need not
 * be unique across companies (registering one says nothing of another company's devices), signed calls keep their
 * nonces in the platform's device_nonce, and refusals are counted by device id.
 */
const deviceIdentity: Migration = {
  async up(db: AnyDb) {
    await sql`alter table iot_credential drop constraint if exists iot_credential_serial_key`.execute(db);
    await db.schema.dropTable('iot_nonce').ifExists().execute();
    await sql`delete from iot_refusal`.execute(db);
    await sql`alter table iot_refusal rename column serial to device_id`.execute(db);
  },
};

/**
 * The windowed rules (GB 12523's 20-minute Leq, a 24-hour mean of PM10) judged per device, rule and window: one
 * judgement a window, whatever instance received the reading that closed it.
 */
const windowChecks: Migration = {
  async up(db: AnyDb) {
    await db.schema
      .createTable('iot_window_check')
      .addColumn('device_id', 'text', (c) => c.notNull())
      .addColumn('rule_id', 'text', (c) => c.notNull())
      .addColumn('window_end', 'timestamptz', (c) => c.notNull())
      .addPrimaryKeyConstraint('iot_window_check_pk', ['device_id', 'rule_id', 'window_end'])
      .execute();
    await db.schema.createIndex('iot_window_check_end_idx').on('iot_window_check').column('window_end').execute();
  },
};

export const migrations: Record<string, Migration> = {
  '0001-telemetry': foundation,
  '0002-warnings': warnings,
  '0003-daily-checks': dailyChecks,
  '0004-device-identity': deviceIdentity,
  '0005-window-checks': windowChecks,
};
