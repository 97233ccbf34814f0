/**
 * The trees of administration (offices, areas, menus). Every row keeps its parent (`parent_id`, '0' at the top)
 * and the ids of all its ancestors, root first (`parent_ids` "0,a,b,"), so a subtree is one LIKE away. Placing a
 * new row, moving a subtree and selecting one work alike for the three tables; each service keeps its own
 * columns, records and rules (scopes, what blocks a delete).
 */
import { sql, type RawBuilder, type SqlBool } from 'kysely';
import type { Db } from '../db/database.js';
import { newId } from './common.js';
import { DomainError, invalidField } from '../domain-error.js';

/** parent_id of top-level rows of every tree (offices, areas, menus). */
export const ROOT_PARENT = '0';

export type TreeTable = 'sys_office' | 'sys_area' | 'sys_menu';

/** Where a row sits in its tree. */
export interface TreePlace {
  parent_id: string;
  parent_ids: string;
}

export interface TreeRow extends TreePlace {
  id: string;
}

export interface TreeNode {
  id: string;
  parentId: string;
  sort: number;
  childList: this[];
}

/**
 * The forest under `rootParent` of `nodes` (each with an empty childList), sorted by sort then id. Nodes whose
 * parent is missing are left out, so a subtree never shows orphans.
 */
export function buildTree<T extends TreeNode>(nodes: T[], rootParent: string): T[] {
  const byId = new Map(nodes.map((n) => [n.id, n]));
  const roots: T[] = [];
  for (const node of nodes) {
    if (node.parentId === rootParent) roots.push(node);
    else byId.get(node.parentId)?.childList.push(node);
  }
  const sortDeep = (list: T[]) => {
    list.sort((a, b) => a.sort - b.sort || a.id.localeCompare(b.id));
    for (const item of list) sortDeep(item.childList);
  };
  sortDeep(roots);
  return roots;
}

/** The tree flattened depth-first, each node with the names of its path ("公司 / 分公司 / 项目部"). */
export function flattenTree<T extends TreeNode & { name: string }>(
  roots: T[],
): (Omit<T, 'childList'> & { path: string; depth: number })[] {
  const out: (Omit<T, 'childList'> & { path: string; depth: number })[] = [];
  const walk = (list: T[], trail: string[]) => {
    for (const node of list) {
      const { childList, ...rest } = node;
      const names = [...trail, node.name];
      out.push({ ...rest, path: names.join(' / '), depth: trail.length });
      walk(childList, names);
    }
  };
  walk(roots, []);
  return out;
}

/**
 * parent_ids of a child of `parent` ("0,a,b,"), or of a top-level row. Throws -400 when the parent does not exist.
 */
function childParentIds(parent: { id: string; parent_ids: string } | undefined, parentId: string): string {
  if (parentId === ROOT_PARENT) return `${ROOT_PARENT},`;
  if (!parent) throw invalidField('parentId', '上级不存在');
  return `${parent.parent_ids}${parent.id},`;
}

/** The place of a child of `parentId` ('0': top level); -400 上级不存在 unless the parent is a live row. */
async function placeUnder(db: Db, table: TreeTable, parentId: string): Promise<TreePlace> {
  const parent =
    parentId === ROOT_PARENT
      ? undefined
      : await db
          .selectFrom(table)
          .select(['id', 'parent_ids'])
          .where('id', '=', parentId)
          .where('del_flag', '=', '0')
          .executeTakeFirst();
  return { parent_id: parentId, parent_ids: childParentIds(parent, parentId) };
}

/**
 * Moves a row (and so its subtree) under a new parent: checks the parent exists and is not the row or one of
 * its descendants, and rewrites parent_ids of every descendant. Returns the row's new place.
 */
async function moveInTree(db: Db, table: TreeTable, row: TreeRow, newParentId: string): Promise<TreePlace> {
  if (newParentId === row.parent_id) return { parent_id: row.parent_id, parent_ids: row.parent_ids };
  const place = await placeUnder(db, table, newParentId);
  if (newParentId === row.id || place.parent_ids.includes(`,${row.id},`)) {
    throw invalidField('parentId', '上级不能是自己或自己的下级');
  }
  const oldPrefix = `${row.parent_ids}${row.id},`;
  const newPrefix = `${place.parent_ids}${row.id},`;
  await sql`update ${sql.table(table)} set parent_ids = ${newPrefix} || substr(parent_ids, ${oldPrefix.length + 1})
    where parent_ids like ${`${oldPrefix}%`}`.execute(db);
  return place;
}

/** Where-condition: the live rows of `anchor`'s subtree, the anchor included; without an anchor, every live row. */
export function liveSubtree(anchor: TreeRow | undefined): RawBuilder<SqlBool> {
  if (!anchor) return sql<SqlBool>`del_flag = '0'`;
  return sql<SqlBool>`del_flag = '0' and (id = ${anchor.id} or parent_ids like ${`${anchor.parent_ids}${anchor.id},%`})`;
}

/** Whether a live row has live children. */
export async function hasChildren(db: Db, table: TreeTable, id: string): Promise<boolean> {
  const child = await db
    .selectFrom(table)
    .select('id')
    .where('parent_id', '=', id)
    .where('del_flag', '=', '0')
    .limit(1)
    .executeTakeFirst();
  return child !== undefined;
}

/**
 * The two writes of one tree table, typed by its own columns: Kysely cannot type a query whose table is a type
 * parameter, so each service states them for its table.
 */
export interface TreeStatements<Row extends TreeRow, Columns> {
  table: TreeTable;
  insert(db: Db, values: TreeRow & Columns): Promise<Row>;
  update(db: Db, id: string, values: TreePlace & Columns & { updated_at: Date }): Promise<Row>;
}

/** Creating and editing the rows of one tree table, parent_ids kept right. */
export class TreeRows<Row extends TreeRow, Columns> {
  constructor(private readonly statements: TreeStatements<Row, Columns>) {}

  /** A new row under `parentId` ('0': top level); -400 上级不存在 unless the parent is a live row. */
  async create(db: Db, parentId: string, columns: Columns): Promise<Row> {
    const place = await placeUnder(db, this.statements.table, parentId);
    return this.statements.insert(db, { id: newId(), ...place, ...columns });
  }

  /**
   * Saves `current` with new columns under `parentId`, its subtree moving along, in one transaction. The caller
   * reads `current` (and checks whatever else it needs) before: PGlite has one connection, so nothing may query
   * outside the transaction inside it.
   */
  async update(db: Db, current: Row, parentId: string, columns: Columns): Promise<Row> {
    return db.transaction().execute(async (trx) => {
      const place = await moveInTree(trx, this.statements.table, current, parentId);
      return this.statements.update(trx, current.id, { ...columns, ...place, updated_at: new Date() });
    });
  }
}
