/**
 * The messaging area: server-sent events of every instance (fed by PostgreSQL LISTEN/NOTIFY), their tickets,
 * users' messages (`send` is what modules call) and administrators' notices.
 */
import type { Clock } from '../config.js';
import type { Db } from '../db/database.js';
import { EventBus } from '../events/event-bus.js';
import { EventTickets } from '../events/tickets.js';
import { MessageKinds, type MessageKindSource } from './kinds.js';
import { Messages } from './messages.js';
import { Notices } from './notices.js';

export interface MessagingServices {
  events: EventBus;
  eventTickets: EventTickets;
  messages: Messages;
  notices: Notices;
}

/** `kindSources`: the loaded modules' manifests, whose `messageKinds` join the core's. */
export function createMessagingServices(
  db: Db,
  now: Clock,
  kindSources: readonly MessageKindSource[],
): MessagingServices {
  const events = new EventBus(db, (error) => process.emitWarning(`event stream: ${error.message}`));
  const messages = new Messages(db, events, now, new MessageKinds(kindSources));
  return { events, eventTickets: new EventTickets(db, now), messages, notices: new Notices(db, messages, now) };
}
