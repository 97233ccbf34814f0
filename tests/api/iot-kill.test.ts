/**
 * A reading the portal acknowledged (HTTP 200 with msgCode 0, or the MQTT PUBACK of a QoS 1 message) is stored
 * for good: the real server process on a temporary data directory (PGlite) is killed with SIGKILL while the demo
 * devices report over HTTP and MQTT, three times, and started again each time on the same ports; the devices'
 * MQTT clients reconnect by themselves; afterwards every acknowledged reading is found.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginOverHttp } from '../../scripts/portal-login.js';
import { fleetSecrets, startFleet, type Ack, type DeviceSecret } from '../../scripts/simulate.js';
import type { Envelope } from '../../src/shared/envelope.js';

const ROOT = path.resolve(import.meta.dirname, '../..');
const CAPTCHA = '2468';
const ADMIN = { username: 'admin', password: 'Admin@2026', captcha: CAPTCHA };
const ROUNDS = 3;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

async function until(what: string, probe: () => boolean | Promise<boolean>, timeoutMs = 180_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!(await probe())) {
    if (Date.now() > end) throw new Error(`gave up waiting for ${what}`);
    await sleep(200);
  }
}

let dataDir = '';
let port = 0;
let mqttPort = 0;
let server: ChildProcess | undefined;
let output = '';
const origin = () => `http://127.0.0.1:${port}`;

async function startServer(): Promise<void> {
  const { NODE_ENV: _ignored, ...inherited } = process.env;
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, 'src/server/main.ts')], {
    cwd: ROOT,
    env: {
      ...inherited,
      NODE_ENV: 'test',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      PORTAL_DEMO: '1',
      PORTAL_SIMULATOR: 'off',
      PORTAL_CAPTCHA_FIXED: CAPTCHA,
      PORTAL_MQTT_PORT: String(mqttPort),
      PORTAL_MQTT_URL: '',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const keep = (chunk: Buffer) => (output = (output + chunk.toString()).slice(-4000));
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  server = child;
  await until(`the server on port ${port}`, async () => {
    if (child.exitCode !== null) throw new Error(`the server exited (${child.exitCode}):\n${output}`);
    return fetch(`${origin()}/api/pub/ping`).then(
      (response) => response.ok,
      () => false,
    );
  });
}

async function killServer(): Promise<void> {
  const child = server;
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGKILL');
  await exited;
}

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'iot-kill-'));
  [port, mqttPort] = [await freePort(), await freePort()];
  await startServer();
}, 300_000);

afterAll(async () => {
  if (server && server.exitCode === null && server.signalCode === null) {
    const exited = new Promise((resolve) => server!.once('exit', resolve));
    server.kill('SIGTERM');
    await Promise.race([exited, sleep(10_000)]);
    await killServer();
  }
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(`${dataDir}.lock`, { force: true });
}, 60_000);

describe('kill -9 while devices report', () => {
  it('loses no acknowledged reading, and MQTT devices reconnect by themselves', async () => {
    const { devices } = await fleetSecrets(origin(), ADMIN);
    expect(devices.length).toBeGreaterThanOrEqual(10);
    const acks: Ack[] = [];
    const fleet = startFleet({
      origin: origin(),
      mqttUrl: `mqtt://127.0.0.1:${mqttPort}`,
      devices,
      via: 'both',
      rate: 40,
      reconnectMs: 300,
      maxInFlight: 5000,
      onAck: (ack) => acks.push(ack),
    });
    try {
      for (let round = 1; round <= ROUNDS; round++) {
        const before = acks.length;
        // Both carriers acknowledged readings in this life of the server, then it dies mid-stream.
        await until(`acknowledged readings in round ${round}`, () => {
          const fresh = acks.slice(before);
          return (
            fresh.length >= 60 && fresh.some((a) => a.carrier === 'mqtt') && fresh.some((a) => a.carrier === 'http')
          );
        });
        await killServer();
        await sleep(300);
        await startServer();
      }
      const afterLast = acks.length;
      await until('MQTT readings after the last restart', () =>
        acks.slice(afterLast).some((a) => a.carrier === 'mqtt'),
      );
    } finally {
      await fleet.stop();
    }
    expect(fleet.reconnects()).toBeGreaterThan(0);

    const token = await loginOverHttp(origin(), ADMIN);
    const get = async <T>(url: string): Promise<T> => {
      const answer = (await (
        await fetch(`${origin()}${url}`, { headers: { 'access-token': token } })
      ).json()) as Envelope<T>;
      expect(answer.msgCode, answer.errMsg).toBe(0);
      return answer.data as T;
    };
    const missing: string[] = [];
    const bySerial = new Map<string, DeviceSecret>(devices.map((d) => [d.serial, d]));
    for (const [serial, device] of bySerial) {
      const mine = acks.filter((a) => a.device.serial === serial);
      if (mine.length === 0) continue;
      const [metric] = await get<{ value: string }[]>(`/api/iot/v1.0/devices/${device.id}/metrics`);
      const stored = new Set(
        (
          await get<{ name: string }[]>(`/api/iot/v1.0/devices/${device.id}/series?range=1h&metric=${metric.value}`)
        ).map((point) => point.name),
      );
      for (const ack of mine)
        if (!stored.has(new Date(ack.ts).toISOString()))
          missing.push(`${serial} ${new Date(ack.ts).toISOString()} (${ack.carrier})`);
    }
    expect(acks.length).toBeGreaterThan(ROUNDS * 60);
    expect(missing).toEqual([]);
  }, 900_000);
});
