/**
 * `BENCH_ONLY=iot npm run bench`: the IoT platform on PostgreSQL, the built server as `npm start` runs it.
 * 1. Sustained ingestion as issue 13 says it: DEVICES (10,000) devices (rows written set-based), each reporting
 *    every EVERY_S (10) s, 1,000 readings/s, for SECONDS s over MQTT QoS 1 (one connection per device, the embedded
 *    broker), then over signed HTTP (each request signed by its own device; the requests share a pool of keep-alive
 *    connections, as devices behind a site gateway do). Figures: the achieved rate of acknowledged readings, p50/p95/p99
 *    from sending to acknowledged (= stored: the broker acks and the HTTP call answers after the write), refused and
 *    failed counts, readings stored vs acknowledged (none lost), readings not sent because the portal fell behind
 *    (backlog), the server's resident memory before and after (flat), and where the CPU went: the server process,
 *    the load generator (this process) and the whole machine, with its load average.
 * 2. A 30-day chart: one monitor with 90 days of readings once a minute (7 metrics, about 900,000 rows, with their
 *    hour rollups) generated set-based; GET /api/iot/v1.0/devices/:id/series?range=30d&metric=pm10, p95 of 200 calls.
 * The load generator runs on the same machine as the server and the database: the rate is a floor, not a ceiling.
 */
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { startFleet, type Carrier, type DeviceSecret, type FleetSecond } from '../scripts/simulate';
import { loginForToken } from './api-rate';
import { median, quantile, sleep, timeOne } from './measure';
import { cpuMsOf, type MeasuredProcess } from './process';
import { benchDatabase, freePort } from './server';
import { buildServer, PG_SERVER, reachable, serverEnv, startBuiltServer, type ServerFigure } from './server-figures';

const DEVICES = Number(process.env.IOT_BENCH_DEVICES ?? 10_000);
/** Each device reports every EVERY_S seconds (issue 13: 10,000 devices every 10 s, 1,000 readings/s). */
const EVERY_S = Number(process.env.IOT_BENCH_EVERY_S ?? 10);
const RATE = DEVICES / EVERY_S;
const SECONDS = Number(process.env.IOT_BENCH_SECONDS ?? 30);
const PROJECT = 'project-binjiang';
const CHART_DEVICE = 'bench-chart';
const DAY = 86_400_000;

/** Busy and total jiffies of the whole machine (the first line of /proc/stat). */
function machineTicks(): { busy: number; total: number } {
  const fields = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).slice(1).map(Number);
  const total = fields.reduce((sum, n) => sum + n, 0);
  // idle and iowait are not busy.
  return { busy: total - fields[3] - (fields[4] ?? 0), total };
}

/** CPU time of processes so far (ms); a process gone since counts nothing. */
function cpuMsOfAll(pids: readonly number[]): Map<number, number> {
  const times = new Map<number, number>();
  for (const pid of pids) {
    try {
      times.set(pid, cpuMsOf(pid));
    } catch {
      // the backend ended
    }
  }
  return times;
}

/** The PostgreSQL backends serving the bench's database (the server's pool; the same machine). */
async function backendPids(direct: pg.Client): Promise<number[]> {
  const { rows } = await direct.query<{ pid: number }>(
    'select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
  );
  return rows.map((row) => row.pid);
}

export interface CpuUse {
  /** % of one core over the window. */
  server: number;
  client: number;
  postgres: number;
  machine: number;
  /** CPU ms of the window. */
  serverMs: number;
  clientMs: number;
  postgresMs: number;
}

/**
 * CPU use over a window: the server, this process (the load generator), the database's backends and the machine.
 * On a machine loaded by other work a process gets less than it would want, so the CPU time per reading is the
 * steadier figure: it says which side a reading costs most, whatever the load.
 */
export async function cpuWindow(serverPid: number, direct: pg.Client): Promise<() => Promise<CpuUse>> {
  const started = performance.now();
  const server = cpuMsOf(serverPid);
  const client = process.cpuUsage();
  const machine = machineTicks();
  const pids = await backendPids(direct);
  const postgres = cpuMsOfAll(pids);
  return async () => {
    const wallMs = performance.now() - started;
    const own = process.cpuUsage(client);
    const now = machineTicks();
    const cores = os.cpus().length;
    const postgresNow = cpuMsOfAll(await backendPids(direct));
    let postgresMs = 0;
    for (const [pid, ms] of postgresNow) postgresMs += ms - (postgres.get(pid) ?? 0);
    const serverMs = cpuMsOf(serverPid) - server;
    const clientMs = (own.user + own.system) / 1000;
    return {
      server: (serverMs / wallMs) * 100,
      client: (clientMs / wallMs) * 100,
      postgres: (postgresMs / wallMs) * 100,
      machine: ((now.busy - machine.busy) / Math.max(1, now.total - machine.total)) * 100 * cores,
      serverMs,
      clientMs,
      postgresMs,
    };
  };
}

export const loadAverage = () =>
  os
    .loadavg()
    .map((n) => n.toFixed(2))
    .join(' ');

/** A `runtime stats` line of the server (src/server/plugins/runtime-stats.ts). */
interface ServerSecond {
  time: number;
  stats: Record<string, number>;
}

/** The server's runtime stats lines written between two instants (epoch ms). */
function serverSeconds(output: string, from: number, to: number): ServerSecond[] {
  const seconds: ServerSecond[] = [];
  for (const line of output.split('\n')) {
    if (!line.includes('"runtime stats"')) continue;
    try {
      const parsed = JSON.parse(line) as { time?: number; stats?: Record<string, number> };
      if (parsed.time !== undefined && parsed.stats && parsed.time >= from && parsed.time <= to)
        seconds.push({ time: parsed.time, stats: parsed.stats });
    } catch {
      // a line cut by the read
    }
  }
  return seconds;
}

const ms = (n: number | undefined) => (n === undefined || Number.isNaN(n) ? '-' : n.toFixed(0));

/**
 * One line per second of the window: the load generator's side (sent, acknowledged, not sent, in flight, waiting for
 * a connection of the pool, connections opened, p99 and max of the second, its own event-loop delay) beside the
 * server's (its event-loop delay, heap, the largest batch and the longest statement of the readings' group commit,
 * warnings waiting to be written). A stall shows where it is: a late loop, a long statement, or a queue.
 */
function timelineLine(second: FleetSecond, server: ServerSecond | undefined): string {
  const s = server?.stats ?? {};
  return (
    `    ${String(second.at).padStart(3)} s: sent ${second.sent}, acked ${second.acked}, not sent ${second.skipped}, ` +
    `in flight ${second.inFlight}, waiting for a connection ${second.queued}, opened ${second.opened}; ` +
    `p99 ${ms(second.p99)} ms, max ${ms(second.max)} ms; loop delay max: bench ${ms(second.loopMax)} ms, ` +
    `server ${ms(s.loopMaxMs)} ms; server heap ${ms(s.heapUsedMb)} MB; writes: ${ms(s['iot.writes.statements'])} ` +
    `statements, batch <= ${ms(s['iot.writes.maxBatch'])}, longest ${ms(s['iot.writes.maxMs'])} ms; ` +
    `nonces longest ${ms(s['iot.nonces.maxMs'])} ms; warnings written ${ms(s['iot.warningsWritten'])}, waiting ${ms(s['iot.warningsWaiting'])}`
  );
}

async function ingestion(
  server: MeasuredProcess,
  direct: pg.Client,
  devices: DeviceSecret[],
  carrier: Carrier,
  mqttPort: number,
  figures: ServerFigure[],
): Promise<void> {
  const rssBefore = server.rssMb();
  const fleetBegan = performance.now();
  const fleet = startFleet({
    origin: server.origin,
    mqttUrl: `mqtt://127.0.0.1:${mqttPort}`,
    devices,
    via: carrier,
    rate: RATE,
    maxInFlight: 2000,
    connectSpreadMs: 20_000,
  });
  // Connections and first requests settle before the measured window: every MQTT client connected (their first
  // connections spread over 20 s, as a site's devices come up; at most 90 s), then one reporting period and a few
  // seconds more, so that every device's first report (its state row, the warnings of a device already over a limit)
  // is behind the window, which measures the steady state: keeping up and memory flat.
  let connected = 0;
  if (carrier === 'mqtt') {
    const began = performance.now();
    while ((connected = fleet.connected()) < devices.length && performance.now() - began < 90_000) await sleep(500);
    console.log(
      `  MQTT: ${connected} of ${devices.length} device connections up after ${((performance.now() - began) / 1000).toFixed(1)} s`,
    );
  }
  await sleep(EVERY_S * 1000 + 5000);
  const start = { ...fleet.stats, at: performance.now(), latencies: fleet.stats.latenciesMs.length };
  const cpu = await cpuWindow(server.pid, direct);
  const rssStart = server.rssMb();
  const loadBefore = loadAverage();
  const wallStart = Date.now();
  // RSS every 5 s: a flat line, or a climb.
  const rssSamples: number[] = [];
  const sampler = setInterval(() => rssSamples.push(server.rssMb()), 5000);
  await sleep(SECONDS * 1000);
  clearInterval(sampler);
  const end = { ...fleet.stats, at: performance.now() };
  const wallEnd = Date.now();
  const used = await cpu();
  const latencies = fleet.stats.latenciesMs.slice(start.latencies);
  const rssAfter = server.rssMb();
  // Flat means no climb at any point of the window, not only at its end (a collection may just have run).
  const rssPeak = Math.max(rssAfter, ...rssSamples);
  await fleet.stop(15_000);
  const seconds = (end.at - start.at) / 1000;
  const windowFrom = (start.at - fleetBegan) / 1000;
  const windowTo = (end.at - fleetBegan) / 1000;
  const timeline = fleet.timeline.filter((second) => second.at > windowFrom && second.at <= windowTo + 0.5);
  const serverTimeline = serverSeconds(server.output(), wallStart - 1000, wallEnd + 1000);
  // The server's line of a generator's second: the nearest in wall time (both tick once a second).
  const serverAt = (second: FleetSecond) => {
    const wall = wallStart + (second.at - windowFrom) * 1000;
    let best: ServerSecond | undefined;
    for (const line of serverTimeline)
      if (!best || Math.abs(line.time - wall) < Math.abs(best.time - wall)) best = line;
    return best;
  };
  const achieved = (end.acked - start.acked) / seconds;
  const backlog = end.skipped - start.skipped;
  const p95 = quantile(latencies, 0.95);
  const { rows } = await direct.query<{ n: string }>(
    `select count(*) as n from (select distinct device_id, ts from iot_reading where device_id like 'bench-${carrier}-%') r`,
  );
  const stored = Number(rows[0].n);
  const { acked, refused, failed, skipped } = fleet.stats;
  const p99 = quantile(latencies, 0.99);
  console.log(
    `  ${carrier.toUpperCase()}: ${DEVICES} devices every ${EVERY_S} s, ${achieved.toFixed(0)} readings/s acknowledged over ${seconds.toFixed(0)} s ` +
      `(target ${RATE}); p50 ${quantile(latencies, 0.5).toFixed(1)} ms, p95 ${p95.toFixed(1)} ms, p99 ${p99.toFixed(1)} ms; ` +
      `acknowledged ${acked}, stored ${stored}, refused ${refused}, failed ${failed}, not sent (backlog) ${skipped} ` +
      `(${backlog} in the window); RSS ${rssBefore.toFixed(0)} MB before the devices, ${rssStart.toFixed(0)} MB at the ` +
      `window's start (connections, warm-up), ${rssAfter.toFixed(0)} MB at its end`,
  );
  const readingsInWindow = Math.max(1, end.acked - start.acked);
  const perReading = (ms: number) => `${(ms / readingsInWindow).toFixed(3)} ms`;
  console.log(
    `    CPU in the window (% of one core; ${os.cpus().length} cores): server ${used.server.toFixed(0)} %, ` +
      `PostgreSQL backends ${used.postgres.toFixed(0)} %, load generator ${used.client.toFixed(0)} %, ` +
      `whole machine ${used.machine.toFixed(0)} % (other work: ` +
      `${Math.max(0, used.machine - used.server - used.client - used.postgres).toFixed(0)} %); ` +
      `load average ${loadBefore} -> ${loadAverage()}`,
  );
  console.log(
    `    CPU per acknowledged reading: server ${perReading(used.serverMs)}, PostgreSQL ${perReading(used.postgresMs)}, ` +
      `load generator ${perReading(used.clientMs)}; RSS every 5 s: ${rssSamples.map((mb) => mb.toFixed(0)).join(', ')} MB`,
  );
  const heaps = serverTimeline.map((line) => line.stats.heapUsedMb).filter((mb) => mb !== undefined);
  const worstLoop = Math.max(0, ...serverTimeline.map((line) => line.stats.loopMaxMs ?? 0));
  const worstWrite = Math.max(0, ...serverTimeline.map((line) => line.stats['iot.writes.maxMs'] ?? 0));
  console.log(
    `    server: event-loop delay at most ${worstLoop.toFixed(0)} ms in any second, the readings' longest statement ` +
      `${worstWrite.toFixed(0)} ms; heap used ${heaps.length > 0 ? `${heaps[0]} -> ${heaps.at(-1)} MB (highest ${Math.max(...heaps)} MB)` : 'not reported'}`,
  );
  // The seconds with the slowest answers (all of them with IOT_BENCH_TIMELINE=1), in time order.
  const shown =
    process.env.IOT_BENCH_TIMELINE === '1'
      ? timeline
      : [...timeline]
          .sort((a, b) => (Number.isNaN(b.max) ? 0 : b.max) - (Number.isNaN(a.max) ? 0 : a.max))
          .slice(0, 3)
          .sort((a, b) => a.at - b.at);
  console.log(
    `    ${process.env.IOT_BENCH_TIMELINE === '1' ? 'every second of the window' : 'the 3 slowest seconds of the window (all: IOT_BENCH_TIMELINE=1)'}:`,
  );
  for (const second of shown) console.log(timelineLine(second, serverAt(second)));
  figures.push(
    {
      label: `IoT ingestion ${carrier.toUpperCase()} rate`,
      value: `${achieved.toFixed(0)} readings/s`,
      budget: `>= ${RATE * 0.95} readings/s`,
      met: achieved >= RATE * 0.95,
    },
    {
      label: `IoT ${carrier.toUpperCase()} keeps up: backlog in the window`,
      value: `${backlog} readings not sent`,
      budget: '0',
      met: backlog === 0,
    },
    {
      label: `IoT ingestion ${carrier.toUpperCase()} p99 send->stored`,
      value: `${p99.toFixed(1)} ms (p95 ${p95.toFixed(1)} ms)`,
      budget: 'no budget',
      met: undefined,
    },
    {
      label: `IoT ${carrier.toUpperCase()} CPU per reading`,
      value: `server ${perReading(used.serverMs)}, PostgreSQL ${perReading(used.postgresMs)}, bench ${perReading(used.clientMs)}`,
      budget: `no budget; machine ${used.machine.toFixed(0)} % busy`,
      met: undefined,
    },
    {
      label: `IoT ${carrier.toUpperCase()} acknowledged but not stored`,
      value: `${Math.max(0, acked - stored)} (refused ${refused}, failed ${failed})`,
      budget: '0 lost, 0 refused',
      met: acked <= stored && refused === 0,
    },
    {
      // What the devices' connections and the warm-up cost, once (10,000 MQTT sessions hold about 28 KB each):
      // memory that stays, not a climb. "Memory flat" (issue 13) is the window's figure below.
      label: `IoT ${carrier.toUpperCase()} RSS from before the devices`,
      value: `${(rssAfter - rssBefore).toFixed(0)} MB (${rssBefore.toFixed(0)} -> ${rssAfter.toFixed(0)} MB)`,
      budget: `no budget: ${carrier === 'mqtt' ? `${devices.length} connections' own memory` : 'the warm-up'}`,
      met: undefined,
    },
    {
      label: `IoT ${carrier.toUpperCase()} heap used in the window`,
      value: heaps.length > 0 ? `${heaps[0]} -> ${heaps.at(-1)} MB (highest ${Math.max(...heaps)} MB)` : 'not reported',
      budget: 'no budget',
      met: undefined,
    },
    {
      label: `IoT ${carrier.toUpperCase()} RSS growth in the ${SECONDS} s window`,
      value: `${(rssPeak - rssStart).toFixed(0)} MB (${rssStart.toFixed(0)} -> highest ${rssPeak.toFixed(0)} MB)`,
      budget: '< 25 MB: flat',
      met: rssPeak - rssStart < 25,
    },
  );
}

/** 90 days of one monitor once a minute, its monthly partitions and its hour and minute rollups, set-based. */
async function ninetyDays(direct: pg.Client): Promise<void> {
  const started = Date.now();
  const now = Date.now();
  for (let back = 4; back >= 0; back--) {
    const d = new Date(now);
    d.setUTCDate(1);
    d.setUTCMonth(d.getUTCMonth() - back);
    const from = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1));
    const to = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1));
    const name = `iot_reading_y${from.getUTCFullYear()}m${String(from.getUTCMonth() + 1).padStart(2, '0')}`;
    await direct.query(
      `create table if not exists ${name} partition of iot_reading for values from ('${from.toISOString()}') to ('${to.toISOString()}')`,
    );
  }
  await direct.query(
    `insert into c_iot_device (id, project_id, name, serial, device_type)
     values ($1, $2, '压测扬尘监测 90 天', 'BENCH-CHART', 'environment') on conflict do nothing`,
    [CHART_DEVICE, PROJECT],
  );
  await direct.query(`
    insert into iot_reading (device_id, metric, ts, value)
    select '${CHART_DEVICE}', m.metric, t.ts, m.base + m.swing * sin(extract(epoch from t.ts) / 3600.0) + random() * m.swing
    from generate_series(date_trunc('minute', now()) - interval '90 days', now() - interval '1 minute', interval '1 minute') t(ts)
    cross join (values ('pm25', 40, 20), ('pm10', 80, 40), ('noise', 55, 10), ('temperature', 15, 8),
      ('humidity', 60, 15), ('windSpeed', 3, 2), ('windDirection', 180, 90)) m(metric, base, swing)
    on conflict do nothing`);
  for (const grain of ['minute', 'hour'])
    await direct.query(`
      insert into iot_rollup (device_id, metric, grain, bucket, count, sum, min, max)
      select device_id, metric, '${grain}', date_trunc('${grain}', ts), count(*), sum(value), min(value), max(value)
      from iot_reading where device_id = '${CHART_DEVICE}' group by device_id, metric, date_trunc('${grain}', ts)
      on conflict do nothing`);
  await direct.query('analyze iot_reading');
  await direct.query('analyze iot_rollup');
  const { rows } = await direct.query<{ n: string }>(
    `select count(*) as n from iot_reading where device_id = '${CHART_DEVICE}'`,
  );
  console.log(
    `  90 days of one monitor: ${Number(rows[0].n).toLocaleString('en')} raw rows with rollups, written in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
}

async function chart(server: MeasuredProcess, figures: ServerFigure[]): Promise<void> {
  const token = await loginForToken(server.origin);
  const url = (metric: string) =>
    `${server.origin}/api/iot/v1.0/devices/${CHART_DEVICE}/series?range=30d${metric ? `&metric=${metric}` : ''}`;
  const headers = { 'access-token': token, 'accept-encoding': 'gzip, deflate, br' };
  const first = await timeOne(url('pm10'), { headers });
  const times: number[] = [];
  for (let i = 0; i < 200; i++) times.push(await timeOne(url('pm10'), { headers }));
  const all: number[] = [];
  for (let i = 0; i < 50; i++) all.push(await timeOne(url(''), { headers }));
  const p95 = quantile(times, 0.95);
  console.log(
    `  30-day chart of pm10 (load average ${loadAverage()}; 720 hour points of 90 days in the table): first ${first.toFixed(1)} ms, ` +
      `median ${median(times).toFixed(1)} ms, p95 ${p95.toFixed(1)} ms; all 7 metrics: p95 ${quantile(all, 0.95).toFixed(1)} ms`,
  );
  figures.push(
    {
      label: 'IoT 30-day chart p95, 90 days stored',
      value: `${p95.toFixed(1)} ms`,
      budget: '< 100 ms',
      met: p95 < 100,
    },
    {
      label: 'IoT 30-day chart, 7 metrics, p95',
      value: `${quantile(all, 0.95).toFixed(1)} ms`,
      budget: 'no budget',
      met: undefined,
    },
  );
}

export async function measureIotFigures(): Promise<ServerFigure[]> {
  const figures: ServerFigure[] = [];
  console.log(`\n== IoT platform on PostgreSQL (load average ${loadAverage()}, ${os.cpus().length} cores) ==`);
  if (!(await reachable(PG_SERVER.host, PG_SERVER.port))) {
    console.log('  PostgreSQL is not reachable on 127.0.0.1:5432: the IoT figures are not measured.');
    figures.push({ label: 'IoT figures', value: 'not measured (no server)', budget: '', met: undefined });
    return figures;
  }
  buildServer();
  const database = benchDatabase('iot');
  const admin = new pg.Client({ ...PG_SERVER, database: 'postgres' });
  await admin.connect();
  await admin.query(`create database ${database}`);
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'portal-bench-iot-'));
  let server: MeasuredProcess | undefined;
  const direct = new pg.Client({ ...PG_SERVER, database });
  try {
    const mqttPort = await freePort();
    const url = `postgres://${PG_SERVER.user}@${PG_SERVER.host}:${PG_SERVER.port}/${database}`;
    server = await startBuiltServer(
      'main',
      serverEnv({
        DATA_DIR: dataDir,
        DATABASE_URL: url,
        PORTAL_SIMULATOR: 'off',
        PORTAL_MQTT_PORT: String(mqttPort),
        // Every simulated device connects from 127.0.0.1, as if all sat behind one gateway.
        PORTAL_MQTT_CONNECTIONS_PER_ADDRESS: '0',
        LOG_LEVEL: 'warn',
        // A line a second of the server's event-loop delay, heap and ingestion queues, for the timeline.
        PORTAL_RUNTIME_STATS_MS: '1000',
      }),
    );
    await direct.connect();
    const devices: Record<Carrier, DeviceSecret[]> = { mqtt: [], http: [] };
    for (const carrier of ['mqtt', 'http'] as const) {
      await direct.query(
        `insert into c_iot_device (id, project_id, name, serial, device_type)
         select 'bench-${carrier}-' || g, $1, '压测扬尘 ' || g, 'BENCH-${carrier.toUpperCase()}-' || g, 'environment'
         from generate_series(1, ${DEVICES}) g`,
        [PROJECT],
      );
      await direct.query(
        `insert into iot_credential (device_id, project_id, serial, device_type, secret)
         select id, project_id, serial, device_type, 'bench-secret-' || id from c_iot_device where id like 'bench-${carrier}-%'`,
      );
      devices[carrier] = Array.from({ length: DEVICES }, (_, i) => ({
        id: `bench-${carrier}-${i + 1}`,
        serial: `BENCH-${carrier.toUpperCase()}-${i + 1}`,
        secret: `bench-secret-bench-${carrier}-${i + 1}`,
        deviceType: 'environment',
      }));
    }
    for (const carrier of ['mqtt', 'http'] as const)
      await ingestion(server, direct, devices[carrier], carrier, mqttPort, figures);
    await ninetyDays(direct);
    await chart(server, figures);
  } finally {
    await direct.end().catch(() => undefined);
    await server?.stop();
    await admin.query(`drop database if exists ${database} with (force)`);
    await admin.end();
    await rm(dataDir, { recursive: true, force: true });
  }
  return figures;
}
