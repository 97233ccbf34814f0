/**
 * OpenTelemetry traces, configured by the standard variables only: the real server process exports over OTLP/HTTP
 * to a collector stand-in of the test (an HTTP server that keeps what is posted to /v1/traces). A request that
 * carries a W3C `traceparent` gets a server span in that trace, named by its route, and the SQL statements it ran
 * are client spans under it (tests/unit/tracing-config.test.ts: which variables turn traces on).
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginOverHttp } from '../../scripts/portal-login.js';
import { freePort, startPortalProcess, until, type PortalProcess } from '../support/portal-process.js';
import { DEMO } from './test-app.js';

interface OtlpSpan {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  kind: number;
  attributes?: { key: string; value: { stringValue?: string; intValue?: string | number } }[];
}
interface OtlpExport {
  resourceSpans?: { scopeSpans?: { spans?: OtlpSpan[] }[] }[];
}

const SERVER = 2;
const CLIENT = 3;
const attribute = (span: OtlpSpan, key: string) => span.attributes?.find((a) => a.key === key)?.value;

const received: OtlpSpan[] = [];
let collector: http.Server;
let server: PortalProcess;
let dataDir = '';

beforeAll(async () => {
  collector = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      if (request.url === '/v1/traces') {
        const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as OtlpExport;
        for (const resource of body.resourceSpans ?? [])
          for (const scope of resource.scopeSpans ?? []) received.push(...(scope.spans ?? []));
      }
      response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => collector.listen(0, '127.0.0.1', resolve));
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'portal-tracing-'));
  server = await startPortalProcess(await freePort(), {
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    PORTAL_DEMO: '1',
    PORTAL_SIMULATOR: 'off',
    PORTAL_MQTT_PORT: 'off',
    PORTAL_CAPTCHA_FIXED: '2468',
    OTEL_EXPORTER_OTLP_ENDPOINT: `http://127.0.0.1:${(collector.address() as AddressInfo).port}`,
    OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json',
    OTEL_BSP_SCHEDULE_DELAY: '200',
    OTEL_SERVICE_NAME: 'portal-under-test',
  });
}, 180_000);

afterAll(async () => {
  await server?.stop('SIGTERM');
  await new Promise((resolve) => collector?.close(resolve));
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
}, 60_000);

describe('OpenTelemetry traces', () => {
  it('a request continues the caller’s trace, with a span per SQL statement it ran under its own', async () => {
    const token = await loginOverHttp(server.origin, { ...DEMO.staff, captcha: '2468' });
    const traceId = randomBytes(16).toString('hex');
    const callerSpan = randomBytes(8).toString('hex');
    const answer = await fetch(`${server.origin}/api/MC/McMessageUser/v1.0/personalTotal`, {
      headers: { 'access-token': token, traceparent: `00-${traceId}-${callerSpan}-01` },
    });
    expect(answer.status).toBe(200);

    let request: OtlpSpan | undefined;
    await until(
      'the request’s span at the collector',
      () => {
        request = received.find((span) => span.traceId === traceId && span.kind === SERVER);
        return Boolean(request) && received.some((span) => span.parentSpanId === request!.spanId);
      },
      30_000,
    );
    expect(request).toMatchObject({ name: 'GET /api/MC/McMessageUser/v1.0/personalTotal', parentSpanId: callerSpan });
    expect(attribute(request!, 'http.response.status_code')?.intValue).toEqual(expect.anything());
    const statements = received.filter((span) => span.parentSpanId === request!.spanId && span.kind === CLIENT);
    expect(statements.length).toBeGreaterThan(0);
    expect(statements.every((span) => span.traceId === traceId)).toBe(true);
    expect(statements.map((span) => span.name)).toContain('SELECT');
    expect(String(attribute(statements[0], 'db.query.text')?.stringValue)).toMatch(/^\s*(select|with|insert|update)/i);
    // Parameters stay out of the trace: the text has placeholders only.
    expect(statements.some((span) => /\$1/.test(String(attribute(span, 'db.query.text')?.stringValue)))).toBe(true);
  });
});
