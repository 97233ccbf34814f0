/**
 * Mainland resident ID numbers (GB 11643-1999), pure functions: 6 region digits, birth date yyyyMMdd, 3 order
 * digits (odd = male), and an ISO 7064 MOD 11-2 check character (0-9 or X, case-insensitive). Used by
 * POST /api/pub/getBirthAndSex and by both registrations, so the three always agree.
 */
import { chinaDate } from '../../shared/china-time.js';

export type Sex = '男' | '女';

export interface IdCardFacts {
  /** The number with an upper-case X. */
  normalized: string;
  sex: Sex;
  /** 'yyyy-MM-dd'. */
  birthday: string;
}

const SHAPE = /^[1-9]\d{5}(\d{4})(\d{2})(\d{2})\d{3}[\dX]$/;
const WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
const CHECK_CHARS = '10X98765432';

/** The check character the first 17 digits call for. */
export function idCardCheckChar(first17: string): string {
  let sum = 0;
  for (let i = 0; i < 17; i += 1) sum += Number(first17[i]) * WEIGHTS[i];
  return CHECK_CHARS[sum % 11];
}

export { chinaDate };

/** A real calendar date 'yyyy-MM-dd' (no 2月30日), from 1800 on. */
export function isCalendarDate(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return (
    year >= 1800 && date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day
  );
}

/** The sex and birthday an ID number encodes, or undefined when it is malformed, fails its check or is born after `now`. */
export function parseIdCard(raw: string, now: Date): IdCardFacts | undefined {
  const normalized = raw.trim().toUpperCase();
  const match = SHAPE.exec(normalized);
  if (!match) return undefined;
  if (idCardCheckChar(normalized) !== normalized[17]) return undefined;
  const birthday = `${match[1]}-${match[2]}-${match[3]}`;
  if (!isCalendarDate(birthday) || birthday > chinaDate(now)) return undefined;
  return { normalized, sex: Number(normalized[16]) % 2 === 1 ? '男' : '女', birthday };
}
