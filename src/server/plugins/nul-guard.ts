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

const NUL = '\u0000';

/** An object or array to look into (a Buffer is binary, not text). */
function isContainer(value: unknown): value is object {
  return value !== null && typeof value === 'object' && !Buffer.isBuffer(value);
}

/**
 * True when a string, or any key or string inside an object or array, holds U+0000. Iterative: any depth. It runs
 * four times on every request: a string, an empty or a flat object allocate nothing (no entry arrays, no list of
 * pending containers until a nested one turns up).
 */
export function containsNul(value: unknown): boolean {
  if (typeof value === 'string') return value.includes(NUL);
  if (!isContainer(value)) return false;
  let pending: object[] | undefined;
  let next: object | undefined = value;
  while (next !== undefined) {
    if (Array.isArray(next)) {
      for (const member of next as unknown[]) {
        if (typeof member === 'string') {
          if (member.includes(NUL)) return true;
        } else if (isContainer(member)) (pending ??= []).push(member);
      }
    } else {
      const record = next as Record<string, unknown>;
      for (const key in record) {
        if (!Object.hasOwn(record, key)) continue;
        if (key.includes(NUL)) return true;
        const member = record[key];
        if (typeof member === 'string') {
          if (member.includes(NUL)) return true;
        } else if (isContainer(member)) (pending ??= []).push(member);
      }
    }
    next = pending?.pop();
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
