/**
 * Figure 3: requests per second of an authenticated read (GET /api/user/getCurrentUser) against the bare
 * liveness route (GET /api/pub/ping), with autocannon on loopback. Budget: the ratio is at least 0.5.
 */
import { constants, publicEncrypt } from 'node:crypto';
import autocannon from 'autocannon';
import type { Envelope, PublicKeys, TokenPair } from '../src/shared/envelope';
import { CAPTCHA } from './server';
import { verdict } from './browser';

export const RATIO_BUDGET = 0.5;
const CONNECTIONS = 50;
const WARMUP_S = 2;
const DURATION_S = 10;

/** The demo administrator of DESIGN.md. */
const ADMIN = { username: 'admin', password: 'Admin@2026' };

async function envelopeOf<T>(response: Response, what: string): Promise<Envelope<T>> {
  if (response.status !== 200) throw new Error(`${what}: HTTP ${response.status}`);
  return (await response.json()) as Envelope<T>;
}

/** Logs in through the API the way the browser does: captcha cookie, RSA-OAEP password, fixed captcha text. */
export async function loginForToken(origin: string): Promise<string> {
  const keys = await envelopeOf<PublicKeys>(await fetch(`${origin}/api/pub/keys`), 'GET /api/pub/keys');
  const pem = keys.data?.rsaPublicKey;
  if (!pem) throw new Error('GET /api/pub/keys gave no data.rsaPublicKey');

  const captcha = await fetch(`${origin}/api/getCaptchaImg`);
  if (captcha.status !== 200) throw new Error(`GET /api/getCaptchaImg: HTTP ${captcha.status}`);
  await captcha.arrayBuffer();
  const cookie = captcha.headers
    .getSetCookie()
    .map((line) => line.split(';')[0])
    .join('; ');
  if (!cookie) throw new Error('GET /api/getCaptchaImg set no cookie');

  const password = publicEncrypt(
    { key: pem, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
    Buffer.from(ADMIN.password, 'utf8'),
  ).toString('base64');
  const login = await envelopeOf<TokenPair>(
    await fetch(`${origin}/api/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Cookie: cookie },
      body: JSON.stringify({ username: ADMIN.username, password, validateCode: CAPTCHA }),
    }),
    'POST /api/login',
  );
  if (login.msgCode !== 0 || !login.data?.access_token) {
    throw new Error(`POST /api/login answered msgCode ${login.msgCode}: ${login.errMsg}`);
  }
  return login.data.access_token;
}

interface Target {
  label: string;
  url: string;
  headers?: Record<string, string>;
}

export interface RateResult {
  label: string;
  requestsPerSecond: number;
  latencyP50Ms: number;
  latencyP99Ms: number;
  total: number;
  non2xx: number;
  errors: number;
  /** Answers that were not msgCode 0 (an HTTP 200 carrying an error envelope). */
  mismatches: number;
}

export interface RateFigure {
  ping: RateResult;
  currentUser: RateResult;
  ratio: number;
  met: boolean;
}

/** A cheap success check that does not parse JSON (the load generator shares the CPU with the server). */
const isOk = (body: string | Buffer | undefined) => body !== undefined && body.includes('"msgCode":0');

function cannon(target: Target, seconds: number): Promise<autocannon.Result> {
  return autocannon({
    url: target.url,
    method: 'GET',
    headers: target.headers,
    connections: CONNECTIONS,
    duration: seconds,
    verifyBody: isOk,
  });
}

async function rate(target: Target): Promise<RateResult> {
  await cannon(target, WARMUP_S);
  const result = await cannon(target, DURATION_S);
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

export async function measureApiRate(origin: string): Promise<RateFigure> {
  const token = await loginForToken(origin);
  const headers = { 'Access-Token': token };
  const check = await envelopeOf<unknown>(
    await fetch(`${origin}/api/user/getCurrentUser`, { headers }),
    'GET /api/user/getCurrentUser',
  );
  if (check.msgCode !== 0)
    throw new Error(`GET /api/user/getCurrentUser answered msgCode ${check.msgCode}: ${check.errMsg}`);

  const ping = await rate({ label: 'GET /api/pub/ping', url: `${origin}/api/pub/ping` });
  const currentUser = await rate({
    label: 'GET /api/user/getCurrentUser',
    url: `${origin}/api/user/getCurrentUser`,
    headers,
  });
  const ratio = currentUser.requestsPerSecond / ping.requestsPerSecond;
  return { ping, currentUser, ratio, met: ratio >= RATIO_BUDGET };
}

export function printApiRate(figure: RateFigure): void {
  console.log(
    `\n== Figure 3: API throughput (autocannon, ${CONNECTIONS} connections, ${DURATION_S} s after ${WARMUP_S} s warm-up) ==`,
  );
  for (const result of [figure.ping, figure.currentUser]) {
    const problems = [
      result.non2xx ? `${result.non2xx} non-2xx` : '',
      result.errors ? `${result.errors} errors` : '',
      result.mismatches ? `${result.mismatches} not msgCode 0` : '',
    ].filter(Boolean);
    console.log(
      `  ${result.label.padEnd(32)} ${result.requestsPerSecond.toFixed(0).padStart(7)} req/s  ` +
        `p50 ${result.latencyP50Ms} ms, p99 ${result.latencyP99Ms} ms, ${result.total} requests` +
        (problems.length ? `  [${problems.join(', ')}]` : ''),
    );
  }
  console.log(
    `  ratio getCurrentUser / ping = ${figure.ratio.toFixed(2)}; budget >= ${RATIO_BUDGET}: ${verdict(figure.met)}`,
  );
}
