/**
 * Refuses a NUL character (U+0000) anywhere in a request's path parameters, query, cookies or JSON body with -400.
 * PostgreSQL text cannot hold it (`invalid byte sequence for encoding "UTF8": 0x00`), so without this guard any
 * value that reaches the database would fail as a 500. Checked once at the edge, before validation and handlers,
 * rather than in every query. Binary bodies (multipart uploads) are not strings and are left to their routes.
 */
import { MsgCode } from '../../shared/envelope.js';
import { ApiError } from '../http/api-error.js';
import { globalPlugin } from '../http/global-plugin.js';

export const NUL_MESSAGE = '请求中含有不允许的空字符';

/** True when a string, or any key or string inside an object or array, holds U+0000. Iterative: any depth. */
export function containsNul(value: unknown): boolean {
  const pending: unknown[] = [value];
  while (pending.length > 0) {
    const next = pending.pop();
    if (typeof next === 'string') {
      if (next.includes('\u0000')) return true;
    } else if (Array.isArray(next)) {
      for (const member of next) pending.push(member);
    } else if (next !== null && typeof next === 'object' && !Buffer.isBuffer(next)) {
      for (const [key, member] of Object.entries(next)) {
        if (key.includes('\u0000')) return true;
        pending.push(member);
      }
    }
  }
  return false;
}

export default globalPlugin('nul-guard', async (app) => {
  // Callback style, like every hook that runs on each request: no promise per request.
  app.addHook('preValidation', (request, _reply, done) => {
    if (
      containsNul(request.params) ||
      containsNul(request.query) ||
      containsNul(request.cookies) ||
      containsNul(request.body)
    ) {
      return done(new ApiError(MsgCode.invalidInput, NUL_MESSAGE));
    }
    done();
  });
});
