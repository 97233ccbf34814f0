/**
 * `npm run simulate -- --url http://127.0.0.1:3000 [options]`: site devices outside the portal, reporting to a
 * running one through the real paths: signed HTTP requests (POST /api/iot/v1.0/telemetry) and MQTT QoS 1 to its
 * broker, with the demo's realistic curves (simulated-curves.ts). The in-server simulator of `npm start` stays for
 * the demo; this one is for a portal elsewhere, for load and for fault tests. Its parts (fleetSecrets, startFleet)
 * are also what the bench and the kill test drive.
 *
 * Device secrets come from a file (--secrets, a JSON list of {id, serial, secret, deviceType}) or from the portal
 * (--user/--password/--captcha: every device the user sees in companyTree gets a NEW secret, which replaces the
 * one it had: the in-server simulator's devices of the same portal are refused from then on). --save writes
 * the secrets to a file for the next run.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import mqtt, { type MqttClient } from 'mqtt';
import { telemetryTopic } from '../modules/iot/server/mqtt';
import { signedDeviceHeaders } from '../src/server/module-api';
import { simulatedValues } from '../modules/iot/server/simulated-curves';
import type { Envelope } from '../src/shared/envelope';
import type { CompanyTreeNode } from '../src/shared/projects';
import { loginOverHttp } from './portal-login';
import { quantile } from './quantile';

export interface DeviceSecret {
  /** The id the portal issued the device: its name on the wire (X-Device-Id, MQTT user name and topic). */
  id: string;
  /** The device's own serial (the simulated curves vary by it). */
  serial: string;
  secret: string;
  deviceType: string;
  /** A concrete sensor's pour time (ms); default three days ago. */
  installedAt?: number;
}

export type Carrier = 'http' | 'mqtt';

export interface Ack {
  device: DeviceSecret;
  /** The reading's time: unique per device, so a stored reading is found again by it. */
  ts: number;
  carrier: Carrier;
  latencyMs: number;
}

export interface FleetStats {
  sent: number;
  acked: number;
  /** Answered with a refusal (HTTP envelope msgCode != 0, or a message on the device's refused topic). */
  refused: number;
  /** No answer: a network error, a broker that was gone, an HTTP status other than 200. */
  failed: number;
  /** Due but not sent because too many were still waiting for their answer (the portal did not keep up). */
  skipped: number;
  latenciesMs: number[];
}

/** One second of the fleet: what it sent and heard, what waited, and how late its own event loop ran. */
export interface FleetSecond {
  /** Seconds since the fleet started, at this second's end. */
  at: number;
  sent: number;
  acked: number;
  refused: number;
  failed: number;
  skipped: number;
  /** Readings sent and not yet answered, at the second's end. */
  inFlight: number;
  /** HTTP requests waiting for a free connection of the pool (not yet on the wire), at the second's end. */
  queued: number;
  /** HTTP connections opened in the second: the pool opens its own once; more means the server closed some. */
  opened: number;
  /** Send-to-acknowledged of the readings acknowledged in the second (ms; NaN when none). */
  p50: number;
  p99: number;
  max: number;
  /** The load generator's own event-loop delay in the second (ms): a late timer sends late, a busy loop reads late. */
  loopP99: number;
  loopMax: number;
}

export interface FleetOptions {
  /** The portal, e.g. http://127.0.0.1:3000. */
  origin: string;
  /** The MQTT broker devices publish to (mqtt://host:port); required unless every device reports by HTTP. */
  mqttUrl?: string;
  devices: DeviceSecret[];
  /** http, mqtt, or both (every other device over MQTT). */
  via: Carrier | 'both';
  /** Readings per second, all devices together, each device in turn. */
  rate: number;
  /** Readings waiting for their answer at most (default 1000). */
  maxInFlight?: number;
  /** HTTP connections kept open to the portal (default 64), as a site gateway keeps them; requests queue on them. */
  httpConnections?: number;
  onAck?: (ack: Ack) => void;
  /** MQTT clients reconnect after this pause (default 1000 ms). */
  reconnectMs?: number;
  /**
   * The MQTT clients' first connections spread over this many ms (default 0: all at once). A site's devices power
   * up over time; ten thousand CONNECTs in one instant measure a storm, not the steady state.
   */
  connectSpreadMs?: number;
}

export interface Fleet {
  stats: FleetStats;
  /** Second by second since the start (kept for the fleet's life: one small record a second). */
  timeline: FleetSecond[];
  /** Reconnections of MQTT clients after the broker went away. */
  reconnects(): number;
  /** MQTT clients connected now (their devices can report). */
  connected(): number;
  /** Stops sending, waits for the answers in flight (at most `graceMs`), closes the MQTT clients. */
  stop(graceMs?: number): Promise<void>;
}

const DAY = 86_400_000;

/** Device secrets of every device `login` sees in companyTree, issued now (older secrets stop working). */
export async function fleetSecrets(
  origin: string,
  login: { username: string; password: string; captcha: string },
  options: { projectIds?: string[] } = {},
): Promise<{ devices: DeviceSecret[]; mqttPort?: number }> {
  const token = await loginOverHttp(origin, login);
  const call = async <T>(method: string, path: string): Promise<T> => {
    const response = await fetch(`${origin}${path}`, {
      method,
      headers: { 'access-token': token, 'Content-Type': 'application/json' },
      body: method === 'POST' ? '{}' : undefined,
    });
    const answer = (await response.json()) as Envelope<T>;
    if (answer.msgCode !== 0) throw new Error(`${method} ${path}: ${answer.errMsg}`);
    return answer.data as T;
  };
  const flatten = (nodes: CompanyTreeNode[]): CompanyTreeNode[] =>
    nodes.flatMap((node) => [node, ...flatten(node.childList)]);
  const tree = flatten(await call<CompanyTreeNode[]>('POST', '/api/device/base/v2.0/companyTree'));
  const devices: DeviceSecret[] = [];
  let mqttPort: number | undefined;
  for (const node of tree) {
    if (options.projectIds && !options.projectIds.includes(node.projectId ?? '')) continue;
    for (const device of node.deviceList ?? []) {
      const issued = await call<{ secret: string; mqttPort?: number }>(
        'POST',
        `/api/iot/v1.0/devices/${encodeURIComponent(device.id)}/secret`,
      );
      mqttPort ??= issued.mqttPort;
      devices.push({ id: device.id, serial: device.serial, secret: issued.secret, deviceType: device.deviceType });
    }
  }
  return { devices, mqttPort };
}

/** Starts the devices reporting; answers at once (MQTT clients connect in the background and resend on reconnect). */
export function startFleet(options: FleetOptions): Fleet {
  const stats: FleetStats = { sent: 0, acked: 0, refused: 0, failed: 0, skipped: 0, latenciesMs: [] };
  const maxInFlight = options.maxInFlight ?? 1000;
  const lastTs = new Map<string, number>();
  const clients = new Map<string, MqttClient>();
  const inFlight = new Set<Promise<void>>();
  let reconnects = 0;
  const overMqtt = (index: number) => options.via === 'mqtt' || (options.via === 'both' && index % 2 === 1);

  const connectAt = (index: number) => ((options.connectSpreadMs ?? 0) * index) / options.devices.length;
  options.devices.forEach((device, index) => {
    if (!overMqtt(index)) return;
    if (!options.mqttUrl) throw new Error('MQTT devices need the broker: --mqtt mqtt://host:port');
    const client = mqtt.connect(options.mqttUrl, {
      username: device.id,
      password: device.secret,
      clientId: `sim-${device.id}`,
      reconnectPeriod: options.reconnectMs ?? 1000,
      connectTimeout: 5000,
      manualConnect: connectAt(index) > 0,
    });
    if (connectAt(index) > 0) setTimeout(() => client.connect(), connectAt(index)).unref();
    client.on('error', () => undefined);
    client.on('reconnect', () => (reconnects += 1));
    client.subscribe(`devices/${device.id}/refused`, { qos: 0 });
    client.on('message', () => (stats.refused += 1));
    clients.set(device.id, client);
  });

  // A bounded pool of keep-alive connections: without one, every request waiting for an answer opens a connection
  // of its own, and a burst of thousands of connections measures the listen backlog rather than the portal.
  const telemetryUrl = new URL('/api/iot/v1.0/telemetry', options.origin);
  const transport = telemetryUrl.protocol === 'https:' ? https : http;
  const agent = new transport.Agent({ keepAlive: true, maxSockets: options.httpConnections ?? 64 });
  let opened = 0;
  const sockets = new WeakSet<object>();
  const postReading = (headers: Record<string, string>, body: string) =>
    new Promise<{ status: number; text: string }>((resolve, reject) => {
      const request = transport.request(
        telemetryUrl,
        { method: 'POST', agent, headers: { ...headers, 'Content-Length': Buffer.byteLength(body) } },
        (response) => {
          let text = '';
          response.setEncoding('utf8');
          response.on('data', (chunk: string) => (text += chunk));
          response.on('end', () => resolve({ status: response.statusCode ?? 0, text }));
          response.on('error', reject);
        },
      );
      request.on('error', reject);
      request.on('socket', (socket) => {
        // A request that waited in the pool's queue is handed a freed socket without `reusedSocket` being set.
        if (sockets.has(socket)) return;
        sockets.add(socket);
        opened += 1;
      });
      request.end(body);
    });

  const send = async (device: DeviceSecret, carrier: Carrier): Promise<void> => {
    const now = Date.now();
    const ts = Math.max(now, (lastTs.get(device.id) ?? 0) + 1);
    lastTs.set(device.id, ts);
    const values = simulatedValues({ ...device, installedAt: device.installedAt ?? now - 3 * DAY }, ts);
    if (!values) return;
    const body = JSON.stringify({ ts, values });
    stats.sent += 1;
    const started = performance.now();
    const acked = () => {
      const latencyMs = performance.now() - started;
      stats.acked += 1;
      stats.latenciesMs.push(latencyMs);
      secondLatencies.push(latencyMs);
      options.onAck?.({ device, ts, carrier, latencyMs });
    };
    try {
      if (carrier === 'mqtt') {
        // Resolves on the broker's PUBACK, which the portal sends only after storing the reading.
        await clients.get(device.id)!.publishAsync(telemetryTopic(device.id), body, { qos: 1 });
        acked();
        return;
      }
      const response = await postReading(
        signedDeviceHeaders({
          deviceId: device.id,
          secret: device.secret,
          method: 'POST',
          path: telemetryUrl.pathname,
          body,
        }),
        body,
      );
      if (response.status !== 200) {
        stats.failed += 1;
        return;
      }
      const answer = JSON.parse(response.text) as Envelope<unknown>;
      if (answer.msgCode === 0) acked();
      else stats.refused += 1;
    } catch {
      stats.failed += 1;
    }
  };

  const began = performance.now();
  let issued = 0;
  let next = 0;
  let stopped = false;
  const tick = () => {
    if (stopped || options.devices.length === 0) return;
    const due = Math.floor(((performance.now() - began) / 1000) * options.rate) - issued;
    for (let i = 0; i < due; i++) {
      issued += 1;
      const index = next++ % options.devices.length;
      const device = options.devices[index];
      const carrier: Carrier = overMqtt(index) ? 'mqtt' : 'http';
      // A disconnected MQTT client queues in memory; counting it as in flight keeps the queue bounded.
      if (inFlight.size >= maxInFlight) {
        stats.skipped += 1;
        continue;
      }
      const running = send(device, carrier).finally(() => inFlight.delete(running));
      inFlight.add(running);
    }
  };
  const timer = setInterval(tick, 20);

  const timeline: FleetSecond[] = [];
  let secondLatencies: number[] = [];
  let last = { sent: 0, acked: 0, refused: 0, failed: 0, skipped: 0, opened: 0 };
  const loop = monitorEventLoopDelay({ resolution: 10 });
  loop.enable();
  const queued = () => Object.values(agent.requests).reduce((sum, waiting) => sum + (waiting?.length ?? 0), 0);
  const second = () => {
    const latencies = secondLatencies;
    secondLatencies = [];
    timeline.push({
      at: Math.round((performance.now() - began) / 1000),
      sent: stats.sent - last.sent,
      acked: stats.acked - last.acked,
      refused: stats.refused - last.refused,
      failed: stats.failed - last.failed,
      skipped: stats.skipped - last.skipped,
      inFlight: inFlight.size,
      queued: queued(),
      opened: opened - last.opened,
      p50: quantile(latencies, 0.5),
      p99: quantile(latencies, 0.99),
      max: latencies.length > 0 ? Math.max(...latencies) : Number.NaN,
      loopP99: loop.percentile(99) / 1e6,
      loopMax: loop.max / 1e6,
    });
    loop.reset();
    last = {
      sent: stats.sent,
      acked: stats.acked,
      refused: stats.refused,
      failed: stats.failed,
      skipped: stats.skipped,
      opened,
    };
  };
  const seconds = setInterval(second, 1000);

  return {
    stats,
    timeline,
    reconnects: () => reconnects,
    connected: () => [...clients.values()].filter((client) => client.connected).length,
    async stop(graceMs = 10_000) {
      stopped = true;
      clearInterval(timer);
      clearInterval(seconds);
      loop.disable();
      let grace: NodeJS.Timeout | undefined;
      await Promise.race([
        Promise.allSettled([...inFlight]),
        new Promise((resolve) => (grace = setTimeout(resolve, graceMs))),
      ]);
      clearTimeout(grace);
      await Promise.all([...clients.values()].map((client) => client.endAsync(true).catch(() => undefined)));
      agent.destroy();
    },
  };
}

const USAGE = `用法: npm run simulate -- --url http://127.0.0.1:3000 [选项]
  --url URL            门户地址（必填）
  --secrets FILE       设备密钥文件：[{"id","serial","secret","deviceType"}, ...]
  --user NAME          没有密钥文件时登录门户，为可见的全部设备重新生成密钥（旧密钥失效）
  --password PASS      登录密码
  --captcha TEXT       验证码（门户以 PORTAL_CAPTCHA_FIXED 固定时；默认取该环境变量）
  --project ID         只模拟该项目的设备（可多次）
  --save FILE          把生成的密钥写入文件，下次用 --secrets
  --via http|mqtt|both 上报方式（默认 both：一半设备走 MQTT）
  --mqtt URL           MQTT 地址（默认：门户内置 MQTT 服务，主机同 --url，端口取自生成密钥的应答）
  --rate N             每秒读数（全部设备合计，默认 1）
  --duration S         运行秒数（默认一直运行，Ctrl+C 停止）`;

async function main(): Promise<void> {
  const { values: args } = parseArgs({
    options: {
      url: { type: 'string' },
      secrets: { type: 'string' },
      user: { type: 'string' },
      password: { type: 'string' },
      captcha: { type: 'string', default: process.env.PORTAL_CAPTCHA_FIXED ?? '' },
      project: { type: 'string', multiple: true },
      save: { type: 'string' },
      via: { type: 'string', default: 'both' },
      mqtt: { type: 'string' },
      rate: { type: 'string', default: '1' },
      duration: { type: 'string' },
      help: { type: 'boolean' },
    },
  });
  const rate = Number(args.rate);
  const via = args.via as FleetOptions['via'];
  if (args.help || !args.url || !['http', 'mqtt', 'both'].includes(via) || !(rate > 0)) {
    console.log(USAGE);
    process.exit(args.help ? 0 : 2);
  }
  const origin = args.url.replace(/\/+$/, '');
  let devices: DeviceSecret[];
  let mqttPort: number | undefined;
  if (args.secrets) devices = JSON.parse(readFileSync(args.secrets, 'utf8')) as DeviceSecret[];
  else if (args.user && args.password)
    ({ devices, mqttPort } = await fleetSecrets(
      origin,
      { username: args.user, password: args.password, captcha: args.captcha },
      { projectIds: args.project },
    ));
  else {
    console.log(USAGE);
    process.exit(2);
  }
  if (args.save) writeFileSync(args.save, `${JSON.stringify(devices, null, 2)}\n`, { mode: 0o600 });
  const mqttUrl = args.mqtt ?? (mqttPort ? `mqtt://${new URL(origin).hostname}:${mqttPort}` : undefined);
  if (via !== 'http' && !mqttUrl) throw new Error('没有 MQTT 地址：请用 --mqtt 指定，或 --via http');
  console.log(`模拟 ${devices.length} 台设备，每秒 ${rate} 个读数，经 ${via}${mqttUrl ? `（MQTT ${mqttUrl}）` : ''}`);
  const fleet = startFleet({ origin, mqttUrl, devices, via, rate });
  const report = setInterval(() => {
    const s = fleet.stats;
    console.log(
      `已发送 ${s.sent}，已确认 ${s.acked}，被拒 ${s.refused}，失败 ${s.failed}，积压跳过 ${s.skipped}，` +
        `p95 ${quantile(s.latenciesMs.slice(-5000), 0.95).toFixed(1)} ms`,
    );
  }, 5000);
  const finish = async () => {
    clearInterval(report);
    await fleet.stop();
    const s = fleet.stats;
    console.log(`结束：已发送 ${s.sent}，已确认 ${s.acked}，被拒 ${s.refused}，失败 ${s.failed}`);
    process.exit(0);
  };
  process.once('SIGINT', () => void finish());
  process.once('SIGTERM', () => void finish());
  if (args.duration) setTimeout(() => void finish(), Number(args.duration) * 1000);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  main().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
