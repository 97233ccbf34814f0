/**
 * A reading the portal acknowledged (HTTP 200 with msgCode 0, or the MQTT PUBACK of a QoS 1 message) is stored
 * for good: 500 devices are registered in the store in one statement (a site's fleet), half report over MQTT
 * QoS 1 and half over signed HTTP; the real server process on a temporary data directory (PGlite) is killed with
 * SIGKILL mid-stream three times and started again each time on the same ports. Afterwards every one of the
 * devices has reported again (the MQTT clients reconnected by themselves, nobody restarted them) and every
 * acknowledged reading is in the store.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { startFleet, type Ack, type DeviceSecret } from '../../scripts/simulate.js';
import { createDatabase, type Db } from '../../src/server/db/database.js';
import { freePort, sleep, startPortalProcess, until, type PortalProcess } from '../support/portal-process.js';

const CAPTCHA = '2468';
const ROUNDS = 3;
const DEVICES = 500;
/** Readings per second, all devices together: each device reports every 5 s. */
const RATE = 100;
/** Cheap and costly devices alike: one metric, two, seven. */
const TYPES = ['water-meter', 'electricity-meter', 'environment'];

let dataDir = '';
let port = 0;
let mqttPort = 0;
let server: PortalProcess | undefined;
const origin = () => `http://127.0.0.1:${port}`;

async function startServer(): Promise<void> {
  server = await startPortalProcess(port, {
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    PORTAL_DEMO: '1',
    PORTAL_SIMULATOR: 'off',
    PORTAL_CAPTCHA_FIXED: CAPTCHA,
    PORTAL_MQTT_PORT: String(mqttPort),
    PORTAL_MQTT_URL: '',
  });
}

/** The server's embedded database, opened by this process while no server runs (PGlite has one owner). */
async function withStore<T>(work: (db: Db) => Promise<T>): Promise<T> {
  const db = createDatabase({ kind: 'pglite', dataDir: path.join(dataDir, 'pgdata') });
  try {
    return await work(db);
  } finally {
    await db.destroy();
  }
}

const stopServer = async (signal: NodeJS.Signals) => server?.stop(signal);
const killServer = () => stopServer('SIGKILL');

let devices: DeviceSecret[] = [];

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'iot-kill-'));
  [port, mqttPort] = [await freePort(), await freePort()];
  // The first start creates, migrates and seeds the database; the fleet is then registered set-based in it.
  await startServer();
  await stopServer('SIGTERM');
  await withStore(async (db) => {
    await sql`insert into c_iot_device (id, project_id, name, serial, device_type)
      select 'kill-' || g, 'project-binjiang', '断电测试设备 ' || g, 'KILL-' || g,
        (array[${sql.join(TYPES.map((type) => sql.lit(type)))}])[1 + g % ${sql.lit(TYPES.length)}]
      from generate_series(1, ${DEVICES}) g`.execute(db);
    await sql`insert into iot_credential (device_id, project_id, serial, device_type, secret)
      select id, project_id, serial, device_type, 'kill-secret-' || id from c_iot_device
      where id like 'kill-%'`.execute(db);
  });
  devices = Array.from({ length: DEVICES }, (_, i) => ({
    id: `kill-${i + 1}`,
    serial: `KILL-${i + 1}`,
    secret: `kill-secret-kill-${i + 1}`,
    deviceType: TYPES[(i + 1) % TYPES.length],
  }));
  await startServer();
}, 600_000);

afterAll(async () => {
  await stopServer('SIGTERM');
  rmSync(dataDir, { recursive: true, force: true });
}, 60_000);

describe('kill -9 while 500 devices report', () => {
  it('loses no acknowledged reading, and MQTT devices reconnect by themselves', async () => {
    const acks: Ack[] = [];
    const fleet = startFleet({
      origin: origin(),
      mqttUrl: `mqtt://127.0.0.1:${mqttPort}`,
      devices,
      via: 'both',
      rate: RATE,
      reconnectMs: 300,
      maxInFlight: 1000,
      onAck: (ack) => acks.push(ack),
    });
    const mqttSerials = devices.filter((_, index) => index % 2 === 1).map((d) => d.serial);
    let afterLast = 0;
    try {
      for (let round = 1; round <= ROUNDS; round++) {
        const before = acks.length;
        // Both carriers acknowledged readings in this life of the server, then it dies mid-stream.
        await until(`acknowledged readings in round ${round}`, () => {
          const fresh = acks.slice(before);
          return (
            fresh.length >= 200 && fresh.some((a) => a.carrier === 'mqtt') && fresh.some((a) => a.carrier === 'http')
          );
        });
        await killServer();
        await sleep(300);
        await startServer();
      }
      afterLast = acks.length;
      // Every device reports again after the last restart: the MQTT ones over the connection they made again.
      await until('a reading of every device after the last restart', () => {
        const reported = new Set(acks.slice(afterLast).map((a) => a.device.serial));
        return devices.every((d) => reported.has(d.serial));
      });
    } finally {
      await fleet.stop();
    }
    expect(fleet.reconnects()).toBeGreaterThan(0);
    const since = new Set(
      acks
        .slice(afterLast)
        .filter((a) => a.carrier === 'mqtt')
        .map((a) => a.device.serial),
    );
    expect(mqttSerials.filter((serial) => !since.has(serial))).toEqual([]);

    // Killed once more, then read straight from its store: what was acknowledged is there.
    await killServer();
    const stored = await withStore(async (db) => {
      const { rows } = await sql<{ deviceId: string; ms: string }>`select distinct device_id as "deviceId",
          round(extract(epoch from ts) * 1000)::bigint as ms
        from iot_reading where device_id like 'kill-%'`.execute(db);
      return new Set(rows.map((row) => `${row.deviceId} ${Number(row.ms)}`));
    });
    const missing = acks
      .filter((ack) => !stored.has(`${ack.device.id} ${ack.ts}`))
      .map((ack) => `${ack.device.serial} ${new Date(ack.ts).toISOString()} (${ack.carrier})`);
    expect(acks.length).toBeGreaterThan(ROUNDS * 200);
    expect(new Set(acks.map((a) => a.device.serial)).size).toBe(DEVICES);
    expect(missing).toEqual([]);
  }, 900_000);
});
