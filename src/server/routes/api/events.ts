/**
 * /api/events: the server-sent-events stream of one open page.
 *   POST /ticket          (Access-Token) -> data {ticket, expiresInMs}: opens one stream, once, within a minute
 *   GET  /?ticket=...     -> text/event-stream; `event: <type>` / `data: <JSON>` / `id`; a comment every
 *                            HEARTBEAT_MS keeps proxies from closing an idle stream. A missing, used, expired or
 *                            unknown ticket, or a user disabled since: the JSON envelope -401 (EventSource gives up,
 *                            the page asks for a new ticket).
 * The stream ends when the page goes (the socket closes), when the session that asked for it ends (logout, a
 * disabled user; checked at each heartbeat) or when the app closes (so closing never waits on it).
 */
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { MsgCode, type Envelope } from '../../../shared/envelope.js';
import { ApiError, Messages } from '../../http/api-error.js';
import { envelope } from '../../http/envelope-schema.js';
import { ok } from '../../http/route-helpers.js';
import type { EventStream, PortalEvent } from '../../events/event-bus.js';
import { requireAuth } from '../../http/request-context.js';

export const HEARTBEAT_MS = 20_000;
/** What EventSource waits before reconnecting after a dropped stream. */
const RETRY_MS = 3000;

const security = [{ accessToken: [] }];

const routes: FastifyPluginAsync = async (app) => {
  const { events, eventTickets, users, sessions } = app.services;
  const ends = new Set<() => void>();

  app.addHook('onReady', async () => events.start());
  // Open streams are never idle: end them before the server waits for its connections to close.
  app.addHook('preClose', async () => {
    for (const end of [...ends]) end();
  });
  app.addHook('onClose', async () => events.stop());

  app.post(
    '/ticket',
    {
      // A ticket is a read grant of a minute, asked by every open page: recording each would drown the log.
      config: { auth: 'user', audit: false },
      schema: {
        tags: ['events'],
        summary: 'A ticket that opens one event stream',
        description: 'Single use, valid for expiresInMs (60 s). Pass it as ?ticket= to GET /api/events.',
        security,
        response: {
          200: envelope({
            data: {
              type: 'object',
              required: ['ticket', 'expiresInMs'],
              properties: { ticket: { type: 'string' }, expiresInMs: { type: 'integer' } },
            },
          }),
        },
      },
    },
    async (request): Promise<Envelope<{ ticket: string; expiresInMs: number }>> => {
      const { view, claims } = requireAuth(request);
      return ok('', await eventTickets.issue(view.user.id, claims.sid));
    },
  );

  app.get<{ Querystring: { ticket?: string } }>(
    '/',
    {
      schema: {
        tags: ['events'],
        summary: 'The event stream of one open page (text/event-stream)',
        description:
          'Events: `message` {kind, title, unread} when a message reaches the user, `message.read` {unread} when ' +
          'the user read or deleted messages elsewhere; further types as modules publish them. Refused with -401 ' +
          'without a valid ticket.',
        querystring: {
          type: 'object',
          properties: { ticket: { type: 'string', maxLength: 100 } },
        },
      },
    },
    async (request, reply) => {
      const holder = request.query.ticket ? await eventTickets.redeem(request.query.ticket) : undefined;
      if (!holder || !(await stillValid(holder))) throw new ApiError(MsgCode.notLoggedIn, Messages.notLoggedIn);
      openStream(reply, holder);
    },
  );

  /** Whether the session that asked for the stream is still live and its user still enabled. */
  async function stillValid(holder: { userId: string; sessionId: string }): Promise<boolean> {
    const [active, view] = await Promise.all([sessions.isActive(holder.sessionId), users.view(holder.userId)]);
    return active && view?.enabled === true;
  }

  function openStream(reply: FastifyReply, holder: { userId: string; sessionId: string }): void {
    const { userId } = holder;
    reply.hijack();
    const raw = reply.raw;
    raw.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache, no-transform',
      'x-content-type-options': 'nosniff',
      // nginx and similar proxies would otherwise hold the events back in their buffers.
      'x-accel-buffering': 'no',
      connection: 'keep-alive',
    });
    raw.write(`retry: ${RETRY_MS}\n: open\n\n`);
    const stream: EventStream = {
      userId,
      topics: new Set(['all']),
      send(id: string, event: PortalEvent) {
        raw.write(`id: ${id}\nevent: ${event.type}\ndata: ${JSON.stringify(event.data)}\n\n`);
      },
    };
    const detach = events.attach(stream);
    // Each heartbeat also checks the session: a stream outlives its logout by at most one interval.
    const ping = (valid: boolean): void => {
      if (!ends.has(end)) return;
      if (valid) raw.write(': ping\n\n');
      else end();
    };
    const heartbeat = setInterval(() => {
      // A failed check (the database away for a moment) keeps the stream: the next beat checks again.
      stillValid(holder).then(ping, () => ping(true));
    }, HEARTBEAT_MS);
    heartbeat.unref();
    const end = () => {
      if (!ends.delete(end)) return;
      clearInterval(heartbeat);
      detach();
      raw.end();
    };
    ends.add(end);
    raw.on('close', end);
    raw.on('error', end);
  }
};
/** The URL prefix of this file's routes. */
export const prefix = '/api/events';
export default routes;
