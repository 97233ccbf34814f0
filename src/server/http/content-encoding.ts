/** Which compression a client accepts, from its Accept-Encoding header (RFC 9110 section 12.5.3). */
export type ContentEncoding = 'br' | 'gzip';

/**
 * Answers by header value: clients send a handful of distinct Accept-Encoding values, and parsing one on every
 * request of a cached answer cost more than the rest of choosing it. Bounded against a client that varies it.
 */
const remembered = new Map<string, ContentEncoding | undefined>();
const REMEMBERED_MAX = 64;

/** The best of br and gzip that `acceptEncoding` allows (a `q=0` refuses), or undefined for none. */
export function preferredEncoding(acceptEncoding: string | string[] | undefined): ContentEncoding | undefined {
  const header = Array.isArray(acceptEncoding) ? acceptEncoding.join(',') : acceptEncoding;
  if (!header) return undefined;
  if (remembered.has(header)) return remembered.get(header);
  const chosen = parsePreferredEncoding(header);
  if (remembered.size >= REMEMBERED_MAX) remembered.clear();
  remembered.set(header, chosen);
  return chosen;
}

function parsePreferredEncoding(header: string): ContentEncoding | undefined {
  const quality = new Map<string, number>();
  for (const part of header.split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const value = q === undefined ? 1 : Number(q.slice(2));
    quality.set(name.trim(), Number.isFinite(value) ? value : 0);
  }
  const accepts = (name: ContentEncoding) => (quality.get(name) ?? quality.get('*') ?? 0) > 0;
  if (accepts('br')) return 'br';
  if (accepts('gzip')) return 'gzip';
  return undefined;
}
