/**
 * One Kysely instance over either the embedded PGlite (default: DATA_DIR/pgdata, or in memory for tests) or a
 * PostgreSQL server (`DATABASE_URL`, through a `pg` Pool). One SQL dialect for both. A PGlite data directory is
 * opened by one process at a time (data-dir-lock.ts).
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { Kysely, PGliteDialect, PostgresDialect, type Dialect, type Driver } from 'kysely';
import { createRequire } from 'node:module';
import type pg from 'pg';
import { onFirstUse } from '../lib/first-use.js';
import { tracedDialect } from '../telemetry/tracing.js';
import { lockDataDir, type DataDirLock } from './data-dir-lock.js';
import { engineOf, recordEngine } from './engine.js';
import type { Database } from './tables.js';

export type Db = Kysely<Database>;

export type DatabaseTarget =
  | { kind: 'pglite'; dataDir: string }
  /** `from`: a data directory dumped by PGlite's `dumpDataDir` to start from (a prepared database for tests). */
  | { kind: 'memory'; from?: Blob }
  | { kind: 'postgres'; url: string; max?: number };

export function databaseTarget(config: { databaseUrl: string | undefined; dataDir: string }): DatabaseTarget {
  if (config.databaseUrl) return { kind: 'postgres', url: config.databaseUrl };
  return { kind: 'pglite', dataDir: path.join(config.dataDir, 'pgdata') };
}

/**
 * The embedded database's postgresql.conf (PGlite writes it at every open). PostgreSQL's default 128 MB of shared
 * buffers lives in the WebAssembly memory and costs as much resident memory once touched, while PGlite's tables
 * are read through the operating system's file cache anyway: 16 MB keeps an idle server about 120 MB smaller.
 */
const PGLITE_CONF = ['shared_buffers = 16MB'];

/**
 * Kysely's PGlite dialect, releasing the data directory's lock once the database is closed. Its transactions hold
 * PGlite's exclusive transaction lock, so another user of the same instance never runs a statement inside one.
 */
class LockedPGliteDialect extends PGliteDialect {
  constructor(
    open: () => Promise<PGlite>,
    private readonly release: () => void,
  ) {
    super({ pglite: open });
  }

  override createDriver(): Driver {
    const driver = super.createDriver();
    const destroy = driver.destroy.bind(driver);
    driver.destroy = async () => {
      try {
        await destroy();
      } finally {
        this.release();
      }
    };
    return driver;
  }
}

/** PGlite's code, loaded when an embedded database is opened: an instance on PostgreSQL never loads it. */
const pgliteLibrary = onFirstUse(async () => (await import('@electric-sql/pglite')).PGlite);

/**
 * An embedded database's data directory as an uncompressed tarball (PGlite's `dumpDataDir`), for other in-memory
 * databases to start from (`{ kind: 'memory', from }`): the API tests prepare one database and copy it per file.
 */
export async function dumpEmbeddedDatabase(db: Db): Promise<Blob> {
  const engine = engineOf(db);
  const pglite = engine?.kind === 'pglite' ? engine.pglite() : undefined;
  if (!pglite) throw new Error('not an opened embedded database');
  return pglite.dumpDataDir('none');
}

export interface DatabaseOptions {
  /** A span per statement, a child of the request's or job's (telemetry/tracing.ts). */
  traced?: boolean;
}

export function createDatabase(target: DatabaseTarget, options: DatabaseOptions = {}): Db {
  const dialect = (plain: Dialect): Dialect => (options.traced ? tracedDialect(plain) : plain);
  switch (target.kind) {
    case 'postgres': {
      // Required only here: an instance on the embedded database never loads the PostgreSQL client.
      const { Pool } = createRequire(import.meta.url)('pg') as typeof pg;
      const pool = new Pool({ connectionString: target.url, max: target.max ?? 10 });
      // An idle connection that the server closes (restart, administrator command) must not take the process
      // down: the pool drops that client and opens a new one on the next query.
      pool.on('error', (error) => process.emitWarning(`PostgreSQL idle connection closed: ${error.message}`));
      const db = new Kysely<Database>({ dialect: dialect(new PostgresDialect({ pool })) });
      recordEngine(db, { kind: 'postgres', url: target.url, pool });
      return db;
    }
    case 'memory': {
      let opened: PGlite | undefined;
      const db = new Kysely<Database>({
        dialect: dialect(
          new PGliteDialect({
            pglite: async () => {
              const PGlite = await pgliteLibrary();
              return (opened = new PGlite({ postgresqlconf: PGLITE_CONF, loadDataDir: target.from }));
            },
          }),
        ),
      });
      recordEngine(db, { kind: 'pglite', pglite: () => opened });
      return db;
    }
    case 'pglite': {
      mkdirSync(target.dataDir, { recursive: true });
      // Taken when the database is first used (a database never used is never closed by Kysely): the first query
      // throws DataDirLockedError while another live process has this directory open.
      let lock: DataDirLock | undefined;
      let opened: PGlite | undefined;
      const open = async (): Promise<PGlite> => {
        const PGlite = await pgliteLibrary();
        lock = lockDataDir(target.dataDir);
        return (opened = new PGlite(target.dataDir, { postgresqlconf: PGLITE_CONF }));
      };
      const db = new Kysely<Database>({
        dialect: dialect(new LockedPGliteDialect(open, () => lock?.release())),
      });
      recordEngine(db, { kind: 'pglite', pglite: () => opened });
      return db;
    }
  }
}
