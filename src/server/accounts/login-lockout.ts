/**
 * Account lockout (table login_failure): 5 failed logins of one login name within 15 minutes lock that name for
 * 15 minutes (-429), whatever the password then. Keyed by the name as typed, so unknown names are counted the same
 * way and nothing tells them apart from real accounts.
 *
 * Each attempt is reserved before the password is checked: one atomic upsert counts it and answers whether it may
 * go on. Checking the lock, verifying the password (milliseconds of argon2) and only then counting the failure
 * would let a burst of parallel guesses all pass the check before any of them is counted. The row lock of
 * `insert ... on conflict do update` serialises concurrent reservations on PGlite and PostgreSQL alike, across
 * instances. An attempt counts as a failure until it succeeds; a success clears the count.
 */
import { randomInt } from 'node:crypto';
import { sql } from 'kysely';
import type { Clock } from '../config.js';
import type { Db } from '../db/database.js';
import { DomainError } from '../domain-error.js';

export const LOCKOUT_MAX_FAILURES = 5;
export const LOCKOUT_WINDOW_MS = 15 * 60_000;
export const LOCKOUT_DURATION_MS = 15 * 60_000;
export const LOCKED_MESSAGE = '登录失败次数过多，请15分钟后再试';

export class LoginLockout {
  constructor(
    private readonly db: Db,
    private readonly now: Clock,
  ) {}

  /**
   * Counts one attempt of `loginName` before its password is checked; throws -429 when it is beyond the fifth
   * within the window or the name is locked. The fifth attempt sets the lock, which its success lifts again.
   */
  async reserveAttempt(loginName: string): Promise<void> {
    const now = this.now();
    const windowStart = new Date(now.getTime() - LOCKOUT_WINDOW_MS);
    const lockedUntil = new Date(now.getTime() + LOCKOUT_DURATION_MS);
    const lockActive = sql<boolean>`(login_failure.locked_until is not null and login_failure.locked_until > ${now})`;
    // A window that began too long ago, or a lock that has run out, starts again at 1 (a running lock never does).
    const stale = sql<boolean>`(not ${lockActive} and (login_failure.first_failed_at <= ${windowStart} or login_failure.locked_until is not null))`;
    const attempts = sql<number>`(case when ${stale} then 1 else login_failure.failures + 1 end)`;
    const row = await this.db
      .insertInto('login_failure')
      .values({ login_name: loginName, failures: 1, first_failed_at: now, locked_until: null })
      .onConflict((oc) =>
        oc.column('login_name').doUpdateSet({
          failures: attempts,
          first_failed_at: sql<Date>`(case when ${stale} then ${now} else login_failure.first_failed_at end)`,
          locked_until: sql<Date | null>`(case when ${lockActive} then login_failure.locked_until when ${attempts} >= ${LOCKOUT_MAX_FAILURES} then ${lockedUntil}::timestamptz else null end)`,
        }),
      )
      .returning('failures')
      .executeTakeFirstOrThrow();
    // Unknown names leave rows behind too: now and then drop those whose window and lock are long over.
    if (randomInt(50) === 0) void this.purgeOld(now).catch(() => undefined);
    if (row.failures > LOCKOUT_MAX_FAILURES) throw new DomainError('tooOften', LOCKED_MESSAGE);
  }

  async purgeOld(now: Date): Promise<void> {
    const dayAgo = new Date(now.getTime() - 24 * 3600_000);
    await this.db
      .deleteFrom('login_failure')
      .where('first_failed_at', '<', dayAgo)
      .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<', dayAgo)]))
      .execute();
  }

  async clear(loginName: string): Promise<void> {
    await this.db.deleteFrom('login_failure').where('login_name', '=', loginName).execute();
  }
}
