/**
 * Security headers on every response, and the request id echoed as `x-request-id`.
 * - Documents and assets get the web app's CSP (no `unsafe-eval`: the browser's form validators are precompiled,
 *   DESIGN.md "HTTP contract") and the headers that only mean something to a page (referrer, opener, permissions).
 * - API answers get what an API answer needs (OWASP's REST security headers): a CSP that lets nothing load or run
 *   should one be opened as a page, `nosniff`, no framing by other sites, and `Cache-Control: no-store`, since they
 *   carry a user's data, tokens or one-time codes that no browser or proxy may keep. A route that may be cached (an
 *   uploaded image, the public keys) sets its own headers, which replace these. The page-only headers stay off
 *   them: every call of every screen carried some 330 bytes of them for nothing.
 */
import { globalPlugin } from '../http/global-plugin.js';

const PAGE_DIRECTIVES = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  // Video players (hls.js) feed the <video> through Media Source Extensions, whose source is a blob: URL.
  "media-src 'self' blob:",
  "connect-src 'self'",
  "font-src 'self' data:",
  "object-src 'none'",
  "base-uri 'self'",
  "frame-ancestors 'self'",
];

export const CONTENT_SECURITY_POLICY = PAGE_DIRECTIVES.join('; ');

/**
 * A document's CSP when it may frame third-party apps (a menu's `thirdPartyUrl` opened inside the portal): the
 * page policy with `frame-src` naming exactly their origins (third-party-frames.ts) besides the portal's own.
 */
export function framingContentSecurityPolicy(frameOrigins: readonly string[]): string {
  return [...PAGE_DIRECTIVES, `frame-src 'self' ${frameOrigins.join(' ')}`].join('; ');
}

export const API_CONTENT_SECURITY_POLICY = "default-src 'none'; frame-ancestors 'self'";

const pageHeaders: Record<string, string> = {
  'content-security-policy': CONTENT_SECURITY_POLICY,
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'SAMEORIGIN',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'cross-origin-opener-policy': 'same-origin',
  'permissions-policy': 'camera=(), microphone=(), geolocation=()',
};

const apiHeaders: Record<string, string> = {
  'content-security-policy': API_CONTENT_SECURITY_POLICY,
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'SAMEORIGIN',
  'cache-control': 'no-store',
};

export default globalPlugin('security-headers', async (app) => {
  // Callback style, like every hook that runs on each request: no promise per request.
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(request.url.startsWith('/api/') ? apiHeaders : pageHeaders);
    reply.header('x-request-id', request.id);
    done();
  });
});
