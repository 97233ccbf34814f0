/**
 * Menu records (spec section 3): the tree a user's roles grant for a project type, and the gateway tiles
 * ("my applications", the children of the gateway root). Rows map to `MenuRecord` of src/shared/envelope.ts.
 */
import { sql } from 'kysely';
import type { MenuRecord, RouteStatus } from '../../shared/envelope.js';

export type { RouteStatus };
import type { Db } from '../db/database.js';
import type { MenuRow } from '../db/tables.js';
import { buildTree } from '../admin/tree.js';

/** The root of the gateway tiles; its subtree is never part of a role menu tree. */
export const GATEWAY_ROOT_ID = 'gateway';
/** parent_id of top-level menus. */
export const MENU_ROOT_PARENT = '0';

export function toMenuRecord(row: MenuRow): MenuRecord {
  return {
    id: row.id,
    name: row.name,
    parentId: row.parent_id,
    parentIds: row.parent_ids,
    sort: row.sort,
    childList: [],
    href: row.href ?? '',
    vueRoute: row.vue_route ?? '',
    vueRouteAlias: row.vue_route_alias ?? '',
    target: row.target ?? '',
    icon: row.icon ?? '',
    highlightIcon: row.highlight_icon ?? '',
    isShow: row.is_show,
    permission: row.permission ?? '',
    thirdPartyUrl: row.third_party_url ?? '',
    specialLogo: row.special_logo ?? '',
    iconColor: row.icon_color ?? '',
    titleColor: row.title_color ?? '',
    remarks: row.remarks ?? '',
    clickFlag: row.click_flag,
    flag: '0',
  };
}

/** Builds the forest of `records` under `rootParent`; items whose parent is not among them are dropped. */
export function buildMenuTree(records: MenuRecord[], rootParent = MENU_ROOT_PARENT): MenuRecord[] {
  return buildTree(records, rootParent);
}

export class Menus {
  constructor(private readonly db: Db) {}

  /**
   * The menus granted to any of `roleIds`, restricted to `projectType` (empty: every type), as a tree, without
   * the gateway tiles. A granted item whose parent is not granted is left out.
   */
  async roleMenuTree(roleIds: string[], projectType: string): Promise<MenuRecord[]> {
    if (roleIds.length === 0) return [];
    // Two linear reads joined here instead of one correlated query: the grants through their (role_id, menu_id)
    // index, then the live menus (a few thousand rows at most). No plan the database could choose is quadratic.
    const granted = await this.db
      .selectFrom('sys_role_menu')
      .select('menu_id')
      .where('role_id', 'in', roleIds)
      .execute();
    if (granted.length === 0) return [];
    const grantedIds = new Set(granted.map((row) => row.menu_id));
    let query = this.db
      .selectFrom('sys_menu as m')
      .selectAll('m')
      .where('m.del_flag', '=', '0')
      .where('m.id', '!=', GATEWAY_ROOT_ID)
      .where('m.parent_ids', 'not like', `%,${GATEWAY_ROOT_ID},%`);
    if (projectType !== '') {
      query = query.where((eb) =>
        eb.or([
          eb('m.project_types', 'is', null),
          eb(sql<string>`${projectType}`, '=', sql<string>`any(m.project_types)`),
        ]),
      );
    }
    const rows = await query.execute();
    return buildMenuTree(rows.filter((row) => grantedIds.has(row.id)).map(toMenuRecord));
  }

  /**
   * The link and target of every live menu item having both, outside the gateway: what a route shows is the same
   * for every user (grants only decide whether it is in their tree). In tree order, so the first item of a link wins
   * as in the web app's routes.
   */
  async routeTargets(): Promise<{ href: string; target: string }[]> {
    return this.db
      .selectFrom('sys_menu')
      .select(['href', 'target'])
      .where('del_flag', '=', '0')
      .where('href', '!=', '')
      .where('target', '!=', '')
      .where('id', '!=', GATEWAY_ROOT_ID)
      .where('parent_ids', 'not like', `%,${GATEWAY_ROOT_ID},%`)
      .orderBy('parent_ids')
      .orderBy('sort')
      .orderBy('id')
      .$narrowType<{ href: string; target: string }>()
      .execute();
  }

  /**
   * Why a path is not in a user's menu tree for a project type: its menu (or an ancestor) is for other project
   * types; or it exists but the user's roles do not grant it; or no menu has it. `href` is matched as it is, then
   * without its last segment (a record's page under a list).
   */
  async routeStatus(href: string, projectType: string): Promise<RouteStatus> {
    const candidates = [href, href.replace(/\/[^/]*$/, '')].filter((path) => path.startsWith('/') && path.length > 1);
    for (const path of candidates) {
      const menu = await this.db
        .selectFrom('sys_menu')
        .select(['id', 'name', 'parent_ids', 'project_types'])
        .where('del_flag', '=', '0')
        .where('href', '=', path)
        .where('parent_ids', 'not like', `%,${GATEWAY_ROOT_ID},%`)
        .orderBy('parent_ids')
        .executeTakeFirst();
      if (!menu) continue;
      const ancestorIds = menu.parent_ids.split(',').filter((id) => id !== '' && id !== MENU_ROOT_PARENT);
      const ancestors =
        ancestorIds.length === 0
          ? []
          : await this.db.selectFrom('sys_menu').select('project_types').where('id', 'in', ancestorIds).execute();
      // A menu is shown for the types every one of its ancestors and itself allows.
      let types: string[] | null = null;
      for (const list of [...ancestors.map((row) => row.project_types), menu.project_types])
        if (list) types = types === null ? [...list] : types.filter((type) => list.includes(type));
      if (projectType !== '' && types !== null && !types.includes(projectType))
        return { state: 'projectType', menuName: menu.name, projectTypes: types };
      return { state: 'notGranted', menuName: menu.name, projectTypes: types ?? [] };
    }
    return { state: 'unknown', menuName: '', projectTypes: [] };
  }

  /** The gateway tiles in sort order. */
  async gatewayTiles(): Promise<MenuRecord[]> {
    const rows = await this.db
      .selectFrom('sys_menu')
      .selectAll()
      .where('parent_id', '=', GATEWAY_ROOT_ID)
      .where('del_flag', '=', '0')
      .where('is_show', '=', '1')
      .orderBy('sort')
      .orderBy('id')
      .execute();
    return rows.map(toMenuRecord);
  }
}
