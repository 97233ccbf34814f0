/**
 * A task's periods on the site's calendar (China dates, 'yyyy-MM-dd'): a once task has one period due on its date; a
 * weekly task one per week (Monday to Sunday) due on its weekday; a monthly task one per month due on its day.
 */
export type Period = 'once' | 'weekly' | 'monthly';

export interface PeriodSlot {
  key: string;
  label: string;
  deadline: string;
}

const DAY_MS = 86_400_000;
const dayNumber = (day: string) => Date.parse(`${day}T00:00:00Z`) / DAY_MS;
const dayOf = (n: number) => new Date(n * DAY_MS).toISOString().slice(0, 10);
const short = (day: string) => `${Number(day.slice(5, 7))}.${Number(day.slice(8, 10))}`;

/** The ISO week of a day: its year and number. */
function isoWeek(day: string): { year: number; week: number } {
  const n = dayNumber(day);
  const weekday = ((new Date(n * DAY_MS).getUTCDay() + 6) % 7) + 1;
  const thursday = new Date((n - weekday + 4) * DAY_MS);
  const year = thursday.getUTCFullYear();
  const week = Math.floor((thursday.getTime() / DAY_MS - dayNumber(`${year}-01-01`)) / 7) + 1;
  return { year, week };
}

/** The period of `period` that `today` falls in, for a task due on `due`. */
export function periodOn(period: Period, due: string, today: string): PeriodSlot {
  if (period === 'once') return { key: 'once', label: '一次性', deadline: due };
  if (period === 'monthly') {
    const month = today.slice(0, 7);
    return {
      key: month,
      label: `${month.slice(0, 4)}年${Number(month.slice(5))}月`,
      deadline: `${month}-${String(Number(due)).padStart(2, '0')}`,
    };
  }
  const n = dayNumber(today);
  const monday = n - ((new Date(n * DAY_MS).getUTCDay() + 6) % 7);
  const { year, week } = isoWeek(today);
  return {
    key: `${year}-W${String(week).padStart(2, '0')}`,
    label: `${year}年第${week}周（${short(dayOf(monday))}-${short(dayOf(monday + 6))}）`,
    deadline: dayOf(monday + Number(due) - 1),
  };
}

/** The day `days` after `day`. */
export const daysAfter = (day: string, days: number) => dayOf(dayNumber(day) + days);
