/**
 * `GET /metrics`: the instance's figures in the Prometheus text format (prom-client), for the operator's scraper:
 * - per route (its URL pattern, never the raw path): requests by method, HTTP status and envelope code (0: success,
 *   -401, -409, ... : the API's errors answer HTTP 200), and their duration;
 * - the process (CPU, memory, event-loop delay percentiles, handles) from prom-client's default collectors;
 * - the database pool (PostgreSQL: connections in use, idle, waiting), the job queue (jobs by name and state), the
 *   open event streams; a module adds its own to `app.metrics` (the IoT platform: readings and its write backlog).
 * Kept from the public: with PORTAL_METRICS_TOKEN set, a scraper sends `Authorization: Bearer <token>`; without it,
 * only the machine itself (a loopback address) is answered. Anyone else gets 404, as for a path that does not exist.
 */
import { timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { engineOf } from '../db/engine.js';
import { globalPlugin } from '../http/global-plugin.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The instance's metrics registry: a module registers its counters and gauges here (prom-client). */
    metrics: Registry;
  }
}

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

function sameToken(expected: string, given: string): boolean {
  const a = Buffer.from(expected);
  const b = Buffer.from(given);
  return a.length === b.length && timingSafeEqual(a, b);
}

export default globalPlugin('metrics', async (app) => {
  const registry = new Registry();
  app.decorate('metrics', registry);
  collectDefaultMetrics({ register: registry });
  const { db, config, events } = app.services;

  const labelNames = ['method', 'route', 'status', 'code'] as const;
  const requests = new Counter({
    name: 'portal_http_requests_total',
    help: 'Requests answered, by route pattern, HTTP status and envelope code (0: success)',
    labelNames,
    registers: [registry],
  });
  const durations = new Histogram({
    name: 'portal_http_request_duration_seconds',
    help: 'Time to answer a request, by route pattern',
    labelNames: ['method', 'route'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  new Gauge({
    name: 'portal_event_streams',
    help: 'Event streams (server-sent events) open on this instance',
    registers: [registry],
    collect() {
      this.set(events.openStreams);
    },
  });
  new Gauge({
    name: 'portal_jobs',
    help: 'Jobs of the job queue by name and state (shared by every instance on the database)',
    labelNames: ['name', 'state'] as const,
    registers: [registry],
    async collect() {
      const rows = await app.jobs.counts();
      this.reset();
      for (const row of rows) this.set({ name: row.name, state: row.state }, row.count);
    },
  });
  const engine = engineOf(db);
  if (engine?.kind === 'postgres') {
    const { pool } = engine;
    new Gauge({
      name: 'portal_db_pool_connections',
      help: 'PostgreSQL pool connections of this instance: in use, idle, and callers waiting for one',
      labelNames: ['state'] as const,
      registers: [registry],
      collect() {
        this.set({ state: 'used' }, pool.totalCount - pool.idleCount);
        this.set({ state: 'idle' }, pool.idleCount);
        this.set({ state: 'waiting' }, pool.waitingCount);
      },
    });
  }

  app.addHook('onResponse', async (request: FastifyRequest, reply: FastifyReply) => {
    // Paths that match no route are one label, not one per path a scanner tried.
    const route = request.routeOptions.url ?? 'unmatched';
    const method = request.method;
    requests.inc({ method, route, status: String(reply.statusCode), code: String(request.outcomeCode ?? 0) });
    durations.observe({ method, route }, reply.elapsedTime / 1000);
  });

  const token = config.metricsToken;
  app.get('/metrics', { schema: { hide: true }, config: { audit: false } }, async (request, reply) => {
    const authorization = request.headers.authorization ?? '';
    const allowed = token
      ? authorization.startsWith('Bearer ') && sameToken(token, authorization.slice(7))
      : LOOPBACK.has(request.ip);
    if (!allowed) return reply.code(404).type('text/plain').send('Not Found');
    return reply.type(registry.contentType).send(await registry.metrics());
  });
});
