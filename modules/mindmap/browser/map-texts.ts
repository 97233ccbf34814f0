/** Texts the mind-map screens show: who saved a map last and when, and a share link as an address to send. */

const pad = (n: number) => String(n).padStart(2, '0');

/** `2026-05-01T02:20:00Z` -> `05-01 10:20`, in China time whatever the browser's zone (as the server says it). */
export function chinaTime(iso: string): string {
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return '';
  const china = new Date(at.getTime() + 8 * 3600_000);
  return `${pad(china.getUTCMonth() + 1)}-${pad(china.getUTCDate())} ${pad(china.getUTCHours())}:${pad(china.getUTCMinutes())}`;
}

/** 最后保存：张经理 05-01 10:20 */
export function savedText(name: string, at: string): string {
  const when = at ? chinaTime(at) : '';
  return `最后保存：${name}${when ? ` ${when}` : ''}`;
}

/** The share link's full address: the portal's base path, then the path the server answered. */
export function shareUrl(path: string): string {
  const base = import.meta.env.BASE_URL.replace(/\/$/, '');
  return new URL(`${base}${path}`, window.location.origin).toString();
}
