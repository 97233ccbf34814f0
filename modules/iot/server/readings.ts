/**
 * What a device sends, checked against its type before anything is stored: a body `{ ts?, values }` or
 * `{ readings: [{ ts?, values }, ...] }` (at most MAX_READINGS), each value a number inside the metric's
 * plausible range, every required metric present, no unknown metric, the time neither in the future nor older
 * than the kept months. A refusal names its reason in words a device engineer reads in the log of the device.
 */
import type { DeviceType } from './device-types.js';

export const MAX_READINGS = 100;
/** Clocks of devices drift: a reading up to this far ahead of the server is accepted. */
export const FUTURE_TOLERANCE_MS = 5 * 60 * 1000;

export type RefusalReason =
  | 'malformed'
  | 'unknown-device'
  | 'bad-signature'
  | 'stale-request'
  | 'bad-nonce'
  | 'replayed'
  | 'unknown-metric'
  | 'missing-metric'
  | 'out-of-range'
  | 'future'
  | 'too-old'
  | 'duplicate';

export class ReadingRefused extends Error {
  constructor(
    readonly reason: RefusalReason,
    message: string,
  ) {
    super(message);
  }
}

export interface Reading {
  ts: Date;
  values: Record<string, number>;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function timeOf(raw: unknown, receivedAt: Date): Date {
  if (raw === undefined) return receivedAt;
  const ts = typeof raw === 'number' ? new Date(raw) : typeof raw === 'string' ? new Date(raw) : undefined;
  if (!ts || Number.isNaN(ts.getTime())) throw new ReadingRefused('malformed', 'ts 必须是毫秒时间戳或 ISO 8601 时间');
  return ts;
}

/**
 * The readings of a body, or a ReadingRefused: one bad reading refuses the whole message, so that a device never
 * has half of a message stored and cannot tell which half.
 */
export function parseReadings(body: unknown, type: DeviceType, receivedAt: Date, oldest: Date): Reading[] {
  if (!isObject(body)) throw new ReadingRefused('malformed', '消息必须是 JSON 对象');
  const items: unknown[] = Array.isArray(body.readings) ? body.readings : [body];
  if (items.length === 0) throw new ReadingRefused('malformed', 'readings 不能为空');
  if (items.length > MAX_READINGS)
    throw new ReadingRefused('malformed', `一条消息最多 ${MAX_READINGS} 个读数，收到 ${items.length} 个`);
  const metrics = new Map(type.metrics.map((metric) => [metric.key, metric]));
  const seen = new Set<number>();
  return items.map((item, index): Reading => {
    const at = items.length > 1 ? `第 ${index + 1} 个读数：` : '';
    if (!isObject(item) || !isObject(item.values))
      throw new ReadingRefused('malformed', `${at}缺少 values（指标到数值的对象）`);
    const ts = timeOf(item.ts, receivedAt);
    if (ts.getTime() > receivedAt.getTime() + FUTURE_TOLERANCE_MS)
      throw new ReadingRefused('future', `${at}读数时间 ${ts.toISOString()} 晚于服务器时间，请校准设备时钟`);
    if (ts < oldest) throw new ReadingRefused('too-old', `${at}读数时间 ${ts.toISOString()} 早于数据保留期`);
    if (seen.has(ts.getTime())) throw new ReadingRefused('duplicate', `${at}同一时间的读数重复`);
    seen.add(ts.getTime());
    const values: Record<string, number> = {};
    for (const [key, value] of Object.entries(item.values)) {
      const metric = metrics.get(key);
      if (!metric) throw new ReadingRefused('unknown-metric', `${at}${type.name}没有指标 ${key}`);
      if (typeof value !== 'number' || !Number.isFinite(value))
        throw new ReadingRefused('malformed', `${at}${metric.title}（${key}）必须是数值`);
      if (value < metric.min || value > metric.max)
        throw new ReadingRefused(
          'out-of-range',
          `${at}${metric.title}（${key}）的值 ${value} 超出合理范围 ${metric.min}～${metric.max}${metric.unit ?? ''}`,
        );
      values[key] = value;
    }
    for (const metric of type.metrics)
      if (metric.required !== false && !(metric.key in values))
        throw new ReadingRefused('missing-metric', `${at}缺少指标 ${metric.title}（${metric.key}）`);
    return { ts, values };
  });
}
