import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { OneLinePerRequest, type RequestLogOptions } from '../../src/server/http/request-log.js';
import { lazyChildLogger } from '../../src/server/http/request-logger.js';

/** The slow route takes longer than this by far and the quick one nothing, so a busy machine cannot swap them. */
const SLOW_MS = 1000;

/** An app with the portal's request log writing into an array: a quick route, a slow one, a failing one (500). */
async function appWith(options: RequestLogOptions) {
  const lines: Array<{ msg: string; level: number; req?: { url: string }; responseTime?: number }> = [];
  const app = Fastify({
    logController: new OneLinePerRequest(options),
    logger: { level: 'info', stream: { write: (line: string) => lines.push(JSON.parse(line)) } },
  });
  app.get('/quick', async () => ({ msgCode: 0 }));
  app.get('/slow', async () => {
    await new Promise((resolve) => setTimeout(resolve, SLOW_MS + 200));
    return { msgCode: 0 };
  });
  app.get('/broken', async () => {
    throw new Error('boom');
  });
  await app.ready();
  return { app, lines };
}

describe('request log', () => {
  it('by default writes only failed and slow requests', async () => {
    const { app, lines } = await appWith({ everyRequest: false, slowMs: SLOW_MS });
    for (const url of ['/quick', '/quick', '/slow', '/broken']) await app.inject({ url });
    await app.close();
    const requestLines = lines.filter((line) => line.responseTime !== undefined);
    expect(requestLines.map((line) => [line.msg, line.req?.url])).toEqual([
      ['slow request', '/slow'],
      ['request failed', '/broken'],
    ]);
  });

  it('writes one line for every request when asked (PORTAL_REQUEST_LOG=1)', async () => {
    const { app, lines } = await appWith({ everyRequest: true, slowMs: 60_000 });
    for (const url of ['/quick', '/slow', '/broken']) await app.inject({ url });
    await app.close();
    const requestLines = lines.filter((line) => line.responseTime !== undefined);
    expect(requestLines.map((line) => [line.msg, line.req?.url])).toEqual([
      ['request completed', '/quick'],
      ['request completed', '/slow'],
      ['request failed', '/broken'],
    ]);
  });
});

describe("a request's logger, made when first used", () => {
  it('writes what the pino child would: the request id, the route log level, child bindings', async () => {
    const lines: Array<{ msg: string; level: number; reqId?: string; step?: number }> = [];
    const app = Fastify({
      childLoggerFactory: lazyChildLogger,
      genReqId: () => 'req-lazy',
      logger: { level: 'info', stream: { write: (line: string) => lines.push(JSON.parse(line)) } },
    });
    app.get('/logs', async (request) => {
      request.log.info('handled');
      request.log.child({ step: 2 }).warn('second step');
      return { msgCode: 0 };
    });
    app.get('/quiet', { logLevel: 'warn' }, async (request) => {
      expect(request.log.level).toBe('warn');
      request.log.info('below the route level');
      request.log.warn('at the route level');
      return { msgCode: 0 };
    });
    await app.inject({ url: '/logs' });
    await app.inject({ url: '/quiet' });
    await app.close();
    const own = lines.filter((line) => line.msg !== 'incoming request' && line.msg !== 'request completed');
    expect(own.map(({ msg, reqId, step }) => ({ msg, reqId, step }))).toEqual([
      { msg: 'handled', reqId: 'req-lazy', step: undefined },
      { msg: 'second step', reqId: 'req-lazy', step: 2 },
      { msg: 'at the route level', reqId: 'req-lazy', step: undefined },
    ]);
    // Fastify's own lines go through the same logger.
    expect(lines.filter((line) => line.msg === 'request completed').every((line) => line.reqId === 'req-lazy')).toBe(
      true,
    );
  });
});
