/** One load run with autocannon on loopback: a warm-up, then the measured seconds. */
import autocannon from 'autocannon';
import type { RateResult } from './api-rate';

export interface LoadTarget {
  label: string;
  url: string;
  method?: 'GET' | 'POST';
  body?: string;
  headers?: Record<string, string>;
  connections: number;
  seconds: number;
  warmupSeconds?: number;
  /** A check of each answer's body; leave out for compressed answers. */
  verifyBody?: (body: string | Buffer | undefined) => boolean;
}

function cannon(target: LoadTarget, seconds: number): Promise<autocannon.Result> {
  return autocannon({
    url: target.url,
    method: target.method ?? 'GET',
    body: target.body,
    headers: { ...(target.body ? { 'content-type': 'application/json' } : {}), ...target.headers },
    connections: target.connections,
    duration: seconds,
    verifyBody: target.verifyBody,
  });
}

export async function load(target: LoadTarget): Promise<RateResult> {
  await cannon(target, target.warmupSeconds ?? 2);
  const result = await cannon(target, target.seconds);
  const mismatches = (result as autocannon.Result & { mismatches?: number }).mismatches ?? 0;
  return {
    label: target.label,
    requestsPerSecond: result.requests.average,
    latencyP50Ms: result.latency.p50,
    latencyP99Ms: result.latency.p99,
    total: result.requests.total,
    non2xx: result.non2xx,
    errors: result.errors,
    mismatches,
  };
}

export function describeLoad(result: RateResult): string {
  const problems = [
    result.non2xx ? `${result.non2xx} non-2xx` : '',
    result.errors ? `${result.errors} errors` : '',
    result.mismatches ? `${result.mismatches} not msgCode 0` : '',
  ].filter(Boolean);
  return (
    `${result.label.padEnd(44)} ${result.requestsPerSecond.toFixed(0).padStart(7)} req/s  ` +
    `p50 ${result.latencyP50Ms} ms, p99 ${result.latencyP99Ms} ms` +
    (problems.length ? `  [${problems.join(', ')}]` : '')
  );
}

/** Several runs' results as one: mean rate, the worst p50 and p99, summed counts. */
function combine(results: RateResult[]): RateResult {
  return {
    label: results[0].label,
    requestsPerSecond: results.reduce((sum, r) => sum + r.requestsPerSecond, 0) / results.length,
    latencyP50Ms: Math.max(...results.map((r) => r.latencyP50Ms)),
    latencyP99Ms: Math.max(...results.map((r) => r.latencyP99Ms)),
    total: results.reduce((sum, r) => sum + r.total, 0),
    non2xx: results.reduce((sum, r) => sum + r.non2xx, 0),
    errors: results.reduce((sum, r) => sum + r.errors, 0),
    mismatches: results.reduce((sum, r) => sum + r.mismatches, 0),
  };
}

/**
 * `target` against `reference`, in alternating rounds so that a change in the machine's load (other processes on
 * the same cores) weighs on both alike. The ratio is of the mean rates.
 */
export async function compareLoads(
  reference: LoadTarget,
  target: LoadTarget,
  rounds = 3,
): Promise<{ reference: RateResult; target: RateResult; ratio: number }> {
  const references: RateResult[] = [];
  const targets: RateResult[] = [];
  for (let i = 0; i < rounds; i++) {
    references.push(await load({ ...reference, warmupSeconds: 1 }));
    targets.push(await load({ ...target, warmupSeconds: 1 }));
  }
  const [ref, tgt] = [combine(references), combine(targets)];
  return { reference: ref, target: tgt, ratio: tgt.requestsPerSecond / ref.requestsPerSecond };
}
