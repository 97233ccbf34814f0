/**
 * The shared HTTP client (spec sections 7 and 8) against a fake `fetch`: headers, timeout, the error
 * catalogue, and the one shared token refresh with replay.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createHttpClient, REFRESH_PATH, REQUEST_TIMEOUT_MS, type HttpClientDeps } from '../../src/app/http/client';
import { RequestFailure } from '../../src/app/http/transport-errors';
import type { Envelope, TokenPair } from '../../src/shared/envelope';

interface SentRequest {
  url: string;
  method: string;
  headers: Record<string, string>;
  body: unknown;
  cache: RequestCache | undefined;
  signal: AbortSignal | undefined;
}

type Responder = (request: SentRequest) => Response | Promise<Response>;

function json(body: Envelope, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

function ok(data: unknown = null): Response {
  return json({ msgCode: 0, errMsg: '', data });
}

/** A fake `fetch` that records every request and answers through `respond`. */
function fakeFetch(respond: Responder) {
  const sent: SentRequest[] = [];
  const fetchFn = vi.fn(async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const request: SentRequest = {
      url: String(input),
      method: init?.method ?? 'GET',
      headers: { ...(init?.headers as Record<string, string> | undefined) },
      body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
      cache: init?.cache,
      signal: init?.signal ?? undefined,
    };
    sent.push(request);
    return respond(request);
  });
  return { fetch: fetchFn as unknown as typeof fetch, sent };
}

interface Harness {
  deps: HttpClientDeps;
  tokens: { access: string | undefined; refresh: string | undefined };
  errors: string[];
  onRefreshFailed: ReturnType<typeof vi.fn>;
  onSessionInvalid: ReturnType<typeof vi.fn>;
  save: ReturnType<typeof vi.fn>;
}

function harness(fetchFn: typeof fetch, extra: Partial<HttpClientDeps> = {}): Harness {
  const tokens = { access: 'access-1' as string | undefined, refresh: 'refresh-1' as string | undefined };
  const errors: string[] = [];
  const onRefreshFailed = vi.fn();
  const onSessionInvalid = vi.fn();
  const save = vi.fn((pair: TokenPair) => {
    tokens.access = pair.access_token;
    tokens.refresh = pair.refresh_token;
  });
  const deps: HttpClientDeps = {
    fetch: fetchFn,
    tokens: { access: () => tokens.access, refresh: () => tokens.refresh, save },
    notify: { error: (message) => errors.push(message) },
    onRefreshFailed,
    onSessionInvalid,
    now: () => new Date(2026, 0, 2, 3, 4, 5),
    ...extra,
  };
  return { deps, tokens, errors, onRefreshFailed, onSessionInvalid, save };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('headers', () => {
  it('sends Access-Token from the token store and Request-DateTime', async () => {
    const { fetch, sent } = fakeFetch(() => ok({ a: 1 }));
    const h = harness(fetch);
    const envelope = await createHttpClient(h.deps).request<Envelope>({
      method: 'POST',
      url: '/api/x',
      body: { a: 1 },
    });
    expect(envelope.data).toEqual({ a: 1 });
    expect(sent).toHaveLength(1);
    expect(sent[0].headers['Access-Token']).toBe('access-1');
    expect(sent[0].headers['Request-DateTime']).toBe('2026-01-02 03:04:05');
    expect(sent[0].body).toEqual({ a: 1 });
    expect(sent[0].headers['Content-Type']).toBe('application/json');
    // POST is not marked no-cache
    expect(sent[0].headers['Cache-Control']).toBeUndefined();
  });

  it('leaves Access-Token out when there is no stored token', async () => {
    const { fetch, sent } = fakeFetch(() => ok());
    const h = harness(fetch);
    h.tokens.access = undefined;
    await createHttpClient(h.deps).request({ method: 'GET', url: '/api/pub/ping' });
    expect('Access-Token' in sent[0].headers).toBe(false);
    expect(sent[0].headers['Request-DateTime']).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
  });

  it('reads the current token on every request', async () => {
    const { fetch, sent } = fakeFetch(() => ok());
    const h = harness(fetch);
    const client = createHttpClient(h.deps);
    await client.request({ method: 'GET', url: '/a' });
    h.tokens.access = 'access-2';
    await client.request({ method: 'GET', url: '/b' });
    expect(sent.map((r) => r.headers['Access-Token'])).toEqual(['access-1', 'access-2']);
  });

  it('GET is sent no-cache, with the query string', async () => {
    const { fetch, sent } = fakeFetch(() => ok());
    const h = harness(fetch);
    await createHttpClient(h.deps).request({
      method: 'GET',
      url: '/api/user/list',
      query: { pageNo: 1, pageSize: 10, name: '', skip: undefined },
    });
    expect(sent[0].method).toBe('GET');
    expect(sent[0].headers['Cache-Control']).toBe('no-cache');
    expect(sent[0].cache).toBe('no-cache');
    expect(sent[0].url).toBe('/api/user/list?pageNo=1&pageSize=10');
  });
});

describe('timeout', () => {
  it('the default timeout is exactly 3,000,000 ms', async () => {
    expect(REQUEST_TIMEOUT_MS).toBe(3_000_000);
    vi.useFakeTimers();
    const { fetch, sent } = fakeFetch(
      (request) =>
        new Promise<Response>((_resolve, reject) => {
          request.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
        }),
    );
    const h = harness(fetch);
    const pending = createHttpClient(h.deps).request({ method: 'GET', url: '/slow' });
    const settled = pending.then(
      () => 'resolved',
      (error: unknown) => error,
    );
    await vi.advanceTimersByTimeAsync(REQUEST_TIMEOUT_MS - 1);
    expect(sent[0].signal?.aborted).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(sent[0].signal?.aborted).toBe(true);
    const error = await settled;
    expect(error).toBeInstanceOf(RequestFailure);
    expect((error as RequestFailure).message).toBe('请求超时，请重试');
    expect(h.errors).toEqual(['请求超时，请重试']);
  });

  it('a request that never answers is aborted after timeoutMs, rejects and toasts 请求超时，请重试', async () => {
    const { fetch, sent } = fakeFetch(
      (request) =>
        new Promise<Response>((_resolve, reject) => {
          request.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
        }),
    );
    const h = harness(fetch, { timeoutMs: 30 });
    await expect(createHttpClient(h.deps).request({ method: 'POST', url: '/slow', body: {} })).rejects.toThrow(
      '请求超时，请重试',
    );
    expect(sent[0].signal?.aborted).toBe(true);
    expect(h.errors).toEqual(['请求超时，请重试']);
  });
});

describe('transport failures', () => {
  it.each([404, 500, 502])('HTTP %i -> 网络错误, 状态码:%i', async (status) => {
    const { fetch } = fakeFetch(() => new Response('oops', { status }));
    const h = harness(fetch);
    const failure = await createHttpClient(h.deps)
      .request({ method: 'GET', url: '/x' })
      .catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(RequestFailure);
    expect((failure as RequestFailure).message).toBe(`网络错误, 状态码:${status}`);
    expect((failure as RequestFailure).detail.status).toBe(status);
    expect(h.errors).toEqual([`网络错误, 状态码:${status}`]);
  });

  it('500 gives exactly 网络错误, 状态码:500 even with a JSON envelope body', async () => {
    const { fetch } = fakeFetch(() => json({ msgCode: -500, errMsg: 'internal' }, 500));
    const h = harness(fetch);
    await expect(createHttpClient(h.deps).request({ method: 'GET', url: '/x' })).rejects.toThrow(
      '网络错误, 状态码:500',
    );
    expect(h.errors).toEqual(['网络错误, 状态码:500']);
  });

  it('fetch throwing TypeError -> 网络错误: Failed to fetch', async () => {
    const { fetch } = fakeFetch(() => {
      throw new TypeError('Failed to fetch');
    });
    const h = harness(fetch);
    await expect(createHttpClient(h.deps).request({ method: 'GET', url: '/x' })).rejects.toThrow(
      '网络错误: Failed to fetch',
    );
    expect(h.errors).toEqual(['网络错误: Failed to fetch']);
  });
});

describe('business codes', () => {
  it('another negative msgCode toasts errMsg and rejects with the envelope', async () => {
    const { fetch } = fakeFetch(() => json({ msgCode: -409, errMsg: '用户名已存在' }));
    const h = harness(fetch);
    const failure = await createHttpClient(h.deps)
      .request({ method: 'POST', url: '/api/user', body: {} })
      .catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(RequestFailure);
    expect((failure as RequestFailure).message).toBe('用户名已存在');
    expect((failure as RequestFailure).detail.msgCode).toBe(-409);
    expect(h.errors).toEqual(['用户名已存在']);
    expect(h.onSessionInvalid).not.toHaveBeenCalled();
    expect(h.onRefreshFailed).not.toHaveBeenCalled();
  });

  it('acceptCodes lets a negative code through as a resolved envelope without a toast', async () => {
    const { fetch } = fakeFetch(() => json({ msgCode: -16001, errMsg: '请修改密码', data: { access_token: 't' } }));
    const h = harness(fetch);
    const envelope = await createHttpClient(h.deps).request<Envelope>({
      method: 'POST',
      url: '/api/login',
      body: {},
      acceptCodes: [-16001, -1],
    });
    expect(envelope.msgCode).toBe(-16001);
    expect(envelope.data).toEqual({ access_token: 't' });
    expect(h.errors).toEqual([]);
  });

  it('a code not in acceptCodes still rejects', async () => {
    const { fetch } = fakeFetch(() => json({ msgCode: -429, errMsg: '尝试次数过多' }));
    const h = harness(fetch);
    await expect(
      createHttpClient(h.deps).request({ method: 'POST', url: '/api/login', body: {}, acceptCodes: [-1] }),
    ).rejects.toThrow('尝试次数过多');
    expect(h.errors).toEqual(['尝试次数过多']);
  });

  it('-10014 shows the message and calls onSessionInvalid', async () => {
    const { fetch, sent } = fakeFetch(() => json({ msgCode: -10014, errMsg: '账号已在别处登录' }));
    const h = harness(fetch);
    await expect(createHttpClient(h.deps).request({ method: 'GET', url: '/api/user/getCurrentUser' })).rejects.toThrow(
      '账号已在别处登录',
    );
    expect(h.errors).toEqual(['账号已在别处登录']);
    expect(h.onSessionInvalid).toHaveBeenCalledTimes(1);
    // The login page says it again: the toast goes with the page.
    expect(h.onSessionInvalid).toHaveBeenCalledWith('账号已在别处登录');
    expect(h.onRefreshFailed).not.toHaveBeenCalled();
    expect(sent).toHaveLength(1);
  });
});

describe('token refresh (-10005)', () => {
  const urls = ['/api/a', '/api/b', '/api/c', '/api/d', '/api/e'];

  /** Every request with the old token gets -10005; the refresh answers `refreshAnswer`. */
  function expiringServer(refreshAnswer: () => Response | Promise<Response>) {
    return fakeFetch(async (request) => {
      // Let all five originals be in flight before any answer arrives.
      await new Promise((resolve) => setTimeout(resolve, 5));
      if (request.url === REFRESH_PATH) return refreshAnswer();
      if (request.headers['Access-Token'] === 'access-2') return ok({ url: request.url });
      return json({ msgCode: -10005, errMsg: 'token 已过期' });
    });
  }

  it('five concurrent -10005 share ONE refresh and each replays once with the new token', async () => {
    const { fetch, sent } = expiringServer(() =>
      ok({ access_token: 'access-2', refresh_token: 'refresh-2' } satisfies TokenPair),
    );
    const h = harness(fetch);
    const client = createHttpClient(h.deps);
    const results = await Promise.all(
      urls.map((url) => client.request<Envelope<{ url: string }>>({ method: 'POST', url, body: { url } })),
    );

    expect(results.map((r) => r.data?.url)).toEqual(urls);
    const refreshes = sent.filter((r) => r.url === REFRESH_PATH);
    expect(refreshes).toHaveLength(1);
    expect(refreshes[0].method).toBe('POST');
    expect(refreshes[0].body).toEqual({ refreshToken: 'refresh-1' });
    expect(h.save).toHaveBeenCalledTimes(1);
    expect(h.save).toHaveBeenCalledWith({ access_token: 'access-2', refresh_token: 'refresh-2' });
    for (const url of urls) {
      const copies = sent.filter((r) => r.url === url);
      expect(copies).toHaveLength(2);
      expect(copies[0].headers['Access-Token']).toBe('access-1');
      expect(copies[1].headers['Access-Token']).toBe('access-2');
      expect(copies[1].body).toEqual({ url });
    }
    expect(sent).toHaveLength(11);
    expect(h.errors).toEqual([]);
    expect(h.onRefreshFailed).not.toHaveBeenCalled();
  });

  it('the replay of a GET keeps its method and query', async () => {
    const { fetch, sent } = expiringServer(() => ok({ access_token: 'access-2', refresh_token: 'refresh-2' }));
    const h = harness(fetch);
    await createHttpClient(h.deps).request({ method: 'GET', url: '/api/user/list', query: { pageNo: 2 } });
    const copies = sent.filter((r) => r.url === '/api/user/list?pageNo=2');
    expect(copies.map((r) => [r.method, r.headers['Access-Token'], r.headers['Cache-Control']])).toEqual([
      ['GET', 'access-1', 'no-cache'],
      ['GET', 'access-2', 'no-cache'],
    ]);
  });

  it.each([
    ['refresh answers -10014', () => json({ msgCode: -10014, errMsg: '登录已失效' })],
    ['refresh answers HTTP 500', () => new Response('', { status: 500 })],
    ['refresh answers 0 without a token', () => ok(null)],
    [
      'refresh network failure',
      (): Response => {
        throw new TypeError('Failed to fetch');
      },
    ],
  ])('%s: onRefreshFailed once, all five reject, nothing replayed', async (_name, answer) => {
    const { fetch, sent } = expiringServer(answer);
    const h = harness(fetch);
    const client = createHttpClient(h.deps);
    const outcomes = await Promise.allSettled(urls.map((url) => client.request({ method: 'POST', url, body: {} })));

    expect(outcomes.every((o) => o.status === 'rejected')).toBe(true);
    for (const outcome of outcomes) {
      if (outcome.status === 'rejected') expect(outcome.reason).toBeInstanceOf(RequestFailure);
    }
    expect(h.onRefreshFailed).toHaveBeenCalledTimes(1);
    expect(sent.filter((r) => r.url === REFRESH_PATH)).toHaveLength(1);
    for (const url of urls) expect(sent.filter((r) => r.url === url)).toHaveLength(1);
    expect(h.save).not.toHaveBeenCalled();
  });

  it('without a stored refresh token no refresh is sent and onRefreshFailed is called', async () => {
    const { fetch, sent } = expiringServer(() => ok({ access_token: 'access-2', refresh_token: 'refresh-2' }));
    const h = harness(fetch);
    h.tokens.refresh = undefined;
    await expect(createHttpClient(h.deps).request({ method: 'GET', url: '/api/a' })).rejects.toBeInstanceOf(
      RequestFailure,
    );
    expect(sent.filter((r) => r.url === REFRESH_PATH)).toHaveLength(0);
    expect(h.onRefreshFailed).toHaveBeenCalledTimes(1);
  });

  it('a replay that gets -10005 again does not refresh a second time (no loop)', async () => {
    const { fetch, sent } = fakeFetch((request) => {
      if (request.url === REFRESH_PATH) return ok({ access_token: 'access-2', refresh_token: 'refresh-2' });
      return json({ msgCode: -10005, errMsg: 'token 已过期' });
    });
    const h = harness(fetch);
    const failure = await createHttpClient(h.deps)
      .request({ method: 'GET', url: '/api/a' })
      .catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(RequestFailure);
    expect((failure as RequestFailure).detail.msgCode).toBe(-10005);
    expect(sent.filter((r) => r.url === REFRESH_PATH)).toHaveLength(1);
    expect(sent.filter((r) => r.url === '/api/a')).toHaveLength(2);
    expect(h.errors).toEqual(['token 已过期']);
  });

  it('a -10005 from the refresh call itself does not start another refresh', async () => {
    const { fetch, sent } = fakeFetch(() => json({ msgCode: -10005, errMsg: 'token 已过期' }));
    const h = harness(fetch);
    await expect(createHttpClient(h.deps).request({ method: 'GET', url: '/api/a' })).rejects.toBeInstanceOf(
      RequestFailure,
    );
    expect(sent.filter((r) => r.url === REFRESH_PATH)).toHaveLength(1);
    expect(h.onRefreshFailed).toHaveBeenCalledTimes(1);
  });

  it('a later, separate expiry refreshes again (the shared refresh is not cached forever)', async () => {
    let valid = 'access-1';
    let issued = 1;
    const { fetch, sent } = fakeFetch((request) => {
      if (request.url === REFRESH_PATH) {
        issued += 1;
        valid = `access-${issued}`;
        return ok({ access_token: valid, refresh_token: `refresh-${issued}` });
      }
      return request.headers['Access-Token'] === valid ? ok() : json({ msgCode: -10005, errMsg: 'token 已过期' });
    });
    const h = harness(fetch);
    const client = createHttpClient(h.deps);
    valid = 'expired';
    await client.request({ method: 'GET', url: '/api/a' });
    valid = 'expired-again';
    await client.request({ method: 'GET', url: '/api/b' });
    const refreshes = sent.filter((r) => r.url === REFRESH_PATH);
    expect(refreshes.map((r) => r.body)).toEqual([{ refreshToken: 'refresh-1' }, { refreshToken: 'refresh-2' }]);
    expect(h.errors).toEqual([]);
  });

  it('a -10005 that arrives after another request finished the refresh replays with the new token, no second refresh', async () => {
    let releaseSlow: () => void = () => undefined;
    const slowAnswered = new Promise<void>((resolve) => (releaseSlow = resolve));
    const { fetch, sent } = fakeFetch(async (request) => {
      if (request.url === REFRESH_PATH) return ok({ access_token: 'access-2', refresh_token: 'refresh-2' });
      if (request.headers['Access-Token'] === 'access-2') return ok({ url: request.url });
      if (request.url === '/api/slow') await slowAnswered;
      return json({ msgCode: -10005, errMsg: 'token 已过期' });
    });
    const h = harness(fetch);
    const client = createHttpClient(h.deps);
    const slow = client.request({ method: 'GET', url: '/api/slow' });
    await client.request({ method: 'GET', url: '/api/fast' });
    releaseSlow();
    await expect(slow).resolves.toMatchObject({ data: { url: '/api/slow' } });
    expect(sent.filter((r) => r.url === REFRESH_PATH)).toHaveLength(1);
    expect(sent.filter((r) => r.url === '/api/slow').map((r) => r.headers['Access-Token'])).toEqual([
      'access-1',
      'access-2',
    ]);
  });
});
