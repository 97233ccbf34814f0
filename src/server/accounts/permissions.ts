/**
 * Permissions and data scope of a user, both from the database:
 * - permission strings: the `permission` of every live menu that a live, usable role of the user grants
 *   (sys_role_menu). A menu may carry several, comma-separated (`sys:user:view,sys:user:edit`).
 * - data scope: the one rule of accounts/data-scope.ts, from the user's roles and company.
 * Both are cached in-process for the user-cache TTL; role, menu and user-role writes call `forgetAll()`.
 */
import type { Db } from '../db/database.js';
import { dataScopeOf, type DataScope } from './data-scope.js';
import { TtlCache } from '../lib/ttl-cache.js';

export interface Grants {
  permissions: ReadonlySet<string>;
  scope: DataScope;
}

export class Permissions {
  private readonly cache: TtlCache<string, Grants>;

  constructor(
    private readonly db: Db,
    cacheTtlMs: number,
  ) {
    this.cache = new TtlCache(cacheTtlMs);
  }

  of(userId: string): Promise<Grants> {
    return this.cache.getOrLoad(userId, () => this.load(userId));
  }

  forgetAll(): void {
    this.cache.clear();
  }

  private async load(userId: string): Promise<Grants> {
    const [menus, roles, user] = await Promise.all([
      this.db
        .selectFrom('sys_user_role as ur')
        .innerJoin('sys_role as r', 'r.id', 'ur.role_id')
        .innerJoin('sys_role_menu as rm', 'rm.role_id', 'r.id')
        .innerJoin('sys_menu as m', 'm.id', 'rm.menu_id')
        .select('m.permission')
        .distinct()
        .where('ur.user_id', '=', userId)
        .where('r.del_flag', '=', '0')
        .where('r.useable', '=', '1')
        .where('m.del_flag', '=', '0')
        .where('m.permission', 'is not', null)
        .execute(),
      this.db
        .selectFrom('sys_user_role as ur')
        .innerJoin('sys_role as r', 'r.id', 'ur.role_id')
        .select(['r.enname', 'r.data_scope'])
        .where('ur.user_id', '=', userId)
        .where('r.del_flag', '=', '0')
        .where('r.useable', '=', '1')
        .execute(),
      this.db.selectFrom('sys_user').select(['company_id', 'office_id']).where('id', '=', userId).executeTakeFirst(),
    ]);
    const permissions = new Set<string>();
    for (const { permission } of menus) {
      for (const part of (permission ?? '').split(',')) if (part.trim()) permissions.add(part.trim());
    }
    return { permissions, scope: dataScopeOf({ roles, user }) };
  }
}

/** Whether `grants` hold at least one of `needed`. */
export function holdsAny(grants: Grants, needed: readonly string[]): boolean {
  return needed.some((p) => grants.permissions.has(p));
}
