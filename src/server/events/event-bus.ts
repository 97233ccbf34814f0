/**
 * Server-sent events of the whole portal. `publish` writes a PostgreSQL NOTIFY (through the caller's transaction
 * when it passes one, so nothing is announced that did not commit); every instance LISTENs on the one channel and
 * hands each notification to the streams open on it. A stream is therefore fed once per event whichever instance
 * wrote it, and no instance keeps state another one needs.
 */
import { randomUUID } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type { Db } from '../db/database.js';
import type { Database } from '../db/tables.js';
import { listenerFor, type NotificationListener } from '../db/notifications.js';

export const EVENTS_CHANNEL = 'portal_events';

/** An event as the browser receives it: `event: <type>` and `data: <JSON of data>`. */
export interface PortalEvent {
  /** Letters, digits, dots and dashes: 'message', 'message.read', 'device.value'. */
  type: string;
  data: unknown;
}

/** Who receives an event: given users, or every stream joined to a topic ('all' is every stream). */
export type EventTarget = { userIds: readonly string[] } | { topic: string };

/** What travels in one NOTIFY. */
interface Envelope {
  id: string;
  users?: string[];
  topic?: string;
  event: PortalEvent;
}

/** One open stream, as the event routes register it. */
export interface EventStream {
  userId: string;
  topics: ReadonlySet<string>;
  send(id: string, event: PortalEvent): void;
}

const EVENT_TYPE = /^[a-z][a-z0-9.-]{0,63}$/;
/** PostgreSQL refuses a NOTIFY payload of 8000 bytes or more; recipients are split to stay below. */
const PAYLOAD_LIMIT = 7000;

export class EventBus {
  private readonly streams = new Set<EventStream>();
  private listener: NotificationListener | undefined;

  constructor(
    private readonly db: Db,
    private readonly onError: (error: Error) => void = () => undefined,
  ) {}

  /** Starts listening (app ready). Without it publishing still works; this instance only delivers nothing. */
  async start(): Promise<void> {
    if (this.listener) return;
    const listener = listenerFor(this.db, this.onError);
    await listener.listen(EVENTS_CHANNEL, (payload) => this.deliver(payload));
    this.listener = listener;
  }

  async stop(): Promise<void> {
    const listener = this.listener;
    this.listener = undefined;
    await listener?.close();
  }

  /**
   * Announces `event` to `target`. Pass the transaction that wrote what the event tells of: the notification is
   * then sent on commit only. An empty list of users sends nothing.
   */
  async publish(target: EventTarget, event: PortalEvent, executor: Kysely<Database> = this.db): Promise<void> {
    if (!EVENT_TYPE.test(event.type)) throw new Error(`bad event type ${event.type}`);
    const id = randomUUID();
    const payloads: string[] = [];
    if ('topic' in target) payloads.push(JSON.stringify({ id, topic: target.topic, event } satisfies Envelope));
    else {
      const users = [...new Set(target.userIds)];
      let batch: string[] = [];
      const flush = () => {
        if (batch.length > 0) payloads.push(JSON.stringify({ id, users: batch, event } satisfies Envelope));
        batch = [];
      };
      const base = Buffer.byteLength(JSON.stringify({ id, users: [], event }));
      if (base > PAYLOAD_LIMIT) throw new Error(`event ${event.type} is too large for a notification`);
      let size = base;
      for (const user of users) {
        const more = Buffer.byteLength(user) + 3;
        if (size + more > PAYLOAD_LIMIT) {
          flush();
          size = base;
        }
        batch.push(user);
        size += more;
      }
      flush();
    }
    for (const payload of payloads) await sql`select pg_notify(${EVENTS_CHANNEL}, ${payload})`.execute(executor);
  }

  /** Registers an open stream; returns its removal. */
  attach(stream: EventStream): () => void {
    this.streams.add(stream);
    return () => this.streams.delete(stream);
  }

  /** The streams open on this instance (the events route ends them when the app closes). */
  get openStreams(): number {
    return this.streams.size;
  }

  private deliver(payload: string): void {
    let envelope: Envelope;
    try {
      envelope = JSON.parse(payload) as Envelope;
    } catch {
      this.onError(new Error('an event notification that is not JSON was ignored'));
      return;
    }
    const users = envelope.users ? new Set(envelope.users) : undefined;
    for (const stream of this.streams) {
      const wanted = users
        ? users.has(stream.userId)
        : envelope.topic !== undefined && stream.topics.has(envelope.topic);
      if (wanted) stream.send(envelope.id, envelope.event);
    }
  }
}
