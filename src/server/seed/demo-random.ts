/**
 * What a module's demo-data generator (modules/<m>/server/demo-data.ts) builds its records with: a seeded random
 * generator, so every seeding makes the same records, and relative days (`@day-30`, resolved to the China date 30
 * days before the day of seeding by seed/module-demo.ts), so the demo always looks current.
 */

export interface DemoRandom {
  /** The next number in [0, 1). */
  next(): number;
  /** An integer in [min, max]. */
  int(min: number, max: number): number;
  pick<T>(items: readonly T[]): T;
  /** A number in [min, max). */
  between(min: number, max: number): number;
}

/** mulberry32: small, fast, good enough for demo data. */
export function seededRandom(seed: number): DemoRandom {
  let state = seed;
  const next = () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (min, max) => min + Math.floor(next() * (max - min + 1)),
    pick: (items) => items[Math.floor(next() * items.length)],
    between: (min, max) => min + next() * (max - min),
  };
}

/** `relativeDay(-30)` -> `@day-30`: 30 days before the day of seeding. */
export const relativeDay = (offset: number): string => `@day${offset >= 0 ? '+' : ''}${offset}`;
