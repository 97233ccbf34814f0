/** The write-time computed fields `difference` (净重 = 毛重 − 皮重) and `in` (a Ⅲ/Ⅳ class pile), and a choice's message. */
import { describe, expect, it } from 'vitest';
import { applyStoredComputed, difference } from '../../src/server/collections/computed.js';
import type { CollectionFile } from '../../src/shared/collections.js';
import { resolveError } from '../../src/shared/schema-messages.js';
import { withFilter } from '../../src/engine/page/dashboard-calls.js';

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

describe('computed fields', () => {
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
