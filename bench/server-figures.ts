/**
 * The server's figures, each beside its budget, with a bare Fastify process (bench/bare-fastify.ts) started in the
 * same run as the reference of the API ratios. The server runs as `npm start` runs it: built to JavaScript
 * (scripts/build-server.mjs), logging at its defaults (PORTAL_REQUEST_LOG=1 from the bench's environment passes
 * through), answers asked with `Accept-Encoding: gzip, deflate, br` like a browser.
 *   - PGlite, demo data (91 menus): roleMenuList and getCurrentUser against bare Fastify (50 connections);
 *   - PGlite, 2,000 menu records (written straight into the stopped server's database): one roleMenuList alone,
 *     then 10 connections (p99), and the administration menu tree beside it (no budget);
 *   - `npm start` to listening on that existing data (median of 3), and the resident memory idle after it;
 *   - PostgreSQL on 127.0.0.1:5432 when reachable (a database of its own, dropped after): resident memory idle,
 *     and the user list with 100,000 users (first page, last page, p95 of random pages); the collection figures
 *     (bench/collection-figures.ts) and the approval figures (bench/workflow-figures.ts).
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { loginForToken } from './api-rate';
import { measureCollectionFigures } from './collection-figures';
import { measureWorkflowFigures } from './workflow-figures';
import { measureSearchFigures } from './search-figures';
import { median, quantile, sleep, timeOne } from './measure';
import { verdict } from './browser';
import { compareLoads, describeLoad, load } from './load';
import { settled, startProcess, type MeasuredProcess } from './process';
import { benchDatabase, CAPTCHA, freePort, ROOT } from './server';

export interface ServerFigure {
  label: string;
  value: string;
  budget: string;
  /** undefined: no budget, or not measured. */
  met: boolean | undefined;
}

const BROWSER_ENCODING = { 'accept-encoding': 'gzip, deflate, br' };
const MENUS_UNDER_EACH = 47;
const TOP_MENUS = 40;
const USERS = 100_000;
export const PG_SERVER = { host: '127.0.0.1', port: 5432, user: 'postgres' };

export function buildServer(): void {
  const result = spawnSync(process.execPath, ['scripts/build-server.mjs'], { cwd: ROOT, stdio: 'inherit' });
  if (result.status !== 0) throw new Error(`scripts/build-server.mjs failed with exit code ${String(result.status)}`);
}

export function serverEnv(extra: Record<string, string>): Record<string, string> {
  // NODE_ENV is left out: the server refuses PORTAL_CAPTCHA_FIXED under NODE_ENV=production.
  const { NODE_ENV: _ignored, LOG_LEVEL: _default, ...inherited } = process.env;
  return {
    ...(inherited as Record<string, string>),
    PORTAL_DEMO: '1',
    PORTAL_CAPTCHA_FIXED: CAPTCHA,
    // The figures measure requests: no reminder sweep or digest runs in the middle of them.
    PORTAL_REMINDER_CRON: 'off',
    PORTAL_DIGEST_CRON: 'off',
    // The embedded MQTT broker on a free port: a second bench, or a portal, may hold 1883.
    PORTAL_MQTT_PORT: '0',
    // The limiter stays on (its cost is part of every request) but so high that no figure measures -429 answers:
    // at the default 1,200 a minute per user, nearly every request of a load run would be refused.
    PORTAL_RATE_LIMIT_USER: '1000000000',
    PORTAL_RATE_LIMIT_ADDRESS: '1000000000',
    ...extra,
  };
}

/**
 * The environment and Node.js options of `npm start` (package.json: `[NAME=value ...] node <options>
 * scripts/start.mjs`, run by npm through `sh` after the Node version check), so the bench runs the server exactly as it runs in production.
 */
function startCommand(): { env: Record<string, string>; options: string[] } {
  const pkg = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { scripts: { start: string } };
  // The command after the last `&&`: the steps before it (the Node version check) are not the server's.
  const words = (pkg.scripts.start.split('&&').at(-1) ?? '').trim().split(/\s+/);
  const commandAt = words.findIndex((word) => !/^[A-Z_][A-Z0-9_]*=\S*$/.test(word));
  const env = Object.fromEntries(
    words.slice(0, commandAt).map((assignment) => {
      const equals = assignment.indexOf('=');
      return [assignment.slice(0, equals), assignment.slice(equals + 1)];
    }),
  );
  const [command, ...rest] = words.slice(commandAt);
  if (command !== 'node' || rest.at(-1) !== 'scripts/start.mjs')
    throw new Error(`unexpected start script: ${pkg.scripts.start}`);
  return { env, options: rest.slice(0, -1) };
}

/**
 * Extra flags for the measured server's node (`BENCH_SERVER_NODE_ARGS="--cpu-prof --cpu-prof-dir=/tmp/prof"`): to
 * see where its time goes under the bench's load. Node refuses --cpu-prof in NODE_OPTIONS, and NODE_OPTIONS would
 * profile the load generator too.
 */
const extraNodeArgs = () => (process.env.BENCH_SERVER_NODE_ARGS ?? '').split(/\s+/).filter(Boolean);

export async function startBuiltServer(entry: 'main' | 'start', env: Record<string, string>): Promise<MeasuredProcess> {
  const script = entry === 'start' ? 'scripts/start.mjs' : 'dist-server/main.js';
  const start = startCommand();
  return startProcess({
    label: `node ${script}`,
    args: [...start.options, ...extraNodeArgs(), script],
    env: { ...env, ...start.env },
    port: await freePort(),
    readyPath: '/api/pub/ping',
  });
}

/**
 * Resident memory once start-up work (the ANALYZE after listening, warm-ups) has settled, and 5 s more: what an
 * idle server holds, not the start-up's garbage that V8 has not yet collected.
 */
async function idleRss(server: MeasuredProcess): Promise<number> {
  await settled(server.pid);
  await sleep(5000);
  return server.rssMb();
}

function roleMenuTarget(origin: string, token: string, connections: number, label: string) {
  return {
    label,
    url: `${origin}/api/zhgd/menu/roleMenuList`,
    method: 'POST' as const,
    body: JSON.stringify({ type: '', officeId: '' }),
    headers: { 'access-token': token, ...BROWSER_ENCODING },
    connections,
    seconds: 10,
  };
}

/** 1,920 navigation menus in 40 groups, granted to the administrator: about 2,000 menu records with the seed's. */
async function addMenus(dataDir: string): Promise<number> {
  const db = new PGlite(path.join(dataDir, 'pgdata'));
  try {
    await db.exec(`
      insert into sys_menu (id, parent_id, parent_ids, name, sort, href, target, special_logo)
        select 'bench-nav-' || n, '0', '0,', '压测导航' || n, 1000 + n, '', '', 'navigation'
        from generate_series(1, ${TOP_MENUS}) n;
      insert into sys_menu (id, parent_id, parent_ids, name, sort, href, target, special_logo, icon)
        select 'bench-' || n || '-' || k, 'bench-nav-' || n, '0,bench-nav-' || n || ',', '压测菜单' || n || '-' || k, k,
               '/bench/' || n || '/' || k, 'bench/page', 'navigation', 'icon-apps'
        from generate_series(1, ${TOP_MENUS}) n, generate_series(1, ${MENUS_UNDER_EACH}) k;
      insert into sys_role_menu (role_id, menu_id) select 'role-admin', id from sys_menu where id like 'bench-%';`);
    const { rows } = await db.query<{ n: number }>(`select count(*)::int as n from sys_menu where del_flag = '0'`);
    return rows[0].n;
  } finally {
    await db.close();
  }
}

export function reachable(host: string, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host, port });
    socket.setTimeout(1000);
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('timeout', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', () => resolve(false));
  });
}

async function onPostgres(figures: ServerFigure[], only?: PostgresOnly): Promise<void> {
  if (!(await reachable(PG_SERVER.host, PG_SERVER.port))) {
    console.log('  PostgreSQL is not reachable on 127.0.0.1:5432: the PostgreSQL figures are not measured.');
    figures.push({
      label: 'RSS idle, PostgreSQL',
      value: 'not measured (no server)',
      budget: '<= 150 MB',
      met: undefined,
    });
    figures.push({
      label: 'user list p95, 100k users',
      value: 'not measured (no server)',
      budget: '< 20 ms',
      met: undefined,
    });
    figures.push({
      label: 'worker list p95, 100k workers',
      value: 'not measured (no server)',
      budget: '< 50 ms',
      met: undefined,
    });
    figures.push({
      label: 'todo list p95, 10k tasks / 1M inst.',
      value: 'not measured (no server)',
      budget: '< 50 ms',
      met: undefined,
    });
    figures.push({
      label: 'approval -> starter event, p95',
      value: 'not measured (no server)',
      budget: '< 1000 ms',
      met: undefined,
    });
    figures.push({
      label: 'knowledge search p95, 100k articles',
      value: 'not measured (no server)',
      budget: '< 100 ms',
      met: undefined,
    });
    return;
  }
  const database = benchDatabase('pg');
  const admin = new pg.Client({ ...PG_SERVER, database: 'postgres' });
  await admin.connect();
  await admin.query(`create database ${database}`);
  let server: MeasuredProcess | undefined;
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'portal-bench-pg-'));
  try {
    const url = `postgres://${PG_SERVER.user}@${PG_SERVER.host}:${PG_SERVER.port}/${database}`;
    server = await startBuiltServer('main', serverEnv({ DATA_DIR: dataDir, DATABASE_URL: url }));
    if (only === 'collections') {
      await measureCollectionFigures(server, { ...PG_SERVER, database }, figures);
      return;
    }
    if (only === 'workflow') {
      await measureWorkflowFigures(server, { ...PG_SERVER, database }, figures);
      return;
    }
    if (only === 'search') {
      await measureSearchFigures(server, { ...PG_SERVER, database }, figures);
      return;
    }
    const rss = await idleRss(server);
    console.log(`  PostgreSQL: first start ${server.startupMs.toFixed(0)} ms, RSS idle ${rss.toFixed(0)} MB`);
    figures.push({
      label: 'RSS idle, PostgreSQL',
      value: `${rss.toFixed(0)} MB`,
      budget: '<= 150 MB',
      met: rss <= 150,
    });

    const direct = new pg.Client({ ...PG_SERVER, database });
    await direct.connect();
    try {
      await direct.query(`
        insert into sys_user (id, login_name, name, password_hash, office_id, company_id, created_at)
        select 'bench-' || g, 'bench' || g, '压测用户' || g, 'unused', 'office-east', 'office-company',
               now() - interval '1 second' * g
        from generate_series(1, ${USERS}) g`);
      // What autovacuum does soon after such a bulk insert: statistics, and the visibility map index-only scans need.
      await direct.query('vacuum analyze sys_user');
    } finally {
      await direct.end();
    }
    const token = await loginForToken(server.origin);
    const list = (pageNo: number) =>
      timeOne(`${server!.origin}/api/user/list?pageNo=${pageNo}&pageSize=10`, {
        headers: { 'access-token': token, ...BROWSER_ENCODING },
      });
    const first = await list(1);
    const lastPage = Math.ceil((USERS + 3) / 10);
    const last = await list(lastPage);
    const times: number[] = [];
    for (let i = 0; i < 200; i++) {
      const pageNo = i % 4 === 0 ? 1 : i % 4 === 1 ? lastPage : 1 + Math.floor(Math.random() * lastPage);
      times.push(await list(pageNo));
    }
    const p95 = quantile(times, 0.95);
    console.log(
      `  user list, ${USERS.toLocaleString('en')} users: first page alone ${first.toFixed(1)} ms, last page alone ${last.toFixed(1)} ms; ` +
        `200 pages (first, last, random): median ${median(times).toFixed(1)} ms, p95 ${p95.toFixed(1)} ms, max ${Math.max(...times).toFixed(1)} ms`,
    );
    figures.push({
      label: 'user list p95, 100k users (PostgreSQL)',
      value: `${p95.toFixed(1)} ms (first ${first.toFixed(0)} / last ${last.toFixed(0)} ms alone)`,
      budget: '< 20 ms',
      met: p95 < 20,
    });
    await measureCollectionFigures(server, { ...PG_SERVER, database }, figures);
    await measureWorkflowFigures(server, { ...PG_SERVER, database }, figures);
    await measureSearchFigures(server, { ...PG_SERVER, database }, figures);
  } finally {
    await server?.stop();
    await admin.query(`drop database if exists ${database} with (force)`);
    await admin.end();
    await rm(dataDir, { recursive: true, force: true });
  }
}

/**
 * The two API ratios: getCurrentUser and roleMenuList (demo menus) against the bare Fastify process, once the
 * server's start-up work is done (its servers run without the demo device simulator: requests, not ingestion).
 */
async function measureApiRatios(
  server: MeasuredProcess,
  bareOrigin: string,
  token: string,
  figures: ServerFigure[],
): Promise<void> {
  const origin = server.origin;
  await settled(server.pid);
  // Both answers checked alike: the load generator shares the cores with the servers, and its check of each body
  // would otherwise weigh on one side only.
  const isSuccess = (body: string | Buffer | undefined) => body !== undefined && body.includes('"msgCode":0');
  const currentUser = await compareLoads(
    {
      label: 'bare Fastify GET /ping',
      url: `${bareOrigin}/ping`,
      connections: 50,
      seconds: 4,
      verifyBody: isSuccess,
    },
    {
      label: 'GET /api/user/getCurrentUser',
      url: `${origin}/api/user/getCurrentUser`,
      headers: { 'access-token': token, ...BROWSER_ENCODING },
      connections: 50,
      seconds: 4,
      verifyBody: isSuccess,
    },
  );
  const menus91 = await compareLoads(
    {
      label: 'bare Fastify POST /ping',
      url: `${bareOrigin}/ping`,
      method: 'POST',
      body: JSON.stringify({ type: '', officeId: '' }),
      connections: 50,
      seconds: 4,
    },
    { ...roleMenuTarget(origin, token, 50, 'POST roleMenuList, demo menus'), seconds: 4 },
  );
  console.log('  (3 alternating rounds of 4 s each, 50 connections; mean rate, worst p99)');
  for (const pair of [currentUser, menus91]) {
    console.log(`  ${describeLoad(pair.reference)}`);
    console.log(`  ${describeLoad(pair.target)}   ratio ${(pair.ratio * 100).toFixed(1)} %`);
  }
  figures.push({
    label: 'roleMenuList / bare POST, demo menus',
    value: `${(menus91.ratio * 100).toFixed(1)} % (${menus91.target.requestsPerSecond.toFixed(0)} req/s, p99 ${menus91.target.latencyP99Ms} ms)`,
    budget: '>= 50 %',
    met: menus91.ratio >= 0.5,
  });
  figures.push({
    label: 'getCurrentUser / bare GET',
    value: `${(currentUser.ratio * 100).toFixed(1)} % (${currentUser.target.requestsPerSecond.toFixed(0)} req/s)`,
    budget: '>= 50 %',
    met: currentUser.ratio >= 0.5,
  });
}

/**
 * `BENCH_ONLY=api`: the two API ratios alone (a fresh PGlite server with the demo data beside bare Fastify), about
 * a minute: what to run after a change on the request path.
 */
export async function measureApiFiguresOnly(webDir: string): Promise<ServerFigure[]> {
  const figures: ServerFigure[] = [];
  buildServer();
  const bare = await startProcess({
    label: 'bare Fastify',
    args: ['--import', 'tsx', 'bench/bare-fastify.ts'],
    env: process.env as Record<string, string>,
    port: await freePort(),
    readyPath: '/ping',
  });
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'portal-bench-api-'));
  let server: MeasuredProcess | undefined;
  try {
    console.log(
      `\n== API ratios (built server, default logging${requestLogNote()}, bare Fastify in its own process) ==`,
    );
    server = await startBuiltServer(
      'main',
      serverEnv({ DATA_DIR: dataDir, PORTAL_WEB_DIR: webDir, PORTAL_SIMULATOR: 'off' }),
    );
    await measureApiRatios(server, bare.origin, await loginForToken(server.origin), figures);
  } finally {
    await server?.stop();
    await bare.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
  return figures;
}

/** What the environment says of request logging, for the figures' headings. */
function requestLogNote(): string {
  // serverEnv leaves LOG_LEVEL at its default; PORTAL_REQUEST_LOG passes through.
  const requestLog = process.env.PORTAL_REQUEST_LOG;
  return requestLog ? `, PORTAL_REQUEST_LOG=${requestLog}` : '';
}

export async function measureServerFigures(webDir: string): Promise<ServerFigure[]> {
  const figures: ServerFigure[] = [];
  buildServer();
  const bare = await startProcess({
    label: 'bare Fastify',
    args: ['--import', 'tsx', 'bench/bare-fastify.ts'],
    env: process.env as Record<string, string>,
    port: await freePort(),
    readyPath: '/ping',
  });
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'portal-bench-server-'));
  const env = serverEnv({ DATA_DIR: dataDir, PORTAL_WEB_DIR: webDir });
  let server: MeasuredProcess | undefined;
  const stopServer = async () => {
    await server?.stop();
    server = undefined;
  };
  try {
    console.log(
      `\n== Server figures (built server, default logging${requestLogNote()}, bare Fastify in its own process as reference) ==`,
    );
    server = await startBuiltServer('main', { ...env, PORTAL_SIMULATOR: 'off' });
    console.log(`  first start on a new PGlite data directory: ${server.startupMs.toFixed(0)} ms`);
    let token = await loginForToken(server.origin);

    await measureApiRatios(server, bare.origin, token, figures);
    await stopServer();

    const menuCount = await addMenus(dataDir);
    const startups: number[] = [];
    const startupCpu: number[] = [];
    for (let i = 0; i < 3; i++) {
      server = await startBuiltServer('start', env);
      startups.push(server.startupMs);
      startupCpu.push(server.startupCpuMs);
      if (i < 2) await stopServer();
    }
    const startup = median(startups);
    console.log(
      `  npm start to listening, existing data (${menuCount} menus): ${startups.map((ms) => ms.toFixed(0)).join(', ')} ms ` +
        `(CPU used meanwhile ${startupCpu.map((ms) => ms.toFixed(0)).join(', ')} ms; the machine's load: ${os.loadavg()[0].toFixed(1)})`,
    );
    figures.push({
      label: 'npm start to listening (median of 3)',
      value: `${startup.toFixed(0)} ms`,
      budget: '<= 2000 ms',
      met: startup <= 2000,
    });
    const rss = await idleRss(server!);
    console.log(`  RSS idle after that start: ${rss.toFixed(0)} MB (bare Fastify: ${bare.rssMb().toFixed(0)} MB)`);
    figures.push({ label: 'RSS idle, PGlite', value: `${rss.toFixed(0)} MB`, budget: '<= 250 MB', met: rss <= 250 });

    const origin = server!.origin;
    token = await loginForToken(origin);
    const alone = await timeOne(`${origin}/api/zhgd/menu/roleMenuList`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'access-token': token, ...BROWSER_ENCODING },
      body: JSON.stringify({ type: '', officeId: '' }),
    });
    const plain = await fetch(`${origin}/api/zhgd/menu/roleMenuList`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'access-token': token, 'accept-encoding': 'identity' },
      body: JSON.stringify({ type: '', officeId: '' }),
    });
    const plainBytes = (await plain.arrayBuffer()).byteLength;
    const many = await load(roleMenuTarget(origin, token, 10, `POST roleMenuList, ${menuCount} menus`));
    const treeData = await load({
      label: `GET menu/0/treeData, ${menuCount} menus`,
      url: `${origin}/api/system/menu/0/treeData`,
      headers: { 'access-token': token, ...BROWSER_ENCODING },
      connections: 10,
      seconds: 10,
    });
    console.log(
      `  roleMenuList alone, ${menuCount} menus: ${alone.toFixed(1)} ms (answer ${(plainBytes / 1024).toFixed(0)} KB uncompressed)`,
    );
    for (const result of [many, treeData]) console.log(`  ${describeLoad(result)}`);
    figures.push({
      label: `roleMenuList p99, ${menuCount} menus, 10 conn.`,
      value: `${many.latencyP99Ms} ms (${many.requestsPerSecond.toFixed(0)} req/s; alone ${alone.toFixed(0)} ms)`,
      budget: '< 20 ms',
      met: many.latencyP99Ms < 20,
    });
    figures.push({
      label: `menu treeData p99, ${menuCount} menus, 10 conn.`,
      value: `${treeData.latencyP99Ms} ms (${treeData.requestsPerSecond.toFixed(0)} req/s)`,
      budget: 'none',
      met: undefined,
    });
    await stopServer();

    await onPostgres(figures);
  } finally {
    await stopServer();
    await bare.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
  return figures;
}

/** The figures measured on PostgreSQL alone with BENCH_ONLY. */
export type PostgresOnly = 'collections' | 'workflow' | 'search';

/**
 * `BENCH_ONLY=collections` (worker list, Excel import), `BENCH_ONLY=workflow` (todo list, approval to event) or
 * `BENCH_ONLY=search` (knowledge search over 100,000 articles): those figures on PostgreSQL alone.
 */
export async function measurePostgresFiguresOnly(only: PostgresOnly): Promise<ServerFigure[]> {
  const figures: ServerFigure[] = [];
  buildServer();
  await onPostgres(figures, only);
  return figures;
}

export function printServerFigures(figures: ServerFigure[]): void {
  for (const figure of figures) {
    const mark = figure.met === undefined ? '' : verdict(figure.met);
    console.log(`  ${figure.label.padEnd(44)} ${figure.value.padEnd(48)} (${figure.budget})  ${mark}`);
  }
}
