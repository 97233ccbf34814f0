/**
 * The one HTTP client of the portal (spec sections 7 and 8). Everything that talks to the server goes through
 * it: the engine receives it as its Transport seam.
 */
import { MsgCode, type Envelope, type TokenPair } from '../../shared/envelope';
import type { RequestOptions, Transport } from '../../engine/seams';
import { createRefreshQueue } from './refresh-queue';
import { RequestFailure, failureMessages } from './transport-errors';

export const REQUEST_TIMEOUT_MS = 3_000_000;
export const REFRESH_PATH = '/api/token/refresh';

export interface HttpClientDeps {
  fetch: typeof fetch;
  tokens: {
    access(): string | undefined;
    refresh(): string | undefined;
    save(pair: TokenPair): void;
  };
  notify: { error(message: string): void };
  /** The refresh failed: the app clears user, token and menus and goes to login, where `message` says why. */
  onRefreshFailed(message: string): void;
  /** -10014: the app clears local storage and goes to login, where `message` says why (a toast dies with the page). */
  onSessionInvalid(message: string): void;
  timeoutMs?: number;
  now?: () => Date;
}

function pad(value: number) {
  return String(value).padStart(2, '0');
}

/** `Request-DateTime` as the server logs it: local `yyyy-MM-dd HH:mm:ss`. */
export function requestDateTime(date: Date): string {
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())} ${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}`;
}

function withQuery(url: string, query: RequestOptions['query']): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== '') params.append(key, String(value));
  }
  const text = params.toString();
  return text ? `${url}${url.includes('?') ? '&' : '?'}${text}` : url;
}

export function createHttpClient(deps: HttpClientDeps): Transport {
  const timeoutMs = deps.timeoutMs ?? REQUEST_TIMEOUT_MS;
  const now = deps.now ?? (() => new Date());

  /** One round trip: transport failures become RequestFailure with the spec's message; no toast here. */
  async function send(options: RequestOptions): Promise<Envelope> {
    const headers: Record<string, string> = { 'Request-DateTime': requestDateTime(now()) };
    const token = deps.tokens.access();
    if (token) headers['Access-Token'] = token;
    if (options.method === 'GET') {
      headers['Cache-Control'] = 'no-cache';
      headers.Pragma = 'no-cache';
    }
    // A file upload (FormData) sets its own multipart boundary; anything else travels as JSON.
    const multipart = options.body instanceof FormData;
    if (options.body !== undefined && !multipart) headers['Content-Type'] = 'application/json';

    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), timeoutMs);
    let response: Response;
    try {
      response = await deps.fetch(withQuery(options.url, options.query), {
        method: options.method,
        headers,
        body:
          options.body === undefined
            ? undefined
            : multipart
              ? (options.body as FormData)
              : JSON.stringify(options.body),
        credentials: 'same-origin',
        cache: options.method === 'GET' ? 'no-cache' : undefined,
        signal: controller.signal,
      });
    } catch (error) {
      if (controller.signal.aborted) throw new RequestFailure('timeout', failureMessages.timeout());
      throw new RequestFailure(
        'network',
        failureMessages.network(error instanceof Error ? error.message : String(error)),
      );
    } finally {
      clearTimeout(timer);
    }
    if (response.status !== 200) {
      throw new RequestFailure('status', failureMessages.status(response.status), { status: response.status });
    }
    // A download answers with the file itself; an error still answers with an envelope.
    if (options.responseType === 'blob' && !response.headers.get('content-type')?.includes('application/json')) {
      return { msgCode: MsgCode.ok, errMsg: '', data: await response.blob() };
    }
    try {
      return (await response.json()) as Envelope;
    } catch (error) {
      throw new RequestFailure(
        'network',
        failureMessages.network(error instanceof Error ? error.message : String(error)),
      );
    }
  }

  const refreshOnce = createRefreshQueue(async () => {
    const refreshToken = deps.tokens.refresh();
    const envelope = refreshToken
      ? await send({ method: 'POST', url: REFRESH_PATH, body: { refreshToken } }).catch(() => null)
      : null;
    const pair = envelope?.msgCode === MsgCode.ok ? (envelope.data as TokenPair | undefined) : undefined;
    if (!pair?.access_token) {
      const message = envelope?.errMsg || '登录已过期，请重新登录';
      deps.onRefreshFailed(message);
      throw new RequestFailure('business', message, { msgCode: envelope?.msgCode });
    }
    deps.tokens.save(pair);
  });

  async function request<T>(options: RequestOptions, replayed = false): Promise<T> {
    let envelope: Envelope;
    const tokenSent = deps.tokens.access();
    try {
      envelope = await send(options);
    } catch (error) {
      if (error instanceof RequestFailure) deps.notify.error(error.message);
      throw error;
    }
    const code = envelope.msgCode;
    if (code >= 0 || options.acceptCodes?.includes(code)) return envelope as T;

    if (code === MsgCode.tokenExpired && !replayed && options.url !== REFRESH_PATH) {
      // A refresh that finished while this request was on its way already brought a new token: just replay.
      if (deps.tokens.access() === tokenSent) await refreshOnce();
      return request<T>(options, true);
    }
    deps.notify.error(envelope.errMsg || '请求失败');
    if (code === MsgCode.sessionInvalid) deps.onSessionInvalid(envelope.errMsg || '登录状态已失效，请重新登录');
    throw new RequestFailure('business', envelope.errMsg, { msgCode: code, envelope });
  }

  return {
    request: (options) => request(options),
    authHeaders: (): Record<string, string> => {
      const token = deps.tokens.access();
      return token ? { 'Access-Token': token } : {};
    },
  };
}
