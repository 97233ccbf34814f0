/** Areas (administrative regions) for administration: tree, detail, create, update (move), delete. */
import type { Selectable } from 'kysely';
import type { Db } from '../db/database.js';
import type { SysAreaTable } from '../db/tables.js';
import {
  buildTree,
  childParentIds,
  conflict,
  flattenTree,
  hasChildren,
  iso,
  moveInTree,
  newId,
  notFound,
  optional,
  ROOT_PARENT,
} from './admin-common.js';

type AreaRow = Selectable<SysAreaTable>;

/** The Area entity of spec section 3 (schemas/forms/admin-area.json). */
export interface AreaInput {
  parentId: string;
  name: string;
  code?: string;
  type: string;
  sort?: number;
  remarks?: string;
}

export interface AreaRecord {
  id: string;
  parentId: string;
  parentIds: string;
  name: string;
  code: string;
  type: string;
  sort: number;
  remarks: string;
  createDate: string;
  updateDate: string;
}

export interface AreaNode extends AreaRecord {
  childList: AreaNode[];
}

export const AreaMessages = {
  notFound: '区域不存在',
  hasChildren: '该区域下还有下级区域，请先删除下级区域',
  inUse: '有机构属于该区域，不能删除',
} as const;

function toRecord(r: AreaRow): AreaRecord {
  return {
    id: r.id,
    parentId: r.parent_id,
    parentIds: r.parent_ids,
    name: r.name,
    code: r.code ?? '',
    type: r.type,
    sort: r.sort,
    remarks: r.remarks ?? '',
    createDate: iso(r.created_at),
    updateDate: iso(r.updated_at),
  };
}

function columns(input: AreaInput) {
  return {
    name: input.name.trim(),
    code: optional(input.code),
    type: input.type,
    sort: input.sort ?? 0,
    remarks: optional(input.remarks),
  };
}

export class AdminAreas {
  constructor(private readonly db: Db) {}

  private async row(id: string): Promise<AreaRow> {
    const row = await this.db
      .selectFrom('sys_area')
      .selectAll()
      .where('id', '=', id)
      .where('del_flag', '=', '0')
      .executeTakeFirst();
    if (!row) throw notFound(AreaMessages.notFound);
    return row;
  }

  async get(id: string): Promise<AreaRecord> {
    return toRecord(await this.row(id));
  }

  /** The subtree rooted at `rootId` ('0': every area) as a forest. */
  async tree(rootId: string): Promise<AreaNode[]> {
    let query = this.db.selectFrom('sys_area').selectAll().where('del_flag', '=', '0');
    let rootParent = ROOT_PARENT;
    if (rootId !== ROOT_PARENT) {
      const anchor = await this.row(rootId);
      rootParent = anchor.parent_id;
      query = query.where((eb) =>
        eb.or([eb('id', '=', anchor.id), eb('parent_ids', 'like', `${anchor.parent_ids}${anchor.id},%`)]),
      );
    }
    const rows = await query.execute();
    return buildTree(
      rows.map((r): AreaNode => ({ ...toRecord(r), childList: [] })),
      rootParent,
    );
  }

  async flat(rootId: string) {
    return flattenTree(await this.tree(rootId));
  }

  async create(input: AreaInput): Promise<AreaRecord> {
    const parent = input.parentId === ROOT_PARENT ? undefined : await this.row(input.parentId).catch(() => undefined);
    const row = await this.db
      .insertInto('sys_area')
      .values({
        id: newId(),
        parent_id: input.parentId,
        parent_ids: childParentIds(parent, input.parentId),
        ...columns(input),
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    return toRecord(row);
  }

  async update(id: string, input: AreaInput): Promise<AreaRecord> {
    // Read before the transaction: PGlite has one connection, so nothing may query outside `trx` inside it.
    const current = await this.row(id);
    return this.db.transaction().execute(async (trx) => {
      const parentIds = await moveInTree(trx, 'sys_area', current, input.parentId);
      const row = await trx
        .updateTable('sys_area')
        .set({ ...columns(input), parent_id: input.parentId, parent_ids: parentIds, updated_at: new Date() })
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirstOrThrow();
      return toRecord(row);
    });
  }

  async remove(id: string): Promise<void> {
    await this.row(id);
    if (await hasChildren(this.db, 'sys_area', id)) throw conflict(AreaMessages.hasChildren);
    const office = await this.db
      .selectFrom('sys_office')
      .select('id')
      .where('area_id', '=', id)
      .where('del_flag', '=', '0')
      .limit(1)
      .executeTakeFirst();
    if (office) throw conflict(AreaMessages.inUse);
    await this.db.updateTable('sys_area').set({ del_flag: '1', updated_at: new Date() }).where('id', '=', id).execute();
  }
}
