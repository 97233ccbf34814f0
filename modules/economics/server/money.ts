/**
 * Money as the reports count it: integers of 分 (cents). Amounts are entered and stored in 元 with at most two
 * decimals; every sum is taken in SQL over `round(amount::numeric * 100)`, so a report of any size adds up exactly
 * to the 分 (a sum of doubles drifts). The browser formats the same integers (browser/money.ts).
 */
import { sql, type RawBuilder } from 'kysely';
import { fieldColumn } from '../../../src/server/module-api.js';

/** The exact 分 of an amount column (元, double precision) as a numeric expression, for sums. */
export function fenOf(field: string, alias = ''): RawBuilder<unknown> {
  const column = alias ? sql.ref(`${alias}.${fieldColumn(field)}`) : sql.ref(fieldColumn(field));
  return sql`round(coalesce(${column}, 0)::numeric * 100)`;
}

/**
 * A numeric of the database (a sum of 分, read as text by both drivers or as a number) as an integer of 分.
 * Sums stay far below 2^53 分 (90 万亿元), where a JavaScript number is still exact.
 */
export function fen(value: unknown): number {
  if (value === null || value === undefined || value === '') return 0;
  const whole = BigInt(String(value).replace(/\.0+$/, ''));
  if (whole > BigInt(Number.MAX_SAFE_INTEGER) || whole < -BigInt(Number.MAX_SAFE_INTEGER))
    throw new Error(`an amount of ${String(whole)} 分 is beyond what the reports count exactly`);
  return Number(whole);
}

/** 元 with at most two decimals (as entered) -> 分. */
export function fenOfYuan(yuan: number): number {
  return Math.round(yuan * 100);
}

/** Whether an amount in 元 has at most two decimals (the 分 the reports count). */
export function isWholeFen(yuan: number): boolean {
  return Math.abs(yuan * 100 - Math.round(yuan * 100)) < 1e-6;
}

/** ¥1,234,567.89 (negative: -¥1,234.50), from 分. */
export function yuanText(amount: number): string {
  const sign = amount < 0 ? '-' : '';
  const abs = Math.abs(amount);
  const whole = Math.floor(abs / 100).toLocaleString('en-US');
  return `${sign}¥${whole}.${String(abs % 100).padStart(2, '0')}`;
}

/** A share in per cent with two decimals (null when there is no base). */
export function percent(part: number, whole: number): number | null {
  if (whole === 0) return null;
  return Math.round((part / whole) * 10000) / 100;
}
