/**
 * Hand-over to the AI drawing library (a third-party site) from the gateway tile (spec section 4 "Tiles"):
 *   1. POST /api/pub/ai/prepare {account}: a signed request `requestBody` = base64url(JSON {account, ts, nonce}),
 *      `sign` = hex HMAC-SHA256(secret, requestBody); `mobileVerify` tells the browser whether to ask for an SMS
 *      code first. Without the check (PORTAL_AI_MOBILE_VERIFY=0, and the caller is logged in as that account) the
 *      final `aiUrl` comes at once.
 *   2. POST /api/pub/ai/check {account, smsCode}: uses up the 'ai' code sent to the account's mobile and answers a
 *      one-time `accessCode` (5 minutes, bound to the account, stored hashed).
 *   3. GET /api/pub/ai/returnUrl?accessCode&requestBody&sign: checks the signature, the age of the request
 *      (10 minutes) and the access code (used up), and answers `aiUrl` = PORTAL_AI_URL plus the query
 *      account, ts, nonce, sign = hex HMAC-SHA256(secret, `account=<account>&ts=<ts>&nonce=<nonce>`) over the plain
 *      (not URL-encoded) values, which the AI library verifies with the shared PORTAL_AI_SECRET.
 * Times `ts` are milliseconds since the epoch. Unknown accounts get the same answers as known ones.
 */
import { createHash, createHmac, randomBytes, randomInt, randomUUID, timingSafeEqual } from 'node:crypto';
import type { Clock } from '../config.js';
import type { Db } from '../db/database.js';
import { SmsMessages, type SmsCodes } from '../accounts/sms-codes.js';
import type { Users } from '../accounts/users.js';
import { invalidField } from '../domain-error.js';

export const AI_ACCESS_CODE_TTL_MS = 5 * 60_000;
export const AI_REQUEST_MAX_AGE_MS = 10 * 60_000;
/** Allowed clock difference for a request stamped "in the future" (several instances). */
const CLOCK_SKEW_MS = 60_000;

export const AiMessages = {
  badSign: '签名无效',
  expiredRequest: '请求已过期，请重新打开AI图库',
  badAccessCode: '访问码无效或已过期',
} as const;

export interface AiPrepared {
  mobileVerify: boolean;
  requestBody: string;
  sign: string;
  aiUrl?: string;
}

interface AiRequestBody {
  account: string;
  ts: number;
  nonce: string;
}

export interface AiLibraryOptions {
  aiUrl: string;
  secret: Buffer;
  mobileVerify: boolean;
}

function isRequestBody(value: unknown): value is AiRequestBody {
  if (value === null || typeof value !== 'object') return false;
  const v = value as Record<string, unknown>;
  return typeof v.account === 'string' && typeof v.ts === 'number' && typeof v.nonce === 'string';
}

export class AiLibrary {
  constructor(
    private readonly db: Db,
    private readonly users: Users,
    private readonly smsCodes: SmsCodes,
    private readonly options: AiLibraryOptions,
    private readonly now: Clock,
  ) {}

  /** Step 1. `signedInAs`: the login name of a valid Access-Token on the request, if any. */
  prepare(account: string, signedInAs: string | undefined): AiPrepared {
    const body: AiRequestBody = { account, ts: this.now().getTime(), nonce: randomBytes(16).toString('hex') };
    const requestBody = Buffer.from(JSON.stringify(body)).toString('base64url');
    const prepared: AiPrepared = { mobileVerify: true, requestBody, sign: this.sign(requestBody) };
    if (!this.options.mobileVerify && signedInAs !== undefined && signedInAs === account) {
      return { ...prepared, mobileVerify: false, aiUrl: this.aiUrl(account) };
    }
    return prepared;
  }

  /** Step 2: the SMS code of the account's mobile -> a one-time access code. */
  async check(account: string, smsCode: string): Promise<{ accessCode: string }> {
    const user = await this.users.findByLoginName(account);
    const mobile = user?.login_flag === '1' ? user.mobile : null;
    // No code was ever sent for an unknown account: answer as for a missing code.
    if (!mobile) throw invalidField('smsCode', SmsMessages.invalid);
    await this.smsCodes.consume(mobile, 'ai', smsCode, 'smsCode');
    const accessCode = randomBytes(24).toString('base64url');
    await this.db
      .insertInto('ai_access_code')
      .values({
        id: randomUUID(),
        code_hash: hashCode(accessCode),
        account,
        expires_at: new Date(this.now().getTime() + AI_ACCESS_CODE_TTL_MS),
      })
      .execute();
    if (randomInt(50) === 0) void this.purgeExpired().catch(() => undefined);
    return { accessCode };
  }

  /** Step 3: checks everything, uses up the access code, answers the signed URL of the AI library. */
  async returnUrl(accessCode: string, requestBody: string, sign: string): Promise<{ aiUrl: string }> {
    const expected = Buffer.from(this.sign(requestBody), 'hex');
    const given = /^[0-9a-f]{64}$/i.test(sign) ? Buffer.from(sign, 'hex') : Buffer.alloc(0);
    if (given.length !== expected.length || !timingSafeEqual(given, expected))
      throw invalidField('sign', AiMessages.badSign);
    let body: unknown;
    try {
      body = JSON.parse(Buffer.from(requestBody, 'base64url').toString('utf8'));
    } catch {
      body = undefined;
    }
    if (!isRequestBody(body)) throw invalidField('requestBody', AiMessages.badSign);
    const now = this.now();
    const age = now.getTime() - body.ts;
    if (age > AI_REQUEST_MAX_AGE_MS || age < -CLOCK_SKEW_MS)
      throw invalidField('requestBody', AiMessages.expiredRequest);
    const used = await this.db
      .updateTable('ai_access_code')
      .set({ used_at: now })
      .where('code_hash', '=', hashCode(accessCode))
      .where('account', '=', body.account)
      .where('used_at', 'is', null)
      .where('expires_at', '>', now)
      .returning('id')
      .executeTakeFirst();
    if (!used) throw invalidField('accessCode', AiMessages.badAccessCode);
    return { aiUrl: this.aiUrl(body.account) };
  }

  /** Housekeeping: access codes expired for a day are of no use to anyone. */
  async purgeExpired(): Promise<void> {
    await this.db
      .deleteFrom('ai_access_code')
      .where('expires_at', '<', new Date(this.now().getTime() - 24 * 3600_000))
      .execute();
  }

  /** PORTAL_AI_URL with account, ts, nonce and their signature appended. */
  aiUrl(account: string): string {
    const ts = String(this.now().getTime());
    const nonce = randomBytes(16).toString('hex');
    const url = new URL(this.options.aiUrl);
    url.searchParams.set('account', account);
    url.searchParams.set('ts', ts);
    url.searchParams.set('nonce', nonce);
    url.searchParams.set('sign', this.sign(`account=${account}&ts=${ts}&nonce=${nonce}`));
    return url.toString();
  }

  private sign(text: string): string {
    return createHmac('sha256', this.options.secret).update(text).digest('hex');
  }
}

/** Access codes are 192 random bits: a plain SHA-256 is enough to keep them out of the database. */
function hashCode(code: string): string {
  return createHash('sha256').update(code).digest('hex');
}
