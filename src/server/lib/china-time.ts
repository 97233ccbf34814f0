/**
 * Times as the portal shows them: China Standard Time (UTC+8, no daylight saving), so a server in any time zone
 * answers the same text and "today" means the site's day. The text itself is shared with the browser
 * (src/shared/china-time.ts).
 */
import { CHINA_OFFSET_MS, chinaDate } from '../../shared/china-time.js';

export { chinaDate, chinaDateTime } from '../../shared/china-time.js';

const DAY_MS = 24 * 3600_000;

/** The hour of the China day at `at`, with its fraction (14.5 is 14:30). */
export function chinaHourOfDay(at: Date): number {
  return (at.getTime() - chinaDayStart(at).getTime()) / 3600_000;
}

/** The instant the China day containing `at` began. */
export function chinaDayStart(at: Date): Date {
  const shifted = at.getTime() + CHINA_OFFSET_MS;
  return new Date(shifted - (shifted % DAY_MS) - CHINA_OFFSET_MS);
}

/** Whole years between a 'yyyy-MM-dd' birth date and `at` (China day). */
export function ageOn(birthDate: string, at: Date): number {
  const [y, m, d] = birthDate.split('-').map(Number);
  const [ty, tm, td] = chinaDate(at).split('-').map(Number);
  return ty - y - (tm < m || (tm === m && td < d) ? 1 : 0);
}

/** Whole days from `from` to `to` ('yyyy-MM-dd'), negative when `to` is earlier. */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);
}
