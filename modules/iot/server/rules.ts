/**
 * Which thresholds a reading crosses: a metric (or a difference of two, 里表温差) at or above the threshold's
 * value, within its hours of the day in China time (GB 12523: 70 dB(A) by day, 55 at night); and, once a day,
 * how fast a metric fell over the last 24 hours (GB 50496: mass concrete cooling over 2 ℃/d).
 */
import { chinaDate, chinaHourOfDay, type TtlCache } from '../../../src/server/module-api.js';
import type { ThresholdSpec } from './device-types.js';
import type { Reading } from './readings.js';
import type { TelemetryStore } from './telemetry-store.js';

const HOUR_MS = 3600_000;

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

/**
 * The first crossing of each threshold among the readings of one message (the device's thresholds: its type's
 * with its overrides applied). Rates are not judged reading by reading (dailyFalls).
 */
export function exceedances(thresholds: readonly ThresholdSpec[], readings: readonly Reading[]): Exceedance[] {
  const found = new Map<string, Exceedance>();
  for (const reading of [...readings].sort((a, b) => a.ts.getTime() - b.ts.getTime()))
    for (const threshold of thresholds) {
      if (threshold.rate || found.has(threshold.id) || !appliesAt(threshold, reading.ts)) continue;
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
