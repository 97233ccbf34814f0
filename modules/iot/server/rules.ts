/**
 * Which thresholds a device's readings cross:
 * - a reading: a metric (or a difference of two, 里表温差) at or above the threshold's value, within its hours of the
 *   day in China time;
 * - a rise over the device's first reading (an embedded probe's first reading is the concrete as placed: the rise
 *   over the placing temperature, GB 50496 at most 50 ℃);
 * - once a day, how fast a metric fell over the last 24 hours (GB 50496: mass concrete cooling over 2 ℃/d);
 * - once a window, a metric's average over it: the equivalent level (Leq) of 20 minutes of sound levels, GB 12523's
 *   measure (70 dB(A) by day, 55 at night), or the 24-hour mean of PM10 (GB 3095), never a single reading.
 */
import { chinaDate, chinaHourOfDay, type TtlCache } from '../../../src/server/module-api.js';
import type { ThresholdSpec, WindowAverage } from './device-types.js';
import type { Reading } from './readings.js';
import type { TelemetryStore } from './telemetry-store.js';

const HOUR_MS = 3600_000;
const MINUTE_MS = 60_000;
/** China Standard Time is UTC+8 all year: windows of a day start at China midnight. */
const CHINA_OFFSET_MS = 8 * HOUR_MS;
/** The share of a window's readings that must be there for it to be judged, unless the threshold says. */
const DEFAULT_MIN_SHARE = 0.75;

export interface Exceedance {
  threshold: ThresholdSpec;
  value: number;
  at: Date;
}

export function appliesAt(threshold: ThresholdSpec, at: Date): boolean {
  if (!threshold.hours) return true;
  const [from, to] = threshold.hours;
  const hour = Math.floor(chinaHourOfDay(at));
  return from <= to ? hour >= from && hour < to : hour >= from || hour < to;
}

/** The value a threshold compares, or undefined when the reading lacks a metric it needs. */
export function comparedValue(threshold: ThresholdSpec, values: Record<string, number>): number | undefined {
  const value = values[threshold.metric];
  if (value === undefined) return undefined;
  if (threshold.minus === undefined) return value;
  const other = values[threshold.minus];
  return other === undefined ? undefined : Math.round((value - other) * 100) / 100;
}

/** Whether a threshold is judged reading by reading (not a rate, a rise over a baseline or a window's average). */
export function perReading(threshold: ThresholdSpec): boolean {
  return !threshold.rate && !threshold.baseline && !threshold.average;
}

/**
 * The first crossing of each threshold among the readings of one message (the device's thresholds: its type's
 * with its overrides applied). Rates, rises and averages are not judged reading by reading (dailyFalls,
 * risesFromFirst, windowAverages).
 */
export function exceedances(thresholds: readonly ThresholdSpec[], readings: readonly Reading[]): Exceedance[] {
  const found = new Map<string, Exceedance>();
  for (const reading of [...readings].sort((a, b) => a.ts.getTime() - b.ts.getTime()))
    for (const threshold of thresholds) {
      if (!perReading(threshold) || found.has(threshold.id) || !appliesAt(threshold, reading.ts)) continue;
      const value = comparedValue(threshold, reading.values);
      if (value !== undefined && value >= threshold.above)
        found.set(threshold.id, { threshold, value, at: reading.ts });
    }
  return [...found.values()];
}

/**
 * The `fall-per-day` thresholds a message crosses: the metric's average over the last whole hour before the
 * message's newest reading, against the same hour a day earlier, both from the hour rollups (a day of readings is
 * never scanned). Each threshold is judged once per device and China day (the first message of the day with both
 * hours stored), so a slow cooling is one finding a day, not one per reading. `judged` remembers the days already
 * judged (here or by another instance), so the rest of the day's readings cost no query.
 */
export async function dailyFalls(
  store: TelemetryStore,
  deviceId: string,
  thresholds: readonly ThresholdSpec[],
  readings: readonly Reading[],
  judged: TtlCache<string, true>,
): Promise<Exceedance[]> {
  const rates = thresholds.filter((t) => t.rate === 'fall-per-day');
  if (rates.length === 0 || readings.length === 0) return [];
  const newest = new Date(Math.max(...readings.map((r) => r.ts.getTime())));
  const lastHour = new Date(Math.floor(newest.getTime() / HOUR_MS) * HOUR_MS - HOUR_MS);
  const dayBefore = new Date(lastHour.getTime() - 24 * HOUR_MS);
  const found: Exceedance[] = [];
  const day = chinaDate(newest);
  for (const threshold of rates) {
    if (!readings.some((r) => r.values[threshold.metric] !== undefined)) continue;
    const key = `${deviceId}\n${threshold.id}\n${day}`;
    if (judged.get(key)) continue;
    const averages = await store.hourAverages(deviceId, threshold.metric, [dayBefore, lastHour]);
    const [before, now] = [averages.get(dayBefore.getTime()), averages.get(lastHour.getTime())];
    if (before === undefined || now === undefined) continue;
    const taken = await store.takeDailyCheck(deviceId, threshold.id, day);
    judged.set(key, true);
    if (!taken) continue;
    const fall = Math.round((before - now) * 100) / 100;
    if (fall >= threshold.above) found.push({ threshold, value: fall, at: newest });
  }
  return found;
}

/**
 * The `baseline: first` thresholds a message crosses: the first reading of the message at or above the device's
 * first stored value of the metric plus the threshold. The first values are remembered (`firsts`): a device's first
 * reading does not change.
 */
export async function risesFromFirst(
  store: TelemetryStore,
  deviceId: string,
  thresholds: readonly ThresholdSpec[],
  readings: readonly Reading[],
  firsts: TtlCache<string, number | null>,
): Promise<Exceedance[]> {
  const found: Exceedance[] = [];
  for (const threshold of thresholds) {
    if (threshold.baseline !== 'first') continue;
    const own = [...readings]
      .filter((reading) => reading.values[threshold.metric] !== undefined && appliesAt(threshold, reading.ts))
      .sort((a, b) => a.ts.getTime() - b.ts.getTime());
    if (own.length === 0) continue;
    const first = await firsts.getOrLoad(
      `${deviceId}\n${threshold.metric}`,
      async () => (await store.firstValue(deviceId, threshold.metric)) ?? null,
    );
    if (first === null || first === undefined) continue;
    for (const reading of own) {
      const rise = Math.round((reading.values[threshold.metric] - first) * 100) / 100;
      if (rise >= threshold.above) {
        found.push({ threshold, value: rise, at: reading.ts });
        break;
      }
    }
  }
  return found;
}

/** The end (ms) of the last window of `every` minutes, on China time's clock, that ended at or before `t`. */
export function windowEnd(t: number, every: number): number {
  const step = every * MINUTE_MS;
  return Math.floor((t + CHINA_OFFSET_MS) / step) * step - CHINA_OFFSET_MS;
}

/** The readings a window of `average` holds at a report every `reportEverySeconds`, and the fewest it needs. */
export function windowReadings(
  average: WindowAverage,
  reportEverySeconds: number,
): { expected: number; needed: number } {
  const expected = Math.max(1, Math.floor((average.minutes * 60) / reportEverySeconds));
  return { expected, needed: Math.ceil(expected * (average.minShare ?? DEFAULT_MIN_SHARE)) };
}

/**
 * The `average` thresholds a message crosses: for each, the last window that ended at or before the message's newest
 * reading, judged once (per device, threshold and window end, on any instance) from the stored readings when it
 * holds enough of them (minShare of what the report period gives it): its mean (energy for sound levels: the Leq of
 * GB 12523; arithmetic: the 24-hour mean of GB 3095) against the threshold in force at the window's start (day or
 * night). A window without enough readings is not judged (a device that was off proves nothing either way).
 */
export async function windowAverages(
  store: TelemetryStore,
  deviceId: string,
  thresholds: readonly ThresholdSpec[],
  readings: readonly Reading[],
  reportEverySeconds: number,
  judged: TtlCache<string, true>,
): Promise<Exceedance[]> {
  const found: Exceedance[] = [];
  for (const threshold of thresholds) {
    const average = threshold.average;
    if (!average) continue;
    const own = readings.filter((reading) => reading.values[threshold.metric] !== undefined);
    if (own.length === 0) continue;
    const newest = Math.max(...own.map((reading) => reading.ts.getTime()));
    const end = windowEnd(newest, average.every ?? average.minutes);
    const start = new Date(end - average.minutes * MINUTE_MS);
    if (!appliesAt(threshold, start)) continue;
    const key = `${deviceId}\n${threshold.id}\n${end}`;
    if (judged.get(key)) continue;
    judged.set(key, true);
    const figures = await store.windowFigures(deviceId, threshold.metric, start, new Date(end), average.kind);
    if (figures.mean === undefined || figures.count < windowReadings(average, reportEverySeconds).needed) continue;
    if (!(await store.takeWindowCheck(deviceId, threshold.id, new Date(end)))) continue;
    const mean = Math.round(figures.mean * 10) / 10;
    if (mean >= threshold.above) found.push({ threshold, value: mean, at: new Date(end) });
  }
  return found;
}
