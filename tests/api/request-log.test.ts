import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { OneLinePerRequest, type RequestLogOptions } from '../../src/server/http/request-log.js';

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
