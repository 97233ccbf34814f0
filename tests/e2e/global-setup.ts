/**
 * Browser tests run against the real server on a fresh data directory (embedded database, demo data, a fixed
 * captcha text), serving the real build of the web app.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { buildIfStale } from '../../scripts/build-if-stale';
import { freePort } from '../support/portal-process';

export const FIXED_CAPTCHA = '2468';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    dataDir: string;
  }
}

async function waitForServer(baseUrl: string, child: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${output()}`);
    try {
      const response = await fetch(`${baseUrl}/api/pub/ping`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`server did not start:\n${output()}`);
}

/** The SSO secret the browser tests' server trusts, so that a test can mint a ticket as an identity provider. */
export const E2E_SSO_SECRET = 'e2e-sso-secret-0123456789abcdef';

export interface RunningServer {
  baseUrl: string;
  dataDir: string;
  output: () => string;
  stop: () => Promise<void>;
}

/** The real server on a fresh data directory (also used by tests that need an install of their own). */
/** `cwd`: another copy of the project (a test that adds schema files to a copy serves that copy). */
export async function startServer(env: Record<string, string> = {}, cwd?: string): Promise<RunningServer> {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'portal-e2e-'));
  let log = '';
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    cwd,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      PORTAL_DEMO: '1',
      PORTAL_CAPTCHA_FIXED: FIXED_CAPTCHA,
      PORTAL_SSO_SECRET: E2E_SSO_SECRET,
      // The embedded MQTT broker on any free port: several test servers (and a portal on 1883) may run at once.
      PORTAL_MQTT_PORT: '0',
      // No reminder or digest lands between a test's steps (tests/api/workflow-timers.test.ts runs them).
      PORTAL_REMINDER_CRON: 'off',
      PORTAL_DIGEST_CRON: 'off',
      LOG_LEVEL: 'warn',
      NODE_ENV: 'test',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => (log += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (log += chunk.toString()));
  const baseUrl = `http://127.0.0.1:${port}`;
  await waitForServer(baseUrl, child, () => log);
  return {
    baseUrl,
    dataDir,
    output: () => log,
    stop: async () => {
      // Ends as an operator's stop does (the database closed), so that a test may start again on the same DATA_DIR.
      const running = () => child.exitCode === null && child.signalCode === null;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      if (running()) {
        child.kill('SIGTERM');
        const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
        await exited;
        clearTimeout(timer);
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export default async function setup(project: TestProject) {
  buildIfStale();
  const server = await startServer();
  project.provide('baseUrl', server.baseUrl);
  project.provide('dataDir', server.dataDir);
  return server.stop;
}
