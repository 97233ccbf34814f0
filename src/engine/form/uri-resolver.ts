/**
 * The two URI operations @rjsf/utils performs when a schema carries `$id` (resolving a `$ref` against it and
 * comparing ids), by the browser's URL parser; it stands in for `fast-uri` in the web bundle (vite.config.ts),
 * which the login page would otherwise download whole for schemas that never use `$id`.
 */
const RELATIVE_BASE = 'relative:/';

function absolute(uri: string, base = RELATIVE_BASE): URL | null {
  try {
    return new URL(uri, base);
  } catch {
    return null;
  }
}

function resolve(base: string, ref: string): string {
  const baseUrl = absolute(base);
  const resolved = baseUrl && absolute(ref, baseUrl.href);
  if (!resolved) return ref;
  return resolved.href.startsWith(RELATIVE_BASE) ? resolved.href.slice(RELATIVE_BASE.length) : resolved.href;
}

function equal(first: string, second: string): boolean {
  const normalise = (uri: string) => absolute(uri)?.href ?? uri;
  return normalise(first) === normalise(second);
}

export default { resolve, equal };
