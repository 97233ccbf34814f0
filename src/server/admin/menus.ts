/**
 * Menus for administration: the tree (filtered by name and visibility), detail, create, update (move), delete;
 * the current user's granted tree (role-menu pickers); the icon set of the icon picker.
 */
import type { MenuRecord } from '../../shared/envelope.js';
import type { Db } from '../db/database.js';
import type { MenuRow } from '../db/tables.js';
import { conflict, notFound, optional } from './common.js';
import { hasChildren, liveSubtree, ROOT_PARENT, TreeRows } from './tree.js';
import { buildMenuTree, toMenuRecord } from '../portal/menus.js';
import type { DataScope } from '../accounts/data-scope.js';
import type { Permissions } from '../accounts/permissions.js';

/** The menu admin entity of spec section 3 (schemas/forms/admin-menu.json). */
export interface MenuInput {
  parentId: string;
  name: string;
  sort?: number;
  href?: string;
  target?: string;
  vueRoute?: string;
  vueRouteAlias?: string;
  thirdPartyUrl?: string;
  icon?: string;
  highlightIcon?: string;
  isShow?: string;
  permission?: string;
  specialLogo?: string;
  remarks?: string;
}

export interface TreeFilter {
  /** Keep menus whose name contains this, with their ancestors. */
  menuName?: string;
  /** '1': hidden menus (isShow '0') too; '0': shown menus only; absent: every menu. */
  isShowHide?: string;
}

export const MenuMessages = {
  notFound: '菜单不存在',
  hasChildren: '该菜单下还有子菜单，请先删除子菜单',
} as const;

function columns(input: MenuInput) {
  return {
    name: input.name.trim(),
    sort: input.sort ?? 0,
    href: optional(input.href),
    target: optional(input.target),
    vue_route: optional(input.vueRoute),
    vue_route_alias: optional(input.vueRouteAlias),
    third_party_url: optional(input.thirdPartyUrl),
    icon: optional(input.icon),
    highlight_icon: optional(input.highlightIcon),
    is_show: input.isShow ?? '1',
    permission: optional(input.permission),
    special_logo: optional(input.specialLogo),
    remarks: optional(input.remarks),
  };
}

const menuRows = new TreeRows<MenuRow, ReturnType<typeof columns>>({
  table: 'sys_menu',
  insert: (db, values) => db.insertInto('sys_menu').values(values).returningAll().executeTakeFirstOrThrow(),
  update: (db, id, values) =>
    db.updateTable('sys_menu').set(values).where('id', '=', id).returningAll().executeTakeFirstOrThrow(),
});

/** Applies a tree filter to menu rows: visibility first, then the name search (matches keep their ancestors). */
export function filterMenuTree(rows: MenuRow[], filter: TreeFilter, rootParent = ROOT_PARENT): MenuRecord[] {
  const visible = filter.isShowHide === '0' ? rows.filter((r) => r.is_show === '1') : rows;
  const tree = buildMenuTree(visible.map(toMenuRecord), rootParent);
  const name = filter.menuName?.trim();
  if (!name) return tree;
  const prune = (nodes: MenuRecord[]): MenuRecord[] =>
    nodes.flatMap((n) => {
      const children = prune(n.childList);
      return n.name.includes(name) || children.length > 0 ? [{ ...n, childList: children }] : [];
    });
  return prune(tree);
}

/** Menu writes change which permission strings exist, so each drops the cached grants. */
export class AdminMenus {
  constructor(
    private readonly db: Db,
    private readonly permissions: Permissions,
  ) {}

  private async row(id: string): Promise<MenuRow> {
    const row = await this.db
      .selectFrom('sys_menu')
      .selectAll()
      .where('id', '=', id)
      .where('del_flag', '=', '0')
      .executeTakeFirst();
    if (!row) throw notFound(MenuMessages.notFound);
    return row;
  }

  async get(id: string): Promise<MenuRecord> {
    return toMenuRecord(await this.row(id));
  }

  /** The subtree rooted at `rootId` ('0': every menu, gateway tiles included). */
  async tree(rootId: string, filter: TreeFilter): Promise<MenuRecord[]> {
    const anchor = rootId === ROOT_PARENT ? undefined : await this.row(rootId);
    const rows = await this.db.selectFrom('sys_menu').selectAll().where(liveSubtree(anchor)).execute();
    return filterMenuTree(rows, filter, anchor?.parent_id ?? ROOT_PARENT);
  }

  /** Every menu the user's live roles grant, any project type, gateway tiles included. */
  async grantedTree(userId: string, filter: TreeFilter): Promise<MenuRecord[]> {
    const rows = await this.db
      .selectFrom('sys_menu as m')
      .selectAll('m')
      .where('m.del_flag', '=', '0')
      .where((eb) =>
        eb.exists(
          eb
            .selectFrom('sys_role_menu as rm')
            .innerJoin('sys_user_role as ur', 'ur.role_id', 'rm.role_id')
            .innerJoin('sys_role as r', 'r.id', 'rm.role_id')
            .select('rm.menu_id')
            .whereRef('rm.menu_id', '=', 'm.id')
            .where('ur.user_id', '=', userId)
            .where('r.del_flag', '=', '0')
            .where('r.useable', '=', '1'),
        ),
      )
      .execute();
    return filterMenuTree(rows, filter);
  }

  /**
   * The tree a role editor may hand on (the rule of AdminRoles' menu check): every live menu for an administrator
   * of all data, so that a menu just created can be granted at once; only the menus the caller holds otherwise.
   */
  async grantableTree(userId: string, scope: DataScope, filter: TreeFilter): Promise<MenuRecord[]> {
    return scope.all ? this.tree(ROOT_PARENT, filter) : this.grantedTree(userId, filter);
  }

  /** Ids of the live menus the user's roles grant (what a restricted administrator may hand on). */
  async grantedIds(userId: string): Promise<Set<string>> {
    const rows = await this.db
      .selectFrom('sys_role_menu as rm')
      .innerJoin('sys_user_role as ur', 'ur.role_id', 'rm.role_id')
      .innerJoin('sys_role as r', 'r.id', 'rm.role_id')
      .select('rm.menu_id')
      .where('ur.user_id', '=', userId)
      .where('r.del_flag', '=', '0')
      .where('r.useable', '=', '1')
      .execute();
    return new Set(rows.map((r) => r.menu_id));
  }

  async create(input: MenuInput): Promise<MenuRecord> {
    const row = await menuRows.create(this.db, input.parentId, columns(input));
    this.permissions.forgetAll();
    return toMenuRecord(row);
  }

  async update(id: string, input: MenuInput): Promise<MenuRecord> {
    const row = await menuRows.update(this.db, await this.row(id), input.parentId, columns(input));
    this.permissions.forgetAll();
    return toMenuRecord(row);
  }

  /** Soft delete (the seed, which never overwrites, then does not bring a shipped menu back). */
  async remove(id: string): Promise<void> {
    await this.row(id);
    if (await hasChildren(this.db, 'sys_menu', id)) throw conflict(MenuMessages.hasChildren);
    await this.db.transaction().execute(async (trx) => {
      await trx.updateTable('sys_menu').set({ del_flag: '1', updated_at: new Date() }).where('id', '=', id).execute();
      await trx.deleteFrom('sys_role_menu').where('menu_id', '=', id).execute();
    });
    this.permissions.forgetAll();
  }
}
