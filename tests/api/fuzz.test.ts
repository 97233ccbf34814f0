/**
 * API fuzzing: a few thousand generated bad requests over every operation of the OpenAPI document the server serves
 * (wrong types, huge and NUL-bearing strings, odd Unicode, malformed and mistyped bodies, bad tokens, broken path
 * parameters). Whatever arrives, the server answers below 500, never shows a stack trace or a file path, and still
 * answers afterwards. Seeded: every run sends the same requests, so a failure names a request that can be replayed.
 */
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { DEFAULT_RATE_LIMIT } from '../../src/server/config.js';
import {
  jsonBodySchema,
  LEAKS,
  openApiDocument,
  operationsOf,
  plausible,
  seeded,
  type JsonSchema,
  type OpenApiDocument,
  type Operation,
} from './openapi-requests.js';
import { DEMO, json, useTestApp } from './test-app.js';

// The limiter stays in the path of every request, with limits this run does not reach (it would answer -429 and
// spare the routes the fuzzing).
const t = useTestApp({ rateLimit: { ...DEFAULT_RATE_LIMIT, perUser: 1_000_000, perAddress: 1_000_000 } });

const ROUNDS_PER_OPERATION = 20;
const SEED = 20_261_123;

const random = seeded(SEED);
const pick = <T>(choices: readonly T[]): T => choices[Math.floor(random() * choices.length)];

/** Strings meant to break something: NUL, huge, control and bidi characters, astral planes, injections, paths. */
const nastyStrings: readonly string[] = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  'x'.repeat(100_000),
  '字'.repeat(20_000),
  '\uD800',
  '𠮷野家\u202E\u200B',
  "' or 1=1 --",
  '"; drop table sys_user; --',
  '<script>alert(1)</script>',
  '../../../../etc/passwd',
  '%00%zz%',
  '{{constructor.constructor}}',
  '__proto__',
  '-1',
  '1e309',
  'NaN',
  '2026-02-30',
  'null',
];

const nastyValues = (): unknown[] => [
  pick(nastyStrings),
  -1,
  0,
  2 ** 53 + 1,
  -1e308,
  3.5,
  true,
  null,
  [],
  [pick(nastyStrings)],
  {},
  { __proto__: { polluted: true } },
  JSON.parse('{"__proto__":{"polluted":true},"constructor":{"prototype":{"x":1}}}') as unknown,
  Array.from({ length: 5_000 }, (_, i) => i),
  nested(pick([50, 2_000])),
];

function nested(depth: number): unknown {
  let value: unknown = 'deep';
  for (let i = 0; i < depth; i += 1) value = random() < 0.5 ? [value] : { a: value };
  return value;
}

/** A body for the operation: plausible with some fields spoilt, or something else altogether. */
function spoiltBody(schema: JsonSchema | undefined): unknown {
  const base = plausible(schema, { pick });
  if (base === null || typeof base !== 'object' || Array.isArray(base) || random() < 0.2) return pick(nastyValues());
  const fields = Object.keys(base);
  const record = base as Record<string, unknown>;
  const spoil = Math.max(1, Math.floor(random() * fields.length));
  for (let i = 0; i < spoil; i += 1) record[fields.length > 0 ? pick(fields) : 'extra'] = pick(nastyValues());
  if (random() < 0.2) delete record[pick(fields)];
  return record;
}

/** Percent-encoding as a client would; a lone surrogate (which has no UTF-8) goes as its raw bytes. */
function encode(text: string): string {
  try {
    return encodeURIComponent(text);
  } catch {
    return '%ED%A0%80';
  }
}

/** A path segment that should be refused: encoded like a client would, or raw and malformed. */
function badSegment(): string {
  const raw = pick([...nastyStrings.slice(0, 12), 'a1']);
  return random() < 0.15 ? pick(['%', '%zz', '%E4%B8', '..', '%2e%2e%2f']) : encode(raw);
}

function queryString(parameters: Operation['parameters']): string {
  const query = (parameters ?? []).filter((parameter) => parameter.in === 'query');
  const names = query.length > 0 ? query.map((parameter) => parameter.name) : ['x'];
  const pairs = names
    .filter(() => random() < 0.7)
    .map((name) => {
      const value = pick(nastyValues());
      const text = typeof value === 'string' ? value : JSON.stringify(value);
      return `${encodeURIComponent(name)}=${random() < 0.9 ? encode(text.slice(0, 20_000)) : '%zz'}`;
    });
  if (random() < 0.1) pairs.push(`${names[0]}=a&${names[0]}=b`);
  return pairs.length > 0 ? `?${pairs.join('&')}` : '';
}

const BAD_TOKENS = ['x', 'a.b.c', 'eyJhbGciOiJIUzI1NiJ9.e30.AAAA', 'x'.repeat(10_000), '\u00ff\u00fe'];

/** Raw bodies no JSON parser accepts, and content types no route expects. */
const brokenBodies: readonly { contentType: string; payload: string }[] = [
  { contentType: 'application/json', payload: '{"a":' },
  { contentType: 'application/json', payload: '['.repeat(100_000) },
  { contentType: 'application/json', payload: '"\\u0000"' },
  { contentType: 'application/json', payload: '{"__proto__":{"x":1}}' },
  { contentType: 'application/json; charset=latin1', payload: '{}' },
  { contentType: 'text/plain', payload: 'hello' },
  { contentType: 'multipart/form-data; boundary=zzz', payload: '{"a":1}' },
  { contentType: 'multipart/form-data', payload: '--x\r\n' },
  { contentType: 'application/x-www-form-urlencoded', payload: 'a=%zz' },
];

interface FuzzRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  payload?: string;
}

/** Every request of the run, operation by operation, from the seed. */
function fuzzRequests(document: OpenApiDocument, tokenFor: () => string): FuzzRequest[] {
  const requests: FuzzRequest[] = [];
  for (const { method, template, operation } of operationsOf(document)) {
    const bodySchema = jsonBodySchema(operation);
    const takesBody = method !== 'get' && method !== 'delete';
    for (let round = 0; round < ROUNDS_PER_OPERATION; round += 1) {
      const url = template.replace(/\{[^}]+\}/g, () => badSegment()) + queryString(operation.parameters);
      const headers: Record<string, string> = {};
      const auth = random();
      if (auth < 0.75) headers['access-token'] = tokenFor();
      else if (auth < 0.9) headers['access-token'] = pick(BAD_TOKENS);
      if (random() < 0.1) headers.cookie = `captcha_id=${encode(pick(nastyStrings).slice(0, 1000))}`;
      let payload: string | undefined;
      if (takesBody) {
        if (random() < 0.25) {
          const broken = pick(brokenBodies);
          headers['content-type'] = broken.contentType;
          payload = broken.payload;
        } else {
          headers['content-type'] = 'application/json';
          payload = JSON.stringify(spoiltBody(bodySchema));
        }
      }
      requests.push({ method: method.toUpperCase(), url, headers, payload });
    }
  }
  return requests;
}

function describeRequest(request: FuzzRequest): string {
  return `${request.method} ${request.url.slice(0, 200)} ${JSON.stringify(request.headers).slice(0, 200)} ${(request.payload ?? '').slice(0, 200)}`;
}

describe('API fuzzing over the OpenAPI document', () => {
  it('answers thousands of bad requests below 500, without leaks, and keeps answering', async () => {
    const document = await openApiDocument(t.app);
    expect(operationsOf(document).length).toBeGreaterThan(100);

    // A fresh session every few requests: a fuzzed logout or password change may end the one in use.
    const admin = await t.app.services.users.findByLoginName(DEMO.admin.username);
    if (!admin) throw new Error('no admin');
    const tokens: string[] = [];
    for (let i = 0; i < 40; i += 1) {
      const session = await t.app.services.sessions.start(admin.id);
      tokens.push(t.app.services.accessTokens.issue(admin.id, session.familyId));
    }
    const requests = fuzzRequests(document, () => pick(tokens));
    expect(requests.length).toBeGreaterThan(2_000);

    const failures: string[] = [];
    for (const request of requests) {
      const response: LightMyRequestResponse = await t.app.inject(request as InjectOptions);
      const text = /json|text|html/.test(String(response.headers['content-type'] ?? '')) ? response.body : '';
      if (response.statusCode >= 500)
        failures.push(`${response.statusCode} ${describeRequest(request)} -> ${text.slice(0, 300)}`);
      const leak = LEAKS.find((pattern) => pattern.test(text));
      if (leak) failures.push(`leak ${leak} ${describeRequest(request)} -> ${text.slice(0, 300)}`);
      if (failures.length >= 20) break;
    }
    expect(failures).toEqual([]);

    const ping = await t.app.inject({ method: 'GET', url: '/api/pub/ping' });
    expect(json(ping).msgCode).toBe(0);
    const login = await t.app.inject({ method: 'GET', url: '/api/pub/keys' });
    expect(json(login).msgCode).toBe(0);
    // Thousands of requests: a shared, busy machine may take minutes (a limit, not a measure of speed).
  }, 600_000);
});
