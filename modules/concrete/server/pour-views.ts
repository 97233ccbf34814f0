/**
 * What the two concrete screens show of a pour, from its record, its mix and its sensors' hourly temperatures:
 * 混凝土预警 (the probes' curves and the temperature controls of GB 50496-2018 第3.0.4条: the rise above the placing
 * temperature at most 50 ℃, core-to-surface at most 25 ℃, cooling at most 2.0 ℃/d, surface-to-air at most 20 ℃)
 * and 强度检测 (maturity and the strength estimated from the mix's curve, against the design strength and the
 * formwork-removal strength of the member and span, GB 50666-2011 表4.5.2, with the day each is or will be reached).
 * Pure: the routes load the data.
 */
import { chinaDateTime } from '../../../src/server/module-api.js';
import {
  fitStrengthCurve,
  maturityCurve,
  maturityFor,
  predictReach,
  projectMaturity,
  reachedAt,
  strengthAt,
  type CalibrationPoint,
  type HourTemperature,
  type MaturityPoint,
  type StrengthCurve,
} from './maturity.js';

const HOUR_MS = 3600_000;
const DAY_MS = 24 * HOUR_MS;

/**
 * GB 50496-2018 第3.0.4条: the rise above the placing temperature (入模温度) at most 50 ℃, 里表温差 at most 25 ℃,
 * cooling at most 2.0 ℃ a day, and the surface at most 20 ℃ above the air when the insulation comes off.
 */
export const RISE_LIMIT = 50;
export const CORE_SURFACE_LIMIT = 25;
export const COOLING_LIMIT_PER_DAY = 2;
export const SURFACE_AIR_LIMIT = 20;
/** How far ahead the strength chart draws the prediction when the design strength is not reached. */
const PREDICTION_CHART_MAX_HOURS = 30 * 24;

export const PROBES = ['core', 'middle', 'surface'] as const;
export type Probe = (typeof PROBES)[number];
export type Metric = Probe | 'ambient';
export const METRICS: readonly Metric[] = [...PROBES, 'ambient'];
const PROBE_TITLES: Record<Metric, string> = { core: '中心', middle: '中部', surface: '表面', ambient: '环境' };

export interface PourRecord {
  id: string;
  name: string;
  gradeLabel: string;
  grade: string;
  mixLabel: string;
  statusLabel: string;
  /** Start of the pour (ms). */
  pouredAt: number;
  /** MPa: the pour's own, else the grade's characteristic strength (C30: 30). */
  designStrength: number | undefined;
  /** Share of the design strength for removing the bottom forms (formwork.ts); undefined: side forms only. */
  formworkPercent: number | undefined;
  /** Where that share comes from, in words. */
  formworkBasis: string;
  /** The mix's datum temperature (℃) of the maturity. */
  datum: number;
  /** 入模温度 (℃) as measured at the pour, when recorded. */
  placingTemperature?: number;
}

export interface SensorHistory {
  id: string;
  name: string;
  /** Hour rollups (average) of each metric since the hour of the pour. */
  hours: Partial<Record<Metric, HourTemperature[]>>;
}

export interface ChartRow {
  name: string;
  value: number;
  series: string;
}

export interface ListRow {
  id: string;
  title: string;
  time: string;
  tag: string;
}

const round = (value: number, decimals = 1) => Number(value.toFixed(decimals));
const iso = (t: number) => new Date(t).toISOString();
const text = (t: number) => chinaDateTime(new Date(t)).slice(0, 16);
/** `11-24 13:59`: a time within the weeks a pour cures, where a panel is narrow. */
export const shortText = (t: number) => chinaDateTime(new Date(t)).slice(5, 16);

/** C30 -> 30 (the cube strength class in MPa). */
export function gradeStrength(grade: string): number | undefined {
  const match = /^C(\d{2,3})$/.exec(grade);
  return match ? Number(match[1]) : undefined;
}

/** 龄期 as people say it: 3天5小时. */
export function ageText(from: number, now: number): string {
  if (now <= from) return '未开始';
  const hours = Math.floor((now - from) / HOUR_MS);
  return hours < 24 ? `${hours}小时` : `${Math.floor(hours / 24)}天${hours % 24}小时`;
}

/** A series' name: the probe alone for a pour with one sensor, else the sensor and the probe. */
function seriesName(sensor: SensorHistory, many: boolean, what: string): string {
  return many ? `${sensor.name}·${what}` : what;
}

/** A horizontal line across the chart's time span, as a two-point series. */
function limitLine(name: string, value: number, from: number, to: number): ChartRow[] {
  return [
    { name: iso(from), value, series: name },
    { name: iso(to), value, series: name },
  ];
}

function byHour(hours: readonly HourTemperature[] | undefined): Map<number, number> {
  return new Map((hours ?? []).map((h) => [h.t, h.value]));
}

/** Core minus surface, hour by hour where both were measured. */
export function coreSurfaceDifference(sensor: SensorHistory): HourTemperature[] {
  const surface = byHour(sensor.hours.surface);
  return (sensor.hours.core ?? []).flatMap((h) => {
    const s = surface.get(h.t);
    return s === undefined ? [] : [{ t: h.t, value: h.value - s }];
  });
}

/**
 * The core's cooling over the last 24 hours at each hour (℃/d: the temperature a day before minus now), where
 * both hours were measured. Warming shows as 0: the limit is on cooling.
 */
export function coolingRate(sensor: SensorHistory): HourTemperature[] {
  const core = byHour(sensor.hours.core);
  return (sensor.hours.core ?? []).flatMap((h) => {
    const before = core.get(h.t - DAY_MS);
    return before === undefined ? [] : [{ t: h.t, value: Math.max(0, before - h.value) }];
  });
}

const lastOf = <T>(list: readonly T[]): T | undefined => list[list.length - 1];

/** Surface minus air, hour by hour where both were measured. */
export function surfaceAirDifference(sensor: SensorHistory): HourTemperature[] {
  const air = byHour(sensor.hours.ambient);
  return (sensor.hours.surface ?? []).flatMap((h) => {
    const a = air.get(h.t);
    return a === undefined ? [] : [{ t: h.t, value: h.value - a }];
  });
}

/**
 * 入模温度: as recorded on the pour, else the core's first hour at or after the pour (the probes are cast in with
 * the concrete, so their first hour reads it as placed), the lowest of the pour's sensors.
 */
export function placingTemperature(
  pour: PourRecord,
  sensors: readonly SensorHistory[],
): { value: number; measured: boolean } | undefined {
  if (pour.placingTemperature !== undefined) return { value: pour.placingTemperature, measured: true };
  const firsts = sensors.flatMap((sensor) => {
    const first = (sensor.hours.core ?? []).find((h) => h.t + HOUR_MS > pour.pouredAt);
    return first ? [first.value] : [];
  });
  return firsts.length > 0 ? { value: Math.min(...firsts), measured: false } : undefined;
}

export function temperatureView(pour: PourRecord, sensors: readonly SensorHistory[], now: number) {
  const many = sensors.length > 1;
  const temperatures: ChartRow[] = [];
  const difference: ChartRow[] = [];
  const cooling: ChartRow[] = [];
  let latestDifference: number | undefined;
  let latestCooling: number | undefined;
  let latestSurfaceAir: number | undefined;
  let peak: { value: number; t: number; sensor: string } | undefined;
  for (const [index, sensor] of sensors.entries()) {
    for (const metric of METRICS) {
      // The air is the same over the whole pour: one ambient line is enough.
      if (metric === 'ambient' && index > 0) continue;
      const name =
        metric === 'ambient'
          ? '环境温度'
          : many
            ? `${sensor.name}·${PROBE_TITLES[metric]}`
            : `${PROBE_TITLES[metric]}温度`;
      for (const h of sensor.hours[metric] ?? [])
        temperatures.push({ name: iso(h.t), value: round(h.value), series: name });
    }
    for (const h of sensor.hours.core ?? [])
      if (!peak || h.value > peak.value) peak = { value: h.value, t: h.t, sensor: sensor.name };
    const diff = coreSurfaceDifference(sensor);
    for (const h of diff)
      difference.push({ name: iso(h.t), value: round(h.value), series: seriesName(sensor, many, '里表温差') });
    const rate = coolingRate(sensor);
    for (const h of rate)
      cooling.push({ name: iso(h.t), value: round(h.value), series: seriesName(sensor, many, '中心降温速率') });
    const d = lastOf(diff)?.value;
    if (d !== undefined) latestDifference = Math.max(latestDifference ?? d, d);
    const r = lastOf(rate)?.value;
    if (r !== undefined) latestCooling = Math.max(latestCooling ?? r, r);
    const a = lastOf(surfaceAirDifference(sensor))?.value;
    if (a !== undefined) latestSurfaceAir = Math.max(latestSurfaceAir ?? a, a);
  }
  const placing = placingTemperature(pour, sensors);
  const rise = peak && placing ? peak.value - placing.value : undefined;
  const end = Math.max(now, pour.pouredAt + HOUR_MS);
  if (difference.length > 0)
    difference.push(...limitLine(`控制值 ${CORE_SURFACE_LIMIT}℃`, CORE_SURFACE_LIMIT, pour.pouredAt, end));
  if (cooling.length > 0)
    cooling.push(...limitLine(`控制值 ${COOLING_LIMIT_PER_DAY}℃/d`, COOLING_LIMIT_PER_DAY, pour.pouredAt, end));
  return {
    summary: {
      ...pourSummary(pour, sensors, now),
      peakText: peak
        ? `${round(peak.value)}℃（${shortText(peak.t)}${many ? `，${peak.sensor}` : ''}）`
        : '暂无测温数据',
      differenceText:
        latestDifference === undefined
          ? '暂无测温数据'
          : `${round(latestDifference)}℃${latestDifference > CORE_SURFACE_LIMIT ? '，超过' : '，未超过'} ${CORE_SURFACE_LIMIT}℃`,
      coolingText:
        latestCooling === undefined
          ? '浇筑不足一天'
          : `${round(latestCooling)}℃/d${latestCooling > COOLING_LIMIT_PER_DAY ? '，超过' : '，未超过'} ${COOLING_LIMIT_PER_DAY}℃/d`,
      riseText:
        rise === undefined || !placing
          ? '暂无测温数据'
          : `${round(rise)}℃（入模${placing.measured ? '' : '约'} ${round(placing.value)}℃）${rise > RISE_LIMIT ? '，超过' : '，未超过'} ${RISE_LIMIT}℃`,
      surfaceAirText:
        latestSurfaceAir === undefined
          ? '暂无环境温度'
          : `${round(latestSurfaceAir)}℃${latestSurfaceAir > SURFACE_AIR_LIMIT ? '，超过' : '，未超过'} ${SURFACE_AIR_LIMIT}℃`,
    },
    temperatures,
    difference,
    cooling,
  };
}

function pourSummary(pour: PourRecord, sensors: readonly SensorHistory[], now: number) {
  return {
    pourId: pour.id,
    name: pour.name,
    gradeText: pour.mixLabel ? `${pour.gradeLabel}（配合比 ${pour.mixLabel}）` : pour.gradeLabel,
    pouredAtText: text(pour.pouredAt),
    ageText: ageText(pour.pouredAt, now),
    sensorsText: sensors.length > 0 ? sensors.map((s) => s.name).join('、') : '未关联测温设备',
    statusLabel: pour.statusLabel,
  };
}

/** A location's maturity: one probe of one sensor. */
interface LocationMaturity {
  sensor: SensorHistory;
  probe: Probe;
  curve: MaturityPoint[];
  maturity: number;
}

/**
 * Every probe's maturity; the pour's estimate is the least mature location (usually a surface: the coolest
 * concrete governs formwork removal and loading, as ASTM C1074 places sensors at the critical locations).
 */
function maturities(pour: PourRecord, sensors: readonly SensorHistory[], now: number): LocationMaturity[] {
  return sensors.flatMap((sensor) =>
    PROBES.flatMap((probe) => {
      const hours = sensor.hours[probe] ?? [];
      if (hours.length === 0) return [];
      const curve = maturityCurve(hours, pour.pouredAt, now, pour.datum);
      return [{ sensor, probe, curve, maturity: lastOf(curve)?.maturity ?? 0 }];
    }),
  );
}

export interface StrengthEstimate {
  /** No curve (a mix without two calibration points), or no temperatures yet. */
  missing?: string;
  maturity: number;
  strength: number;
  designStrength: number;
  /** MPa; undefined for a member with side forms only. */
  formworkStrength: number | undefined;
  /** When each target was reached (ms), or is predicted to be; undefined: not within 90 days. */
  formworkAt?: number;
  designAt?: number;
  formworkReached: boolean;
  designReached: boolean;
  governing?: LocationMaturity;
  curve?: StrengthCurve;
  all: LocationMaturity[];
}

/** The last day of hourly temperatures before `now` (the trend a prediction follows). */
function lastDay(hours: readonly HourTemperature[] | undefined, now: number): HourTemperature[] {
  return (hours ?? []).filter((h) => h.t >= now - DAY_MS && h.t < now);
}

export function estimateStrength(
  pour: PourRecord,
  calibration: readonly CalibrationPoint[],
  sensors: readonly SensorHistory[],
  now: number,
): StrengthEstimate {
  const designStrength = pour.designStrength ?? gradeStrength(pour.grade) ?? 0;
  const formworkStrength =
    pour.formworkPercent === undefined ? undefined : (designStrength * pour.formworkPercent) / 100;
  const curve = fitStrengthCurve(calibration);
  const all = maturities(pour, sensors, now);
  const governing = all.reduce<LocationMaturity | undefined>(
    (least, location) => (!least || location.maturity < least.maturity ? location : least),
    undefined,
  );
  const base = { designStrength, formworkStrength, formworkReached: false, designReached: false, all, curve };
  if (!curve) return { ...base, missing: '配合比缺少强度-成熟度标定点', maturity: 0, strength: 0 };
  if (!governing) return { ...base, missing: '暂无测温数据', maturity: 0, strength: 0 };
  const maturity = governing.maturity;
  const when = (target: number): number | undefined => {
    const needed = maturityFor(curve, target);
    if (needed === undefined) return undefined;
    return (
      reachedAt(governing.curve, needed, pour.pouredAt) ??
      predictReach(maturity, needed, now, lastDay(governing.sensor.hours[governing.probe], now), pour.datum)
    );
  };
  const strength = strengthAt(curve, maturity);
  return {
    ...base,
    governing,
    maturity,
    strength,
    formworkReached: formworkStrength !== undefined && strength >= formworkStrength,
    designReached: strength >= designStrength,
    formworkAt: formworkStrength === undefined ? undefined : when(formworkStrength),
    designAt: when(designStrength),
  };
}

/** A fitted curve as the screens write it: S = -46.66 + 8.45·ln(M)，R² = 0.9998. */
export function curveText(curve: StrengthCurve | undefined): string {
  return curve
    ? `S = ${round(curve.a, 2)} + ${round(curve.b, 2)}·ln(M)，R² = ${curve.r2.toFixed(4)}`
    : '配合比缺少强度-成熟度标定点';
}

/** The state of a pour in one phrase (the pour list's tag). */
export function strengthState(estimate: StrengthEstimate): string {
  if (estimate.missing) return estimate.missing;
  if (estimate.designReached) return '已达设计强度';
  if (estimate.formworkStrength === undefined) return '未达设计强度';
  if (estimate.formworkReached) return '已达拆模强度';
  return '未达拆模强度';
}

function reachText(reached: boolean, at: number | undefined, now: number): string {
  if (at === undefined) return '按当前温度趋势 90 天内无法达到';
  return reached || at <= now ? `已于 ${shortText(at)} 达到` : `预计 ${shortText(at)}（约 ${ageText(now, at)}后）`;
}

export function strengthView(
  pour: PourRecord,
  calibration: readonly CalibrationPoint[],
  sensors: readonly SensorHistory[],
  now: number,
) {
  const estimate = estimateStrength(pour, calibration, sensors, now);
  const { curve, governing, designStrength, formworkStrength } = estimate;
  const strength: ChartRow[] = [];
  const maturity: ChartRow[] = [];
  const many = sensors.length > 1;
  for (const location of estimate.all)
    if (location.probe !== 'middle')
      for (const point of location.curve)
        maturity.push({
          name: iso(point.t),
          value: Math.round(point.maturity),
          series: seriesName(location.sensor, many, PROBE_TITLES[location.probe]),
        });
  if (curve && governing) {
    for (const point of governing.curve)
      strength.push({ name: iso(point.t), value: round(strengthAt(curve, point.maturity)), series: '推定强度' });
    if (!estimate.designReached && estimate.designAt !== undefined) {
      const hours = Math.min(PREDICTION_CHART_MAX_HOURS, Math.ceil((estimate.designAt - now) / HOUR_MS) + 12);
      const ahead = projectMaturity(
        estimate.maturity,
        now,
        lastDay(governing.sensor.hours[governing.probe], now),
        hours,
        pour.datum,
      );
      strength.push({ name: iso(now), value: round(estimate.strength), series: '预测强度' });
      for (const point of ahead.filter((_, i) => i % 6 === 5))
        strength.push({ name: iso(point.t), value: round(strengthAt(curve, point.maturity)), series: '预测强度' });
    }
  }
  if (strength.length > 0) {
    const last = Math.max(now, ...strength.map((row) => Date.parse(row.name)));
    strength.push(...limitLine(`设计强度 ${round(designStrength)}MPa`, designStrength, pour.pouredAt, last));
    if (formworkStrength !== undefined)
      strength.push(
        ...limitLine(
          `拆模强度 ${round(formworkStrength)}MPa（${pour.formworkPercent}%）`,
          formworkStrength,
          pour.pouredAt,
          last,
        ),
      );
  }
  // Down, so a pour 0.1 MPa short never reads 100 %.
  const percent = designStrength > 0 ? Math.floor((estimate.strength / designStrength) * 100) : 0;
  return {
    summary: {
      ...pourSummary(pour, sensors, now),
      maturityText: estimate.missing
        ? estimate.missing
        : `${Math.round(estimate.maturity).toLocaleString('en-US')} ℃·h（基准温度 ${pour.datum}℃，${seriesName(governing!.sensor, many, PROBE_TITLES[governing!.probe])}）`,
      strengthText: estimate.missing ? '—' : `${round(estimate.strength)} MPa，设计强度的 ${percent}%`,
      designText: `${round(designStrength)} MPa：${estimate.missing ? '—' : reachText(estimate.designReached, estimate.designAt, now)}`,
      formworkText:
        formworkStrength === undefined
          ? `不适用：${pour.formworkBasis}`
          : `${round(formworkStrength)} MPa（${pour.formworkPercent}%，${pour.formworkBasis}）：${estimate.missing ? '—' : reachText(estimate.formworkReached, estimate.formworkAt, now)}`,
      curveText: curveText(curve),
      stateLabel: strengthState(estimate),
      maturity: round(estimate.maturity, 0),
      strength: round(estimate.strength),
      designStrength: round(designStrength),
      formworkStrength: formworkStrength === undefined ? null : round(formworkStrength),
      formworkPercent: pour.formworkPercent ?? null,
      datum: pour.datum,
      designAt: estimate.designAt === undefined ? null : iso(estimate.designAt),
      formworkAt: estimate.formworkAt === undefined ? null : iso(estimate.formworkAt),
    },
    strength,
    maturity,
  };
}
