/**
 * Projects (spec section 1 "projects") for administration over the `project` table: paged list, detail, create,
 * update, delete. A restricted data scope sees and edits the projects of its own company's offices only.
 */
import type { Db } from '../db/database.js';
import { containsPattern, iso, newId, notFound, optional, pageOf, type Page, type PageQuery } from './common.js';
import { officeInScope, officeWithin } from '../accounts/data-scope.js';
import type { DataScope } from '../accounts/data-scope.js';

/** schemas/forms/admin-project.json. */
export interface ProjectInput {
  name: string;
  officeId: string;
  engineeringType: string;
  status: string;
  code?: string;
  areaCode?: string;
}

export interface ProjectRecord {
  id: string;
  name: string;
  officeId: string;
  officeName: string;
  engineeringType: string;
  status: string;
  code: string;
  areaCode: string;
  createDate: string;
  updateDate: string;
}

export interface ProjectQuery extends PageQuery {
  name?: string;
  officeId?: string;
  engineeringType?: string;
  status?: string;
}

export const ProjectMessages = {
  notFound: '项目不存在',
  officeNotFound: '所属机构不存在',
} as const;

export class AdminProjects {
  constructor(private readonly db: Db) {}

  private select() {
    return this.db
      .selectFrom('project as p')
      .innerJoin('sys_office as o', 'o.id', 'p.office_id')
      .where('p.del_flag', '=', '0');
  }

  private scoped(scope: DataScope) {
    return this.select().where(officeWithin(scope, { id: 'o.id', parentIds: 'o.parent_ids' }));
  }

  async list(query: ProjectQuery, scope: DataScope): Promise<Page<ProjectRecord>> {
    const { pageNo, pageSize, offset } = pageOf(query);
    let base = this.scoped(scope);
    if (query.name) base = base.where('p.name', 'like', containsPattern(query.name));
    if (query.officeId) base = base.where('p.office_id', '=', query.officeId);
    if (query.engineeringType) base = base.where('p.engineering_type', '=', query.engineeringType);
    if (query.status) base = base.where('p.status', '=', query.status);
    const [rows, count] = await Promise.all([
      base
        .selectAll('p')
        .select('o.name as office_name')
        .orderBy('p.created_at', 'desc')
        .orderBy('p.id')
        .limit(pageSize)
        .offset(offset)
        .execute(),
      base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
    ]);
    return { dataList: rows.map((r) => this.toRecord(r)), total: Number(count.n), pageNo, pageSize };
  }

  private toRecord(r: {
    id: string;
    name: string;
    office_id: string;
    office_name: string;
    engineering_type: string;
    status: string;
    code: string | null;
    area_code: string | null;
    created_at: Date;
    updated_at: Date;
  }): ProjectRecord {
    return {
      id: r.id,
      name: r.name,
      officeId: r.office_id,
      officeName: r.office_name,
      engineeringType: r.engineering_type,
      status: r.status,
      code: r.code ?? '',
      areaCode: r.area_code ?? '',
      createDate: iso(r.created_at),
      updateDate: iso(r.updated_at),
    };
  }

  async get(id: string, scope: DataScope): Promise<ProjectRecord> {
    const row = await this.scoped(scope)
      .selectAll('p')
      .select('o.name as office_name')
      .where('p.id', '=', id)
      .executeTakeFirst();
    if (!row) throw notFound(ProjectMessages.notFound);
    return this.toRecord(row);
  }

  private async checkOffice(officeId: string, scope: DataScope): Promise<void> {
    const office = await this.db
      .selectFrom('sys_office')
      .select(['id', 'parent_ids'])
      .where('id', '=', officeId)
      .where('del_flag', '=', '0')
      .executeTakeFirst();
    if (!office || !officeInScope(office, scope)) throw notFound(ProjectMessages.officeNotFound);
  }

  private columns(input: ProjectInput) {
    return {
      name: input.name.trim(),
      office_id: input.officeId,
      engineering_type: input.engineeringType,
      status: input.status,
      code: optional(input.code),
      area_code: optional(input.areaCode),
    };
  }

  async create(input: ProjectInput, scope: DataScope): Promise<ProjectRecord> {
    await this.checkOffice(input.officeId, scope);
    const id = newId();
    await this.db
      .insertInto('project')
      .values({ id, ...this.columns(input) })
      .execute();
    return this.get(id, scope);
  }

  async update(id: string, input: ProjectInput, scope: DataScope): Promise<ProjectRecord> {
    await this.get(id, scope);
    await this.checkOffice(input.officeId, scope);
    await this.db
      .updateTable('project')
      .set({ ...this.columns(input), updated_at: new Date() })
      .where('id', '=', id)
      .execute();
    return this.get(id, scope);
  }

  async remove(id: string, scope: DataScope): Promise<void> {
    await this.get(id, scope);
    await this.db.updateTable('project').set({ del_flag: '1', updated_at: new Date() }).where('id', '=', id).execute();
  }
}
