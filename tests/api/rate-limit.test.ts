/**
 * API rate limits: per client address and per logged-in user, -429 with a Chinese message and Retry-After, counted
 * in one table so that instances on one database agree.
 */
import { describe, expect, it } from 'vitest';
import { DEFAULT_RATE_LIMIT } from '../../src/server/config.js';
import { DEMO, json, loginTokens, testClock, useTestApp } from './test-app.js';

const LIMITED = { msgCode: -429, errMsg: '请求过于频繁，请稍后再试' };
// A fixed clock: the windows are aligned to their length, and a test must not straddle two of them.
const clock = testClock(new Date('2026-11-23T08:00:10Z'));
const rateLimit = (perAddress: number, perUser: number) => ({
  ...DEFAULT_RATE_LIMIT,
  perAddress,
  perUser,
  flushMs: 3_600_000,
});

const ping = (app: ReturnType<typeof useTestApp>['app'], token?: string) =>
  app.inject({ method: 'GET', url: '/api/pub/ping', headers: token ? { 'access-token': token } : {} });

describe('per address', () => {
  const t = useTestApp({ now: clock.now, rateLimit: rateLimit(5, 0) });

  it('answers -429 with Retry-After past the limit, until the window ends', async () => {
    for (let i = 0; i < 5; i += 1) expect(json(await ping(t.app)).msgCode).toBe(0);
    const refused = await ping(t.app);
    expect(refused.statusCode).toBe(200);
    expect(json(refused)).toEqual(LIMITED);
    expect(refused.headers['retry-after']).toBe('50');
    clock.advance(50_000);
    expect(json(await ping(t.app)).msgCode).toBe(0);
  });

  it('agrees with another instance on the same database once both have flushed', async () => {
    clock.advance(60_000);
    const other = await t.sibling({ now: clock.now, rateLimit: rateLimit(5, 0) });
    for (let i = 0; i < 3; i += 1) expect(json(await ping(t.app)).msgCode).toBe(0);
    await t.app.rateLimitCounters?.flush();
    for (let i = 0; i < 2; i += 1) expect(json(await ping(other)).msgCode).toBe(0);
    await other.rateLimitCounters?.flush();
    expect(json(await ping(other))).toEqual(LIMITED);
    await t.app.rateLimitCounters?.flush();
    expect(json(await ping(t.app))).toEqual(LIMITED);
  });
});

describe('per user', () => {
  const t = useTestApp({ now: clock.now, rateLimit: rateLimit(0, 3) });

  it('limits each logged-in user on their own, and leaves requests without a token alone', async () => {
    clock.advance(60_000);
    const staff = (await loginTokens(t.app, DEMO.staff.username, DEMO.staff.password)).access_token;
    const manager = (await loginTokens(t.app, DEMO.manager.username, DEMO.manager.password)).access_token;
    for (let i = 0; i < 3; i += 1) expect(json(await ping(t.app, staff)).msgCode).toBe(0);
    expect(json(await ping(t.app, staff))).toEqual(LIMITED);
    expect(json(await ping(t.app, manager)).msgCode).toBe(0);
    for (let i = 0; i < 5; i += 1) expect(json(await ping(t.app)).msgCode).toBe(0);
  });
});

describe('defaults', () => {
  it('are generous and configurable', () => {
    expect(DEFAULT_RATE_LIMIT).toMatchObject({ perUser: 1200, perAddress: 3000, windowMs: 60_000 });
  });
});
