/**
 * When a user must change the password before doing anything else (-16001 at login, a password-only token):
 * an administrator set `password_must_change` (created, imported or reset the user; the initial administrator),
 * or the password is older than PORTAL_PASSWORD_MAX_AGE_DAYS (0 = no limit).
 */
import type { UserRow } from '../db/tables.js';
import { hasPassword } from './passwords.js';

const DAY_MS = 24 * 3600_000;

export function mustChangePassword(
  user: Pick<UserRow, 'password_hash' | 'password_must_change' | 'password_changed_at' | 'created_at'>,
  now: Date,
  maxAgeDays: number,
): boolean {
  if (user.password_must_change) return true;
  // An account without a password (phone login only) has nothing to age, and nothing it could type as the old one.
  if (maxAgeDays <= 0 || !hasPassword(user.password_hash)) return false;
  const changedAt = user.password_changed_at ?? user.created_at;
  return now.getTime() - changedAt.getTime() >= maxAgeDays * DAY_MS;
}

/** The forms' password rule: letters and digits, at least 8 characters. */
export function isStrongEnough(password: string): boolean {
  return /^(?=.*[A-Za-z])(?=.*\d).{8,}$/.test(password);
}
