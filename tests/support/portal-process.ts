/**
 * The real server as a process of its own (src/server/main.ts under tsx), for the tests that kill it, restart it or
 * run several of it: started on a port with the environment a test gives, ready once `/api/pub/ping` answers, and
 * stopped by a signal (a SIGTERM that has not ended it within 30 s becomes a SIGKILL).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';

export const ROOT = path.resolve(import.meta.dirname, '../..');

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A TCP port free at the moment of asking. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/** Waits until `probe` holds, looking every 200 ms; throws naming `what` after `timeoutMs`. */
export async function until(what: string, probe: () => boolean | Promise<boolean>, timeoutMs = 180_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!(await probe())) {
    if (Date.now() > end) throw new Error(`gave up waiting for ${what}`);
    await sleep(200);
  }
}

export interface PortalProcess {
  readonly port: number;
  readonly origin: string;
  /** The last 4,000 characters it wrote (stdout and stderr), for the message of a failure. */
  output(): string;
  /** Whether the process is still running. */
  running(): boolean;
  /** Stops it with `signal` and waits for its exit (SIGTERM: SIGKILL after 30 s). */
  stop(signal: NodeJS.Signals): Promise<void>;
}

/**
 * Starts the server on `port` with the test's `env` over the inherited environment (NODE_ENV=test, HOST 127.0.0.1,
 * LOG_LEVEL warn unless `env` says otherwise) and resolves once it answers.
 */
export async function startPortalProcess(port: number, env: Record<string, string>): Promise<PortalProcess> {
  const { NODE_ENV: _ignored, ...inherited } = process.env;
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, 'src/server/main.ts')], {
    cwd: ROOT,
    env: { ...inherited, NODE_ENV: 'test', HOST: '127.0.0.1', LOG_LEVEL: 'warn', ...env, PORT: String(port) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const keep = (chunk: Buffer) => (output = (output + chunk.toString()).slice(-4000));
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const origin = `http://127.0.0.1:${port}`;
  const running = () => child.exitCode === null && child.signalCode === null;
  await until(`the server on port ${port}`, async () => {
    if (!running()) throw new Error(`the server on port ${port} exited (${child.exitCode}):\n${output}`);
    return fetch(`${origin}/api/pub/ping`).then(
      (response) => response.ok,
      () => false,
    );
  });
  return {
    port,
    origin,
    output: () => output,
    running,
    async stop(signal) {
      if (!running()) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill(signal);
      if (signal !== 'SIGKILL' && (await Promise.race([exited.then(() => true), sleep(30_000).then(() => false)])))
        return;
      child.kill('SIGKILL');
      await exited;
    },
  };
}
