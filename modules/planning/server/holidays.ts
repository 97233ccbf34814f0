/**
 * China's statutory public holidays (法定节假日) as the State Council's General Office announces them each year
 * (国务院办公厅关于 XXXX 年部分节假日安排的通知): the days off, and the weekend days worked in exchange (调休上班).
 * Only announced years are listed; a later year's holidays are added here once published, and a project may enter
 * them before that as its own non-working and working days (计划设置).
 */

export interface HolidayYear {
  year: number;
  /** The notice the dates come from. */
  notice: string;
  /** Days off: inclusive ranges `[from, to]` (yyyy-MM-dd), each with the holiday's name. */
  off: { name: string; from: string; to: string }[];
  /** Weekend days that are working days in exchange (调休上班). */
  work: string[];
}

export const STATUTORY_HOLIDAYS: readonly HolidayYear[] = [
  {
    year: 2025,
    notice: '国办发明电〔2024〕12号',
    off: [
      { name: '元旦', from: '2025-01-01', to: '2025-01-01' },
      { name: '春节', from: '2025-01-28', to: '2025-02-04' },
      { name: '清明节', from: '2025-04-04', to: '2025-04-06' },
      { name: '劳动节', from: '2025-05-01', to: '2025-05-05' },
      { name: '端午节', from: '2025-05-31', to: '2025-06-02' },
      { name: '国庆节、中秋节', from: '2025-10-01', to: '2025-10-08' },
    ],
    work: ['2025-01-26', '2025-02-08', '2025-04-27', '2025-09-28', '2025-10-11'],
  },
  {
    year: 2026,
    notice: '国办发明电〔2025〕7号',
    off: [
      { name: '元旦', from: '2026-01-01', to: '2026-01-03' },
      { name: '春节', from: '2026-02-15', to: '2026-02-23' },
      { name: '清明节', from: '2026-04-04', to: '2026-04-06' },
      { name: '劳动节', from: '2026-05-01', to: '2026-05-05' },
      { name: '端午节', from: '2026-06-19', to: '2026-06-21' },
      { name: '中秋节', from: '2026-09-25', to: '2026-09-27' },
      { name: '国庆节', from: '2026-10-01', to: '2026-10-07' },
    ],
    work: ['2026-01-04', '2026-02-14', '2026-02-28', '2026-05-09', '2026-09-20', '2026-10-10'],
  },
];

/** The first and last years whose holidays are known. */
export const HOLIDAY_YEARS = {
  first: STATUTORY_HOLIDAYS[0].year,
  last: STATUTORY_HOLIDAYS[STATUTORY_HOLIDAYS.length - 1].year,
} as const;

const DAY_MS = 86_400_000;

/** Every day of an inclusive range of yyyy-MM-dd dates. */
export function daysOf(from: string, to: string): string[] {
  const days: string[] = [];
  const last = Date.parse(`${to}T00:00:00Z`);
  for (let time = Date.parse(`${from}T00:00:00Z`); time <= last && days.length < 3700; time += DAY_MS)
    days.push(new Date(time).toISOString().slice(0, 10));
  return days;
}

/** Statutory days off (date -> holiday name) and exchanged working days, of every listed year. */
export function statutoryDays(): { off: Map<string, string>; work: Set<string> } {
  const off = new Map<string, string>();
  const work = new Set<string>();
  for (const year of STATUTORY_HOLIDAYS) {
    for (const range of year.off) for (const day of daysOf(range.from, range.to)) off.set(day, range.name);
    for (const day of year.work) work.add(day);
  }
  return { off, work };
}

/**
 * The date of the Spring Festival (农历正月初一) by year: sites stop for about two weeks around it, which a
 * project enters as its own non-working days; the demo schedules do so.
 */
export const SPRING_FESTIVAL: Readonly<Record<number, string>> = {
  2024: '2024-02-10',
  2025: '2025-01-29',
  2026: '2026-02-17',
  2027: '2027-02-06',
  2028: '2028-01-26',
  2029: '2029-02-13',
  2030: '2030-02-03',
};
