/**
 * Planner statistics. PGlite has no autovacuum, so without an explicit ANALYZE its planner keeps the guesses it
 * made for empty tables and can pick nested loops that read millions of rows; PostgreSQL analyzes on its own,
 * but only some time after a bulk write. Run after migrations and seeding and after bulk writes (imports).
 */
import { sql } from 'kysely';
import type { Db } from './database.js';

export async function refreshPlannerStatistics(db: Db, tables?: readonly string[]): Promise<void> {
  if (tables === undefined) {
    await sql`analyze`.execute(db);
    return;
  }
  for (const table of tables) await sql`analyze ${sql.table(table)}`.execute(db);
}

/**
 * ANALYZE of the tables whose statistics are missing or stale: never analyzed, or whose size in pages moved by
 * more than a tenth (at least one page) since their last ANALYZE recorded it in pg_class; a partitioned table with
 * any such partition. PGlite keeps no activity counters across restarts (where autovacuum would look), but
 * pg_class survives. At a start on existing data this is a few tables or none instead of every table: about a
 * second of CPU and 40 MB of the embedded database's memory less than a full ANALYZE.
 */
export async function refreshStaleStatistics(db: Db): Promise<string[]> {
  const { rows } = await sql<{ name: string }>`
    with stale as (
      select c.oid from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = current_schema() and c.relkind = 'r'
        and (c.reltuples < 0
          or abs(pg_relation_size(c.oid) / current_setting('block_size')::int - c.relpages) >= 1 + c.relpages / 10))
    select c.relname as name from pg_class c where c.oid in (select oid from stale)
    union
    select p.relname from pg_inherits i join pg_class p on p.oid = i.inhparent
    where i.inhrelid in (select oid from stale) and p.relkind = 'p'`.execute(db);
  const names = rows.map((row) => row.name);
  await refreshPlannerStatistics(db, names);
  return names;
}
