/**
 * A Kysely dialect for the embedded PGlite. Kysely's own PGlite dialect ships only in versions that require Node 22,
 * and the portal runs on Node 20, so this small one is ours: PostgreSQL's adapter, compiler and introspector over
 * PGlite's single connection. PGlite runs one query at a time anyway; a mutex hands the connection to one user at a
 * time, so a transaction (begin ... commit on that connection) never interleaves with another caller's queries.
 */
import type { PGlite } from '@electric-sql/pglite';
import {
  CompiledQuery,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type DatabaseConnection,
  type DatabaseIntrospector,
  type Dialect,
  type DialectAdapter,
  type Driver,
  type Kysely,
  type QueryCompiler,
  type QueryResult,
  type TransactionSettings,
} from 'kysely';

export interface PGliteDialectConfig {
  /** Opens the database; called once, on the first query. */
  pglite: () => Promise<PGlite>;
  /** Runs after the database has been closed (releases the data directory's lock). */
  onDestroy?: () => void;
}

/** First come, first served: `lock()` resolves once every earlier holder has called `unlock()`. */
class Mutex {
  private tail: Promise<void> = Promise.resolve();
  private release: (() => void) | undefined;

  async lock(): Promise<void> {
    const previous = this.tail;
    let release!: () => void;
    this.tail = new Promise<void>((resolve) => (release = resolve));
    await previous;
    this.release = release;
  }

  unlock(): void {
    const release = this.release;
    this.release = undefined;
    release?.();
  }
}

class PGliteConnection implements DatabaseConnection {
  constructor(private readonly pglite: PGlite) {}

  async executeQuery<R>(compiledQuery: CompiledQuery): Promise<QueryResult<R>> {
    const result = await this.pglite.query<R>(compiledQuery.sql, [...compiledQuery.parameters], {
      rowMode: 'object',
    });
    const affected = result.affectedRows;
    return { rows: result.rows, numAffectedRows: affected === undefined ? undefined : BigInt(affected) };
  }

  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error('PGlite cannot stream query results');
  }
}

class PGliteDriver implements Driver {
  private readonly mutex = new Mutex();
  private pglite: PGlite | undefined;
  private connection: PGliteConnection | undefined;

  constructor(private readonly config: PGliteDialectConfig) {}

  async init(): Promise<void> {
    this.pglite = await this.config.pglite();
    await this.pglite.waitReady;
    this.connection = new PGliteConnection(this.pglite);
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    await this.mutex.lock();
    if (!this.connection) throw new Error('the PGlite database is closed');
    return this.connection;
  }

  async releaseConnection(): Promise<void> {
    this.mutex.unlock();
  }

  async beginTransaction(connection: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    const parts = ['start transaction'];
    if (settings.isolationLevel) parts.push(`isolation level ${settings.isolationLevel}`);
    if (settings.accessMode) parts.push(settings.accessMode);
    await connection.executeQuery(CompiledQuery.raw(parts.join(' ')));
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('commit'));
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('rollback'));
  }

  async destroy(): Promise<void> {
    const pglite = this.pglite;
    this.pglite = undefined;
    this.connection = undefined;
    try {
      if (pglite && !pglite.closed) await pglite.close();
    } finally {
      this.config.onDestroy?.();
    }
  }
}

export class PGliteDialect implements Dialect {
  constructor(private readonly config: PGliteDialectConfig) {}

  createAdapter(): DialectAdapter {
    return new PostgresAdapter();
  }

  createDriver(): Driver {
    return new PGliteDriver(this.config);
  }

  createIntrospector(db: Kysely<unknown>): DatabaseIntrospector {
    return new PostgresIntrospector(db);
  }

  createQueryCompiler(): QueryCompiler {
    return new PostgresQueryCompiler();
  }
}
