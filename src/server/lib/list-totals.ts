/**
 * What a long list's filter matches (its total, where its pages start), remembered with the database's version of
 * the tables it reads (db/cache-versions.ts): paging through 100,000 users counts them once, not on every page, and
 * any write to those tables, by any instance, makes the next page read them again. One primary-key read per page.
 */
import { type CacheVersionName, readCacheVersion } from '../db/cache-versions.js';
import type { Db } from '../db/database.js';

const MAX_ENTRIES = 1000;

export class ListTotals {
  private readonly facts = new Map<string, { version: string; value: unknown }>();

  constructor(
    private readonly db: Db,
    private readonly version: CacheVersionName,
  ) {}

  /**
   * What `read` derives from the list `key` names (its filters and scope), read again only when not known at this
   * version. A key always names the same kind of value.
   */
  async of<T>(key: string, read: () => Promise<T>): Promise<T> {
    // Read before deriving: a write in between leaves an entry older than its data, never the reverse.
    const version = await readCacheVersion(this.db, this.version);
    const known = this.facts.get(key);
    if (known?.version === version) return known.value as T;
    const value = await read();
    this.facts.delete(key);
    if (this.facts.size >= MAX_ENTRIES) {
      const oldest = this.facts.keys().next();
      if (!oldest.done) this.facts.delete(oldest.value);
    }
    this.facts.set(key, { version, value });
    return value;
  }
}
