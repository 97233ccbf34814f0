/**
 * Hand-over to the concrete app (混凝土应用, POST /api/yt/v1.0/loginSkipPC): the app's address (PORTAL_CONCRETE_URL)
 * plus the query account, projectName, ts, nonce, sign = hex HMAC-SHA256(secret, `account=<a>&projectName=<p>&ts=<t>&nonce=<n>`)
 * over the plain (not URL-encoded) values, which the app verifies with the shared PORTAL_CONCRETE_SECRET.
 * `ts` is milliseconds since the epoch. Without a configured secret the key is derived from the server's token
 * key, so every instance on one database signs alike.
 */
import { createHmac, randomBytes } from 'node:crypto';
import type { Clock } from '../config.js';

export class ConcreteApp {
  constructor(
    private readonly baseUrl: string,
    private readonly secret: Buffer,
    private readonly now: Clock,
  ) {}

  static deriveSecret(configured: string | undefined, tokenSecret: Buffer): Buffer {
    if (configured !== undefined) return Buffer.from(configured, 'utf8');
    return createHmac('sha256', tokenSecret).update('concrete-app').digest();
  }

  sign(account: string, projectName: string, ts: number, nonce: string): string {
    return createHmac('sha256', this.secret)
      .update(`account=${account}&projectName=${projectName}&ts=${ts}&nonce=${nonce}`)
      .digest('hex');
  }

  urlFor(account: string, projectName: string): string {
    const ts = this.now().getTime();
    const nonce = randomBytes(16).toString('hex');
    const url = new URL(this.baseUrl);
    url.searchParams.set('account', account);
    url.searchParams.set('projectName', projectName);
    url.searchParams.set('ts', String(ts));
    url.searchParams.set('nonce', nonce);
    url.searchParams.set('sign', this.sign(account, projectName, ts, nonce));
    return url.toString();
  }
}
