/**
 * Offices (institutions) for administration: the tree in three shapes, detail, create, update (moving a subtree
 * rewrites its parent_ids), delete (refused while children, users or projects remain). A restricted data scope
 * (accounts/permissions.ts) sees and edits only its own company's subtree.
 */
import type { Db } from '../db/database.js';
import type { SysOfficeTable } from '../db/tables.js';
import type { Selectable } from 'kysely';
import { conflict, containsPattern, iso, notFound, optional } from './common.js';
import { buildTree, flattenTree, hasChildren, liveSubtree, ROOT_PARENT, TreeRows } from './tree.js';
import { officeInScope, type DataScope } from '../accounts/data-scope.js';
import { companyOfOffice } from '../portal/project-company.js';
import { invalidField } from '../domain-error.js';

type OfficeRow = Selectable<SysOfficeTable>;

/** The Office entity of spec section 3, as the form sends it (schemas/forms/admin-office.json). */
export interface OfficeInput {
  parentId: string;
  name: string;
  type: string;
  englishName?: string;
  simpleName?: string;
  code?: string;
  grade?: string;
  sort?: number;
  areaId?: string;
  address?: string;
  zipCode?: string;
  master?: string;
  /** The user who approves for the office (审批负责人: an approval node of "the starter's office leader"). */
  leaderId?: string;
  phone?: string;
  fax?: string;
  email?: string;
  useable?: string;
  remarks?: string;
}

export interface OfficeRecord extends Required<Omit<OfficeInput, 'sort'>> {
  id: string;
  parentIds: string;
  sort: number;
  createDate: string;
  updateDate: string;
}

export interface OfficeNode extends OfficeRecord {
  childList: OfficeNode[];
}

/** The institution tree node of spec section 3 (project picker, selects). */
export interface OfficeBrief {
  id: string;
  name: string;
  type: string;
  parentId: string;
  sort: number;
  childList: OfficeBrief[];
}

export const OfficeMessages = {
  notFound: '机构不存在',
  hasChildren: '该机构下还有下级机构，请先删除下级机构',
  hasUsers: '该机构下还有用户，请先删除或调走这些用户',
  hasProjects: '该机构下还有项目，请先删除这些项目',
  parentNotFound: '上级机构不存在',
  leaderNotFound: '审批负责人不存在或已停用',
} as const;

function toRecord(r: OfficeRow): OfficeRecord {
  return {
    id: r.id,
    parentId: r.parent_id,
    parentIds: r.parent_ids,
    name: r.name,
    englishName: r.english_name ?? '',
    simpleName: r.simple_name ?? '',
    type: r.type,
    grade: r.grade ?? '',
    code: r.code ?? '',
    sort: r.sort,
    areaId: r.area_id ?? '',
    address: r.address ?? '',
    zipCode: r.zip_code ?? '',
    master: r.master ?? '',
    leaderId: r.leader_id ?? '',
    phone: r.phone ?? '',
    fax: r.fax ?? '',
    email: r.email ?? '',
    useable: r.useable,
    remarks: r.remarks ?? '',
    createDate: iso(r.created_at),
    updateDate: iso(r.updated_at),
  };
}

function columns(input: OfficeInput) {
  return {
    name: input.name.trim(),
    english_name: optional(input.englishName),
    simple_name: optional(input.simpleName),
    type: input.type,
    grade: optional(input.grade),
    code: optional(input.code),
    sort: input.sort ?? 0,
    area_id: optional(input.areaId),
    address: optional(input.address),
    zip_code: optional(input.zipCode),
    master: optional(input.master),
    leader_id: optional(input.leaderId),
    phone: optional(input.phone),
    fax: optional(input.fax),
    email: optional(input.email),
    useable: input.useable ?? '1',
    remarks: optional(input.remarks),
  };
}

const officeRows = new TreeRows<OfficeRow, ReturnType<typeof columns>>({
  table: 'sys_office',
  insert: (db, values) => db.insertInto('sys_office').values(values).returningAll().executeTakeFirstOrThrow(),
  update: (db, id, values) =>
    db.updateTable('sys_office').set(values).where('id', '=', id).returningAll().executeTakeFirstOrThrow(),
});

/** Whether an office lies in the scope's company subtree. */

export class AdminOffices {
  constructor(private readonly db: Db) {}

  private async live(id: string): Promise<OfficeRow | undefined> {
    return this.db
      .selectFrom('sys_office')
      .selectAll()
      .where('id', '=', id)
      .where('del_flag', '=', '0')
      .executeTakeFirst();
  }

  /** A live office in scope, else -404. */
  async row(id: string, scope: DataScope): Promise<OfficeRow> {
    const row = await this.live(id);
    if (!row || !officeInScope(row, scope)) throw notFound(OfficeMessages.notFound);
    return row;
  }

  async get(id: string, scope: DataScope): Promise<OfficeRecord> {
    return toRecord(await this.row(id, scope));
  }

  /**
   * Live offices of the subtree rooted at `rootId` ('0': everything the scope sees), as a forest. With
   * `usableOnly`, disabled offices (useable '0') and their subtrees are left out.
   */
  async tree(rootId: string, scope: DataScope, options: { usableOnly?: boolean } = {}): Promise<OfficeNode[]> {
    let anchor: OfficeRow | undefined;
    if (rootId !== ROOT_PARENT) anchor = await this.row(rootId, scope);
    else if (!scope.all) {
      if (scope.companyId === null) return [];
      anchor = await this.live(scope.companyId);
      if (!anchor) return [];
    }
    let query = this.db.selectFrom('sys_office').selectAll().where(liveSubtree(anchor));
    if (options.usableOnly) query = query.where('useable', '=', '1');
    const rows = await query.execute();
    return buildTree(
      rows.map((r): OfficeNode => ({ ...toRecord(r), childList: [] })),
      anchor?.parent_id ?? ROOT_PARENT,
    );
  }

  /** The tree as spec section 3's institution nodes (id, name, type, parentId, childList). */
  async briefTree(rootId: string, scope: DataScope): Promise<OfficeBrief[]> {
    const brief = (nodes: OfficeNode[]): OfficeBrief[] =>
      nodes.map((n) => ({
        id: n.id,
        name: n.name,
        type: n.type,
        parentId: n.parentId,
        sort: n.sort,
        childList: brief(n.childList),
      }));
    return brief(await this.tree(rootId, scope, { usableOnly: true }));
  }

  /** The tree flattened in display order, each node with its path of names (for select widgets). */
  async flat(rootId: string, scope: DataScope) {
    return flattenTree(await this.briefTree(rootId, scope));
  }

  /**
   * Search: offices whose name contains `name` and/or whose type is `type`, with their ancestors so the answer
   * stays a tree.
   */
  async search(filter: { name?: string; type?: string }, scope: DataScope): Promise<OfficeNode[]> {
    const all = await this.tree(ROOT_PARENT, scope);
    const matches = (n: OfficeNode) =>
      (!filter.name || n.name.includes(filter.name)) && (!filter.type || n.type === filter.type);
    const prune = (nodes: OfficeNode[]): OfficeNode[] =>
      nodes.flatMap((n) => {
        const children = prune(n.childList);
        return matches(n) || children.length > 0 ? [{ ...n, childList: children }] : [];
      });
    return filter.name || filter.type ? prune(all) : all;
  }

  async create(input: OfficeInput, scope: DataScope): Promise<OfficeRecord> {
    // A restricted scope creates only inside its company; nobody but 'all' creates a top-level office.
    await this.checkParent(input.parentId, scope);
    await this.checkLeader(input.leaderId);
    return toRecord(await officeRows.create(this.db, input.parentId, columns(input)));
  }

  async update(id: string, input: OfficeInput, scope: DataScope): Promise<OfficeRecord> {
    const current = await this.row(id, scope);
    if (input.parentId !== current.parent_id) {
      // A company manager's own company stays where it is.
      if (!scope.all && current.id === scope.companyId) throw notFound(OfficeMessages.parentNotFound);
      await this.checkParent(input.parentId, scope);
    }
    await this.checkLeader(input.leaderId);
    return toRecord(await officeRows.update(this.db, current, input.parentId, columns(input)));
  }

  /** -400 on leaderId unless it names a live user (the approvals skip anyone else). */
  private async checkLeader(leaderId: string | undefined): Promise<void> {
    if (!optional(leaderId)) return;
    const user = await this.db
      .selectFrom('sys_user')
      .select('id')
      .where('id', '=', leaderId as string)
      .where('del_flag', '=', '0')
      .where('login_flag', '=', '1')
      .executeTakeFirst();
    if (!user) throw invalidField('leaderId', OfficeMessages.leaderNotFound);
  }

  /** -404 上级机构不存在 for a restricted scope unless `parentId` is a live office of its company. */
  private async checkParent(parentId: string, scope: DataScope): Promise<void> {
    if (scope.all) return;
    const parent = await this.live(parentId);
    if (!parent || !officeInScope(parent, scope)) throw notFound(OfficeMessages.parentNotFound);
  }

  async remove(id: string, scope: DataScope): Promise<void> {
    const current = await this.row(id, scope);
    if (await hasChildren(this.db, 'sys_office', id)) throw conflict(OfficeMessages.hasChildren);
    const user = await this.db
      .selectFrom('sys_user')
      .select('id')
      .where('del_flag', '=', '0')
      .where((eb) => eb.or([eb('office_id', '=', id), eb('company_id', '=', id)]))
      .limit(1)
      .executeTakeFirst();
    if (user) throw conflict(OfficeMessages.hasUsers);
    const project = await this.db
      .selectFrom('project')
      .select('id')
      .where('office_id', '=', id)
      .where('del_flag', '=', '0')
      .limit(1)
      .executeTakeFirst();
    if (project) throw conflict(OfficeMessages.hasProjects);
    await this.db
      .updateTable('sys_office')
      .set({ del_flag: '1', updated_at: new Date() })
      .where('id', '=', current.id)
      .execute();
  }

  /** Offices whose name contains `text` (used by the user list's companyName filter). */
  async idsNamed(text: string): Promise<string[]> {
    const rows = await this.db
      .selectFrom('sys_office')
      .select('id')
      .where('name', 'like', containsPattern(text))
      .where('del_flag', '=', '0')
      .execute();
    return rows.map((r) => r.id);
  }

  /** The company (type '1') an office belongs to: itself or its nearest company ancestor. */
  async companyOf(office: Pick<OfficeRow, 'id' | 'type' | 'parent_ids'>): Promise<string> {
    return companyOfOffice(this.db, office);
  }
}
