/**
 * Figures as an operator reads them on a screen (系统管理 / 服务监控): sizes in MB or GB, spans in 天/小时/分钟, times
 * in ms, shares in %. A figure not known yet (before an instance's first heartbeat) is '—'.
 */
const UNKNOWN = '—';
const MB = 1024 * 1024;
const GB = 1024 * MB;

const known = (value: number | null | undefined): value is number =>
  typeof value === 'number' && Number.isFinite(value);

/** 96.4 MB, 1.25 GB (under 1 MB: 0.3 MB). */
export function readableBytes(bytes: number | null | undefined): string {
  if (!known(bytes)) return UNKNOWN;
  return bytes >= GB ? `${(bytes / GB).toFixed(2)} GB` : `${(bytes / MB).toFixed(1)} MB`;
}

/** 3天4小时, 5小时12分钟, 7分钟, 不足1分钟: the two largest units. */
export function readableSpan(ms: number | null | undefined): string {
  if (!known(ms)) return UNKNOWN;
  const minutes = Math.floor(ms / 60_000);
  if (minutes < 1) return '不足1分钟';
  const days = Math.floor(minutes / 1440);
  const hours = Math.floor((minutes % 1440) / 60);
  const rest = minutes % 60;
  if (days > 0) return hours > 0 ? `${days}天${hours}小时` : `${days}天`;
  if (hours > 0) return rest > 0 ? `${hours}小时${rest}分钟` : `${hours}小时`;
  return `${rest}分钟`;
}

/** How long ago, for a time seen on a screen refreshed by hand: 12秒前, 5分钟前, 3小时前, 2天前. */
export function readableAgo(ms: number | null | undefined): string {
  if (!known(ms)) return UNKNOWN;
  const seconds = Math.max(0, Math.floor(ms / 1000));
  if (seconds < 60) return `${seconds}秒前`;
  if (seconds < 3600) return `${Math.floor(seconds / 60)}分钟前`;
  if (seconds < 86_400) return `${Math.floor(seconds / 3600)}小时前`;
  return `${Math.floor(seconds / 86_400)}天前`;
}

/** 12.3 ms (one decimal under 100 ms, none above). */
export function readableMs(ms: number | null | undefined): string {
  if (!known(ms)) return UNKNOWN;
  return ms < 100 ? `${ms.toFixed(1)} ms` : `${Math.round(ms)} ms`;
}

/** A share of 0 to 1 as 12.5%. */
export function readableShare(share: number | null | undefined): string {
  if (!known(share)) return UNKNOWN;
  return `${(share * 100).toFixed(1)}%`;
}
