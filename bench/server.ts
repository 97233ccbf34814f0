/**
 * The bench's own copy of the portal: builds the web app when dist/ is missing, starts the real server as a
 * child process on a free port with a fresh data directory, and tears both down again.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { webAppIsStale } from '../scripts/build-if-stale';
import { exited, sleep } from './measure';

export const ROOT = path.resolve(import.meta.dirname, '..');
export const CAPTCHA = '1234';

export interface RunningServer {
  origin: string;
  port: number;
  dataDir: string;
  /** Milliseconds from spawn until /api/pub/ping answered. */
  startupMs: number;
  stop(): Promise<void>;
}

function viteBuild(outDir: string): void {
  const started = Date.now();
  // A production build whatever the caller's NODE_ENV (vitest sets "test", which gives React's development build).
  const result = spawnSync('npx', ['vite', 'build', '--logLevel', 'warn', '--outDir', outDir, '--emptyOutDir'], {
    cwd: ROOT,
    env: { ...process.env, NODE_ENV: 'production' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  if (result.status !== 0) throw new Error(`vite build failed with exit code ${String(result.status)}`);
  console.log(`vite build into ${outDir} done in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

/** React's development build leaves these in the bundle; a production build has none. */
function hasDevelopmentReact(distDir: string): boolean {
  const assets = path.join(distDir, 'assets');
  if (!existsSync(assets)) return false;
  return readdirSync(assets)
    .filter((name) => name.endsWith('.js'))
    .some((name) => readFileSync(path.join(assets, name), 'utf8').includes('jsxDEV'));
}

/**
 * Builds the web app with Vite when dist/ is missing or older than its sources (the rule of npm start). Returns the directory the server should serve:
 * dist/, or, when dist/ holds a development build of React (which would distort every figure), a production
 * build made in a temporary directory that `cleanup` removes.
 */
export async function ensureBuild(): Promise<{ webDir: string; cleanup(): Promise<void> }> {
  const dist = path.join(ROOT, 'dist');
  const none = { webDir: dist, cleanup: async () => undefined };
  if (webAppIsStale()) {
    console.log('dist/ missing or older than its sources: running vite build ...');
    viteBuild(dist);
    return none;
  }
  if (!hasDevelopmentReact(dist)) {
    console.log('dist/index.html present: measuring the existing build');
    return none;
  }
  console.log('WARNING: dist/ holds a DEVELOPMENT build of React (jsxDEV found; built with NODE_ENV != production).');
  console.log('         Measuring a fresh production build in a temporary directory instead; dist/ is left alone.');
  const webDir = await mkdtemp(path.join(os.tmpdir(), 'portal-bench-web-'));
  viteBuild(webDir);
  return { webDir, cleanup: () => rm(webDir, { recursive: true, force: true }) };
}

/** Whether a port of 127.0.0.1 can be listened on now. */
function listenable(port: number): Promise<number | undefined> {
  return new Promise((resolve) => {
    const probe = net.createServer();
    probe.unref();
    probe.on('error', () => resolve(undefined));
    probe.listen(port, '127.0.0.1', () => {
      const address = probe.address();
      const bound = typeof address === 'object' && address ? address.port : undefined;
      probe.close(() => resolve(bound));
    });
  });
}

/** Ports handed out by this process: a probe closes at once, so the same port would otherwise come back twice. */
const handedOut = new Set<number>();

/**
 * A port to listen on: any free one, or with `BENCH_PORTS=4400-4499` (a machine shared by several people, each
 * given a range) the first free one of that range.
 */
export async function freePort(): Promise<number> {
  const range = /^(\d+)-(\d+)$/.exec(process.env.BENCH_PORTS ?? '');
  if (!range) {
    const port = await listenable(0);
    if (port === undefined) throw new Error('no free port');
    return port;
  }
  for (let port = Number(range[1]); port <= Number(range[2]); port++) {
    if (handedOut.has(port) || (await listenable(port)) === undefined) continue;
    handedOut.add(port);
    return port;
  }
  throw new Error(`no free port in BENCH_PORTS=${process.env.BENCH_PORTS}`);
}

/** The name of a PostgreSQL database the bench creates (and drops): `BENCH_DB_PREFIX` (default portal_bench_) first. */
export function benchDatabase(name: string): string {
  const prefix = process.env.BENCH_DB_PREFIX ?? 'portal_bench_';
  if (!/^[a-z_][a-z0-9_]*$/.test(prefix)) throw new Error(`BENCH_DB_PREFIX must be a plain lower-case name: ${prefix}`);
  return `${prefix}${name}_${process.pid}`;
}

/** `env`: settings of this server beside the bench's own (e.g. a module's switch). */
export async function startServer(
  webDir: string,
  timeoutMs = 120_000,
  env: Record<string, string> = {},
): Promise<RunningServer> {
  const mainFile = path.join(ROOT, 'src', 'server', 'main.ts');
  if (!existsSync(mainFile)) throw new Error(`${mainFile} does not exist yet`);
  const port = await freePort();
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'portal-bench-'));
  const origin = `http://127.0.0.1:${port}`;
  const started = Date.now();
  // NODE_ENV is left out: the server refuses PORTAL_CAPTCHA_FIXED under NODE_ENV=production.
  const { NODE_ENV: _ignored, ...inherited } = process.env;
  const child = spawn(process.execPath, ['--import', 'tsx', mainFile], {
    cwd: ROOT,
    env: {
      ...inherited,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      PORTAL_DEMO: '1',
      PORTAL_CAPTCHA_FIXED: CAPTCHA,
      LOG_LEVEL: 'warn',
      PORTAL_WEB_DIR: webDir,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  // Keep the tail of the server's output for error reports; pass warnings through.
  let tail = '';
  const keep = (chunk: Buffer) => {
    tail = (tail + chunk.toString()).slice(-4000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);

  let stopped = false;
  const stop = async () => {
    if (stopped) return;
    stopped = true;
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      const done = await Promise.race([exited(child).then(() => true), sleep(5000).then(() => false)]);
      if (!done) {
        child.kill('SIGKILL');
        await exited(child);
      }
    }
    await rm(dataDir, { recursive: true, force: true });
  };

  try {
    for (;;) {
      if (child.exitCode !== null || child.signalCode !== null) {
        throw new Error(`server exited (${String(child.exitCode ?? child.signalCode)}) before answering:\n${tail}`);
      }
      if (Date.now() - started > timeoutMs)
        throw new Error(`server did not answer /api/pub/ping in ${timeoutMs} ms:\n${tail}`);
      try {
        const response = await fetch(`${origin}/api/pub/ping`, { signal: AbortSignal.timeout(2000) });
        if (response.status === 200) break;
      } catch {
        // not listening yet
      }
      await sleep(200);
    }
  } catch (error) {
    await stop();
    throw error;
  }
  return { origin, port, dataDir, startupMs: Date.now() - started, stop };
}
