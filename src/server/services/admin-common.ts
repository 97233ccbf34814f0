/** Small pieces the administration services share: pages, trees, ids, flags, not-found answers. */
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { MsgCode } from '../../shared/envelope.js';
import type { Db } from '../db/database.js';
import { ApiError } from '../http/api-error.js';

/** A page of a list answer: `data` of every paged administration list. */
export interface Page<T> {
  dataList: T[];
  total: number;
  pageNo: number;
  pageSize: number;
}

export interface PageQuery {
  pageNo?: number;
  pageSize?: number;
}

/** The largest page a list serves (the role-user list asks for 9999, spec section 9). */
export const MAX_PAGE_SIZE = 9999;

export function pageOf(query: PageQuery): { pageNo: number; pageSize: number; offset: number } {
  const pageNo = Math.max(1, Math.trunc(query.pageNo ?? 1));
  const pageSize = Math.min(MAX_PAGE_SIZE, Math.max(1, Math.trunc(query.pageSize ?? 10)));
  return { pageNo, pageSize, offset: (pageNo - 1) * pageSize };
}

/** A new record id. Text ids throughout (seed rows keep readable ones). */
export function newId(): string {
  return randomUUID().replaceAll('-', '');
}

/** parent_id of top-level rows of every tree (offices, areas, menus). */
export const ROOT_PARENT = '0';

/** `LIKE` pattern for a user's search text: contains, with the wildcards of the text itself escaped. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

export function notFound(message: string): ApiError {
  return new ApiError(MsgCode.notFound, message);
}

export function conflict(message: string): ApiError {
  return new ApiError(MsgCode.conflict, message);
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
export function childParentIds(parent: { id: string; parent_ids: string } | undefined, parentId: string): string {
  if (parentId === ROOT_PARENT) return `${ROOT_PARENT},`;
  if (!parent)
    throw new ApiError(MsgCode.invalidInput, '上级不存在', { errors: [{ field: 'parentId', message: '上级不存在' }] });
  return `${parent.parent_ids}${parent.id},`;
}

/** Text of an optional field: trimmed, '' and absent become null. */
export function optional(value: string | undefined | null): string | null {
  if (value === undefined || value === null) return null;
  const trimmed = value.trim();
  return trimmed === '' ? null : trimmed;
}

/** ISO text of a timestamp column (PGlite and pg both give Date). */
export function iso(value: Date | string): string {
  return (value instanceof Date ? value : new Date(value)).toISOString();
}

export type TreeTable = 'sys_office' | 'sys_area' | 'sys_menu';

/**
 * Moves a row (and so its subtree) under a new parent: checks the parent exists and is not the row or one of
 * its descendants, and rewrites parent_ids of every descendant. Returns the row's new parent_ids.
 */
export async function moveInTree(
  db: Db,
  table: TreeTable,
  row: { id: string; parent_id: string; parent_ids: string },
  newParentId: string,
): Promise<string> {
  if (newParentId === row.parent_id) return row.parent_ids;
  let parent: { id: string; parent_ids: string } | undefined;
  if (newParentId !== ROOT_PARENT) {
    parent = await db
      .selectFrom(table)
      .select(['id', 'parent_ids'])
      .where('id', '=', newParentId)
      .where('del_flag', '=', '0')
      .executeTakeFirst();
  }
  const parentIds = childParentIds(parent, newParentId);
  if (newParentId === row.id || parentIds.includes(`,${row.id},`)) {
    throw new ApiError(MsgCode.invalidInput, '上级不能是自己或自己的下级', {
      errors: [{ field: 'parentId', message: '上级不能是自己或自己的下级' }],
    });
  }
  const oldPrefix = `${row.parent_ids}${row.id},`;
  const newPrefix = `${parentIds}${row.id},`;
  await sql`update ${sql.table(table)} set parent_ids = ${newPrefix} || substr(parent_ids, ${oldPrefix.length + 1})
    where parent_ids like ${`${oldPrefix}%`}`.execute(db);
  return parentIds;
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
