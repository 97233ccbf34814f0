/**
 * How many rows each filter of a long list matches, remembered with the database's version of the tables the
 * count reads (db/cache-versions.ts): paging through 100,000 users counts them once, not on every page, and any
 * write to those tables, by any instance, makes the next page count again. One primary-key read per page.
 */
import { type CacheVersionName, readCacheVersion } from '../db/cache-versions.js';
import type { Db } from '../db/database.js';

const MAX_ENTRIES = 1000;

export class ListTotals {
  private readonly totals = new Map<string, { version: string; total: number }>();

  constructor(
    private readonly db: Db,
    private readonly version: CacheVersionName,
  ) {}

  /** The total of the list `key` names (its filters and scope), counted by `count` when not known at this version. */
  async of(key: string, count: () => Promise<number>): Promise<number> {
    // Read before counting: a write in between leaves an entry older than its data, never the reverse.
    const version = await readCacheVersion(this.db, this.version);
    const known = this.totals.get(key);
    if (known?.version === version) return known.total;
    const total = await count();
    this.totals.delete(key);
    if (this.totals.size >= MAX_ENTRIES) {
      const oldest = this.totals.keys().next();
      if (!oldest.done) this.totals.delete(oldest.value);
    }
    this.totals.set(key, { version, total });
    return total;
  }
}
