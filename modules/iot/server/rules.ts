/**
 * Which thresholds a reading crosses: a metric (or a difference of two, 里表温差) at or above the threshold's
 * value, within its hours of the day in China time (GB 12523: 70 dB(A) by day, 55 at night).
 */
import { chinaHourOfDay } from '../../../src/server/services/china-time.js';
import type { DeviceType, ThresholdSpec } from './device-types.js';
import type { Reading } from './readings.js';

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

/** The first crossing of each threshold among the readings of one message. */
export function exceedances(type: DeviceType, readings: readonly Reading[]): Exceedance[] {
  const found = new Map<string, Exceedance>();
  for (const reading of [...readings].sort((a, b) => a.ts.getTime() - b.ts.getTime()))
    for (const threshold of type.thresholds ?? []) {
      if (found.has(threshold.id) || !appliesAt(threshold, reading.ts)) continue;
      const value = comparedValue(threshold, reading.values);
      if (value !== undefined && value >= threshold.above)
        found.set(threshold.id, { threshold, value, at: reading.ts });
    }
  return [...found.values()];
}
