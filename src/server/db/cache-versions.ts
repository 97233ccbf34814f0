/** The version numbers the database raises on writes to what instances cache (migration 0007-cache-versions). */
import { sql } from 'kysely';
import type { Db } from './database.js';

/**
 * `collection:<id>`: the records of a collection (its table's trigger, created by collections/table-sync.ts);
 * `search-lexicon`: the search dictionary and synonyms (migration 0027-search).
 */
export type CacheVersionName = 'menu-tree' | 'user-list' | 'search-lexicon' | `collection:${string}`;

/** The current version of `name` (a bigint, as text). */
export async function readCacheVersion(db: Db, name: CacheVersionName): Promise<string> {
  const row = await db
    .selectFrom('cache_version')
    .select(sql<string>`version::text`.as('version'))
    .where('name', '=', name)
    .executeTakeFirst();
  return row?.version ?? '0';
}
