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
import { MessageOutbox } from './outbox.js';
import { MessagePreferences } from './preferences.js';
import { ProjectRobots } from './robots.js';
import type { SmsSender } from '../accounts/sms/sms-sender.js';

export interface MessagingServices {
  events: EventBus;
  eventTickets: EventTickets;
  messages: Messages;
  notices: Notices;
  /** Each user's channels per message kind (消息接收设置). */
  messagePreferences: MessagePreferences;
  /** Each project's group robots (WeCom, DingTalk). */
  projectRobots: ProjectRobots;
  /** Messages still to leave by SMS or robot, drained by a job (alerts/plugin.ts). */
  messageOutbox: MessageOutbox;
}

/** `kindSources`: the loaded modules' manifests, whose `messageKinds` join the core's. */
export function createMessagingServices(
  db: Db,
  now: Clock,
  kindSources: readonly MessageKindSource[],
  smsSender: SmsSender,
): MessagingServices {
  const events = new EventBus(db, (error) => process.emitWarning(`event stream: ${error.message}`));
  const kinds = new MessageKinds(kindSources);
  const messagePreferences = new MessagePreferences(db, kinds);
  const projectRobots = new ProjectRobots(db, now);
  const messageOutbox = new MessageOutbox(db, messagePreferences, projectRobots, smsSender, now);
  const messages = new Messages(db, events, now, kinds, messageOutbox);
  return {
    events,
    eventTickets: new EventTickets(db, now),
    messages,
    notices: new Notices(db, messages, now),
    messagePreferences,
    projectRobots,
    messageOutbox,
  };
}
