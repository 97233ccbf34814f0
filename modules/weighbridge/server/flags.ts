/**
 * 防作弊标记: what a weighing tells of a truck beside its own weights, judged when it is recorded (written by the
 * plugin's hook, and by the demo data the same way):
 * - 皮重异常: a tare off the truck's usual tare (the median of its last tares on this site) by more than the
 *   tolerance, the classic trick of weighing the empty truck with water in the tank or a person aboard;
 * - 频繁过磅: the same truck weighing again too soon after its last weighing ended, faster than any trip to a
 *   supplier and back (one load weighed twice);
 * - 出场超载: a truck leaving the site above the GB 1589-2016 limit of its axles (the site loaded it: 源头治超).
 */

/**
 * GB 1589-2016 4.3: the most a vehicle may weigh in all (车货总质量, t) by its axles: 货车 of two, three and four axles
 * 18, 25 and 31 t, 汽车列车 of five and six axles 43 and 49 t.
 */
export const GB1589_GROSS_LIMIT: Readonly<Record<number, number>> = { 2: 18, 3: 25, 4: 31, 5: 43, 6: 49 };

export type FlagKind = 'tare' | 'repeat' | 'overload';

/** How the list names each flag (the search form's choices say the same). */
export const FLAG_LABELS: Readonly<Record<FlagKind, string>> = {
  tare: '皮重异常',
  repeat: '频繁过磅',
  overload: '出场超载',
};

export interface FlagSettings {
  /** Tonnes a tare may be off the usual one. */
  tareTolerance: number;
  /** Minutes that must pass between the end of a truck's weighing and the start of its next one. */
  repeatMinutes: number;
}

export const DEFAULT_FLAG_SETTINGS: FlagSettings = { tareTolerance: 0.5, repeatMinutes: 30 };

/** A completed weighing as the flags read it. */
export interface WeighingFacts {
  weighDate: string;
  direction?: string;
  axles?: number | null;
  grossWeight: number;
  tareWeight: number;
  grossTime?: string | null;
  tareTime?: string | null;
}

export interface WeighingFlags {
  /** The kinds, space-separated (the list's filter matches one). */
  cheatFlags: string | null;
  /** The reasons, joined by ；. */
  cheatIssue: string | null;
  /** The median of the truck's earlier tares (null: fewer than three known). */
  usualTare: number | null;
}

/** How many of a truck's latest tares make its usual tare, and how few are too few to judge. */
export const TARE_HISTORY = 10;
const TARE_MINIMUM = 3;

const round2 = (value: number) => Math.round(value * 100) / 100;
const CLOCK = /^([01]\d|2[0-3]):([0-5]\d)$/;

/** Minutes since 1970 of a day and an `HH:mm` (China time throughout; only differences matter). */
function minutesOf(day: string, clock: string | null | undefined): number | null {
  const match = clock ? CLOCK.exec(clock) : null;
  const date = Date.parse(`${day.slice(0, 10)}T00:00:00Z`);
  if (!match || Number.isNaN(date)) return null;
  return date / 60_000 + Number(match[1]) * 60 + Number(match[2]);
}

/** When a weighing started and ended: its first and second pass (either order). */
export function spanOf(weighing: WeighingFacts): { start: number; end: number } | null {
  const times = [minutesOf(weighing.weighDate, weighing.grossTime), minutesOf(weighing.weighDate, weighing.tareTime)]
    .filter((minute): minute is number => minute !== null)
    .sort((a, b) => a - b);
  if (times.length === 0) return null;
  return { start: times[0], end: times[times.length - 1] };
}

export function median(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

const clockText = (minute: number) =>
  `${String(Math.floor((minute % 1440) / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`;

/**
 * The flags of `weighing` given the same truck's other completed weighings on the site (`history`, any order):
 * only those that ended before this one started count, as at the moment it was weighed.
 */
export function weighingFlags(
  weighing: WeighingFacts,
  history: readonly WeighingFacts[],
  settings: FlagSettings,
): WeighingFlags {
  const kinds: FlagKind[] = [];
  const reasons: string[] = [];
  const span = spanOf(weighing);
  const earlier = history
    .map((past) => ({ past, span: spanOf(past) }))
    .filter((item): item is { past: WeighingFacts; span: { start: number; end: number } } => item.span !== null)
    .filter((item) => span === null || item.span.start < span.start)
    .sort((a, b) => b.span.end - a.span.end);

  const tares = earlier.slice(0, TARE_HISTORY).map((item) => item.past.tareWeight);
  const usual = tares.length >= TARE_MINIMUM ? median(tares) : null;
  const usualTare = usual === null ? null : round2(usual);
  if (usualTare !== null && Math.abs(weighing.tareWeight - usualTare) > settings.tareTolerance + 1e-9) {
    kinds.push('tare');
    const off = round2(weighing.tareWeight - usualTare);
    reasons.push(
      `皮重异常：皮重 ${weighing.tareWeight} t，该车常用皮重 ${usualTare} t，相差 ${off > 0 ? '+' : ''}${off} t（允许 ±${settings.tareTolerance} t）`,
    );
  }

  const last = earlier[0];
  if (span !== null && last && settings.repeatMinutes > 0) {
    const gap = span.start - last.span.end;
    if (gap < settings.repeatMinutes) {
      kinds.push('repeat');
      reasons.push(
        `频繁过磅：距该车上次过磅（${last.past.weighDate} ${clockText(last.span.end)}）仅 ${Math.max(gap, 0)} 分钟（不足 ${settings.repeatMinutes} 分钟）`,
      );
    }
  }

  const limit = weighing.axles ? GB1589_GROSS_LIMIT[weighing.axles] : undefined;
  if (weighing.direction === 'out' && limit !== undefined && weighing.grossWeight > limit) {
    kinds.push('overload');
    reasons.push(
      `出场超载：毛重 ${weighing.grossWeight} t 超过 ${weighing.axles} 轴车辆总质量限值 ${limit} t（GB 1589-2016），超出 ${round2(weighing.grossWeight - limit)} t`,
    );
  }
  return {
    cheatFlags: kinds.length > 0 ? kinds.join(' ') : null,
    cheatIssue: reasons.length > 0 ? reasons.join('；') : null,
    usualTare,
  };
}

/** `ready-mix=2.4,other=2.5` (PORTAL_WEIGHBRIDGE_DENSITY): the declared density (t/m³) of materials settled in m³. */
export function parseDensities(text: string): Map<string, number> {
  const densities = new Map<string, number>();
  for (const pair of text.split(',')) {
    const [material, value] = pair.split('=').map((part) => part.trim());
    const density = Number(value);
    if (material && Number.isFinite(density) && density > 0) densities.set(material, density);
  }
  return densities;
}

/** The volume (m³, two decimals) `net` tonnes make at `density`. */
export const volumeOf = (net: number, density: number): number => round2(net / density);
