/**
 * A user's common applications (常用应用) per project, and the search of the side menu's preview: both work on the
 * menus the user's roles grant for the project's type, so a role narrowed later hides apps saved earlier.
 * The project key is the project's id ('' when the client has no project selected).
 */
import { randomUUID } from 'node:crypto';
import type { MenuRecord } from '../../shared/envelope.js';
import type { Db } from '../db/database.js';
import type { Menus } from './menus.js';
import { DomainError } from '../domain-error.js';

export const CommonMenuMessages = {
  added: '功能添加成功',
  removed: '功能取消成功',
  notGranted: '无权添加该功能',
  tooMany: '常用应用最多 30 个',
} as const;

export const MAX_COMMON_MENUS = 30;

/** Who asks and in which project: enough to know which menus are theirs. */
export interface MenuContext {
  userId: string;
  roleIds: string[];
  /** project.id, '' = none. */
  projectKey: string;
  /** project.engineering_type, '' = every type. */
  projectType: string;
}

function flatten(list: MenuRecord[]): MenuRecord[] {
  return list.flatMap((m) => [m, ...flatten(m.childList)]);
}

/** A menu without its subtree, for flat lists. */
function leaf(menu: MenuRecord, flag: string): MenuRecord {
  return { ...menu, childList: [], flag };
}

/**
 * Menus that open something: a route or a third-party page. A hidden menu (isShow '0': a screen reached only by its
 * own link, such as a shared mind map's view) is no app to search for or star, as in the side menu.
 */
function isApplication(menu: MenuRecord): boolean {
  return menu.specialLogo !== 'permission' && menu.isShow !== '0' && (menu.href !== '' || menu.thirdPartyUrl !== '');
}

export class CommonMenus {
  constructor(
    private readonly db: Db,
    private readonly menus: Menus,
  ) {}

  /** Every application menu the user may open in the project, in menu-tree order. */
  async available(ctx: MenuContext): Promise<MenuRecord[]> {
    const tree = await this.menus.roleMenuTree(ctx.roleIds, ctx.projectType);
    return flatten(tree).filter(isApplication);
  }

  private async commonIds(ctx: MenuContext): Promise<string[]> {
    const rows = await this.db
      .selectFrom('common_menu')
      .select('menu_id')
      .where('user_id', '=', ctx.userId)
      .where('project_key', '=', ctx.projectKey)
      .orderBy('created_at')
      .orderBy('id')
      .execute();
    return rows.map((r) => r.menu_id);
  }

  /** GET .../getMenu: available applications whose name contains `menuName`; flag '1' marks common ones. */
  async search(ctx: MenuContext, menuName: string): Promise<MenuRecord[]> {
    const [available, common] = await Promise.all([this.available(ctx), this.commonIds(ctx)]);
    const commonSet = new Set(common);
    const needle = menuName.trim().toLowerCase();
    return available
      .filter((m) => needle === '' || m.name.toLowerCase().includes(needle))
      .map((m) => leaf(m, commonSet.has(m.id) ? '1' : '0'));
  }

  /** POST .../getAll: the user's common applications in the order they were added (still granted ones only). */
  async list(ctx: MenuContext): Promise<MenuRecord[]> {
    const [available, common] = await Promise.all([this.available(ctx), this.commonIds(ctx)]);
    const byId = new Map(available.map((m) => [m.id, m]));
    return common.flatMap((id) => {
      const menu = byId.get(id);
      return menu ? [leaf(menu, '1')] : [];
    });
  }

  /** POST .../insert: -403 for a menu the user cannot open here; adding one twice changes nothing. */
  async add(ctx: MenuContext, menuId: string, now: Date): Promise<void> {
    const available = await this.available(ctx);
    if (!available.some((m) => m.id === menuId)) throw new DomainError('forbidden', CommonMenuMessages.notGranted);
    const common = await this.commonIds(ctx);
    if (common.includes(menuId)) return;
    if (common.length >= MAX_COMMON_MENUS) throw new DomainError('conflict', CommonMenuMessages.tooMany);
    await this.db
      .insertInto('common_menu')
      .values({
        id: `cm-${randomUUID()}`,
        user_id: ctx.userId,
        project_key: ctx.projectKey,
        menu_id: menuId,
        created_at: now,
      })
      .onConflict((oc) => oc.columns(['user_id', 'project_key', 'menu_id']).doNothing())
      .execute();
  }

  /**
   * GET .../delete/{id}: `id` is the menu id. With a project, removes it from that project's common apps; without,
   * from every project. Only the caller's own rows; removing one that is not there changes nothing.
   */
  async remove(userId: string, menuId: string, projectKey: string | undefined): Promise<void> {
    let query = this.db.deleteFrom('common_menu').where('user_id', '=', userId).where('menu_id', '=', menuId);
    if (projectKey !== undefined) query = query.where('project_key', '=', projectKey);
    await query.execute();
  }
}
