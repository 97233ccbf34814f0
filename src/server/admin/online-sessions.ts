/**
 * 系统管理 / 在线用户: the sessions still signed in (a refresh-token family with an unspent, unexpired token, see
 * sessions.ts), with who, from where (the address and browser of the login or refresh that issued the newest
 * token) and since when, and 强退: ending one of them. Ending it revokes its tokens in the database, so the refresh
 * fails on every instance at once and its access token stops working on each within its session cache time.
 */
import { sql } from 'kysely';
import type { Db } from '../db/database.js';
import { conflict, containsPattern, iso, notFound, pageOf, type Page, type PageQuery } from './common.js';
import type { Sessions } from '../accounts/sessions.js';

export interface OnlineQuery extends PageQuery {
  /** Login name or name contains. */
  loginName?: string;
  /** Address contains. */
  ipaddr?: string;
}

export interface OnlineSession {
  /** The session (refresh-token family) id: what 强退 names. */
  id: string;
  loginName: string;
  name: string;
  officeName: string;
  ipaddr: string;
  userAgent: string;
  loginTime: string;
  lastAccessTime: string;
  /** The caller's own session: 强退 is not offered on it. */
  current: boolean;
}

export const OnlineMessages = {
  gone: '该会话已结束',
  ownSession: '不能强退自己当前的会话，请使用退出登录',
} as const;

export class OnlineSessions {
  constructor(
    private readonly db: Db,
    private readonly sessions: Sessions,
  ) {}

  async list(query: OnlineQuery, currentSession: string): Promise<Page<OnlineSession>> {
    const { pageNo, pageSize, offset } = pageOf(query);
    const filters = [sql`true`];
    if (query.loginName)
      filters.push(
        sql`(u.login_name like ${containsPattern(query.loginName)} or u.name like ${containsPattern(query.loginName)})`,
      );
    if (query.ipaddr) filters.push(sql`s.ip like ${containsPattern(query.ipaddr)}`);
    const sessions = sql`(select t.family_id, t.user_id, min(t.created_at) as login_at, max(t.created_at) as last_at,
        (array_agg(t.ip order by t.created_at desc))[1] as ip,
        (array_agg(t.user_agent order by t.created_at desc))[1] as user_agent
      from refresh_token t
      where t.family_id in (select family_id from refresh_token where revoked_at is null and expires_at > now())
      group by t.family_id, t.user_id)`;
    const where = sql.join(filters, sql` and `);
    const [rows, count] = await Promise.all([
      sql<{
        family_id: string;
        login_name: string;
        name: string;
        office_name: string | null;
        ip: string | null;
        user_agent: string | null;
        login_at: Date;
        last_at: Date;
      }>`select s.family_id, u.login_name, u.name, o.name as office_name, s.ip, s.user_agent, s.login_at, s.last_at
        from ${sessions} s join sys_user u on u.id = s.user_id left join sys_office o on o.id = u.office_id
        where ${where} order by s.last_at desc, s.family_id limit ${pageSize} offset ${offset}`.execute(this.db),
      sql<{ n: number }>`select count(*)::int as n from ${sessions} s join sys_user u on u.id = s.user_id
        where ${where}`.execute(this.db),
    ]);
    return {
      dataList: rows.rows.map((row) => ({
        id: row.family_id,
        loginName: row.login_name,
        name: row.name,
        officeName: row.office_name ?? '',
        ipaddr: row.ip ?? '',
        userAgent: row.user_agent ?? '',
        loginTime: iso(row.login_at),
        lastAccessTime: iso(row.last_at),
        current: row.family_id === currentSession,
      })),
      total: count.rows[0]?.n ?? 0,
      pageNo,
      pageSize,
    };
  }

  /** 强退: ends the session `id`; not the caller's own (that is 退出登录). */
  async forceLogout(id: string, currentSession: string): Promise<void> {
    if (id === currentSession) throw conflict(OnlineMessages.ownSession);
    if (!(await this.sessions.isActive(id))) throw notFound(OnlineMessages.gone);
    await this.sessions.revokeFamily(id);
  }
}
