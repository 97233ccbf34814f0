/** Small measuring helpers the server figures share. */
import type { ChildProcess } from 'node:child_process';
export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
export const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
export { quantile } from '../scripts/quantile';

/** Resolves once the child process has exited (at once if it already has). */
export function exited(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => child.once('exit', () => resolve()));
}

/** One request on its own, in milliseconds, checked to be a success. */
export async function timeOne(url: string, init: RequestInit): Promise<number> {
  const started = performance.now();
  const response = await fetch(url, init);
  const body = await response.text();
  const ms = performance.now() - started;
  if (response.status !== 200 || !body.includes('"msgCode":0'))
    throw new Error(`${url}: ${response.status} ${body.slice(0, 200)}`);
  return ms;
}
