/**
 * A project's working calendar (工作日历) and the working-day arithmetic of the schedule. A schedule counts in
 * working days from the project's start: working day 0 is the first working day on or after the start date, and a
 * task of `d` days that starts at index `s` occupies days `s .. s+d-1` and finishes at the boundary `s+d` (the
 * start of the next working day), as the textbooks' time scale does (ES = 0 is the start of the first day).
 *
 * What is a working day, in this order: the work week (7 days: Chinese sites often work every day and contracts
 * count 工期 in calendar days, 日历天; 6 days: Sunday off; 5 days: the weekend off), then, if the project observes
 * them, the statutory holidays and their exchanged working weekends (holidays.ts), then the project's own
 * non-working days (春节停工, 高考禁噪 ...) and its own extra working days, which win.
 */
import { statutoryDays } from './holidays.js';

export type WorkWeek = '7' | '6' | '5';

export interface CalendarSettings {
  workWeek: WorkWeek;
  /** Whether the statutory holidays are days off (and their exchanged weekends working days). */
  statutoryHolidays: boolean;
  /** The project's own days off (yyyy-MM-dd). */
  nonWorkingDays: readonly string[];
  /** The project's own working days on what would be a day off. */
  workingDays: readonly string[];
}

/**
 * Without settings a project works every day: 工期 in the contract is counted in calendar days (日历天, the model
 * contract GF-2017-0201), and most sites work through the weekend; the holidays a site does stop for (春节) are
 * entered per project.
 */
export const DEFAULT_CALENDAR: CalendarSettings = {
  workWeek: '7',
  statutoryHolidays: false,
  nonWorkingDays: [],
  workingDays: [],
};

export const WORK_WEEK_LABELS: Record<WorkWeek, string> = {
  '7': '每周7天（日历天）',
  '6': '每周6天（周日休息）',
  '5': '每周5天（周六、周日休息）',
};

const DAY_MS = 86_400_000;
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
/** How far from the project's start the calendar reaches: 150 years of days either way. */
const REACH_DAYS = 150 * 366;

export const CALENDAR_RANGE_MESSAGE = '计划跨度超出可计算的范围（开工前后150年内），请检查工期、延隔与日期';

/** A date the schedule would need lies beyond the calendar's reach (or the calendar has no working day). */
export class CalendarRangeError extends RangeError {
  constructor(message: string = CALENDAR_RANGE_MESSAGE) {
    super(message);
    this.name = 'CalendarRangeError';
  }
}

export function isDate(text: unknown): text is string {
  if (typeof text !== 'string') return false;
  const match = DATE.exec(text);
  if (!match) return false;
  const time = Date.parse(`${text}T00:00:00Z`);
  return !Number.isNaN(time) && new Date(time).toISOString().slice(0, 10) === text;
}

/** yyyy-MM-dd -> days since 1970-01-01. */
export function epochDay(date: string): number {
  return Math.round(Date.parse(`${date}T00:00:00Z`) / DAY_MS);
}

export function dateOfEpochDay(day: number): string {
  return new Date(day * DAY_MS).toISOString().slice(0, 10);
}

export function addDays(date: string, days: number): string {
  return dateOfEpochDay(epochDay(date) + days);
}

/** 0 = Sunday. */
export function weekdayOf(day: number): number {
  return (((day + 4) % 7) + 7) % 7;
}

/**
 * A list of days as a planner writes it: one entry per line (or separated by commas or 、；), each a date or a
 * range `2027-01-30~2027-02-14`, optionally followed by a note (`春节停工`). Answers the days and the entries it
 * could not read.
 */
export function parseDayList(text: string | undefined | null): { days: string[]; errors: string[] } {
  const days = new Set<string>();
  const errors: string[] = [];
  for (const raw of String(text ?? '').split(/[\n,，、;；]+/)) {
    const entry = raw.trim();
    if (entry === '') continue;
    const match = /^(\d{4}-\d{2}-\d{2})(?:\s*(?:~|～|至|--?|—)\s*(\d{4}-\d{2}-\d{2}))?(?:\s+.*)?$/.exec(entry);
    const from = match?.[1];
    const to = match?.[2] ?? from;
    if (!from || !to || !isDate(from) || !isDate(to) || to < from || epochDay(to) - epochDay(from) > 366) {
      errors.push(entry);
      continue;
    }
    for (let day = epochDay(from); day <= epochDay(to); day += 1) days.add(dateOfEpochDay(day));
  }
  return { days: [...days].sort(), errors };
}

let statutory: ReturnType<typeof statutoryDays> | undefined;

export class WorkCalendar {
  private readonly off: Set<number>;
  private readonly on: Set<number>;
  /** Working days from the origin on: forward[0] is the first working day on or after the origin. */
  private readonly forward: number[] = [];
  /** Working days before forward[0], nearest first. */
  private readonly backward: number[] = [];
  private readonly origin: number;

  constructor(
    readonly settings: CalendarSettings,
    /** The project's start (yyyy-MM-dd). */
    originDate: string,
  ) {
    statutory ??= statutoryDays();
    this.off = new Set(settings.nonWorkingDays.filter(isDate).map(epochDay));
    this.on = new Set(settings.workingDays.filter(isDate).map(epochDay));
    this.origin = epochDay(originDate);
    let day = this.origin;
    while (!this.isWorkingDay(day)) {
      day += 1;
      if (day - this.origin > REACH_DAYS) throw new CalendarRangeError('工作日历中没有工作日，请检查计划设置');
    }
    this.forward.push(day);
  }

  /** Whether a day (days since 1970) is worked. */
  isWorkingDay(day: number): boolean {
    if (this.on.has(day)) return true;
    if (this.off.has(day)) return false;
    const date = this.settings.statutoryHolidays ? dateOfEpochDay(day) : '';
    if (this.settings.statutoryHolidays) {
      if (statutory!.work.has(date)) return true;
      if (statutory!.off.has(date)) return false;
    }
    const weekday = weekdayOf(day);
    if (this.settings.workWeek === '5') return weekday !== 0 && weekday !== 6;
    if (this.settings.workWeek === '6') return weekday !== 0;
    return true;
  }

  isWorking(date: string): boolean {
    return this.isWorkingDay(epochDay(date));
  }

  /** The statutory holiday a date is, if the calendar observes them. */
  holidayName(date: string): string | undefined {
    return this.settings.statutoryHolidays ? statutory!.off.get(date) : undefined;
  }

  private extendForwardTo(day: number): void {
    let last = this.forward[this.forward.length - 1];
    while (last < day) {
      let next = last + 1;
      while (!this.isWorkingDay(next) && next - this.origin <= REACH_DAYS) next += 1;
      if (next - this.origin > REACH_DAYS) throw new CalendarRangeError();
      this.forward.push(next);
      last = next;
    }
  }

  private extendBackwardTo(day: number): void {
    let last = this.backward.length > 0 ? this.backward[this.backward.length - 1] : this.forward[0];
    while (last > day) {
      let next = last - 1;
      while (!this.isWorkingDay(next)) {
        next -= 1;
        if (this.origin - next > REACH_DAYS) return;
      }
      if (this.origin - next > REACH_DAYS) throw new CalendarRangeError();
      this.backward.push(next);
      last = next;
    }
  }

  /** The working-day index of the first working day on or after `date`. */
  startIndex(date: string): number {
    const day = epochDay(date);
    if (day > this.forward[0]) {
      this.extendForwardTo(day);
      return lowerBound(this.forward, day);
    }
    if (day === this.forward[0]) return 0;
    this.extendBackwardTo(day);
    // backward is descending: the nearest working day at or after `day` is the last one >= day.
    let index = -1;
    for (let j = 0; j < this.backward.length && this.backward[j] >= day; j += 1) index = j;
    return index < 0 ? 0 : -(index + 1);
  }

  /** The boundary after the last working day on or before `date` (a finish date as the end of its day). */
  finishIndex(date: string): number {
    const day = epochDay(date);
    if (day >= this.forward[0]) {
      this.extendForwardTo(day);
      const at = lowerBound(this.forward, day);
      return this.forward[at] === day ? at + 1 : at;
    }
    this.extendBackwardTo(day);
    for (let j = 0; j < this.backward.length; j += 1) if (this.backward[j] <= day) return -(j + 1) + 1;
    return -this.backward.length;
  }

  /** The date of working day `index`. */
  dateAt(index: number): string {
    if (index >= 0) {
      while (this.forward.length <= index) this.extendForwardTo(this.forward[this.forward.length - 1] + 1);
      return dateOfEpochDay(this.forward[index]);
    }
    const j = -index - 1;
    while (this.backward.length <= j) {
      const before = this.backward.length;
      this.extendBackwardTo((this.backward[this.backward.length - 1] ?? this.forward[0]) - 1);
      if (this.backward.length === before) throw new CalendarRangeError();
    }
    return dateOfEpochDay(this.backward[j]);
  }

  /** The first day of a task starting at boundary `index`. */
  startDate(index: number): string {
    return this.dateAt(index);
  }

  /** The last day of a task finishing at boundary `index` (a milestone at `index` shows the day before it). */
  finishDate(index: number): string {
    return this.dateAt(index - 1);
  }

  /** Working days from the start of `from` to the end of `to` (0 when `to` is before `from`). */
  workingDaysBetween(from: string, to: string): number {
    return Math.max(0, this.finishIndex(to) - this.startIndex(from));
  }

  /** The non-working days of a range, for a chart to shade. */
  nonWorkingDays(from: string, to: string): string[] {
    const days: string[] = [];
    const last = Math.min(epochDay(to), epochDay(from) + 3 * 3660);
    for (let day = epochDay(from); day <= last; day += 1) if (!this.isWorkingDay(day)) days.push(dateOfEpochDay(day));
    return days;
  }
}

/** The first position of a sorted array whose value is >= `value`. */
function lowerBound(sorted: readonly number[], value: number): number {
  let low = 0;
  let high = sorted.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (sorted[middle] < value) low = middle + 1;
    else high = middle;
  }
  return low;
}
