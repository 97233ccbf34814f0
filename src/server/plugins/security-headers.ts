/**
 * Security headers on every response, and the request id echoed as `x-request-id`. API answers default to
 * `Cache-Control: no-store`: they carry a user's data, tokens or one-time codes that no browser or proxy may keep;
 * a route that may be cached (an uploaded image, the public keys) sets its own header, which replaces this one. The CSP allows no
 * `unsafe-eval`: the browser's form validators are precompiled (DESIGN.md "HTTP contract").
 */
import { globalPlugin } from '../http/global-plugin.js';

export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "connect-src 'self'",
  "font-src 'self' data:",
  "object-src 'none'",
  "base-uri 'self'",
  "frame-ancestors 'self'",
].join('; ');

const headers: Record<string, string> = {
  'content-security-policy': CONTENT_SECURITY_POLICY,
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'SAMEORIGIN',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'cross-origin-opener-policy': 'same-origin',
  'permissions-policy': 'camera=(), microphone=(), geolocation=()',
};

export default globalPlugin('security-headers', async (app) => {
  // Callback style, like every hook that runs on each request: no promise per request.
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(headers);
    reply.header('x-request-id', request.id);
    if (request.url.startsWith('/api/')) reply.header('cache-control', 'no-store');
    done();
  });
});
