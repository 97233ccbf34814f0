/**
 * What each database made by `createDatabase` runs on: the PostgreSQL server at a URL, or the PGlite instance of
 * this process (once opened). LISTEN connections, the retention job and the test databases' dump read it here.
 */
import type { PGlite } from '@electric-sql/pglite';
import type { Db } from './database.js';

/** What an opened database runs on; a PostgreSQL pool's figures for the metrics. */
export type DatabaseEngine =
  | { kind: 'postgres'; url: string; pool: { totalCount: number; idleCount: number; waitingCount: number } }
  | { kind: 'pglite'; pglite: () => PGlite | undefined };

const engines = new WeakMap<object, DatabaseEngine>();

/** Called by createDatabase. */
export function recordEngine(db: Db, engine: DatabaseEngine): void {
  engines.set(db, engine);
}

/** The engine of a Db made by createDatabase (undefined for one made otherwise). */
export function engineOf(db: Db): DatabaseEngine | undefined {
  return engines.get(db);
}

/** Which engine a Db made by createDatabase runs on (undefined for one made otherwise). */
export function databaseKind(db: Db): DatabaseEngine['kind'] | undefined {
  return engines.get(db)?.kind;
}
