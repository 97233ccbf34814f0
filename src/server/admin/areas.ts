/** Areas (administrative regions) for administration: tree, detail, create, update (move), delete. */
import type { Selectable } from 'kysely';
import type { Db } from '../db/database.js';
import type { SysAreaTable } from '../db/tables.js';
import { conflict, iso, notFound, optional } from './common.js';
import { buildTree, flattenTree, hasChildren, liveSubtree, ROOT_PARENT, TreeRows } from './tree.js';

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

const areaRows = new TreeRows<AreaRow, ReturnType<typeof columns>>({
  table: 'sys_area',
  insert: (db, values) => db.insertInto('sys_area').values(values).returningAll().executeTakeFirstOrThrow(),
  update: (db, id, values) =>
    db.updateTable('sys_area').set(values).where('id', '=', id).returningAll().executeTakeFirstOrThrow(),
});

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
    const anchor = rootId === ROOT_PARENT ? undefined : await this.row(rootId);
    const rows = await this.db.selectFrom('sys_area').selectAll().where(liveSubtree(anchor)).execute();
    return buildTree(
      rows.map((r): AreaNode => ({ ...toRecord(r), childList: [] })),
      anchor?.parent_id ?? ROOT_PARENT,
    );
  }

  async flat(rootId: string) {
    return flattenTree(await this.tree(rootId));
  }

  async create(input: AreaInput): Promise<AreaRecord> {
    return toRecord(await areaRows.create(this.db, input.parentId, columns(input)));
  }

  async update(id: string, input: AreaInput): Promise<AreaRecord> {
    return toRecord(await areaRows.update(this.db, await this.row(id), input.parentId, columns(input)));
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
