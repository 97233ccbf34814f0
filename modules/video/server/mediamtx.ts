/**
 * The recordings of an external MediaMTX (PORTAL_MEDIA_PLAYBACK_URL, its playback server, port 9996 by default):
 *
 *   GET /list?path=&start=&end=                   the recorded timespans [{start (RFC 3339), duration (s), url}]
 *   GET /get?path=&start=&duration=&format=       a stretch of them as fMP4 (a <video> plays it as it arrives) or MP4
 *
 * The portal relays both (the server can stay on the site's network; the project scope still applies). Credentials
 * in the address (http://user:pass@host:9996) are sent as Basic authentication, which fetch would refuse in a URL.
 */

export interface Timespan {
  /** Milliseconds since the epoch. */
  from: number;
  to: number;
}

export class MediaServerError extends Error {}

const CONNECT_MS = 15_000;

export class MediaMtxPlayback {
  private readonly base: URL;
  private readonly authorization: string | undefined;

  constructor(address: string) {
    const url = new URL(address.endsWith('/') ? address : `${address}/`);
    this.authorization =
      url.username || url.password
        ? `Basic ${Buffer.from(`${decodeURIComponent(url.username)}:${decodeURIComponent(url.password)}`).toString('base64')}`
        : undefined;
    url.username = '';
    url.password = '';
    this.base = url;
  }

  private async request(endpoint: string, query: Record<string, string>, signal?: AbortSignal): Promise<Response> {
    const url = new URL(endpoint, this.base);
    for (const [name, value] of Object.entries(query)) url.searchParams.set(name, value);
    // Only the answer's head has CONNECT_MS: a recording may take longer than that to arrive.
    const connect = new AbortController();
    const timer = setTimeout(() => connect.abort(), CONNECT_MS);
    try {
      return await fetch(url, {
        headers: this.authorization ? { authorization: this.authorization } : {},
        signal: signal ? AbortSignal.any([signal, connect.signal]) : connect.signal,
      });
    } catch (error) {
      throw new MediaServerError(`MediaMTX ${endpoint} failed: ${(error as Error).message}`, { cause: error });
    } finally {
      clearTimeout(timer);
    }
  }

  /** The recorded timespans of `path` that overlap [from, to), cut to it, by start. */
  async list(path: string, from: number, to: number): Promise<Timespan[]> {
    const answer = await this.request('list', {
      path,
      start: new Date(from).toISOString(),
      end: new Date(to).toISOString(),
    });
    // MediaMTX answers 404 when the path has no recordings in the range.
    if (answer.status === 404) return [];
    if (!answer.ok) throw new MediaServerError(`MediaMTX list answered ${answer.status}: ${await answer.text()}`);
    const spans = (await answer.json()) as unknown;
    if (!Array.isArray(spans)) throw new MediaServerError('MediaMTX list answered no list');
    return spans
      .flatMap((span: unknown) => {
        const { start, duration } = (span ?? {}) as { start?: unknown; duration?: unknown };
        const begin = typeof start === 'string' ? Date.parse(start) : NaN;
        if (Number.isNaN(begin) || typeof duration !== 'number' || duration <= 0) return [];
        return [{ from: Math.max(from, begin), to: Math.min(to, begin + Math.round(duration * 1000)) }];
      })
      .filter((span) => span.to > span.from)
      .sort((a, b) => a.from - b.from);
  }

  /** `seconds` of the recordings of `path` from `from`, as MediaMTX sends them (fMP4 for a player, MP4 to keep). */
  async get(
    path: string,
    from: number,
    seconds: number,
    format: 'fmp4' | 'mp4',
    signal: AbortSignal,
  ): Promise<Response> {
    const answer = await this.request(
      'get',
      { path, start: new Date(from).toISOString(), duration: String(seconds), format },
      signal,
    );
    if (!answer.ok || !answer.body) {
      await answer.body?.cancel();
      throw new MediaServerError(`MediaMTX get answered ${answer.status}`);
    }
    return answer;
  }
}
