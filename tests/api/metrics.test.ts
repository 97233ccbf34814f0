/**
 * GET /metrics for the operator's Prometheus: requests per route pattern with their envelope codes and durations,
 * the process, the job queue, the event streams and the IoT platform's figures; answered only to the machine itself,
 * or to whoever sends the configured bearer token.
 */
import { describe, expect, it } from 'vitest';
import { useCallers } from './admin-helpers.js';
import { useTestApp } from './test-app.js';

const t = useTestApp();
const who = useCallers(t);
const TOKEN = 'scraper-token-0123456789';

async function scrape(app = t.app, options: { remoteAddress?: string; token?: string } = {}) {
  const response = await app.inject({
    method: 'GET',
    url: '/metrics',
    remoteAddress: options.remoteAddress ?? '127.0.0.1',
    headers: options.token ? { authorization: `Bearer ${options.token}` } : {},
  });
  return { status: response.statusCode, text: response.body, type: response.headers['content-type'] };
}

/** The value of a sample line `name{labels} value`, 0 when there is none. */
function sample(text: string, name: string, labels: string): number {
  const line = text.split('\n').find((each) => each.startsWith(`${name}{${labels}}`));
  return line ? Number(line.split(' ').at(-1)) : 0;
}

describe('metrics', () => {
  it('count a request under its route pattern with its envelope code, and time it', async () => {
    const route = 'method="GET",route="/api/data/labour-worker/:id",status="200"';
    const before = await scrape();
    expect(before.status).toBe(200);
    expect(before.type).toContain('text/plain');
    // A record that is not there: HTTP 200 with the envelope's -404, counted as such.
    expect((await who.manager.call('GET', '/api/data/labour-worker/no-such-worker')).msgCode).toBe(-404);
    const after = (await scrape()).text;
    const key = `${route},code="-404"`;
    expect(sample(after, 'portal_http_requests_total', key)).toBe(
      sample(before.text, 'portal_http_requests_total', key) + 1,
    );
    expect(
      sample(after, 'portal_http_request_duration_seconds_count', 'method="GET",route="/api/data/labour-worker/:id"'),
    ).toBeGreaterThan(0);
    // A path no route has is one label, whatever the path.
    await t.app.inject({ method: 'GET', url: '/api/nothing/here-12345' });
    expect((await scrape()).text).toContain('route="unmatched"');
    expect((await scrape()).text).not.toContain('here-12345');
  });

  it('carry the process, the job queue, the event streams and the IoT platform', async () => {
    const { text } = await scrape();
    for (const name of [
      'process_cpu_user_seconds_total',
      'nodejs_eventloop_lag_p99_seconds',
      'nodejs_heap_size_used_bytes',
      'portal_event_streams',
      'portal_jobs{',
      'portal_iot_values_stored_total',
      'portal_iot_write_backlog',
    ])
      expect(text, name).toContain(name);
  });

  it('answer only the machine itself, or the bearer of the configured token', async () => {
    expect((await scrape(t.app, { remoteAddress: '10.1.2.3' })).status).toBe(404);
    const guarded = await t.sibling({ metricsToken: TOKEN });
    expect((await scrape(guarded)).status).toBe(404);
    expect((await scrape(guarded, { token: 'wrong' })).status).toBe(404);
    expect((await scrape(guarded, { remoteAddress: '10.1.2.3', token: TOKEN })).status).toBe(200);
  });
});
