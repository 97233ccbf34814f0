/**
 * The figures of a collection's records as the server answers them (collections/record-figures.ts) and the pages
 * read them: grouped counts and sums for charts, and the month sheet.
 */

/** One group of an aggregate: its label, its value, and its series when the call splits by one. */
export interface AggregateRow {
  name: string;
  value: number;
  series?: string;
}

/** One row of a month sheet. */
export interface SheetRow {
  key: string;
  label: string;
  /** rowFields -> the text shown. */
  fields: Record<string, string>;
  /** One per day of the month: the cell's value, null on a day without a record. */
  cells: (number | null)[];
  /** Days with a record. */
  days: number;
  /** The sum of the cells. */
  total: number;
}

/** A month sheet: one row per value of the call's `rowBy`, one column per day of the month. */
export interface MonthSheet {
  month: string;
  /** Days of the month: 1..28/29/30/31. */
  dayCount: number;
  rows: SheetRow[];
  /** Per day: how many rows have a record that day. */
  dayRows: number[];
  /** Per day: the sum of that day's cells. */
  dayTotals: number[];
  total: number;
}
