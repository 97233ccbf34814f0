/**
 * The planning module's working calendar (modules/planning/server/calendar.ts): 7-, 6- and 5-day weeks, the
 * statutory holidays of 2026 with their exchanged working weekends, a project's own days off and on, and the
 * working-day arithmetic the schedule runs on.
 */
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_CALENDAR,
  parseDayList,
  WorkCalendar,
  type CalendarSettings,
} from '../../modules/planning/server/calendar';

const calendar = (settings: Partial<CalendarSettings>, origin = '2026-09-01') =>
  new WorkCalendar({ ...DEFAULT_CALENDAR, ...settings }, origin);

describe('working calendar', () => {
  it('by default counts every day (日历天)', () => {
    const days = calendar({});
    expect(days.startIndex('2026-09-01')).toBe(0);
    expect(days.startIndex('2026-10-01')).toBe(30);
    expect(days.finishDate(days.startIndex('2026-09-01') + 10)).toBe('2026-09-10');
    expect(days.workingDaysBetween('2026-09-01', '2026-09-30')).toBe(30);
  });

  it('a 6-day week with the statutory holidays: 中秋 and 国庆 off, the exchanged Sunday worked', () => {
    const days = calendar({ workWeek: '6', statutoryHolidays: true });
    // 5 days from Friday 18 September: Fri, Sat, Sun 20 (调休上班), Mon, Tue.
    const friday = days.startIndex('2026-09-18');
    expect(days.finishDate(friday + 5)).toBe('2026-09-22');
    // 5 days from Wednesday 23 September: 23, 24, (25-27 中秋), 28, 29, 30.
    const wednesday = days.startIndex('2026-09-23');
    expect(days.finishDate(wednesday + 5)).toBe('2026-09-30');
    // The next working day after 30 September is 8 October (国庆 1-7); Sunday 11 October is off, 10 October worked.
    expect(days.startDate(wednesday + 5)).toBe('2026-10-08');
    expect(days.isWorking('2026-10-10')).toBe(true);
    expect(days.isWorking('2026-10-11')).toBe(false);
    expect(days.holidayName('2026-10-03')).toBe('国庆节');
    // A start on a holiday moves to the next working day; a finish on one to the last working day before it.
    expect(days.startDate(days.startIndex('2026-10-01'))).toBe('2026-10-08');
    expect(days.finishDate(days.finishIndex('2026-10-04'))).toBe('2026-09-30');
  });

  it('a 5-day week: the weekend off, the Saturday before 春节 worked', () => {
    const days = calendar({ workWeek: '5', statutoryHolidays: true }, '2026-02-09');
    expect(days.isWorking('2026-02-14')).toBe(true); // Saturday, 调休上班
    expect(days.isWorking('2026-02-16')).toBe(false); // 春节
    expect(days.workingDaysBetween('2026-02-09', '2026-02-28')).toBe(6 + 4 + 1); // 9-14, 24-27, 28 (调休)
  });

  it("a project's own days off and on win over the week and the holidays", () => {
    const { days: off } = parseDayList('2027-01-30~2027-02-14 春节停工\n2027-06-07 高考禁噪');
    expect(off).toHaveLength(17);
    const days = calendar({ nonWorkingDays: off, workingDays: ['2027-02-14'] }, '2027-01-25');
    expect(days.isWorking('2027-02-01')).toBe(false);
    expect(days.isWorking('2027-02-14')).toBe(true);
    expect(days.isWorking('2027-06-07')).toBe(false);
    // 10 days from 25 January: 25-29 (5), 14 February, 15-18 (4).
    expect(days.finishDate(10)).toBe('2027-02-18');
  });

  it('reaches before the project start with negative indexes', () => {
    const days = calendar({ workWeek: '6' }, '2026-09-07');
    expect(days.startIndex('2026-09-05')).toBe(-1); // Saturday
    expect(days.startIndex('2026-09-06')).toBe(0); // Sunday: the next working day is Monday 7
    expect(days.dateAt(-2)).toBe('2026-09-04');
    expect(days.finishIndex('2026-09-06')).toBe(0);
  });

  it('names the entries of a day list it cannot read', () => {
    expect(parseDayList('2026-13-01, 2026-10-01~2026-09-01, 国庆').errors).toEqual([
      '2026-13-01',
      '2026-10-01~2026-09-01',
      '国庆',
    ]);
  });
});
