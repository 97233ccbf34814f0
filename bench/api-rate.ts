/** Logging in as the demo administrator for the API figures, and the shape of one load run's result (bench/load.ts). */
import { constants, publicEncrypt } from 'node:crypto';
import type { Envelope, PublicKeys, TokenPair } from '../src/shared/envelope';
import { CAPTCHA } from './server';

/** The demo administrator of DESIGN.md. */
const ADMIN = { username: 'admin', password: 'Admin@2026' };

async function envelopeOf<T>(response: Response, what: string): Promise<Envelope<T>> {
  if (response.status !== 200) throw new Error(`${what}: HTTP ${response.status}`);
  return (await response.json()) as Envelope<T>;
}

/** Logs in through the API the way the browser does: captcha cookie, RSA-OAEP password, fixed captcha text. */
export async function loginForToken(
  origin: string,
  user: { username: string; password: string } = ADMIN,
): Promise<string> {
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
    Buffer.from(user.password, 'utf8'),
  ).toString('base64');
  const login = await envelopeOf<TokenPair>(
    await fetch(`${origin}/api/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Cookie: cookie },
      body: JSON.stringify({ username: user.username, password, validateCode: CAPTCHA }),
    }),
    'POST /api/login',
  );
  if (login.msgCode !== 0 || !login.data?.access_token) {
    throw new Error(`POST /api/login answered msgCode ${login.msgCode}: ${login.errMsg}`);
  }
  return login.data.access_token;
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
