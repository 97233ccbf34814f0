/**
 * API rate limits: every /api/ request counts against its client address and, with a valid access token, against
 * its user (`PORTAL_RATE_LIMIT_ADDRESS`, `PORTAL_RATE_LIMIT_USER` per `PORTAL_RATE_LIMIT_WINDOW_SECONDS`). Over
 * either: -429 with `Retry-After`. The counters are shared by every instance through the database
 * (lib/rate-limit-counters.ts) at the cost of a map lookup per request, not a database round trip: the limiter
 * guards the server's time, it must not spend it. For the same reason the hook counts synchronously, in callback
 * style: @fastify/rate-limit, used before, spent about a tenth of a cached answer's time in the promises of its
 * generic store and key interfaces, which add nothing over the one shared store here.
 */
import type { FastifyRequest } from 'fastify';
import { MsgCode } from '../../shared/envelope.js';
import type { Db } from '../db/database.js';
import { ApiError } from '../http/api-error.js';
import { globalPlugin } from '../http/global-plugin.js';
import { RateLimitCounters } from '../lib/rate-limit-counters.js';
import { ACCESS_TOKEN_HEADER } from './auth.js';

export const RATE_LIMITED_MESSAGE = '请求过于频繁，请稍后再试';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * Device traffic (IoT readings): not limited per address or user, since one site gateway forwards hundreds of
     * devices from one address; such a route authenticates each message itself (a signature per device).
     */
    deviceTraffic?: boolean;
  }
  interface FastifyInstance {
    /** The shared counters (tests flush them by hand to see other instances' hits at once). */
    rateLimitCounters: RateLimitCounters | null;
  }
}

export default globalPlugin<{ db: Db }>('rate-limit', async (app, { db }) => {
  const { perUser, perAddress, windowMs, flushMs } = app.services.config.rateLimit;
  if (perUser === 0 && perAddress === 0) {
    app.decorate('rateLimitCounters', null);
    return;
  }
  const { now } = app.services.config;
  const clock = () => now().getTime();
  const counters = new RateLimitCounters(db, clock);
  app.decorate('rateLimitCounters', counters);

  /** The user of a valid access token (cached verification), else undefined. */
  const userOf = (request: FastifyRequest): string | undefined => {
    const header = request.headers[ACCESS_TOKEN_HEADER];
    const token = Array.isArray(header) ? header[0] : header;
    const verified = token ? app.services.accessTokens.verify(token) : undefined;
    return verified?.status === 'valid' ? verified.claims.sub : undefined;
  };

  /** Counts a hit of `key` against `max` at `at`; the answer refusing it when over, else undefined. */
  const exceeded = (key: string, max: number, at: number): { retryAfterSeconds: number } | undefined => {
    const hit = counters.hit(key, windowMs, at);
    return hit.current > max ? { retryAfterSeconds: Math.ceil(hit.ttl / 1000) } : undefined;
  };

  app.addHook('onRequest', (request, reply, done) => {
    if (!request.url.startsWith('/api/') || request.routeOptions.config?.deviceTraffic) return done();
    // One clock read for both counters (the configured clock makes a Date).
    const at = clock();
    // The address first: a request refused by it is not counted against its user.
    let over = perAddress > 0 ? exceeded(`a:${request.ip}`, perAddress, at) : undefined;
    if (over === undefined && perUser > 0) {
      const user = userOf(request);
      if (user !== undefined) over = exceeded(`u:${user}`, perUser, at);
    }
    if (over === undefined) return done();
    reply.header('retry-after', String(over.retryAfterSeconds));
    done(new ApiError(MsgCode.tooManyAttempts, RATE_LIMITED_MESSAGE));
  });

  const timer = setInterval(() => {
    counters.flush().catch((error: unknown) => app.log.warn({ err: error }, 'rate-limit counters not saved'));
  }, flushMs);
  timer.unref();
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await counters.flush().catch(() => undefined);
  });
});
