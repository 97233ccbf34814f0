/**
 * Tickets that open an event stream. EventSource cannot send the Access-Token header, and a long-lived token in a
 * URL ends up in proxies' logs; so an authenticated POST gets a random ticket that opens one stream, once, within
 * a minute, on any instance (it lives in the database, only as its SHA-256).
 */
import { createHash, randomBytes } from 'node:crypto';
import type { Db } from '../db/database.js';

export const TICKET_TTL_MS = 60_000;
export const TICKET_PATTERN = /^[A-Za-z0-9_-]{43}$/;

const hashOf = (ticket: string) => createHash('sha256').update(ticket).digest('hex');

export class EventTickets {
  constructor(
    private readonly db: Db,
    private readonly now: () => Date,
  ) {}

  async issue(userId: string, sessionId: string): Promise<{ ticket: string; expiresInMs: number }> {
    const ticket = randomBytes(32).toString('base64url');
    const now = this.now();
    // Expired tickets of anyone go with each issue: the table stays as small as the tickets in flight.
    await this.db.deleteFrom('event_ticket').where('expires_at', '<', now).execute();
    await this.db
      .insertInto('event_ticket')
      .values({
        ticket_hash: hashOf(ticket),
        user_id: userId,
        session_id: sessionId,
        expires_at: new Date(now.getTime() + TICKET_TTL_MS),
      })
      .execute();
    return { ticket, expiresInMs: TICKET_TTL_MS };
  }

  /** The user and session of a valid ticket, used up by this call (a second use finds nothing); else undefined. */
  async redeem(ticket: string): Promise<{ userId: string; sessionId: string } | undefined> {
    if (!TICKET_PATTERN.test(ticket)) return undefined;
    const row = await this.db
      .deleteFrom('event_ticket')
      .where('ticket_hash', '=', hashOf(ticket))
      .where('expires_at', '>', this.now())
      .returning(['user_id', 'session_id'])
      .executeTakeFirst();
    return row && { userId: row.user_id, sessionId: row.session_id };
  }
}
