/**
 * Times as the portal shows them: China Standard Time (UTC+8, no daylight saving), so a server in any time zone
 * answers the same text, a browser in any time zone shows it, and "today" means the site's day. Shared by the
 * server (texts it answers, China days of rules) and the browser (chart axes and tooltips).
 */
export const CHINA_OFFSET_MS = 8 * 3600_000;

const pad = (n: number) => String(n).padStart(2, '0');

/** 'yyyy-MM-dd HH:mm:ss' in China time. */
export function chinaDateTime(at: Date): string {
  const d = new Date(at.getTime() + CHINA_OFFSET_MS);
  return (
    `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())} ` +
    `${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}`
  );
}

/** 'yyyy-MM-dd' in China time: the site's day, whatever the time zone of the server or the browser. */
export function chinaDate(at: Date): string {
  return chinaDateTime(at).slice(0, 10);
}
