/**
 * What a load balancer or an orchestrator asks an instance (outside /api, as they expect; no login, no envelope):
 * - `GET /healthz` liveness: the process answers (200 `{status: "ok"}`); restart it when this fails.
 * - `GET /readyz` readiness: 200 when the instance can serve users, else 503, each check with its state
 *   (`{status, checks: {database: "ok" | "<why not>", ...}}`): not before the server listens, not once it is
 *   shutting down, not while the database (or the file store's bucket, files/plugin.ts, or what a module checks: the
 *   IoT platform's MQTT broker) is unreachable.
 *   Send no users to it then; it may recover without a restart.
 * A module adds a check with `app.readinessCheck(name, check)`.
 */
import { sql } from 'kysely';
import { globalPlugin } from '../http/global-plugin.js';

/** Resolves when the dependency is usable; rejects (or answers a reason) when not. */
export type ReadinessCheck = () => Promise<string | undefined>;

declare module 'fastify' {
  interface FastifyInstance {
    readinessCheck(name: string, check: ReadinessCheck): void;
    /** The instance stops taking users (a shutdown began): /readyz answers 503 from now on. */
    markDraining(): void;
  }
}

/** A check that has not answered in this time counts as failed: a probe must answer quickly. */
const CHECK_TIMEOUT_MS = 2000;

async function within(check: ReadinessCheck): Promise<string | undefined> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<string>((resolve) => {
    timer = setTimeout(() => resolve(`no answer within ${CHECK_TIMEOUT_MS} ms`), CHECK_TIMEOUT_MS);
  });
  try {
    return await Promise.race([check(), late]);
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  } finally {
    clearTimeout(timer);
  }
}

export default globalPlugin('health', async (app) => {
  const checks = new Map<string, ReadinessCheck>();
  let listening = false;
  let draining = false;

  checks.set('database', async () => {
    await sql`select 1`.execute(app.services.db);
    return undefined;
  });
  app.decorate('readinessCheck', (name: string, check: ReadinessCheck) => {
    checks.set(name, check);
  });
  app.decorate('markDraining', () => {
    draining = true;
  });
  app.addHook('onListen', async () => {
    listening = true;
  });
  app.addHook('preClose', async () => {
    draining = true;
  });

  const hidden = { hide: true };
  app.get('/healthz', { schema: hidden, config: { audit: false } }, async () => ({ status: 'ok' }));
  app.get('/readyz', { schema: hidden, config: { audit: false } }, async (_request, reply) => {
    const states: Record<string, string> = {};
    if (!listening) states.server = 'starting';
    if (draining) states.server = 'shutting down';
    const results = await Promise.all([...checks].map(async ([name, check]) => [name, await within(check)] as const));
    for (const [name, failure] of results) states[name] = failure ?? 'ok';
    const ready = Object.values(states).every((state) => state === 'ok');
    return reply.code(ready ? 200 : 503).send({ status: ready ? 'ok' : 'unavailable', checks: states });
  });
});
