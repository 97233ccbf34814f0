/** Months as the reports read them: 'yyyy-MM' strings, which order as text. */

export const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;

/** The month `offset` months from `month` (negative: before). */
export function addMonths(month: string, offset: number): string {
  const [year, number] = month.split('-').map(Number);
  const index = year * 12 + (number - 1) + offset;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
}

/** Every month from `from` to `to`, both included. */
export function monthsBetween(from: string, to: string): string[] {
  const months: string[] = [];
  for (let month = from; month <= to && months.length < 1200; month = addMonths(month, 1)) months.push(month);
  return months;
}
