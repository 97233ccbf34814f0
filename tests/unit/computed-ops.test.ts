/**
 * The write-time computed fields `difference` (净重 = 毛重 − 皮重), `in` (a Ⅲ/Ⅳ class pile), `cylinderVolume` (理论方量),
 * `ratio` (充盈系数, 磅差率) and `limits` (out-of-range reasons), and a choice's message.
 */
import { describe, expect, it } from 'vitest';
import {
  applyStoredComputed,
  cylinderVolume,
  difference,
  failedLimits,
  ratio,
} from '../../src/server/collections/computed.js';
import { collectionFaults } from '../../src/shared/collection-faults.js';
import type { CollectionFile, LimitCheck } from '../../src/shared/collections.js';
import { resolveError } from '../../src/shared/schema-messages.js';
import { withFilter } from '../../src/engine/page/dashboard/dashboard-calls.js';

const file = {
  kind: 'collection',
  id: 'weighing',
  title: '过磅',
  permissions: { view: 'a:b:view', edit: 'a:b:edit' },
  schema: {
    type: 'object',
    properties: {
      gross: { type: 'number' },
      tare: { type: 'number' },
      deduction: { type: 'number' },
      grade: { type: 'string', oneOf: [{ const: 'I' }, { const: 'III' }], errorMessage: { oneOf: '请选择类别' } },
    },
  },
  computed: {
    net: { op: 'difference', from: 'gross', subtract: ['tare'] },
    settled: { op: 'difference', from: 'gross', subtract: ['tare', 'deduction'] },
    bad: { op: 'in', from: 'grade', values: ['III', 'IV'] },
  },
} as unknown as CollectionFile;

const pile = {
  kind: 'collection',
  id: 'pile',
  title: '桩',
  permissions: { view: 'a:b:view', edit: 'a:b:edit' },
  schema: {
    type: 'object',
    properties: {
      diameter: { type: 'integer' },
      designLength: { type: 'number' },
      holeDepth: { type: 'number' },
      concreteVolume: { type: 'number' },
      verticality: { type: 'number' },
      sediment: { type: 'number' },
      bearing: { type: 'string' },
    },
  },
  computed: {
    theoretical: { op: 'cylinderVolume', from: 'diameter', length: ['holeDepth', 'designLength'] },
    filling: { op: 'ratio', from: 'concreteVolume', over: 'theoretical' },
    issues: {
      op: 'limits',
      checks: [
        { field: 'filling', min: 1, message: '充盈系数 {value} 小于 1.0' },
        { field: 'verticality', max: 1, message: '垂直度偏差 {value}% 大于 1%' },
        {
          field: 'sediment',
          max: 50,
          when: { field: 'bearing', values: ['end'] },
          message: '沉渣 {value} mm 大于 50 mm',
        },
        {
          field: 'sediment',
          max: 100,
          when: { field: 'bearing', values: ['friction'] },
          message: '沉渣 {value} mm 大于 100 mm',
        },
      ],
    },
  },
} as unknown as CollectionFile;

describe('computed fields', () => {
  it('gives a pile its theoretical volume π·(d/2)²·L in m³ and a ratio to two decimals', () => {
    // Ø800, 40 m: 0.4² · π · 40 = 20.106 m³.
    expect(cylinderVolume(800, 40)).toBe(20.106);
    expect(cylinderVolume(1000, 1)).toBe(0.785);
    expect(cylinderVolume(800, null)).toBeNull();
    expect(ratio(24.13, 20.106)).toBe(1.2);
    expect(ratio(-0.2, 30.5, true)).toBe(-0.66);
    expect(ratio(1, 0)).toBeNull();
    expect(ratio(0, 5)).toBe(0);
  });

  it('names every failed check with its value, only where its condition holds', () => {
    const checks = (pile.computed?.issues as { checks: LimitCheck[] }).checks;
    expect(failedLimits(checks, { filling: 0.96, verticality: 1.2, sediment: 70, bearing: 'end' })).toBe(
      '充盈系数 0.96 小于 1.0；垂直度偏差 1.2% 大于 1%；沉渣 70 mm 大于 50 mm',
    );
    expect(failedLimits(checks, { filling: 1, verticality: 1, sediment: 70, bearing: 'friction' })).toBeNull();
    expect(failedLimits(checks, { sediment: 120 })).toBeNull();
    expect(failedLimits(checks, {})).toBeNull();
  });

  it('computes the volume from the hole depth (else the design length), the filling coefficient and the reasons', () => {
    const cast: Record<string, unknown> = { diameter: 800, designLength: 40, holeDepth: 41, concreteVolume: 19.6 };
    applyStoredComputed(pile, cast, new Date(), true);
    expect(cast).toMatchObject({ theoretical: 20.609, filling: 0.95, issues: '充盈系数 0.95 小于 1.0' });
    const design: Record<string, unknown> = { diameter: 800, designLength: 40, concreteVolume: 24 };
    applyStoredComputed(pile, design, new Date(), true);
    expect(design).toMatchObject({ theoretical: 20.106, filling: 1.19, issues: null });
    // A write of the whole record that puts it back in range clears the reasons.
    const fixed: Record<string, unknown> = { ...cast, concreteVolume: 23 };
    applyStoredComputed(pile, fixed, new Date(), false);
    expect(fixed).toMatchObject({ filling: 1.12, issues: null });
    const untouched: Record<string, unknown> = { remark: 'x' };
    applyStoredComputed(pile, untouched, new Date(), false);
    expect(untouched).toEqual({ remark: 'x' });
  });

  it('refuses a computed field that reads a field not declared before it', () => {
    const wrong = {
      ...pile,
      computed: {
        filling: { op: 'ratio', from: 'concreteVolume', over: 'theoretical' },
        theoretical: { op: 'cylinderVolume', from: 'diameter', length: ['depth'] },
        issues: { op: 'limits', checks: [{ field: 'x', min: 1, message: 'x' }] },
      },
    } as unknown as CollectionFile;
    expect(collectionFaults(wrong, new Set()).map((fault) => fault.pointer)).toEqual([
      '/computed/filling/over',
      '/computed/theoretical/length/0',
      '/computed/issues/checks/0/field',
    ]);
    expect(collectionFaults(pile, new Set())).toEqual([]);
  });

  it('subtracts to a kilogram of a tonne, empty while a value is missing', () => {
    expect(difference(48.6, [16.25])).toBe(32.35);
    expect(difference(0.3, [0.1, 0.2])).toBe(0);
    expect(difference(48.6, [null])).toBeNull();
    expect(difference('48.6', [1])).toBeNull();
  });

  it('computes the net and the flag of a new record, and leaves them alone on a write that touches neither', () => {
    const created: Record<string, unknown> = { gross: 40, tare: 15.5, deduction: 0.5 };
    applyStoredComputed(file, created, new Date(), true);
    expect(created).toMatchObject({ net: 24.5, settled: 24, bad: false });
    const pending: Record<string, unknown> = { gross: 40 };
    applyStoredComputed(file, pending, new Date(), true);
    expect(pending).toMatchObject({ net: null, bad: false });
    const partial: Record<string, unknown> = { remark: 'x' };
    applyStoredComputed(file, partial, new Date(), false);
    expect(partial).toEqual({ remark: 'x' });
    const graded: Record<string, unknown> = { grade: 'III' };
    applyStoredComputed(file, graded, new Date(), false);
    expect(graded.bad).toBe(true);
  });

  it("answers a value outside a field's choices with the field's oneOf message", () => {
    const resolved = resolveError(
      file.schema,
      { keyword: 'const', instancePath: '/grade', schemaPath: '#/properties/grade/oneOf/0/const', params: {} },
      () => '应当等于常量',
    );
    expect(resolved).toMatchObject({ field: 'grade', message: '请选择类别' });
  });

  it('gives a dashboard filter date its month and its last 30 days', () => {
    const context = withFilter({}, { day: '2026-03-10' }) as { filter: Record<string, string> };
    expect(context.filter).toMatchObject({
      dayMonthFrom: '2026-03-01',
      dayMonthTo: '2026-03-31',
      dayLast30From: '2026-02-09',
    });
  });
});
