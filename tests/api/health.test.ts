/**
 * The probes of a load balancer or orchestrator: /healthz answers while the process lives; /readyz is 503 before
 * the server listens, while a dependency is unreachable (the database, a module's check) and once a shutdown began,
 * and 200 otherwise, naming each check's state. Neither needs a login.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from './test-app.js';

const t = useTestApp({ environment: { PORTAL_MQTT_PORT: '0' } });

interface Readiness {
  status: string;
  checks: Record<string, string>;
}

const readiness = async () => {
  const response = await t.app.inject({ method: 'GET', url: '/readyz' });
  return { code: response.statusCode, body: response.json<Readiness>() };
};

describe('health probes', () => {
  it('answers liveness at once, and readiness "starting" until the server listens', async () => {
    const live = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(live.statusCode).toBe(200);
    expect(live.json()).toEqual({ status: 'ok' });
    const before = await readiness();
    expect(before.code).toBe(503);
    expect(before.body.checks).toMatchObject({ server: 'starting', database: 'ok', mqtt: 'ok' });
  });

  describe('once listening', () => {
    beforeAll(async () => {
      await t.app.listen({ port: 0, host: '127.0.0.1' });
    });

    it('is ready with the database and the MQTT broker up', async () => {
      expect(await readiness()).toEqual({
        code: 200,
        body: { status: 'ok', checks: { database: 'ok', mqtt: 'ok' } },
      });
    });

    it('is not ready while a dependency fails, and says which', async () => {
      let broken = true;
      t.app.readinessCheck('file-store', async () => (broken ? 'the file store does not answer' : undefined));
      const down = await readiness();
      expect(down.code).toBe(503);
      expect(down.body).toEqual({
        status: 'unavailable',
        checks: { database: 'ok', mqtt: 'ok', 'file-store': 'the file store does not answer' },
      });
      broken = false;
      expect((await readiness()).code).toBe(200);
    });

    it('is not ready once a shutdown began', async () => {
      t.app.markDraining();
      const draining = await readiness();
      expect(draining.code).toBe(503);
      expect(draining.body.checks.server).toBe('shutting down');
      expect((await t.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    });
  });
});

describe('readiness with the database gone', () => {
  const gone = useTestApp();

  it('answers 503 naming the database', async () => {
    await gone.app.listen({ port: 0, host: '127.0.0.1' });
    await gone.db.destroy();
    const response = await gone.app.inject({ method: 'GET', url: '/readyz' });
    expect(response.statusCode).toBe(503);
    expect(response.json<Readiness>().checks.database).not.toBe('ok');
  });
});
