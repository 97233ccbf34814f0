/**
 * Device types (modules/iot/device-types/*.json, meta-schema modules/iot/meta/device-type.json): the metrics a device
 * of the type reports, with the plausible range of each, and the thresholds that raise warnings. Read once at
 * start; a file that names a threshold over an undeclared metric stops the start with its path.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

export interface MetricSpec {
  key: string;
  title: string;
  unit?: string;
  min: number;
  max: number;
  decimals?: number;
  /** Every reading must carry it (default true). */
  required?: boolean;
}

export interface ThresholdSpec {
  id: string;
  metric: string;
  /** Subtracted from `metric` before comparing (core minus surface). */
  minus?: string;
  /**
   * `fall-per-day`: compares how far the metric's hourly average fell over the last 24 hours (the cooling rate of
   * mass concrete, GB 50496), judged once per device and China day from the hour rollups, not per reading.
   */
  rate?: 'fall-per-day';
  /**
   * `first`: compares the metric's rise over the device's first reading of it (an embedded concrete probe reads the
   * concrete as placed first: the rise over the placing temperature, GB 50496).
   */
  baseline?: 'first';
  /**
   * Compares the metric's average over a window instead of a reading (the 20-minute Leq of GB 12523, the 24-hour
   * mean of GB 3095), judged once per window from the stored readings (rules.ts windowAverages).
   */
  average?: WindowAverage;
  above: number;
  level: 'early' | 'alarm';
  title: string;
  /** China-time hours [from, to) when it applies; to < from wraps midnight. */
  hours?: [number, number];
  standard?: string;
}

export interface WindowAverage {
  /** energy: 10·lg(mean(10^(L/10))) of sound levels (Leq); arithmetic: the plain mean. */
  kind: 'energy' | 'arithmetic';
  /** The window's length. */
  minutes: number;
  /** Minutes (China time) between the ends of two windows judged; default `minutes` (windows side by side). */
  every?: number;
  /** The share of the readings the type's report period gives a window that it must hold to be judged (0.75). */
  minShare?: number;
}

export interface DeviceType {
  kind: 'device-type';
  id: string;
  name: string;
  description?: string;
  reportEverySeconds?: number;
  metrics: MetricSpec[];
  thresholds?: ThresholdSpec[];
}

export type DeviceTypes = ReadonlyMap<string, DeviceType>;

/** A device's own value for one of its type's thresholds (a crane's other rated moment line, a local PM10 limit). */
export interface ThresholdOverride {
  threshold: string;
  above: number;
}

/** A registry record's `thresholdOverrides` as stored (checked on save: a list, or nothing). */
export function storedOverrides(value: unknown): ThresholdOverride[] {
  return Array.isArray(value) ? (value as ThresholdOverride[]) : [];
}

/** Every device type of the module folder, by id. */
export function loadDeviceTypes(moduleDir: string): DeviceTypes {
  const dir = path.join(moduleDir, 'device-types');
  const types = new Map<string, DeviceType>();
  for (const name of readdirSync(dir)
    .filter((file) => file.endsWith('.json'))
    .sort()) {
    const where = path.join('modules', path.basename(moduleDir), 'device-types', name);
    const type = JSON.parse(readFileSync(path.join(dir, name), 'utf8')) as DeviceType;
    if (type.kind !== 'device-type') throw new Error(`${where}: kind must be "device-type"`);
    const metrics = new Set(type.metrics.map((metric) => metric.key));
    for (const [index, threshold] of (type.thresholds ?? []).entries())
      for (const key of ['metric', 'minus'] as const) {
        const metric = threshold[key];
        if (metric !== undefined && !metrics.has(metric))
          throw new Error(`${where} /thresholds/${index}/${key}: 没有指标 "${metric}"`);
      }
    types.set(type.id, type);
  }
  return types;
}

/** Seconds after the last report when a device of this type counts as offline: three missed reports. */
export function offlineAfterSeconds(type: DeviceType | undefined): number {
  return 3 * (type?.reportEverySeconds ?? 60);
}

/** The range a threshold's value may take: the metric's range, or its span for a difference or a rate. */
function thresholdRange(type: DeviceType, threshold: ThresholdSpec): [number, number] | undefined {
  const metric = type.metrics.find((m) => m.key === threshold.metric);
  if (!metric) return undefined;
  return threshold.minus !== undefined || threshold.rate !== undefined || threshold.baseline !== undefined
    ? [0, metric.max - metric.min]
    : [metric.min, metric.max];
}

/**
 * What is wrong with a device's overrides, in words for the device form (undefined: nothing): each names a
 * threshold of the device's type once, with a number inside what the metric can measure.
 */
export function overrideProblem(type: DeviceType, overrides: unknown): string | undefined {
  if (overrides === undefined || overrides === null) return undefined;
  if (!Array.isArray(overrides)) return '阈值调整必须是列表';
  const seen = new Set<string>();
  for (const [index, item] of overrides.entries()) {
    const at = `第 ${index + 1} 项阈值调整：`;
    const { threshold: id, above } = (item ?? {}) as Partial<ThresholdOverride>;
    const threshold = (type.thresholds ?? []).find((t) => t.id === id);
    if (!threshold) return `${at}${type.name}没有阈值 ${String(id ?? '')}`;
    if (seen.has(threshold.id)) return `${at}阈值「${threshold.title}」重复调整`;
    seen.add(threshold.id);
    if (typeof above !== 'number' || !Number.isFinite(above)) return `${at}「${threshold.title}」的阈值必须是数值`;
    const range = thresholdRange(type, threshold);
    if (range && (above < range[0] || above > range[1]))
      return `${at}「${threshold.title}」的阈值 ${above} 超出 ${range[0]}～${range[1]}`;
  }
  return undefined;
}

/** The thresholds a device is judged by: its type's, with the device's own values where it overrides them. */
export function effectiveThresholds(type: DeviceType, overrides: readonly ThresholdOverride[] = []): ThresholdSpec[] {
  const own = new Map(overrides.map((o) => [o.threshold, o.above]));
  return (type.thresholds ?? []).map((threshold) => {
    const above = own.get(threshold.id);
    return above === undefined ? threshold : { ...threshold, above };
  });
}

/** What a threshold compares, in words: 中心温度与表面温度之差, 噪声20分钟等效声级, PM10 24小时平均. */
export function comparedText(type: DeviceType | undefined, threshold: ThresholdSpec): string {
  const title = type?.metrics.find((m) => m.key === threshold.metric)?.title ?? threshold.metric;
  if (threshold.minus !== undefined) {
    const other = type?.metrics.find((m) => m.key === threshold.minus)?.title ?? threshold.minus;
    return `${title}与${other}之差`;
  }
  if (threshold.rate === 'fall-per-day') return `${title}日降幅`;
  if (threshold.baseline === 'first') return `${title}较首个读数的升幅`;
  const average = threshold.average;
  if (average) {
    const span = average.minutes % 60 === 0 ? `${average.minutes / 60}小时` : `${average.minutes}分钟`;
    return average.kind === 'energy' ? `${title}${span}等效声级` : `${title} ${span}平均`;
  }
  return title;
}

/** The unit a threshold's value is in: its metric's, per day for a rate ('' for a metric without a unit). */
export function thresholdUnit(type: DeviceType | undefined, threshold: ThresholdSpec): string {
  const unit = type?.metrics.find((m) => m.key === threshold.metric)?.unit ?? '';
  return unit && threshold.rate === 'fall-per-day' ? `${unit}/d` : unit;
}
