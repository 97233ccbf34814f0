/**
 * The maturity method (ASTM C1074) as pure functions: the Nurse-Saul maturity index of a pour from its hourly
 * temperatures, the strength-maturity relationship of a mix from its calibration points, the strength it gives,
 * and when a target strength will be reached at the present temperature trend.
 *
 * - Maturity (temperature-time factor): M = Σ (T − T0)·Δt in °C·h. The datum T0 is the mix's own when determined by
 *   test (ASTM C1074 Annex A1); otherwise 0 °C, the value ASTM C1074 gives for Type I cement without admixtures cured
 *   between 0 and 40 °C (its editions before 2004 said −10 °C, since superseded). An hour colder than the datum adds
 *   nothing, never subtracts.
 * - Strength: ASTM C1074 leaves the form of the curve to the user; its appendix and most site practice use the
 *   logarithmic fit S = a + b·ln(M) by least squares over the laboratory points (cubes cured with a logger and
 *   broken at 1, 3, 7, 14, 28 days). We fit that: it is smooth, it extends past the last point the way concrete
 *   keeps gaining strength slowly, and it inverts in closed form for the prediction. Below the maturity where
 *   the fit reaches 0 MPa the estimate is 0 (a fresh pour has no strength).
 */

/** The datum temperature (°C) when the mix has none determined by test (ASTM C1074). */
export const DATUM_C = 0;

const HOUR_MS = 3600_000;

/** One hour's average temperature of a probe (the hour rollup starting at `t`). */
export interface HourTemperature {
  t: number;
  value: number;
}

export interface MaturityPoint {
  /** End of the hour (ms). */
  t: number;
  /** Maturity accumulated from the pour to `t`, °C·h. */
  maturity: number;
}

/** The maturity an interval adds: (T − T0)·Δt, nothing below the datum. */
export function maturityIncrement(temperature: number, hours: number, datum = DATUM_C): number {
  return Math.max(0, temperature - datum) * Math.max(0, hours);
}

/** Hours a sensor may stay silent and still count: its last hour's temperature is carried over the gap. */
export const MAX_GAP_HOURS = 6;

/**
 * The maturity curve from `from` (the pour) to `to`, one point per hour bucket with data. Each hour counts for
 * the part of it after the pour; a gap of up to MAX_GAP_HOURS is filled with the temperature before it (a logger
 * that missed a few reports), a longer one adds nothing (no data, no claim of strength gained).
 */
export function maturityCurve(
  hours: readonly HourTemperature[],
  from: number,
  to: number,
  datum = DATUM_C,
): MaturityPoint[] {
  const sorted = [...hours].filter((h) => h.t + HOUR_MS > from && h.t < to).sort((a, b) => a.t - b.t);
  const points: MaturityPoint[] = [];
  let total = 0;
  for (const [index, hour] of sorted.entries()) {
    const next = sorted[index + 1]?.t ?? hour.t + HOUR_MS;
    const span = next - hour.t <= (MAX_GAP_HOURS + 1) * HOUR_MS ? next - hour.t : HOUR_MS;
    const until = Math.min(to, hour.t + span);
    const start = Math.max(from, hour.t);
    if (until <= start) continue;
    total += maturityIncrement(hour.value, (until - start) / HOUR_MS, datum);
    points.push({ t: until, maturity: total });
  }
  return points;
}

export interface CalibrationPoint {
  /** °C·h */
  maturity: number;
  /** MPa */
  strength: number;
}

/** S = a + b·ln(M). */
export interface StrengthCurve {
  a: number;
  b: number;
  /** Coefficient of determination of the fit over the calibration points. */
  r2: number;
}

/** The least-squares fit of S = a + b·ln(M); undefined with fewer than two distinct positive maturities. */
export function fitStrengthCurve(points: readonly CalibrationPoint[]): StrengthCurve | undefined {
  const usable = points.filter((p) => p.maturity > 0 && Number.isFinite(p.strength));
  if (new Set(usable.map((p) => p.maturity)).size < 2) return undefined;
  const xs = usable.map((p) => Math.log(p.maturity));
  const ys = usable.map((p) => p.strength);
  const n = usable.length;
  const mx = xs.reduce((s, x) => s + x, 0) / n;
  const my = ys.reduce((s, y) => s + y, 0) / n;
  let sxy = 0;
  let sxx = 0;
  let syy = 0;
  for (let i = 0; i < n; i += 1) {
    sxy += (xs[i] - mx) * (ys[i] - my);
    sxx += (xs[i] - mx) ** 2;
    syy += (ys[i] - my) ** 2;
  }
  const b = sxy / sxx;
  const a = my - b * mx;
  const r2 = syy === 0 ? 1 : (sxy * sxy) / (sxx * syy);
  return { a, b, r2 };
}

/** The strength (MPa) the curve gives at a maturity; 0 before the curve rises above 0. */
export function strengthAt(curve: StrengthCurve, maturity: number): number {
  if (maturity <= 0) return 0;
  return Math.max(0, curve.a + curve.b * Math.log(maturity));
}

/** The maturity at which the curve reaches a strength (the inverse of strengthAt); undefined for a flat curve. */
export function maturityFor(curve: StrengthCurve, strength: number): number | undefined {
  if (curve.b <= 0) return undefined;
  return Math.exp((strength - curve.a) / curve.b);
}

/** The least-squares slope of temperatures over time, °C per hour (0 with fewer than two points). */
export function temperatureTrend(hours: readonly HourTemperature[]): number {
  if (hours.length < 2) return 0;
  const xs = hours.map((h) => h.t / HOUR_MS);
  const mx = xs.reduce((s, x) => s + x, 0) / xs.length;
  const my = hours.reduce((s, h) => s + h.value, 0) / hours.length;
  let sxy = 0;
  let sxx = 0;
  for (const [i, h] of hours.entries()) {
    sxy += (xs[i] - mx) * (h.value - my);
    sxx += (xs[i] - mx) ** 2;
  }
  return sxx === 0 ? 0 : sxy / sxx;
}

/** How far ahead a prediction looks: past it the target is "not within 90 days". */
export const PREDICTION_HORIZON_HOURS = 90 * 24;

/**
 * The temperature `hour` hours from now when the last day (`recent`, hourly) goes on along its trend: from the
 * last hour's temperature, changing by the trend each hour, but never below the lowest temperature of `recent`
 * and never rising (a curing pour past its peak cools towards the air and then follows it; a rise now is the
 * day's warmth, not a lasting one). Undefined without recent temperatures.
 */
export function temperatureProjection(recent: readonly HourTemperature[]): ((hour: number) => number) | undefined {
  if (recent.length === 0) return undefined;
  const sorted = [...recent].sort((a, b) => a.t - b.t);
  const floor = Math.min(...sorted.map((h) => h.value));
  const slope = Math.min(0, temperatureTrend(sorted));
  const last = sorted[sorted.length - 1].value;
  return (hour) => Math.max(floor, last + slope * hour);
}

/** The maturity going on from `maturity` at `now` along the projection, one point per hour for `hours` hours. */
export function projectMaturity(
  maturity: number,
  now: number,
  recent: readonly HourTemperature[],
  hours: number,
  datum = DATUM_C,
): MaturityPoint[] {
  const projected = temperatureProjection(recent);
  if (!projected) return [];
  const points: MaturityPoint[] = [];
  let total = maturity;
  for (let hour = 1; hour <= hours; hour += 1) {
    total += maturityIncrement(projected(hour), 1, datum);
    points.push({ t: now + hour * HOUR_MS, maturity: total });
  }
  return points;
}

/**
 * When the maturity reaches `target` (ms), going on from `maturity` at `now` along the temperature projection;
 * undefined when it is not reached within PREDICTION_HORIZON_HOURS.
 */
export function predictReach(
  maturity: number,
  target: number,
  now: number,
  recent: readonly HourTemperature[],
  datum = DATUM_C,
): number | undefined {
  if (maturity >= target) return now;
  const projected = temperatureProjection(recent);
  if (!projected) return undefined;
  let total = maturity;
  for (let hour = 1; hour <= PREDICTION_HORIZON_HOURS; hour += 1) {
    const gain = maturityIncrement(projected(hour), 1, datum);
    if (total + gain >= target) return now + (hour - 1 + (target - total) / gain) * HOUR_MS;
    total += gain;
  }
  return undefined;
}

/** When a maturity curve first reached `target` (ms, interpolated within the hour), or undefined. */
export function reachedAt(curve: readonly MaturityPoint[], target: number, from: number): number | undefined {
  let previous: MaturityPoint = { t: from, maturity: 0 };
  for (const point of curve) {
    if (point.maturity >= target) {
      const span = point.maturity - previous.maturity;
      const share = span > 0 ? (target - previous.maturity) / span : 1;
      return previous.t + share * (point.t - previous.t);
    }
    previous = point;
  }
  return undefined;
}
