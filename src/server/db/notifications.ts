/**
 * PostgreSQL LISTEN for one database, whatever it runs on. Writers NOTIFY through the ordinary Kysely instance
 * (`select pg_notify(...)`, so a notification inside a transaction goes out only when it commits); listening needs
 * a connection of its own, which this module opens:
 * - PostgreSQL: a dedicated `pg` client (a pooled connection would be handed to other queries), reconnected with
 *   a growing pause after the server drops it, so a restart of the database only pauses delivery;
 * - PGlite: the one in-process database, where LISTEN is taken while holding the connection's turn, so it never
 *   lands inside another caller's open transaction.
 * `createDatabase` records which of the two a Db is (`./engine.ts`); `listenerFor(db)` finds it again.
 */
import type { PGlite } from '@electric-sql/pglite';
import { createRequire } from 'node:module';
import type pg from 'pg';
import type { Db } from './database.js';
import { engineOf } from './engine.js';

export type NotificationHandler = (payload: string) => void;

export interface NotificationListener {
  /** Starts listening on `channel` (an identifier: letters, digits, underscores). */
  listen(channel: string, handler: NotificationHandler): Promise<void>;
  /** Stops listening and closes the connection; never hangs on a dead server. */
  close(): Promise<void>;
}

const CHANNEL = /^[a-z_][a-z0-9_]{0,62}$/;

export function listenerFor(db: Db, onError: (error: Error) => void): NotificationListener {
  const source = engineOf(db);
  if (!source) throw new Error('this database was not made by createDatabase: no LISTEN connection known');
  return source.kind === 'postgres' ? new PostgresListener(source.url, onError) : new PGliteListener(db, source.pglite);
}

class PGliteListener implements NotificationListener {
  private readonly stops: (() => Promise<void>)[] = [];

  constructor(
    private readonly db: Db,
    private readonly pglite: () => PGlite | undefined,
  ) {}

  async listen(channel: string, handler: NotificationHandler): Promise<void> {
    if (!CHANNEL.test(channel)) throw new Error(`bad channel name ${channel}`);
    // Holding a Kysely connection is holding the PGlite mutex: no transaction of another caller is open meanwhile.
    await this.db.connection().execute(async () => {
      const pglite = this.pglite();
      if (!pglite) throw new Error('the PGlite database is not open');
      this.stops.push(await pglite.listen(channel, handler));
    });
  }

  async close(): Promise<void> {
    const stops = this.stops.splice(0);
    const pglite = this.pglite();
    if (!pglite || pglite.closed) return;
    for (const stop of stops) await stop().catch(() => undefined);
  }
}

const RETRY_MIN_MS = 500;
const RETRY_MAX_MS = 10_000;

class PostgresListener implements NotificationListener {
  private client: pg.Client | undefined;
  private readonly channels = new Map<string, NotificationHandler>();
  private closed = false;
  private retryMs = RETRY_MIN_MS;
  private retryTimer: NodeJS.Timeout | undefined;

  constructor(
    private readonly url: string,
    private readonly onError: (error: Error) => void,
  ) {}

  async listen(channel: string, handler: NotificationHandler): Promise<void> {
    if (!CHANNEL.test(channel)) throw new Error(`bad channel name ${channel}`);
    this.channels.set(channel, handler);
    if (this.client) await this.client.query(`LISTEN ${channel}`);
    else await this.connect();
  }

  private async connect(): Promise<void> {
    const { Client } = createRequire(import.meta.url)('pg') as typeof pg;
    const client = new Client({ connectionString: this.url });
    client.on('notification', (message) => {
      const handler = this.channels.get(message.channel);
      if (handler && message.payload !== undefined) handler(message.payload);
    });
    client.on('error', (error) => this.lost(client, error));
    client.on('end', () => this.lost(client, new Error('LISTEN connection ended')));
    await client.connect();
    for (const channel of this.channels.keys()) await client.query(`LISTEN ${channel}`);
    this.client = client;
    this.retryMs = RETRY_MIN_MS;
  }

  /** The listening connection broke: report it once and connect again after a pause (doubling up to 10 s). */
  private lost(client: pg.Client, error: Error): void {
    if (this.closed || this.client !== client) return;
    this.client = undefined;
    this.onError(error);
    client.end().catch(() => undefined);
    this.scheduleReconnect();
  }

  private scheduleReconnect(): void {
    if (this.closed || this.retryTimer) return;
    const wait = this.retryMs;
    this.retryMs = Math.min(this.retryMs * 2, RETRY_MAX_MS);
    this.retryTimer = setTimeout(() => {
      this.retryTimer = undefined;
      this.connect().catch((error: Error) => {
        this.onError(error);
        this.scheduleReconnect();
      });
    }, wait);
    this.retryTimer.unref();
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.retryTimer) clearTimeout(this.retryTimer);
    const client = this.client;
    this.client = undefined;
    await client?.end().catch(() => undefined);
  }
}
