/**
 * SMS verification codes (table sms_code), shared by every instance through the database:
 * - 6 digits, first digit 1-9 (the register form requires ^[1-9]\d*$); only an HMAC of phone, purpose and code
 *   is stored, so a code is bound to both its phone and its purpose;
 * - valid 5 minutes, single use; a new code replaces the unused ones of that phone and purpose;
 * - at most one code per phone and purpose per 60 s (the send button's countdown: a user who has just registered
 *   may log in by phone at once) and 10 per phone per day (China time); sending is serialised per phone
 *   by a transaction-scoped advisory lock, so two concurrent requests cannot both pass the throttle;
 * - 5 wrong entries burn the code.
 * `verify` marks a code verified without using it up (a wizard checks it, a later step uses it); `consume`
 * checks and uses it up in one conditional UPDATE, so two concurrent consumes cannot both win; `consumeVerified`
 * uses up a verified code for a final step that carries no code (password reset).
 */
import { createHmac, randomInt, randomUUID } from 'node:crypto';
import { type ExpressionBuilder, sql } from 'kysely';
import type { Clock } from '../config.js';
import type { Db } from '../db/database.js';
import type { Database, SmsPurpose } from '../db/tables.js';
import { chinaDate } from '../lib/id-card.js';
import type { SmsSender } from './sms/sms-sender.js';
import { DomainError, invalidField } from '../domain-error.js';

export const SMS_CODE_TTL_MS = 5 * 60_000;
export const SMS_RESEND_INTERVAL_MS = 60_000;
export const SMS_DAILY_LIMIT = 10;
export const SMS_MAX_ATTEMPTS = 5;

export const SmsMessages = {
  sent: '验证码已发送',
  tooFrequent: '验证码发送过于频繁，请60秒后再试',
  dailyLimit: '该手机号今日获取验证码次数已达上限',
  wrong: '验证码错误',
  burned: '验证码错误次数过多，请重新获取',
  invalid: '验证码已失效，请重新获取',
  sendFailed: '短信发送失败，请稍后重试',
} as const;

export interface CodeFailure {
  ok: false;
  error: DomainError;
}
export type CodeCheck = { ok: true } | CodeFailure;

/** Midnight of `now`'s day in China (UTC+8), as an instant. */
function startOfChinaDay(now: Date): Date {
  return new Date(`${chinaDate(now)}T00:00:00+08:00`);
}

export class SmsCodes {
  private readonly key: Buffer;

  constructor(
    private readonly db: Db,
    secret: Buffer,
    private readonly sender: SmsSender,
    private readonly now: Clock,
  ) {
    this.key = createHmac('sha256', secret).update('sms-code-key').digest();
  }

  /**
   * Issues a code for `phone` and `purpose` and sends it. With `deliver: false` the code is stored but never sent:
   * callers that must not reveal whether a phone is known (no user behind it) still pass through the same
   * throttles, so the answers are the same.
   */
  async send(phone: string, purpose: SmsPurpose, options: { deliver?: boolean } = {}): Promise<void> {
    const now = this.now();
    const code = String(randomInt(100_000, 1_000_000));
    const id = randomUUID();
    await this.db.transaction().execute(async (tx) => {
      await sql`select pg_advisory_xact_lock(hashtext(${`sms:${phone}`}))`.execute(tx);
      const recent = await tx
        .selectFrom('sms_code')
        .select('id')
        .where('phone', '=', phone)
        .where('purpose', '=', purpose)
        .where('created_at', '>', new Date(now.getTime() - SMS_RESEND_INTERVAL_MS))
        .executeTakeFirst();
      if (recent) throw new DomainError('tooOften', SmsMessages.tooFrequent);
      const today = await tx
        .selectFrom('sms_code')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('phone', '=', phone)
        .where('created_at', '>=', startOfChinaDay(now))
        .executeTakeFirstOrThrow();
      if (Number(today.n) >= SMS_DAILY_LIMIT) throw new DomainError('tooOften', SmsMessages.dailyLimit);
      await tx
        .updateTable('sms_code')
        .set({ used_at: now })
        .where('phone', '=', phone)
        .where('purpose', '=', purpose)
        .where('used_at', 'is', null)
        .execute();
      await tx
        .insertInto('sms_code')
        .values({
          id,
          phone,
          purpose,
          code_hash: this.hash(phone, purpose, code),
          expires_at: new Date(now.getTime() + SMS_CODE_TTL_MS),
          created_at: now,
        })
        .execute();
    });
    if (randomInt(50) === 0) void this.purgeOld().catch(() => undefined);
    if (options.deliver === false) return;
    try {
      await this.sender.send({ phone, code, purpose });
    } catch (cause) {
      // Not delivered: the code must not count against the phone's quota nor stay usable.
      await this.db.deleteFrom('sms_code').where('id', '=', id).execute();
      throw new DomainError('unavailable', SmsMessages.sendFailed, { cause });
    }
  }

  /** Checks the code and marks it verified, without using it up; throws -400 naming `field`. */
  async verify(phone: string, purpose: SmsPurpose, code: string, field: string): Promise<void> {
    const now = this.now();
    const hit = await this.db
      .updateTable('sms_code')
      .set({ verified_at: now })
      .where((eb) => this.live(eb, phone, purpose, now))
      .where('code_hash', '=', this.hash(phone, purpose, code))
      .returning('id')
      .executeTakeFirst();
    if (!hit) throw (await this.failure(this.db, phone, purpose, now, field)).error;
  }

  /** Checks the code and uses it up; throws -400 naming `field`. */
  async consume(phone: string, purpose: SmsPurpose, code: string, field: string): Promise<void> {
    const check = await this.tryConsume(this.db, phone, purpose, code, field);
    if (!check.ok) throw check.error;
  }

  /**
   * Like `consume`, on `executor` (a transaction), reporting instead of throwing: the caller commits the counted
   * wrong entry and then throws, or goes on and rolls everything back (the code too) if a later step fails.
   */
  async tryConsume(executor: Db, phone: string, purpose: SmsPurpose, code: string, field: string): Promise<CodeCheck> {
    const now = this.now();
    const hit = await executor
      .updateTable('sms_code')
      .set({ used_at: now })
      .where((eb) => this.live(eb, phone, purpose, now))
      .where('code_hash', '=', this.hash(phone, purpose, code))
      .returning('id')
      .executeTakeFirst();
    return hit ? { ok: true } : this.failure(executor, phone, purpose, now, field);
  }

  /** Uses up a code of `phone` and `purpose` that was verified and has not expired; false when there is none. */
  async consumeVerified(phone: string, purpose: SmsPurpose, executor: Db = this.db): Promise<boolean> {
    const now = this.now();
    const hit = await executor
      .updateTable('sms_code')
      .set({ used_at: now })
      .where((eb) => this.live(eb, phone, purpose, now))
      .where('verified_at', 'is not', null)
      .returning('id')
      .executeTakeFirst();
    return hit !== undefined;
  }

  /** Housekeeping: codes older than two days count for no throttle any more. */
  async purgeOld(): Promise<void> {
    await this.db
      .deleteFrom('sms_code')
      .where('created_at', '<', new Date(this.now().getTime() - 2 * 24 * 3600_000))
      .execute();
  }

  /** Counts a wrong entry against the live code and says which message applies. */
  private async failure(
    executor: Db,
    phone: string,
    purpose: SmsPurpose,
    now: Date,
    field: string,
  ): Promise<CodeFailure> {
    const bumped = await executor
      .updateTable('sms_code')
      .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
      .where((eb) => this.live(eb, phone, purpose, now))
      .returning('attempts')
      .executeTakeFirst();
    if (bumped)
      return {
        ok: false,
        error: invalidField(field, bumped.attempts >= SMS_MAX_ATTEMPTS ? SmsMessages.burned : SmsMessages.wrong),
      };
    // No live code: a burned one keeps saying so until it would have expired; anything else is simply gone.
    const newest = await executor
      .selectFrom('sms_code')
      .select(['attempts', 'expires_at', 'used_at'])
      .where('phone', '=', phone)
      .where('purpose', '=', purpose)
      .orderBy('created_at', 'desc')
      .limit(1)
      .executeTakeFirst();
    const burned = newest && newest.used_at === null && newest.attempts >= SMS_MAX_ATTEMPTS && newest.expires_at > now;
    return { ok: false, error: invalidField(field, burned ? SmsMessages.burned : SmsMessages.invalid) };
  }

  private live(eb: ExpressionBuilder<Database, 'sms_code'>, phone: string, purpose: SmsPurpose, now: Date) {
    return eb.and([
      eb('phone', '=', phone),
      eb('purpose', '=', purpose),
      eb('used_at', 'is', null),
      eb('expires_at', '>', now),
      eb('attempts', '<', SMS_MAX_ATTEMPTS),
    ]);
  }

  private hash(phone: string, purpose: SmsPurpose, code: string): string {
    return createHmac('sha256', this.key).update(`${phone}:${purpose}:${code.trim()}`).digest('hex');
  }
}
