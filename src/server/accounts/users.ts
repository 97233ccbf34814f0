/**
 * Users: lookup for login, and the user view (spec section 3 "User info") that `getCurrentUser` answers and the
 * auth plugin checks. The view is cached in-process for a few seconds (config.userCacheTtlMs), so a disabled
 * or deleted user keeps access for at most that long; the hot path then costs no database query.
 */
import { sql } from 'kysely';
import type { CurrentUser } from '../../shared/envelope.js';
import type { Db } from '../db/database.js';
import type { UserRow } from '../db/tables.js';
import { TtlCache } from '../lib/ttl-cache.js';

export interface UserView {
  user: CurrentUser;
  /** login_flag '1' and not deleted. */
  enabled: boolean;
  passwordMustChange: boolean;
}

export class Users {
  private readonly views: TtlCache<string, UserView | null>;

  constructor(
    private readonly db: Db,
    cacheTtlMs: number,
  ) {
    this.views = new TtlCache(cacheTtlMs);
  }

  findByLoginName(loginName: string): Promise<UserRow | undefined> {
    return this.db
      .selectFrom('sys_user')
      .selectAll()
      .where('login_name', '=', loginName)
      .where('del_flag', '=', '0')
      .executeTakeFirst();
  }

  /**
   * The live user behind a mobile number: the one whose login name is that number first (self-registered users),
   * then the oldest. `enabledOnly` leaves out users who may not log in.
   */
  findByMobile(mobile: string, options: { enabledOnly: boolean }): Promise<UserRow | undefined> {
    let query = this.db.selectFrom('sys_user').selectAll().where('mobile', '=', mobile).where('del_flag', '=', '0');
    if (options.enabledOnly) query = query.where('login_flag', '=', '1');
    return query
      .orderBy(sql`(login_name = ${mobile})`, 'desc')
      .orderBy('created_at')
      .orderBy('id')
      .limit(1)
      .executeTakeFirst();
  }

  /** Whether any live user already has this mobile number (as mobile or as login name). */
  async mobileTaken(mobile: string, executor: Db = this.db): Promise<boolean> {
    const row = await executor
      .selectFrom('sys_user')
      .select('id')
      // A deleted user's login name still holds the unique constraint, its mobile does not.
      .where((eb) =>
        eb.or([eb.and([eb('mobile', '=', mobile), eb('del_flag', '=', '0')]), eb('login_name', '=', mobile)]),
      )
      .limit(1)
      .executeTakeFirst();
    return row !== undefined;
  }

  async findById(id: string): Promise<UserRow | undefined> {
    return this.db.selectFrom('sys_user').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** The user's view, from the cache when fresh; `null` for an unknown or deleted user. */
  /** What `view` would answer from its cache alone, or undefined when it has to ask the database. */
  cachedView(id: string): UserView | null | undefined {
    return this.views.get(id);
  }

  view(id: string): Promise<UserView | null> {
    return this.views.getOrLoad(id, () => this.loadView(id));
  }

  /** Allows ('1') or forbids ('0') a live user's login; false when there is no such user. */
  async setLoginFlag(id: string, loginFlag: '0' | '1'): Promise<boolean> {
    const updated = await this.db
      .updateTable('sys_user')
      .set({ login_flag: loginFlag, updated_at: new Date() })
      .where('id', '=', id)
      .where('del_flag', '=', '0')
      .returning('id')
      .executeTakeFirst();
    this.forget(id);
    return updated !== undefined;
  }

  /** Drops a cached view after the user changed (password, roles, enabled flag). */
  forget(id: string): void {
    this.views.delete(id);
  }

  private async loadView(id: string): Promise<UserView | null> {
    const row = await this.db
      .selectFrom('sys_user as u')
      .leftJoin('sys_office as o', 'o.id', 'u.office_id')
      .select(['u.id', 'u.name', 'u.login_name', 'u.mobile', 'u.skin_type', 'u.login_flag', 'u.password_must_change'])
      .select(['o.id as office_id', 'o.name as office_name'])
      .where('u.id', '=', id)
      .where('u.del_flag', '=', '0')
      .executeTakeFirst();
    if (!row) return null;
    const roles = await this.db
      .selectFrom('sys_user_role as ur')
      .innerJoin('sys_role as r', 'r.id', 'ur.role_id')
      .select(['r.id', 'r.name', 'r.enname'])
      .where('ur.user_id', '=', id)
      .where('r.del_flag', '=', '0')
      .where('r.useable', '=', '1')
      .orderBy('r.id')
      .execute();
    return {
      user: {
        id: row.id,
        name: row.name,
        loginName: row.login_name,
        mobile: row.mobile ?? '',
        roles,
        office: { id: row.office_id ?? '', name: row.office_name ?? '' },
        skinType: row.skin_type,
      },
      enabled: row.login_flag === '1',
      passwordMustChange: row.password_must_change,
    };
  }
}
