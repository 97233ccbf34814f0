/**
 * What the embedded MQTT broker refuses before it holds anything: a packet that declares more than a login (before
 * the device has logged in) or a reading (after) closes the connection as soon as its header arrives, however much
 * the client goes on streaming; one address holds a limited number of connections; a user name no device can have
 * (a NUL in it) is refused as bad credentials without reaching the database; and failed logins under made-up names
 * share one refusal row rather than adding one each.
 */
import { connect, type Socket } from 'node:net';
import { sql } from 'kysely';
import mqtt from 'mqtt';
import { beforeAll, describe, expect, it } from 'vitest';
import { PACKET_LIMITS } from '../../modules/iot/server/mqtt-connection-guard.js';
import { useCallers } from './admin-helpers.js';
import { useTestApp } from './test-app.js';

const PROJECT = 'project-binjiang';
const CONNECTIONS_PER_ADDRESS = 4;
const t = useTestApp({
  environment: { PORTAL_MQTT_PORT: '0', PORTAL_MQTT_CONNECTIONS_PER_ADDRESS: String(CONNECTIONS_PER_ADDRESS) },
});
const who = useCallers(t);

let device: { deviceId: string; secret: string; mqttPort: number };

beforeAll(async () => {
  const created = await who.manager.call<{ id: string }>('POST', '/api/data/iot-device', {
    projectId: PROJECT,
    name: '限流测试设备',
    deviceType: 'tower-crane',
    serial: 'TC-LIMITS',
    location: '1号楼',
  });
  expect(created.msgCode, created.errMsg).toBe(0);
  const issued = await who.manager.call<typeof device>('POST', `/api/iot/v1.0/devices/${created.data!.id}/secret`);
  device = issued.data!;
});

/** MQTT's remaining-length varint. */
function remainingLength(length: number): Buffer {
  const bytes: number[] = [];
  let left = length;
  do {
    let byte = left % 128;
    left = Math.floor(left / 128);
    if (left > 0) byte |= 0x80;
    bytes.push(byte);
  } while (left > 0);
  return Buffer.from(bytes);
}

function open(port: number): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => resolve(socket));
    socket.once('error', reject);
  });
}

/**
 * Writes `header` and then up to `total` bytes of filler in 1 MiB chunks, as fast as the connection takes them;
 * answers how many bytes of filler went out before the server closed the connection (or all of them).
 */
async function stream(socket: Socket, header: Buffer, total: number): Promise<{ sent: number; closed: boolean }> {
  let closed = false;
  socket.on('error', () => undefined);
  const gone = new Promise<void>((resolve) => socket.once('close', () => resolve()));
  void gone.then(() => {
    closed = true;
  });
  socket.write(header);
  const chunk = Buffer.alloc(1024 * 1024, 0x61);
  let sent = 0;
  while (sent < total && !closed) {
    const flushed = socket.write(chunk);
    sent += chunk.length;
    if (!flushed) await Promise.race([new Promise((resolve) => socket.once('drain', resolve)), gone]);
  }
  await Promise.race([gone, new Promise((resolve) => setTimeout(resolve, 2000))]);
  socket.destroy();
  return { sent, closed };
}

function closedSoon(socket: Socket): Promise<boolean> {
  return new Promise((resolve) => {
    if (socket.destroyed) return resolve(true);
    socket.once('close', () => resolve(true));
    setTimeout(() => resolve(false), 2000);
  });
}

describe('the embedded broker’s limits', () => {
  it('closes a connection whose first packet declares 200 MB, before holding what follows', async () => {
    const before = process.memoryUsage().arrayBuffers;
    const socket = await open(device.mqttPort);
    const connectHeader = Buffer.concat([Buffer.from([0x10]), remainingLength(200 * 1024 * 1024)]);
    const { sent, closed } = await stream(socket, connectHeader, 64 * 1024 * 1024);
    expect(closed).toBe(true);
    expect(sent).toBeLessThan(64 * 1024 * 1024);
    // The server holds none of it (the test's own filler is one reused MiB).
    expect(process.memoryUsage().arrayBuffers - before).toBeLessThan(16 * 1024 * 1024);
  });

  it('closes a logged-in device’s connection on a publish larger than a reading may be', async () => {
    const client = await mqtt.connectAsync(`mqtt://127.0.0.1:${device.mqttPort}`, {
      username: device.deviceId,
      password: device.secret,
      reconnectPeriod: 0,
    });
    const closed = new Promise<boolean>((resolve) => {
      client.once('close', () => resolve(true));
      setTimeout(() => resolve(false), 5000);
    });
    client.publish(`devices/${device.deviceId}/telemetry`, Buffer.alloc(2 * 1024 * 1024, 0x20), { qos: 1 });
    expect(await closed).toBe(true);
    await client.endAsync(true);
    const stored = await sql<{ n: number }>`select count(*)::int as n from iot_reading r
      join c_iot_device d on d.id = r.device_id where d.id = ${device.deviceId}`.execute(t.db);
    expect(stored.rows[0].n).toBe(0);
    expect(PACKET_LIMITS.afterLogin).toBe(64 * 1024);
  });

  it('accepts a device’s login and readings within the limits', async () => {
    const client = await mqtt.connectAsync(`mqtt://127.0.0.1:${device.mqttPort}`, {
      username: device.deviceId,
      password: device.secret,
      reconnectPeriod: 0,
    });
    await client.publishAsync(
      `devices/${device.deviceId}/telemetry`,
      JSON.stringify({
        values: { load: 2.4, momentPercent: 46.5, windSpeed: 3.2, radius: 28, height: 41.5, slewAngle: 120, tilt: 0.3 },
      }),
      { qos: 1 },
    );
    await client.endAsync();
    const stored = await sql<{ n: number }>`select count(*)::int as n from iot_reading r
      join c_iot_device d on d.id = r.device_id where d.id = ${device.deviceId}`.execute(t.db);
    expect(stored.rows[0].n).toBeGreaterThan(0);
  });

  it('holds at most the configured number of connections from one address', async () => {
    const sockets = await Promise.all(Array.from({ length: CONNECTIONS_PER_ADDRESS }, () => open(device.mqttPort)));
    const extra = await open(device.mqttPort);
    expect(await closedSoon(extra)).toBe(true);
    for (const socket of sockets) expect(socket.destroyed).toBe(false);
    for (const socket of sockets) socket.destroy();
    await new Promise((resolve) => setTimeout(resolve, 200));
    const again = await open(device.mqttPort);
    expect(await closedSoon(again)).toBe(false);
    again.destroy();
  });

  it('refuses a NUL in the user name as bad credentials, and counts made-up names in one row', async () => {
    const refuse = (username: string) =>
      mqtt
        .connectAsync(`mqtt://127.0.0.1:${device.mqttPort}`, {
          username,
          password: 'x',
          reconnectPeriod: 0,
          connectTimeout: 5000,
        })
        .then(
          async (client) => {
            await client.endAsync(true);
            return 0;
          },
          (error: { code?: number }) => error.code ?? -1,
        );
    // 4: bad user name or password; 3 would be "server unavailable", the database's error.
    expect(await refuse('TC\u0000LIMITS')).toBe(4);
    for (let i = 0; i < 20; i += 1) expect(await refuse(`made-up-${i}`)).toBe(4);
    const rows = await sql<{ deviceId: string }>`select distinct device_id as "deviceId" from iot_refusal`.execute(
      t.db,
    );
    expect(rows.rows.map((row) => row.deviceId)).toEqual(['-']);
  });
});
