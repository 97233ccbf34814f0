/**
 * The maturity method of the concrete module (ASTM C1074, Nurse-Saul, datum −10 °C) against worked examples:
 * the maturity of known temperature histories, the logarithmic strength-maturity fit and its inverse, and the
 * day a target strength is reached at the present temperature trend.
 */
import { describe, expect, it } from 'vitest';
import {
  fitStrengthCurve,
  maturityCurve,
  maturityFor,
  maturityIncrement,
  predictReach,
  projectMaturity,
  reachedAt,
  strengthAt,
  temperatureTrend,
  type HourTemperature,
} from '../../modules/concrete/server/maturity';
import {
  ageText,
  coolingRate,
  coreSurfaceDifference,
  estimateStrength,
  gradeStrength,
  strengthState,
} from '../../modules/concrete/server/pour-views';

const HOUR = 3600_000;
const POUR = Date.UTC(2026, 10, 1, 0, 0);

/** `count` hour rollups from `start`, the temperature of hour i given by `temperature(i)`. */
const hours = (start: number, count: number, temperature: (i: number) => number): HourTemperature[] =>
  Array.from({ length: count }, (_, i) => ({ t: start + i * HOUR, value: temperature(i) }));

const last = <T>(list: readonly T[]): T => list[list.length - 1];

describe('Nurse-Saul maturity', () => {
  it('constant 20 ℃ for 72 h is (20 − (−10)) × 72 = 2,160 ℃·h', () => {
    const curve = maturityCurve(
      hours(POUR, 72, () => 20),
      POUR,
      POUR + 72 * HOUR,
    );
    expect(curve).toHaveLength(72);
    expect(last(curve)).toEqual({ t: POUR + 72 * HOUR, maturity: 2160 });
    expect(curve[23].maturity).toBe(720);
  });

  it('adds nothing for an hour at or below the datum, and counts only the part of an hour after the pour', () => {
    expect(maturityIncrement(-12, 5)).toBe(0);
    expect(maturityIncrement(-10, 5)).toBe(0);
    expect(maturityIncrement(0, 2)).toBe(20);
    // Poured at 08:30: the 08:00 hour at 30 ℃ counts half (20 ℃·h), then 10 ℃ for an hour (20 ℃·h), then −15 ℃.
    const start = POUR + 8 * HOUR;
    const curve = maturityCurve(
      [
        { t: start - HOUR, value: 50 },
        { t: start, value: 30 },
        { t: start + HOUR, value: 10 },
        { t: start + 2 * HOUR, value: -15 },
      ],
      start + 30 * 60_000,
      start + 3 * HOUR,
    );
    expect(curve.map((p) => p.maturity)).toEqual([20, 40, 40]);
  });

  it('carries a temperature over a gap of a few hours, not over a long silence', () => {
    const short = maturityCurve(
      [
        { t: POUR, value: 20 },
        { t: POUR + 4 * HOUR, value: 20 },
      ],
      POUR,
      POUR + 5 * HOUR,
    );
    expect(last(short).maturity).toBe(150);
    const long = maturityCurve(
      [
        { t: POUR, value: 20 },
        { t: POUR + 20 * HOUR, value: 20 },
      ],
      POUR,
      POUR + 21 * HOUR,
    );
    expect(last(long).maturity).toBe(60);
  });

  it('sums a varying history hour by hour (a pour warming by 1 ℃ an hour from 10 ℃ for a day)', () => {
    const curve = maturityCurve(
      hours(POUR, 24, (i) => 10 + i),
      POUR,
      POUR + 24 * HOUR,
    );
    // Σ (20 + i) for i = 0..23 = 480 + 276
    expect(last(curve).maturity).toBe(756);
  });
});

describe('strength-maturity relationship S = a + b·ln(M)', () => {
  it('recovers the curve the points lie on, and inverts it', () => {
    const points = [500, 1000, 2000, 4000, 8000, 16000].map((maturity) => ({
      maturity,
      strength: -40 + 8 * Math.log(maturity),
    }));
    const curve = fitStrengthCurve(points)!;
    expect(curve.a).toBeCloseTo(-40, 9);
    expect(curve.b).toBeCloseTo(8, 9);
    expect(curve.r2).toBeCloseTo(1, 9);
    expect(maturityFor(curve, strengthAt(curve, 3000))).toBeCloseTo(3000, 6);
  });

  it('a worked example: the demo C30 mix at 2,160 ℃·h (20 ℃ for 3 days) gives 18.2 MPa', () => {
    const c30 = [
      { maturity: 500, strength: 6.0 },
      { maturity: 1000, strength: 11.5 },
      { maturity: 2000, strength: 17.5 },
      { maturity: 4000, strength: 23.5 },
      { maturity: 8000, strength: 29.5 },
      { maturity: 16000, strength: 35.0 },
    ];
    const curve = fitStrengthCurve(c30)!;
    // Least squares by hand: b = Σ(x − x̄)(y − ȳ) / Σ(x − x̄)² = 8.450, a = ȳ − b·x̄ = −46.66 (x = ln M).
    expect(curve.b).toBeCloseTo(8.45, 3);
    expect(curve.a).toBeCloseTo(-46.657, 3);
    expect(Number(strengthAt(curve, 2160).toFixed(1))).toBe(18.2);
    // 70 % of C30 (21 MPa, formwork removal) needs about 3,000 ℃·h.
    expect(Math.round(maturityFor(curve, 21)!)).toBe(3001);
  });

  it('answers 0 MPa for a fresh pour and no curve for fewer than two distinct points', () => {
    const curve = { a: -45, b: 8, r2: 1 };
    expect(strengthAt(curve, 0)).toBe(0);
    expect(strengthAt(curve, 100)).toBe(0);
    expect(fitStrengthCurve([{ maturity: 1000, strength: 10 }])).toBeUndefined();
    expect(
      fitStrengthCurve([
        { maturity: 1000, strength: 10 },
        { maturity: 1000, strength: 12 },
      ]),
    ).toBeUndefined();
  });
});

describe('the day a target strength is reached', () => {
  it('at a steady 20 ℃ a missing 900 ℃·h takes 30 hours', () => {
    const now = POUR + 72 * HOUR;
    const recent = hours(now - 24 * HOUR, 24, () => 20);
    expect(predictReach(2160, 3060, now, recent)).toBe(now + 30 * HOUR);
    expect(predictReach(3100, 3060, now, recent)).toBe(now);
  });

  it('follows a cooling trend down to the lowest temperature of the last day', () => {
    const now = POUR + 72 * HOUR;
    // Cooling 0.5 ℃ an hour from 31.5 to 20 ℃ over the last day: the slope is −0.5 ℃/h, the floor 20 ℃.
    const recent = hours(now - 24 * HOUR, 24, (i) => 31.5 - 0.5 * i);
    expect(temperatureTrend(recent)).toBeCloseTo(-0.5, 9);
    // From 20 ℃ on (30 ℃·h an hour): 300 ℃·h more takes 10 hours.
    expect(predictReach(1000, 1300, now, recent)).toBe(now + 10 * HOUR);
  });

  it('never takes a warming day as lasting, and gives up past 90 days', () => {
    const now = POUR;
    const warming = hours(now - 24 * HOUR, 24, (i) => 10 + i);
    // The last hour (33 ℃, 43 ℃·h an hour) is held, not raised: 430 ℃·h in 10 hours.
    expect(predictReach(0, 430, now, warming)).toBe(now + 10 * HOUR);
    const frozen = hours(now - 24 * HOUR, 24, () => -12);
    expect(predictReach(0, 100, now, frozen)).toBeUndefined();
    expect(predictReach(0, 100, now, [])).toBeUndefined();
  });
});

describe('the curve ahead and behind', () => {
  it('projects the maturity hour by hour and finds when a curve passed a target', () => {
    const now = POUR + 24 * HOUR;
    const recent = hours(POUR, 24, () => 20);
    expect(projectMaturity(720, now, recent, 3)).toEqual([
      { t: now + HOUR, maturity: 750 },
      { t: now + 2 * HOUR, maturity: 780 },
      { t: now + 3 * HOUR, maturity: 810 },
    ]);
    const curve = maturityCurve(recent, POUR, now);
    // 300 ℃·h at 30 ℃·h an hour: ten hours after the pour.
    expect(reachedAt(curve, 300, POUR)).toBe(POUR + 10 * HOUR);
    expect(reachedAt(curve, 315, POUR)).toBe(POUR + 10.5 * HOUR);
    expect(reachedAt(curve, 721, POUR)).toBeUndefined();
  });
});

describe('a pour as the screens show it', () => {
  const pourRecord = {
    id: 'p',
    name: '试验筏板',
    grade: 'C30',
    gradeLabel: 'C30',
    mixLabel: 'C30-01',
    statusLabel: '养护中',
    pouredAt: POUR,
    designStrength: undefined,
    formworkPercent: 70,
  };
  const c30 = [
    { maturity: 500, strength: 6.0 },
    { maturity: 1000, strength: 11.5 },
    { maturity: 2000, strength: 17.5 },
    { maturity: 4000, strength: 23.5 },
    { maturity: 8000, strength: 29.5 },
    { maturity: 16000, strength: 35.0 },
  ];

  it('reads the design strength from the class and says the age in days and hours', () => {
    expect(gradeStrength('C30')).toBe(30);
    expect(gradeStrength('C100')).toBe(100);
    expect(gradeStrength('30')).toBeUndefined();
    expect(ageText(POUR, POUR + 5 * HOUR)).toBe('5小时');
    expect(ageText(POUR, POUR + 50 * HOUR)).toBe('2天2小时');
  });

  it('takes the core minus the surface per hour, and the core cooling per day (warming counts as none)', () => {
    const sensor = {
      id: 's',
      name: '测温点',
      hours: {
        core: hours(POUR, 49, (i) => (i <= 24 ? 30 + i : 54 - (i - 24) / 4)),
        surface: hours(POUR, 49, () => 20),
      },
    };
    expect(coreSurfaceDifference(sensor)[24]).toEqual({ t: POUR + 24 * HOUR, value: 34 });
    const rate = coolingRate(sensor);
    // Hour 24 against hour 0: warmed by 24 ℃ (shown as 0); hour 48 against hour 24: cooled from 54 to 48.
    expect(rate[0]).toEqual({ t: POUR + 24 * HOUR, value: 0 });
    expect(rate.at(-1)).toEqual({ t: POUR + 48 * HOUR, value: 6 });
  });

  it('estimates from the least mature probe and says what is missing', () => {
    const sensor = {
      id: 's',
      name: '测温点',
      hours: { core: hours(POUR, 72, () => 40), middle: hours(POUR, 72, () => 30), surface: hours(POUR, 72, () => 20) },
    };
    const estimate = estimateStrength(pourRecord, c30, [sensor], POUR + 72 * HOUR);
    expect(estimate.governing?.probe).toBe('surface');
    expect(estimate.maturity).toBe(2160);
    expect(Number(estimate.strength.toFixed(1))).toBe(18.2);
    expect(strengthState(estimate)).toBe('未达拆模强度');
    expect(strengthState(estimateStrength(pourRecord, c30.slice(0, 1), [sensor], POUR))).toBe(
      '配合比缺少强度-成熟度标定点',
    );
    expect(strengthState(estimateStrength(pourRecord, c30, [], POUR))).toBe('暂无测温数据');
  });
});
