/**
 * Recently used menus (spec section 4: opening a child menu records it). One row per user, project and menu with
 * the time of the last use; only the newest few are kept, so the table stays small however much people click.
 */
import type { MenuRecord } from '../../shared/envelope.js';
import type { Db } from '../db/database.js';
import type { CommonMenus, MenuContext } from './common-menus.js';
import { DomainError } from '../domain-error.js';

export const RECENT_LIMIT = 10;
/** Rows kept per user and project: a margin over the answer for menus that a role change hides. */
const RECENT_KEPT = 30;

export interface RecentMenu extends MenuRecord {
  /** Time of the last use, ISO 8601. */
  usedAt: string;
}

export class RecentlyUsed {
  constructor(
    private readonly db: Db,
    private readonly commonMenus: CommonMenus,
  ) {}

  async record(ctx: MenuContext, menuId: string, now: Date): Promise<void> {
    const available = await this.commonMenus.available(ctx);
    if (!available.some((m) => m.id === menuId)) throw new DomainError('forbidden', '无权访问该功能');
    await this.db
      .insertInto('recent_menu')
      .values({ user_id: ctx.userId, project_key: ctx.projectKey, menu_id: menuId, used_at: now })
      .onConflict((oc) => oc.columns(['user_id', 'project_key', 'menu_id']).doUpdateSet({ used_at: now }))
      .execute();
    const stale = await this.db
      .selectFrom('recent_menu')
      .select('menu_id')
      .where('user_id', '=', ctx.userId)
      .where('project_key', '=', ctx.projectKey)
      .orderBy('used_at', 'desc')
      .orderBy('menu_id')
      .offset(RECENT_KEPT)
      .limit(1000)
      .execute();
    if (stale.length > 0)
      await this.db
        .deleteFrom('recent_menu')
        .where('user_id', '=', ctx.userId)
        .where('project_key', '=', ctx.projectKey)
        .where(
          'menu_id',
          'in',
          stale.map((s) => s.menu_id),
        )
        .execute();
  }

  /** Newest first, at most RECENT_LIMIT, only menus the user may still open here. */
  async list(ctx: MenuContext): Promise<RecentMenu[]> {
    const [available, rows] = await Promise.all([
      this.commonMenus.available(ctx),
      this.db
        .selectFrom('recent_menu')
        .select(['menu_id', 'used_at'])
        .where('user_id', '=', ctx.userId)
        .where('project_key', '=', ctx.projectKey)
        .orderBy('used_at', 'desc')
        .orderBy('menu_id')
        .limit(RECENT_KEPT)
        .execute(),
    ]);
    const byId = new Map(available.map((m) => [m.id, m]));
    return rows
      .flatMap((r) => {
        const menu = byId.get(r.menu_id);
        return menu ? [{ ...menu, childList: [], usedAt: new Date(r.used_at).toISOString() }] : [];
      })
      .slice(0, RECENT_LIMIT);
  }
}
