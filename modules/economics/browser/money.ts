/**
 * How the reports show money: the server answers integers of 分 (server/money.ts); the screens show 元 with two
 * decimals and thousands separators (¥1,234,567.89), and the charts 万元.
 */

/** ¥1,234,567.89 from 分 (negative: -¥1,234.50). */
export function yuan(fen: number): string {
  const sign = fen < 0 ? '-' : '';
  const abs = Math.abs(fen);
  return `${sign}¥${Math.floor(abs / 100).toLocaleString('en-US')}.${String(abs % 100).padStart(2, '0')}`;
}

/** 万元 with two decimals, for chart axes and tips. */
export function wan(fen: number): number {
  return Math.round(fen / 10000) / 100;
}

/** 98.76% (— without a base). */
export function rateText(rate: number | null | undefined): string {
  return rate === null || rate === undefined ? '—' : `${rate.toFixed(2)}%`;
}

/** The month `offset` months from `month` (yyyy-MM). */
export function addMonths(month: string, offset: number): string {
  const [year, number] = month.split('-').map(Number);
  const index = year * 12 + (number - 1) + offset;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
}

/** This month on the site's clock (China Standard Time), whatever the browser's zone. */
export function chinaMonth(now = new Date()): string {
  return new Date(now.getTime() + 8 * 3_600_000).toISOString().slice(0, 7);
}

/** Saves a file the browser downloaded. */
export function saveBlob(blob: unknown, name: string): void {
  if (!(blob instanceof Blob)) return;
  const link = document.createElement('a');
  link.href = URL.createObjectURL(blob);
  link.download = name;
  link.click();
  setTimeout(() => URL.revokeObjectURL(link.href), 1000);
}
