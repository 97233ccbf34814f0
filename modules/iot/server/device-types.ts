/**
 * Device types (modules/iot/device-types/*.json, meta-schema schemas/meta/device-type.json): the metrics a device
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
  above: number;
  level: 'early' | 'alarm';
  title: string;
  /** China-time hours [from, to) when it applies; to < from wraps midnight. */
  hours?: [number, number];
  standard?: string;
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
