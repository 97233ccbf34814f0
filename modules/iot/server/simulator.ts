/**
 * The demo device simulator (PORTAL_DEMO=1 with `npm start`, unless PORTAL_SIMULATOR=off): the demo projects'
 * devices report like real ones, through the real paths. Each gets a secret; its history (30 days hourly, the
 * last day every ten minutes) is written once in the background; then every device reports live on its type's
 * period, half of them as signed HTTP requests to this server, half over MQTT to the embedded broker.
 */
import { sql } from 'kysely';
import type { FastifyBaseLogger } from 'fastify';
import type { MqttClient } from 'mqtt';
import { type Db, onFirstUse, signedDeviceHeaders } from '../../../src/server/module-api.js';
import type { DeviceTypes } from './device-types.js';
import type { Ingestion } from './ingestion.js';
import { telemetryTopic } from './mqtt.js';
import { ReadingRefused } from './readings.js';
import { simulatedValues, type SimulatedDevice } from './simulated-curves.js';
import { workingHoursTimes } from './simulated-history.js';
import type { DeviceCredential, TelemetryStore } from './telemetry-store.js';

/** The MQTT client library, loaded when the simulator (which starts after listening) first connects a device. */
const mqttLibrary = onFirstUse(async () => (await import('mqtt')).default);

const HOUR = 3600_000;
/** Live readings at most this far apart, whatever the type's period, so the demo moves while people look. */
const LIVE_EVERY_MAX_MS = 60_000;

interface Running {
  stop(): Promise<void>;
}

/** The seeded demo devices (ids `iot-...`), never devices people register themselves. */
async function demoDevices(db: Db): Promise<(SimulatedDevice & { id: string; projectId: string })[]> {
  const { rows } = await sql<{
    id: string;
    project_id: string;
    serial: string;
    device_type: string;
    installed: Date | null;
  }>`
    select id, project_id, serial, device_type, installed_date as installed from c_iot_device
    where id like 'iot-%' order by id`.execute(db);
  return rows.map((row) => ({
    id: row.id,
    projectId: row.project_id,
    serial: row.serial,
    deviceType: row.device_type,
    installedAt: row.installed ? new Date(row.installed).getTime() : Date.now() - 10 * 24 * HOUR,
  }));
}

async function backfill(
  device: SimulatedDevice,
  credential: DeviceCredential,
  store: TelemetryStore,
  ingestion: Ingestion,
  now: number,
): Promise<void> {
  // A device with any reading has its history already (an earlier start wrote it).
  if (await store.hasReadings(credential.deviceId)) return;
  const times: number[] = [];
  const start = Math.max(now - 30 * 24 * HOUR, device.installedAt);
  for (let at = start + 5 * 60_000; at < now - 24 * HOUR; at += HOUR) times.push(at);
  for (let at = Math.max(start, now - 24 * HOUR); at < now - 60_000; at += 10 * 60_000) times.push(at);
  // Machines' recent working hours densely, so their cycles show (a time written twice is written once).
  const dense = workingHoursTimes(device.deviceType, now).filter((at) => at >= start);
  if (dense.length > 0) times.splice(0, times.length, ...[...new Set([...times, ...dense])].sort((a, b) => a - b));
  for (let i = 0; i < times.length; i += 100) {
    const readings = times.slice(i, i + 100).flatMap((at) => {
      const values = simulatedValues(device, at);
      return values ? [{ ts: at, values }] : [];
    });
    if (readings.length === 0) continue;
    try {
      await ingestion.ingest(credential, { readings }, 'http');
    } catch (error) {
      if (!(error instanceof ReadingRefused)) throw error;
    }
  }
}

export async function startSimulator(options: {
  db: Db;
  store: TelemetryStore;
  ingestion: Ingestion;
  types: DeviceTypes;
  baseUrl: string;
  mqttPort: number | undefined;
  log: FastifyBaseLogger;
}): Promise<Running> {
  const { store, ingestion, types, log } = options;
  const devices = await demoDevices(options.db);
  const timers: NodeJS.Timeout[] = [];
  const clients: MqttClient[] = [];
  let stopped = false;

  const live = async (device: SimulatedDevice, credential: DeviceCredential, viaMqtt: MqttClient | undefined) => {
    const values = simulatedValues(device, Date.now());
    if (!values || stopped) return;
    const body = JSON.stringify({ ts: Date.now(), values });
    if (viaMqtt) {
      await viaMqtt.publishAsync(telemetryTopic(credential.deviceId), body, { qos: 1 });
      return;
    }
    const path = '/api/iot/v1.0/telemetry';
    await fetch(`${options.baseUrl}${path}`, {
      method: 'POST',
      headers: signedDeviceHeaders({
        deviceId: credential.deviceId,
        secret: credential.secret,
        method: 'POST',
        path,
        body,
      }),
      body,
    });
  };

  void (async () => {
    for (const [index, device] of devices.entries()) {
      if (stopped) return;
      const type = types.get(device.deviceType);
      if (!type) continue;
      let credential = await ingestion.device(device.id);
      if (!credential) {
        await store.issueSecret({
          deviceId: device.id,
          projectId: device.projectId,
          serial: device.serial,
          deviceType: device.deviceType,
        });
        ingestion.forget(device.id);
        credential = await ingestion.device(device.id);
        if (!credential) continue;
      }
      await backfill(device, credential, store, ingestion, Date.now());
      const viaMqtt =
        options.mqttPort !== undefined && index % 2 === 1
          ? (await mqttLibrary()).connect(`mqtt://127.0.0.1:${options.mqttPort}`, {
              username: device.id,
              password: credential.secret,
              reconnectPeriod: 5000,
            })
          : undefined;
      if (viaMqtt) {
        viaMqtt.on('error', () => undefined);
        clients.push(viaMqtt);
      }
      const every = Math.min(LIVE_EVERY_MAX_MS, (type.reportEverySeconds ?? 60) * 1000);
      const known = credential;
      const report = () =>
        live(device, known, viaMqtt).catch((error: unknown) => log.debug({ err: error }, 'simulated reading not sent'));
      void report();
      const timer = setInterval(report, every);
      timer.unref();
      timers.push(timer);
    }
    log.info({ devices: timers.length }, '演示设备模拟器已启动');
  })().catch((error: unknown) => log.warn({ err: error }, 'device simulator stopped'));

  return {
    async stop() {
      stopped = true;
      for (const timer of timers) clearInterval(timer);
      await Promise.all(clients.map((client) => client.endAsync(true).catch(() => undefined)));
    },
  };
}
