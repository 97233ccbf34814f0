/**
 * Logging in to a running portal over HTTP the way the browser does (captcha cookie, RSA-OAEP password, the
 * captcha text a test server fixes with PORTAL_CAPTCHA_FIXED): for the bench, the device simulator CLI and the
 * tests that run the real server process.
 */
import { constants, publicEncrypt } from 'node:crypto';
import type { Envelope, PublicKeys, TokenPair } from '../src/shared/envelope';

export interface Login {
  username: string;
  password: string;
  captcha: string;
}

async function envelopeOf<T>(response: Response, what: string): Promise<Envelope<T>> {
  if (response.status !== 200) throw new Error(`${what}: HTTP ${response.status}`);
  return (await response.json()) as Envelope<T>;
}

/** The access token of `login` on the portal at `origin`. */
export async function loginOverHttp(origin: string, login: Login): Promise<string> {
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
    Buffer.from(login.password, 'utf8'),
  ).toString('base64');
  const answer = await envelopeOf<TokenPair>(
    await fetch(`${origin}/api/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Cookie: cookie },
      body: JSON.stringify({ username: login.username, password, validateCode: login.captcha }),
    }),
    'POST /api/login',
  );
  if (answer.msgCode !== 0 || !answer.data?.access_token)
    throw new Error(`POST /api/login answered msgCode ${answer.msgCode}: ${answer.errMsg}`);
  return answer.data.access_token;
}
