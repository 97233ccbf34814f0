/** Brings the database to the newest migration; safe to run at every start and from several instances at once. */
import { type Kysely, sql } from 'kysely';
import { DEFAULT_MIGRATION_TABLE, Migrator, type MigrationProvider } from 'kysely/migration';
import { migrations } from './migrations/index.js';

const provider: MigrationProvider = { getMigrations: async () => migrations };

/**
 * Whether every migration is recorded as done. One query instead of the Migrator's checks of its tables, lock and
 * history (about 0.4 s on PGlite at every start); a database without the history table is not migrated.
 */
async function alreadyLatest<T>(db: Kysely<T>): Promise<boolean> {
  try {
    const { rows } = await sql<{ name: string }>`select name from ${sql.table(DEFAULT_MIGRATION_TABLE)}`.execute(db);
    const done = new Set(rows.map((row) => row.name));
    return Object.keys(migrations).every((name) => done.has(name));
  } catch {
    return false;
  }
}

export async function migrateToLatest<T>(db: Kysely<T>): Promise<string[]> {
  if (await alreadyLatest(db)) return [];
  const migrator = new Migrator({ db, provider });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(`migration failed: ${String(error)}`);
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
