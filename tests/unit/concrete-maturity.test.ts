/**
 * The maturity method of the concrete module (ASTM C1074, Nurse-Saul, datum 0 °C unless the mix's own was determined
 * by test) against worked examples: the maturity of known temperature histories, the logarithmic strength-maturity
 * fit and its inverse, and the day a target strength is reached at the present temperature trend; the
 * formwork-removal strength by member and span (GB 50666-2011 表4.5.2); the GB 50496-2018 temperature controls.
 */
import { describe, expect, it } from 'vitest';
import { formworkRule, needsSpan, SIDE_FORMS_ONLY } from '../../modules/concrete/server/formwork';
import {
  DATUM_C,
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
  placingTemperature,
  strengthState,
  strengthView,
  surfaceAirDifference,
  temperatureView,
} from '../../modules/concrete/server/pour-views';

const HOUR = 3600_000;
const POUR = Date.UTC(2026, 10, 1, 0, 0);

/** `count` hour rollups from `start`, the temperature of hour i given by `temperature(i)`. */
const hours = (start: number, count: number, temperature: (i: number) => number): HourTemperature[] =>
  Array.from({ length: count }, (_, i) => ({ t: start + i * HOUR, value: temperature(i) }));

const last = <T>(list: readonly T[]): T => list[list.length - 1];

/** A pour record's formwork fields from a rule of formwork.ts. */
const formwork = (rule: ReturnType<typeof formworkRule>) => ({
  formworkPercent: rule.percent,
  formworkBasis: rule.basis,
});

/** The demo C30 mix's calibration points (modules/concrete/seed/concrete-mix-point.json): 20 ℃ curing, datum 0 ℃. */
const C30 = [
  { maturity: 480, strength: 6.2 },
  { maturity: 960, strength: 11.8 },
  { maturity: 1440, strength: 15.7 },
  { maturity: 3360, strength: 22.6 },
  { maturity: 6720, strength: 29.3 },
  { maturity: 13440, strength: 34.9 },
];

describe('Nurse-Saul maturity', () => {
  it('takes 0 ℃ as the datum (ASTM C1074 for a mix whose datum was not determined by test), not the old −10 ℃', () => {
    expect(DATUM_C).toBe(0);
  });

  it('constant 20 ℃ for 72 h is (20 − 0) × 72 = 1,440 ℃·h', () => {
    const curve = maturityCurve(
      hours(POUR, 72, () => 20),
      POUR,
      POUR + 72 * HOUR,
    );
    expect(curve).toHaveLength(72);
    expect(last(curve)).toEqual({ t: POUR + 72 * HOUR, maturity: 1440 });
    expect(curve[23].maturity).toBe(480);
    // A mix with a datum of its own determined by test, here −10 ℃: (20 + 10) × 72.
    expect(
      last(
        maturityCurve(
          hours(POUR, 72, () => 20),
          POUR,
          POUR + 72 * HOUR,
          -10,
        ),
      ).maturity,
    ).toBe(2160);
  });

  it('adds nothing for an hour at or below the datum, and counts only the part of an hour after the pour', () => {
    expect(maturityIncrement(-12, 5)).toBe(0);
    expect(maturityIncrement(0, 5)).toBe(0);
    expect(maturityIncrement(10, 2)).toBe(20);
    expect(maturityIncrement(0, 2, -10)).toBe(20);
    // Poured at 08:30: the 08:00 hour at 30 ℃ counts half (15 ℃·h), then 10 ℃ for an hour (10 ℃·h), then −15 ℃.
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
    expect(curve.map((p) => p.maturity)).toEqual([15, 25, 25]);
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
    expect(last(short).maturity).toBe(100);
    const long = maturityCurve(
      [
        { t: POUR, value: 20 },
        { t: POUR + 20 * HOUR, value: 20 },
      ],
      POUR,
      POUR + 21 * HOUR,
    );
    expect(last(long).maturity).toBe(40);
  });

  it('sums a varying history hour by hour (a pour warming by 1 ℃ an hour from 10 ℃ for a day)', () => {
    const curve = maturityCurve(
      hours(POUR, 24, (i) => 10 + i),
      POUR,
      POUR + 24 * HOUR,
    );
    // Σ (10 + i) for i = 0..23 = 240 + 276
    expect(last(curve).maturity).toBe(516);
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

  it('a worked example: the demo C30 mix at 1,440 ℃·h (20 ℃ for 3 days) gives 15.6 MPa', () => {
    const curve = fitStrengthCurve(C30)!;
    // Least squares by hand: b = Σ(x − x̄)(y − ȳ) / Σ(x − x̄)² = 8.687, a = ȳ − b·x̄ = −47.61 (x = ln M).
    expect(curve.b).toBeCloseTo(8.687, 3);
    expect(curve.a).toBeCloseTo(-47.607, 3);
    expect(curve.r2).toBeCloseTo(0.9994, 4);
    expect(Number(strengthAt(curve, 1440).toFixed(1))).toBe(15.6);
    // 75 % of C30 (22.5 MPa: the bottom forms of a slab of 2 to 8 m) needs about 3,200 ℃·h.
    expect(Math.round(maturityFor(curve, 22.5)!)).toBe(3198);
  });

  it('the demo calibration points imply the 20 ℃ their specimens were cured at, every day of their age', () => {
    // M = (T − 0) × 24 h × days: each interval between two breaks adds 20 ℃ × its hours, nothing impossible.
    const ages = [1, 2, 3, 7, 14, 28];
    C30.forEach((point, i) => {
      const hoursBetween = (ages[i] - (ages[i - 1] ?? 0)) * 24;
      const temperature = (point.maturity - (C30[i - 1]?.maturity ?? 0)) / hoursBetween + DATUM_C;
      expect(temperature).toBe(20);
    });
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
  it('at a steady 20 ℃ a missing 900 ℃·h takes 45 hours', () => {
    const now = POUR + 72 * HOUR;
    const recent = hours(now - 24 * HOUR, 24, () => 20);
    expect(predictReach(1440, 2340, now, recent)).toBe(now + 45 * HOUR);
    expect(predictReach(2400, 2340, now, recent)).toBe(now);
  });

  it('follows a cooling trend down to the lowest temperature of the last day', () => {
    const now = POUR + 72 * HOUR;
    // Cooling 0.5 ℃ an hour from 31.5 to 20 ℃ over the last day: the slope is −0.5 ℃/h, the floor 20 ℃.
    const recent = hours(now - 24 * HOUR, 24, (i) => 31.5 - 0.5 * i);
    expect(temperatureTrend(recent)).toBeCloseTo(-0.5, 9);
    // From 20 ℃ on (20 ℃·h an hour): 300 ℃·h more takes 15 hours.
    expect(predictReach(1000, 1300, now, recent)).toBe(now + 15 * HOUR);
  });

  it('never takes a warming day as lasting, and gives up past 90 days', () => {
    const now = POUR;
    const warming = hours(now - 24 * HOUR, 24, (i) => 10 + i);
    // The last hour (33 ℃, 33 ℃·h an hour) is held, not raised: 330 ℃·h in 10 hours.
    expect(predictReach(0, 330, now, warming)).toBe(now + 10 * HOUR);
    const frozen = hours(now - 24 * HOUR, 24, () => -12);
    expect(predictReach(0, 100, now, frozen)).toBeUndefined();
    expect(predictReach(0, 100, now, [])).toBeUndefined();
  });
});

describe('the curve ahead and behind', () => {
  it('projects the maturity hour by hour and finds when a curve passed a target', () => {
    const now = POUR + 24 * HOUR;
    const recent = hours(POUR, 24, () => 20);
    expect(projectMaturity(480, now, recent, 3)).toEqual([
      { t: now + HOUR, maturity: 500 },
      { t: now + 2 * HOUR, maturity: 520 },
      { t: now + 3 * HOUR, maturity: 540 },
    ]);
    const curve = maturityCurve(recent, POUR, now);
    // 200 ℃·h at 20 ℃·h an hour: ten hours after the pour.
    expect(reachedAt(curve, 200, POUR)).toBe(POUR + 10 * HOUR);
    expect(reachedAt(curve, 210, POUR)).toBe(POUR + 10.5 * HOUR);
    expect(reachedAt(curve, 481, POUR)).toBeUndefined();
  });
});

describe('a pour as the screens show it', () => {
  const pourRecord = {
    id: 'p',
    name: '试验楼板',
    grade: 'C30',
    gradeLabel: 'C30',
    mixLabel: 'C30-01',
    statusLabel: '养护中',
    pouredAt: POUR,
    designStrength: undefined,
    ...formwork(formworkRule('floor-slab', 6)),
    datum: DATUM_C,
  };
  const c30 = C30;

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
    expect(estimate.maturity).toBe(1440);
    expect(Number(estimate.strength.toFixed(1))).toBe(15.6);
    expect(estimate.formworkStrength).toBe(22.5);
    expect(strengthState(estimate)).toBe('未达拆模强度');
    const summary = strengthView(pourRecord, c30, [sensor], POUR + 72 * HOUR).summary;
    expect(summary.maturityText).toBe('1,440 ℃·h（基准温度 0℃，表面）');
    expect(summary.formworkText).toMatch(/^22\.5 MPa（75%，板，跨度 6 m，GB 50666-2011 表4\.5\.2）：预计 /);
    // A raft has no bottom forms: no removal strength, only the design strength to reach.
    const raft = { ...pourRecord, ...formwork(formworkRule('raft', undefined)) };
    const raftEstimate = estimateStrength(raft, c30, [sensor], POUR + 72 * HOUR);
    expect(raftEstimate.formworkStrength).toBeUndefined();
    expect(strengthState(raftEstimate)).toBe('未达设计强度');
    expect(strengthView(raft, c30, [sensor], POUR).summary.formworkText).toBe(`不适用：${SIDE_FORMS_ONLY}`);
    expect(strengthState(estimateStrength(pourRecord, c30.slice(0, 1), [sensor], POUR))).toBe(
      '配合比缺少强度-成熟度标定点',
    );
    expect(strengthState(estimateStrength(pourRecord, c30, [], POUR))).toBe('暂无测温数据');
  });
});

describe('formwork removal by member and span (GB 50666-2011 表4.5.2)', () => {
  it('takes 50 % for a slab up to 2 m, 75 % up to 8 m, 100 % beyond', () => {
    expect(formworkRule('floor-slab', 2).percent).toBe(50);
    expect(formworkRule('floor-slab', 2.01).percent).toBe(75);
    expect(formworkRule('floor-slab', 8).percent).toBe(75);
    expect(formworkRule('floor-slab', 8.5).percent).toBe(100);
  });

  it('takes 75 % for a beam, arch or shell up to 8 m, 100 % beyond, and 100 % for a cantilever', () => {
    for (const member of ['beam', 'arch-shell', 'slab']) {
      expect(formworkRule(member, 1.5).percent, member).toBe(75);
      expect(formworkRule(member, 8).percent, member).toBe(75);
      expect(formworkRule(member, 9).percent, member).toBe(100);
    }
    expect(formworkRule('cantilever', 1.2).percent).toBe(100);
    expect(formworkRule('cantilever', undefined).percent).toBe(100);
  });

  it('sets no share for members with side forms only, follows the design first, and is strict without a span', () => {
    for (const member of ['raft', 'cap', 'pier', 'wall', 'column'])
      expect(formworkRule(member, 10)).toEqual({ percent: undefined, basis: SIDE_FORMS_ONLY });
    expect(formworkRule('floor-slab', 6, 90)).toEqual({ percent: 90, basis: '设计要求' });
    expect(formworkRule('beam', undefined).percent).toBe(100);
    expect(needsSpan('floor-slab')).toBe(true);
    expect(needsSpan('cantilever')).toBe(false);
    expect(needsSpan('raft')).toBe(false);
  });
});

describe('mass concrete temperature controls (GB 50496-2018 第3.0.4条)', () => {
  const pour = {
    id: 'm',
    name: '试验承台',
    grade: 'C35',
    gradeLabel: 'C35',
    mixLabel: '',
    statusLabel: '养护中',
    pouredAt: POUR,
    designStrength: undefined,
    ...formwork(formworkRule('cap', undefined)),
    datum: DATUM_C,
  };
  // The core placed at 18 ℃ climbs 1.5 ℃ an hour for 36 hours (72 ℃), the surface to 46 ℃, the air at 20 ℃.
  const sensor = {
    id: 's',
    name: '测温点',
    hours: {
      core: hours(POUR, 40, (i) => 18 + 1.5 * Math.min(i, 36)),
      surface: hours(POUR, 40, (i) => 18 + (28 * Math.min(i, 36)) / 36),
      ambient: hours(POUR, 40, () => 20),
    },
  };

  it('takes the placing temperature from the pour, else from the first hour of the core', () => {
    expect(placingTemperature(pour, [sensor])).toEqual({ value: 18, measured: false });
    expect(placingTemperature({ ...pour, placingTemperature: 16.5 }, [sensor])).toEqual({
      value: 16.5,
      measured: true,
    });
    expect(surfaceAirDifference(sensor).at(-1)).toEqual({ t: POUR + 39 * HOUR, value: 26 });
  });

  it('says when the rise over the placing temperature passes 50 ℃ and the surface passes the air by 20 ℃', () => {
    const { summary } = temperatureView(pour, [sensor], POUR + 40 * HOUR);
    expect(summary.riseText).toBe('54℃（入模约 18℃），超过 50℃');
    expect(summary.surfaceAirText).toBe('26℃，超过 20℃');
    const measured = temperatureView({ ...pour, placingTemperature: 25 }, [sensor], POUR + 40 * HOUR).summary;
    expect(measured.riseText).toBe('47℃（入模 25℃），未超过 50℃');
  });
});
