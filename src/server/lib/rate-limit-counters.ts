/**
 * Rate-limit counters that every instance shares (table rate_limit_counter), without a database round trip per
 * request: each instance counts its hits in memory and every second adds them to the table in one batched upsert,
 * which answers each key's total over all instances. A key's count is thus its instance's exact hits plus the
 * others' as of the last flush: instances agree within a second, which is plenty for limits of hundreds per minute,
 * and an API request costs one map lookup. Windows are fixed (aligned to multiples of their length).
 */
import { sql } from 'kysely';
import type { Db } from '../db/database.js';

interface Counter {
  windowStart: number;
  windowMs: number;
  /** All instances' hits as of the last flush (this one's flushed hits included). */
  shared: number;
  /** This instance's hits not flushed yet. */
  pending: number;
}

export interface Hit {
  /** Hits of the key in the current window, this one included. */
  current: number;
  /** Milliseconds until the window ends. */
  ttl: number;
}

/** Rows per upsert statement. */
const BATCH = 500;

export class RateLimitCounters {
  private readonly counters = new Map<string, Counter>();
  private lastPurge = 0;

  constructor(
    private readonly db: Db,
    private readonly now: () => number = Date.now,
  ) {}

  /**
   * Counts one hit of `key` in its current window of `windowMs`, at `now` (a caller counting several keys for one
   * request reads the clock once).
   */
  hit(key: string, windowMs: number, now: number = this.now()): Hit {
    const windowStart = now - (now % windowMs);
    let counter = this.counters.get(key);
    if (!counter || counter.windowStart !== windowStart) {
      counter = { windowStart, windowMs, shared: 0, pending: 0 };
      this.counters.set(key, counter);
    }
    counter.pending += 1;
    return { current: counter.shared + counter.pending, ttl: windowStart + windowMs - now };
  }

  /** Adds this instance's pending hits to the table and learns each live key's total; drops windows that are over. */
  async flush(): Promise<void> {
    const now = this.now();
    const due: [string, Counter, number][] = [];
    // Every live window goes, even without new hits here: the answer brings the other instances' hits.
    for (const [key, counter] of this.counters) {
      if (counter.windowStart + counter.windowMs <= now && counter.pending === 0) this.counters.delete(key);
      else due.push([key, counter, counter.pending]);
    }
    // Hits that arrive while the upsert runs stay pending for the next flush.
    for (const [, counter, hits] of due) counter.pending -= hits;
    for (let start = 0; start < due.length; start += BATCH) {
      const batch = due.slice(start, start + BATCH);
      try {
        const rows = await this.db
          .insertInto('rate_limit_counter')
          .values(batch.map(([key, counter, hits]) => ({ key, window_start: new Date(counter.windowStart), hits })))
          .onConflict((oc) =>
            oc
              .columns(['key', 'window_start'])
              .doUpdateSet({ hits: sql<number>`rate_limit_counter.hits + excluded.hits` }),
          )
          .returning(['key', 'window_start', 'hits'])
          .execute();
        for (const row of rows) {
          const counter = this.counters.get(row.key);
          if (counter && counter.windowStart === row.window_start.getTime()) counter.shared = row.hits;
        }
      } catch (error) {
        // Keep the hits for the next try; until then this instance still counts its own.
        for (const [, counter, hits] of due.slice(start)) counter.pending += hits;
        throw error;
      }
    }
    if (now - this.lastPurge >= 60_000) {
      this.lastPurge = now;
      const longest = Math.max(60_000, ...[...this.counters.values()].map((counter) => counter.windowMs));
      await this.db
        .deleteFrom('rate_limit_counter')
        .where('window_start', '<', new Date(now - 2 * longest))
        .execute();
    }
  }
}
