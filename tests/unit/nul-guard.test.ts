/** The NUL check every request passes: a U+0000 anywhere in a string, a key, or a nested array or object. */
import { describe, expect, it } from 'vitest';
import { containsNul } from '../../src/server/plugins/nul-guard';

describe('containsNul', () => {
  it('finds a NUL in a string, a value, a key, at any depth', () => {
    expect(containsNul('a\u0000b')).toBe(true);
    expect(containsNul({ label: 'a\u0000b' })).toBe(true);
    expect(containsNul({ ['k\u0000']: 'v' })).toBe(true);
    expect(containsNul([1, ['x', { deep: [{ deeper: '\u0000' }] }]])).toBe(true);
    expect(containsNul({ a: { b: [null, 2, { ['c\u0000']: 1 }] } })).toBe(true);
    const nullPrototype = Object.assign(Object.create(null) as Record<string, string>, { q: '\u0000' });
    expect(containsNul(nullPrototype)).toBe(true);
  });

  it('passes values without one, and leaves binary bodies to their routes', () => {
    for (const clean of [undefined, null, 0, true, '', 'abc', {}, [], { type: '', officeId: '' }, [{ a: ['b'] }]])
      expect(containsNul(clean)).toBe(false);
    expect(containsNul(Buffer.from('a\u0000b'))).toBe(false);
    expect(containsNul({ file: Buffer.from('\u0000') })).toBe(false);
  });

  it('does not look at inherited properties', () => {
    const child = Object.create({ inherited: '\u0000' }) as Record<string, string>;
    child.own = 'clean';
    expect(containsNul(child)).toBe(false);
  });
});
