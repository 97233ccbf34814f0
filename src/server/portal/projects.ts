/**
 * Which offices and projects a user may see, and the views of them the portal needs: the institution tree of the
 * project picker (POST /api/device/base/v2.0/companyTree), the office tree (GET /api/zhgd/office/tree), the project
 * table (POST /zhgd/project/withOfficeName), the company logo, and the project behind a `projectName` parameter.
 * Who sees what is the one data-scope rule (accounts/data-scope.ts), read through the cached grants.
 */
import { sql } from 'kysely';
import type { Db } from '../db/database.js';
import type { CompanyTreeNode, ProjectListRow, SelectedProjectFields } from '../../shared/projects.js';
import { officeInScope, officeWithin, type DataScope } from '../accounts/data-scope.js';
import { escapeLike } from '../lib/like-pattern.js';
import type { Permissions } from '../accounts/permissions.js';
import { DomainError } from '../domain-error.js';

export type { CompanyTreeNode, ProjectListRow, SelectedProjectFields };

export interface OfficeTreeNode {
  id: string;
  name: string;
  type: string;
  parentId: string;
  code: string;
  childList: OfficeTreeNode[];
}

export interface ProjectRow {
  id: string;
  name: string;
  engineering_type: string;
  status: string;
  code: string | null;
  area_code: string | null;
  office_id: string;
}

/** Columns a withOfficeName condition may name, and the SQL column each maps to (never built from input). */
export const PROJECT_QUERY_FIELDS = {
  ID: 'p.id',
  OFFICE_NAME: 'o.name',
  OFFICE_ID: 'p.office_id',
  PROJECT_NAME: 'p.name',
  ENGINEERING_TYPE: 'p.engineering_type',
  PROJECT_STATUS: 'p.status',
  AREA_CODE: 'p.area_code',
} as const;
export type ProjectQueryField = keyof typeof PROJECT_QUERY_FIELDS;

export interface ProjectCondition {
  fieldName: ProjectQueryField;
  condition: '=' | 'like';
  value: string;
}

export const ProjectMessages = {
  noSuchProject: '项目不存在或无权访问',
  noSuchOffice: '机构不存在',
} as const;

interface OfficeRow {
  id: string;
  parent_id: string;
  parent_ids: string;
  name: string;
  type: string;
  code: string | null;
  sort: number;
}

/** Adds to the project nodes of the institution tree what a module keeps (the IoT platform: its devices). */
export type CompanyTreeExtension = (projectNodes: CompanyTreeNode[]) => Promise<void>;

export class Projects {
  private readonly treeExtensions: CompanyTreeExtension[] = [];

  constructor(
    private readonly db: Db,
    private readonly permissions: Permissions,
  ) {}

  async scopeOf(userId: string): Promise<DataScope> {
    return (await this.permissions.of(userId)).scope;
  }

  /** Live offices the scope covers, tree order not guaranteed. */
  private async visibleOffices(scope: DataScope): Promise<OfficeRow[]> {
    return this.db
      .selectFrom('sys_office')
      .select(['id', 'parent_id', 'parent_ids', 'name', 'type', 'code', 'sort'])
      .where('del_flag', '=', '0')
      .where('useable', '=', '1')
      .where(officeWithin(scope, { id: 'id', parentIds: 'parent_ids' }))
      .execute();
  }

  /** A where-clause piece: the project's office is within the scope. */
  private scopedProjects(scope: DataScope) {
    return this.db
      .selectFrom('project as p')
      .innerJoin('sys_office as o', 'o.id', 'p.office_id')
      .where('p.del_flag', '=', '0')
      .where('o.del_flag', '=', '0')
      .where(officeWithin(scope, { id: 'o.id', parentIds: 'o.parent_ids' }));
  }

  /**
   * The project a `projectName` parameter names, among those the user may see; '' or undefined = no project
   * (null). An unknown or hidden name is -403, so names of other companies' projects cannot be probed.
   */
  async byName(scope: DataScope, projectName: string | undefined): Promise<ProjectRow | null> {
    if (!projectName) return null;
    const row = await this.scopedProjects(scope)
      .select(['p.id', 'p.name', 'p.engineering_type', 'p.status', 'p.code', 'p.area_code', 'p.office_id'])
      .where('p.name', '=', projectName)
      .orderBy('p.id')
      .executeTakeFirst();
    if (!row) throw new DomainError('forbidden', ProjectMessages.noSuchProject);
    return row;
  }

  /** Whether the user may see the project: a record of a hidden project is as absent as a missing one. */
  async sees(scope: DataScope, projectId: string): Promise<boolean> {
    const row = await this.scopedProjects(scope).select('p.id').where('p.id', '=', projectId).executeTakeFirst();
    return row !== undefined;
  }

  /** Every project the user may see, by name: what a company's figures and its big screen's map cover. */
  async visible(scope: DataScope): Promise<ProjectRow[]> {
    return this.scopedProjects(scope)
      .select(['p.id', 'p.name', 'p.engineering_type', 'p.status', 'p.code', 'p.area_code', 'p.office_id'])
      .orderBy('p.name')
      .orderBy('p.id')
      .execute();
  }

  /** Like `byName`, by project id. */
  async byId(scope: DataScope, projectId: string): Promise<ProjectRow> {
    const row = await this.scopedProjects(scope)
      .select(['p.id', 'p.name', 'p.engineering_type', 'p.status', 'p.code', 'p.area_code', 'p.office_id'])
      .where('p.id', '=', projectId)
      .executeTakeFirst();
    if (!row) throw new DomainError('forbidden', ProjectMessages.noSuchProject);
    return row;
  }

  /** POST /zhgd/project/withOfficeName: every condition must hold; OFFICE_NAME '=' also matches offices above. */
  async list(
    scope: DataScope,
    conditions: ProjectCondition[],
    page: { pageNum: number; limit: number },
  ): Promise<{ dataList: ProjectListRow[]; total: number }> {
    let query = this.scopedProjects(scope);
    for (const c of conditions) {
      if (c.fieldName === 'OFFICE_NAME' && c.condition === '=') {
        // A tree node's name selects the projects of that office and of every office below it.
        query = query.where((eb) =>
          eb.or([
            eb('o.name', '=', c.value),
            eb.exists(
              eb
                .selectFrom('sys_office as a')
                .select(sql`1`.as('one'))
                .where('a.name', '=', c.value)
                .where('a.del_flag', '=', '0')
                // strpos, not LIKE: an id may contain '_', which LIKE would take as a wildcard.
                .where(sql<boolean>`strpos(o.parent_ids, ',' || a.id || ',') > 0`),
            ),
          ]),
        );
      } else if (c.condition === '=') {
        query = query.where(sql.ref(PROJECT_QUERY_FIELDS[c.fieldName]), '=', c.value);
      } else {
        query = query.where(sql.ref(PROJECT_QUERY_FIELDS[c.fieldName]), 'like', `%${escapeLike(c.value)}%`);
      }
    }
    const total = await query.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
    const rows = await query
      .select([
        'p.id',
        'p.name',
        'p.engineering_type',
        'p.status',
        'p.area_code',
        'p.code',
        'p.office_id',
        'o.name as office_name',
      ])
      .orderBy('p.name')
      .orderBy('p.id')
      .limit(page.limit)
      .offset((page.pageNum - 1) * page.limit)
      .execute();
    return {
      total: Number(total.n),
      dataList: rows.map((r) => ({
        ID: r.id,
        OFFICE_NAME: r.office_name,
        PROJECT_NAME: r.name,
        ENGINEERING_TYPE: r.engineering_type,
        PROJECT_STATUS: r.status,
        AREA_CODE: r.area_code ?? '',
        OFFICE_ID: r.office_id,
        PROJECT_CODE: r.code ?? '',
      })),
    };
  }

  /** The logo of the office or of the nearest office above it that has one ('' when none has). */
  async logoOf(scope: DataScope, officeId: string): Promise<string> {
    const office = await this.db
      .selectFrom('sys_office')
      .select(['id', 'parent_ids'])
      .where('id', '=', officeId)
      .where('del_flag', '=', '0')
      .executeTakeFirst();
    // Another company's office is as unknown as a missing one: its logo and its existence stay its own.
    if (!office || !officeInScope(office, scope)) throw new DomainError('notFound', ProjectMessages.noSuchOffice);
    const chain = [
      office.id,
      ...office.parent_ids
        .split(',')
        .filter((id) => id !== '' && id !== '0')
        .reverse(),
    ];
    const profiles = await this.db
      .selectFrom('company_profile')
      .select(['office_id', 'log_path'])
      .where('office_id', 'in', chain)
      .execute();
    const byOffice = new Map(profiles.map((p) => [p.office_id, p.log_path]));
    for (const id of chain) {
      const logo = byOffice.get(id);
      if (logo) return logo;
    }
    return '';
  }

  /** The office tree the user may see (item.officeTree). */
  async officeTree(scope: DataScope): Promise<OfficeTreeNode[]> {
    const offices = await this.visibleOffices(scope);
    const nodes = offices.map((o): OfficeTreeNode => ({
      id: o.id,
      name: o.name,
      type: o.type,
      parentId: o.parent_id,
      code: o.code ?? '',
      childList: [],
    }));
    return treeOf(nodes, new Map(offices.map((o) => [o.id, o.sort])));
  }

  /** Runs `extension` over the project nodes of every companyTree answer. */
  extendCompanyTree(extension: CompanyTreeExtension): void {
    this.treeExtensions.push(extension);
  }

  /** The institution tree of the project picker, with the selection fields on project departments. */
  async companyTree(scope: DataScope): Promise<CompanyTreeNode[]> {
    const offices = await this.visibleOffices(scope);
    const projects = await this.scopedProjects(scope)
      .leftJoin('project_profile as pp', 'pp.project_id', 'p.id')
      .select(['p.id', 'p.name', 'p.engineering_type', 'p.status', 'p.code', 'p.office_id', 'pp.function_model'])
      .orderBy('p.id')
      .execute();
    // One project per project department; should a department hold several, the first by id is its project.
    const projectOf = new Map<string, (typeof projects)[number]>();
    for (const p of projects) if (!projectOf.has(p.office_id)) projectOf.set(p.office_id, p);

    const logos = await this.db.selectFrom('company_profile').select(['office_id', 'log_path']).execute();
    const logoByOffice = new Map(logos.map((l) => [l.office_id, l.log_path]));
    const logoFor = (o: OfficeRow) => {
      for (const id of [o.id, ...o.parent_ids.split(',').reverse()]) {
        const logo = logoByOffice.get(id);
        if (logo) return logo;
      }
      return '';
    };

    const nodes = offices.map((o): CompanyTreeNode => {
      const node: CompanyTreeNode = {
        id: o.id,
        name: o.name,
        type: o.type,
        parentId: o.parent_id,
        clickFlag: '0',
        childList: [],
      };
      const project = o.type === '3' ? projectOf.get(o.id) : undefined;
      if (!project) return node;
      const selection: SelectedProjectFields = {
        edpId: o.id,
        edpName: o.name,
        objectId: project.id,
        objectName: project.name,
        status: project.status,
        code: project.code ?? '',
        officeId: o.id,
        projectName: project.name,
        projectType: project.engineering_type,
        projectId: project.id,
        parentId: o.parent_id,
        logPath: logoFor(o),
        functionModel: project.function_model ?? '',
      };
      return { ...node, ...selection, clickFlag: '1' };
    });
    const projectNodes = nodes.filter((node) => node.projectId !== undefined);
    for (const extension of this.treeExtensions) await extension(projectNodes);
    return treeOf(nodes, new Map(offices.map((o) => [o.id, o.sort])));
  }
}

/** Roots are nodes whose parent is not among the nodes (the scope's root, or top-level offices); by sort, id. */
function treeOf<T extends { id: string; parentId: string; childList: T[] }>(
  nodes: T[],
  sortOf: Map<string, number>,
): T[] {
  const byId = new Map(nodes.map((n) => [n.id, n]));
  const roots: T[] = [];
  for (const node of nodes) {
    const parent = byId.get(node.parentId);
    if (parent && parent !== node) parent.childList.push(node);
    else roots.push(node);
  }
  const order = (a: T, b: T) => (sortOf.get(a.id) ?? 0) - (sortOf.get(b.id) ?? 0) || a.id.localeCompare(b.id);
  const sortDeep = (list: T[]) => {
    list.sort(order);
    for (const n of list) sortDeep(n.childList);
  };
  sortDeep(roots);
  return roots;
}
