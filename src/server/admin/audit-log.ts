/**
 * The audit log (sys_log): one row per API write, written by plugins/audit-log.ts after the response is sent, and
 * read by GET /api/system/test/systemLog/list. Parameters are stored with every secret removed (`scrub`).
 * A failed write is logged and forgotten: auditing never breaks or slows a request.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../config.js';
import type { Db } from '../db/database.js';
import { containsPattern, iso, newId, pageOf, type Page, type PageQuery } from './common.js';

export interface AuditEntry {
  title: string;
  method: string;
  requestUri: string;
  params: unknown;
  msgCode: number | null;
  durationMs: number;
  remoteAddr: string | null;
  userAgent: string | null;
  userId: string | null;
  loginName: string | null;
}

export interface LogRecord {
  id: string;
  /** '1' access, '2' exception (-500). */
  type: string;
  title: string;
  method: string;
  requestUri: string;
  params: string;
  msgCode: number | null;
  durationMs: number;
  remoteAddr: string;
  userAgent: string;
  createBy: string;
  createByName: string;
  createDate: string;
}

export interface LogQuery extends PageQuery {
  title?: string;
  requestUri?: string;
  /** yyyy-MM-dd: from the start of that day, China time (the search form's format). */
  createDateBegin?: string;
  /** yyyy-MM-dd: to the end of that day, China time. */
  createDateEnd?: string;
}

/** Keys whose values never reach the log: passwords, verification codes, tokens, keys and signatures. */
const SECRET_KEY =
  /pass(word)?|passwd|pwd|token|secret|captcha|validatecode|smscode|verificationcode|accesscode|^code$|ticket|sign(ature)?$|^key$|idcard/i;
const MAX_STRING = 200;
const MAX_PARAMS = 4000;

/** A copy of `value` without secret keys, long strings cut (a logo's data URL), depth bounded. */
export function scrub(value: unknown, depth = 0): unknown {
  if (depth > 6) return '…';
  if (typeof value === 'string') return value.length > MAX_STRING ? `${value.slice(0, MAX_STRING)}…` : value;
  if (Array.isArray(value)) return value.slice(0, 50).map((item) => scrub(item, depth + 1));
  if (value !== null && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value)) if (!SECRET_KEY.test(key)) out[key] = scrub(item, depth + 1);
    return out;
  }
  return value;
}

/** Text PostgreSQL can store: a NUL becomes U+FFFD (JSON's escaped \u0000 in the parameters is plain text). */
function storable(text: string): string {
  return text.replaceAll('\u0000', '\uFFFD');
}

/** A date filter bound: a day means that whole day in China time (UTC+8), where the portal's users are. */
function bound(day: string | undefined, end: boolean): Date | undefined {
  return day ? new Date(`${day}T${end ? '23:59:59.999' : '00:00:00.000'}+08:00`) : undefined;
}

export class AuditLog {
  private readonly pending = new Set<Promise<void>>();

  constructor(
    private readonly db: Db,
    private readonly now: Clock,
  ) {}

  /**
   * Writes one row in the background; a failure goes to `log` only. What the caller sent is kept as sent, but for
   * the NUL character, which PostgreSQL text cannot hold: it becomes U+FFFD, so a refused request that carried one
   * in its user name (the NUL guard's refusals) still leaves its row.
   */
  record(entry: AuditEntry, log: FastifyBaseLogger): void {
    const text = JSON.stringify(scrub(entry.params) ?? {});
    const write = this.db
      .insertInto('sys_log')
      .values({
        id: newId(),
        type: entry.msgCode === -500 ? '2' : '1',
        title: storable(entry.title.slice(0, 200)),
        method: entry.method,
        request_uri: storable(entry.requestUri.slice(0, 1000)),
        params: text.length > MAX_PARAMS ? `${text.slice(0, MAX_PARAMS)}…` : text,
        msg_code: entry.msgCode,
        duration_ms: Math.max(0, Math.round(entry.durationMs)),
        remote_addr: entry.remoteAddr,
        user_agent: entry.userAgent ? storable(entry.userAgent.slice(0, 500)) : null,
        user_id: entry.userId,
        login_name: entry.loginName === null ? null : storable(entry.loginName),
        created_at: this.now(),
      })
      .execute()
      .then(
        () => undefined,
        (error: unknown) => log.error({ err: error }, 'audit log write failed'),
      );
    this.pending.add(write);
    void write.finally(() => this.pending.delete(write));
  }

  /** Waits for the rows being written (app close, tests). */
  async flush(): Promise<void> {
    while (this.pending.size > 0) await Promise.all([...this.pending]);
  }

  async list(query: LogQuery): Promise<Page<LogRecord>> {
    const { pageNo, pageSize, offset } = pageOf(query);
    let base = this.db.selectFrom('sys_log');
    if (query.title) base = base.where('title', 'like', containsPattern(query.title));
    if (query.requestUri) base = base.where('request_uri', 'like', containsPattern(query.requestUri));
    const begin = bound(query.createDateBegin, false);
    const end = bound(query.createDateEnd, true);
    if (begin) base = base.where('created_at', '>=', begin);
    if (end) base = base.where('created_at', '<=', end);
    const [rows, count] = await Promise.all([
      base.selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc').limit(pageSize).offset(offset).execute(),
      base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
    ]);
    return {
      dataList: rows.map((r) => ({
        id: r.id,
        type: r.type,
        title: r.title,
        method: r.method,
        requestUri: r.request_uri,
        params: r.params ?? '',
        msgCode: r.msg_code,
        durationMs: r.duration_ms,
        remoteAddr: r.remote_addr ?? '',
        userAgent: r.user_agent ?? '',
        createBy: r.user_id ?? '',
        createByName: r.login_name ?? '',
        createDate: iso(r.created_at),
      })),
      total: Number(count.n),
      pageNo,
      pageSize,
    };
  }
}
