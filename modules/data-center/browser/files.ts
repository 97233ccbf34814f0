/** Small helpers of the data center's screens: saving a downloaded file, China time, figures as people read them. */

/** Saves a file the server answered (an export) under `name`. */
export function saveBlob(blob: unknown, name: string): void {
  if (!(blob instanceof Blob)) return;
  const link = document.createElement('a');
  link.href = URL.createObjectURL(blob);
  link.download = name;
  link.click();
  setTimeout(() => URL.revokeObjectURL(link.href), 1000);
}

const CHINA_OFFSET_MS = 8 * 3600_000;

/** An instant (ISO 8601) as China time to the minute: `2026-11-28 09:30`; '' for none. */
export function chinaMinute(iso: string): string {
  if (!iso) return '';
  const at = Date.parse(iso);
  if (Number.isNaN(at)) return '';
  return new Date(at + CHINA_OFFSET_MS).toISOString().slice(0, 16).replace('T', ' ');
}

/** Today in China: `2026-11-28`. */
export function chinaToday(): string {
  return new Date(Date.now() + CHINA_OFFSET_MS).toISOString().slice(0, 10);
}

/** A figure with its digits and thousands separators; a ratio with no base reads as a dash. */
export function figure(value: number | null | undefined, digits = 0): string {
  if (value === null || value === undefined) return '—';
  return value.toLocaleString('zh-CN', { minimumFractionDigits: digits, maximumFractionDigits: digits });
}
