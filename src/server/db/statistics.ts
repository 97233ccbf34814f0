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
