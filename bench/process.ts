/**
 * A child process under measurement: spawned with its own environment, ready when a URL answers 200, its resident
 * memory read from /proc, stopped with SIGTERM (SIGKILL after 5 s).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { exited, sleep } from './measure';
import { ROOT } from './server';

export interface MeasuredProcess {
  origin: string;
  pid: number;
  /** Milliseconds from spawn until the ready URL answered 200. */
  startupMs: number;
  /** Resident memory now, in MB (VmRSS of /proc/<pid>/status). */
  rssMb(): number;
  /** CPU time the process used until it was ready (user + system), in ms: steadier than wall time on a busy machine. */
  startupCpuMs: number;
  /** What the process wrote to standard output and error so far (its log). */
  output(): string;
  stop(): Promise<void>;
}

export interface ProcessSpec {
  label: string;
  args: string[];
  env: Record<string, string>;
  port: number;
  readyPath: string;
  timeoutMs?: number;
}

export function rssMbOf(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/^VmRSS:\s+(\d+)\s+kB/m.exec(status)?.[1] ?? 'NaN');
  return kb / 1024;
}

/** User + system CPU time of a process so far, in ms (fields 14 and 15 of /proc/<pid>/stat, in 1/100 s). */
export function cpuMsOf(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/**
 * Waits until a process has been nearly idle for a second (under `busyPercent` of one core), at most `maxMs`: a
 * server just started still runs its start-up work (statistics, warm-ups) after it answers, which a figure of
 * requests must not measure.
 */
export async function settled(pid: number, busyPercent = 10, maxMs = 30_000): Promise<void> {
  const began = Date.now();
  let before = cpuMsOf(pid);
  while (Date.now() - began < maxMs) {
    await sleep(1000);
    const now = cpuMsOf(pid);
    if ((now - before) / 10 < busyPercent) return;
    before = now;
  }
}

export async function startProcess(spec: ProcessSpec): Promise<MeasuredProcess> {
  const origin = `http://127.0.0.1:${spec.port}`;
  // The output goes to a file, as a production log would: read through a pipe, it would cost the bench's own
  // process (which also runs the load generator) CPU at every request the server logs.
  const logDir = mkdtempSync(path.join(os.tmpdir(), 'portal-bench-log-'));
  const logFile = path.join(logDir, 'output.log');
  const outputFd = openSync(logFile, 'a');
  const started = performance.now();
  const child = spawn(process.execPath, spec.args, {
    cwd: ROOT,
    env: { ...spec.env, PORT: String(spec.port), HOST: '127.0.0.1' },
    stdio: ['ignore', outputFd, outputFd],
  });
  closeSync(outputFd);
  const tail = () => readFileSync(logFile, 'utf8').slice(-4000);
  let stopped = false;
  const stop = async () => {
    if (stopped) return;
    stopped = true;
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      if (!(await Promise.race([exited(child).then(() => true), sleep(5000).then(() => false)]))) {
        child.kill('SIGKILL');
        await exited(child);
      }
    }
    rmSync(logDir, { recursive: true, force: true });
  };
  const timeoutMs = spec.timeoutMs ?? 120_000;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(
        `${spec.label} exited (${String(child.exitCode ?? child.signalCode)}) before answering:\n${tail()}`,
      );
    }
    if (performance.now() - started > timeoutMs) {
      await stop();
      throw new Error(`${spec.label} did not answer ${spec.readyPath} in ${timeoutMs} ms:\n${tail()}`);
    }
    try {
      const response = await fetch(`${origin}${spec.readyPath}`, { signal: AbortSignal.timeout(2000) });
      await response.arrayBuffer();
      if (response.status === 200) break;
    } catch {
      // not listening yet
    }
    await sleep(20);
  }
  const startupMs = performance.now() - started;
  const pid = child.pid;
  if (pid === undefined) throw new Error(`${spec.label} has no pid`);
  const output = () => readFileSync(logFile, 'utf8');
  return { origin, pid, startupMs, startupCpuMs: cpuMsOf(pid), rssMb: () => rssMbOf(pid), output, stop };
}
