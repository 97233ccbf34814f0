/**
 * Roles for administration: paged list, detail with menu ids, create and update (with the menus granted),
 * delete, and assigning users. Data scope (accounts/permissions.ts):
 * - 'all' administers every role;
 * - a company scope sees its company's roles and the shared non-system roles, edits only its company's roles,
 *   assigns only non-system roles, grants only menus it holds itself, and never sets data scope '1' (all data),
 *   so a company manager cannot raise anyone above itself.
 * System roles (is_sys '1', the administrator) cannot be deleted.
 */
import type { Selectable } from 'kysely';
import type { Db } from '../db/database.js';
import { uniqueViolation } from '../db/errors.js';
import type { SysRoleTable } from '../db/tables.js';
import {
  conflict,
  containsPattern,
  iso,
  newId,
  notFound,
  optional,
  pageOf,
  type Page,
  type PageQuery,
} from './common.js';
import type { AdminMenus } from './menus.js';
import { ownCompany, type DataScope } from '../accounts/data-scope.js';
import type { Permissions } from '../accounts/permissions.js';
import type { Users } from '../accounts/users.js';
import { DomainError, invalidField } from '../domain-error.js';

type RoleRow = Selectable<SysRoleTable>;

/** The Role entity of spec section 3 (schemas/forms/admin-role.json), `menus` as menu ids. */
export interface RoleInput {
  name: string;
  enname: string;
  officeId?: string;
  isSys?: string;
  useable?: string;
  dataScope?: string;
  roleType?: string;
  remarks?: string;
  menuIds?: string[];
}

export interface RoleRecord {
  id: string;
  name: string;
  enname: string;
  officeId: string;
  officeName: string;
  isSys: string;
  useable: string;
  dataScope: string;
  roleType: string;
  remarks: string;
  /** Whether the caller may edit (and delete) this role. */
  editable: boolean;
  /** Whether the caller may give this role to users. */
  assignable: boolean;
  createDate: string;
  updateDate: string;
}

export interface RoleDetail extends RoleRecord {
  menuIds: string[];
}

export interface RoleQuery extends PageQuery {
  name?: string;
  enname?: string;
}

export const RoleMessages = {
  notFound: '角色不存在',
  duplicateEnname: '英文名称已存在',
  systemRole: '系统角色不能删除',
  notAssignable: '无权分配该角色',
  menuNotHeld: '不能授予自己没有的菜单权限',
  scopeTooWide: '无权设置“所有数据”的数据范围',
  unknownMenu: '菜单不存在',
  unknownUser: '用户不存在',
  lastAdmin: '系统角色至少要保留一个用户',
} as const;

/** The role's menus become exactly `menuIds`. */
async function replaceMenus(trx: Db, roleId: string, menuIds: string[]): Promise<void> {
  await trx.deleteFrom('sys_role_menu').where('role_id', '=', roleId).execute();
  if (menuIds.length > 0) {
    await trx
      .insertInto('sys_role_menu')
      .values(menuIds.map((menu_id) => ({ role_id: roleId, menu_id })))
      .execute();
  }
}

export function roleEditable(role: Pick<RoleRow, 'office_id' | 'is_sys'>, scope: DataScope): boolean {
  return scope.all || (role.is_sys === '0' && role.office_id !== null && role.office_id === scope.companyId);
}

export function roleAssignable(role: Pick<RoleRow, 'office_id' | 'is_sys'>, scope: DataScope): boolean {
  return scope.all || (role.is_sys === '0' && (role.office_id === null || role.office_id === scope.companyId));
}

export class AdminRoles {
  constructor(
    private readonly db: Db,
    private readonly menus: AdminMenus,
    private readonly permissions: Permissions,
    private readonly users: Users,
  ) {}

  private visible(scope: DataScope) {
    const base = this.db
      .selectFrom('sys_role as r')
      .leftJoin('sys_office as o', 'o.id', 'r.office_id')
      .where('r.del_flag', '=', '0');
    if (scope.all) return base;
    const companyId = scope.companyId;
    return base.where((eb) =>
      eb.or([
        ...(companyId === null ? [] : [eb('r.office_id', '=', companyId)]),
        eb.and([eb('r.office_id', 'is', null), eb('r.is_sys', '=', '0')]),
      ]),
    );
  }

  private toRecord(r: RoleRow & { office_name: string | null }, scope: DataScope): RoleRecord {
    return {
      id: r.id,
      name: r.name,
      enname: r.enname,
      officeId: r.office_id ?? '',
      officeName: r.office_name ?? '',
      isSys: r.is_sys,
      useable: r.useable,
      dataScope: r.data_scope ?? '',
      roleType: r.role_type ?? '',
      remarks: r.remarks ?? '',
      editable: roleEditable(r, scope),
      assignable: roleAssignable(r, scope),
      createDate: iso(r.created_at),
      updateDate: iso(r.updated_at),
    };
  }

  async list(query: RoleQuery, scope: DataScope): Promise<Page<RoleRecord>> {
    const { pageNo, pageSize, offset } = pageOf(query);
    let base = this.visible(scope);
    if (query.name) base = base.where('r.name', 'like', containsPattern(query.name));
    if (query.enname) base = base.where('r.enname', 'like', containsPattern(query.enname));
    const [rows, count] = await Promise.all([
      base
        .selectAll('r')
        .select('o.name as office_name')
        .orderBy('r.is_sys', 'desc')
        .orderBy('r.created_at')
        .orderBy('r.id')
        .limit(pageSize)
        .offset(offset)
        .execute(),
      base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
    ]);
    return { dataList: rows.map((r) => this.toRecord(r, scope)), total: Number(count.n), pageNo, pageSize };
  }

  private async visibleRow(id: string, scope: DataScope) {
    const row = await this.visible(scope)
      .selectAll('r')
      .select('o.name as office_name')
      .where('r.id', '=', id)
      .executeTakeFirst();
    if (!row) throw notFound(RoleMessages.notFound);
    return row;
  }

  async get(id: string, scope: DataScope): Promise<RoleDetail> {
    const row = await this.visibleRow(id, scope);
    const menus = await this.db
      .selectFrom('sys_role_menu')
      .select('menu_id')
      .where('role_id', '=', id)
      .orderBy('menu_id')
      .execute();
    return { ...this.toRecord(row, scope), menuIds: menus.map((m) => m.menu_id) };
  }

  /** The menu ids to grant: live menus, and for a company scope only those the caller holds. */
  private async checkMenus(menuIds: string[], scope: DataScope, callerId: string): Promise<string[]> {
    const ids = [...new Set(menuIds)];
    if (ids.length === 0) return ids;
    const live = await this.db
      .selectFrom('sys_menu')
      .select('id')
      .where('id', 'in', ids)
      .where('del_flag', '=', '0')
      .execute();
    if (live.length !== ids.length) throw invalidField('menuIds', RoleMessages.unknownMenu);
    if (!scope.all) {
      const held = await this.menus.grantedIds(callerId);
      if (ids.some((id) => !held.has(id))) throw new DomainError('forbidden', RoleMessages.menuNotHeld);
    }
    return ids;
  }

  private columns(input: RoleInput, scope: DataScope) {
    if (!scope.all && input.dataScope === '1') throw invalidField('dataScope', RoleMessages.scopeTooWide);
    return {
      name: input.name.trim(),
      enname: input.enname.trim(),
      // A company scope's roles always belong to its company and are never system roles.
      office_id: scope.all ? optional(input.officeId) : ownCompany(scope),
      is_sys: scope.all ? (input.isSys ?? '0') : '0',
      useable: input.useable ?? '1',
      data_scope: optional(input.dataScope),
      role_type: optional(input.roleType),
      remarks: optional(input.remarks),
    };
  }

  private async usersOf(roleId: string): Promise<string[]> {
    const rows = await this.db.selectFrom('sys_user_role').select('user_id').where('role_id', '=', roleId).execute();
    return rows.map((r) => r.user_id);
  }

  /** Drops cached grants and views of everyone the change may touch. */
  private forget(userIds: string[]): void {
    this.permissions.forgetAll();
    for (const id of userIds) this.users.forget(id);
  }

  async create(input: RoleInput, scope: DataScope, callerId: string): Promise<RoleDetail> {
    const menuIds = await this.checkMenus(input.menuIds ?? [], scope, callerId);
    const id = newId();
    try {
      await this.db.transaction().execute(async (trx) => {
        await trx
          .insertInto('sys_role')
          .values({ id, ...this.columns(input, scope) })
          .execute();
        await replaceMenus(trx, id, menuIds);
      });
    } catch (error) {
      if (uniqueViolation(error) !== undefined) throw conflict(RoleMessages.duplicateEnname);
      throw error;
    }
    this.forget([]);
    return this.get(id, scope);
  }

  async update(id: string, input: RoleInput, scope: DataScope, callerId: string): Promise<RoleDetail> {
    const current = await this.visibleRow(id, scope);
    if (!roleEditable(current, scope)) throw new DomainError('forbidden', '无权修改该角色');
    const menuIds = input.menuIds === undefined ? undefined : await this.checkMenus(input.menuIds, scope, callerId);
    try {
      await this.db.transaction().execute(async (trx) => {
        await trx
          .updateTable('sys_role')
          .set({ ...this.columns(input, scope), updated_at: new Date() })
          .where('id', '=', id)
          .execute();
        if (menuIds !== undefined) await replaceMenus(trx, id, menuIds);
      });
    } catch (error) {
      if (uniqueViolation(error) !== undefined) throw conflict(RoleMessages.duplicateEnname);
      throw error;
    }
    this.forget(await this.usersOf(id));
    return this.get(id, scope);
  }

  async remove(id: string, scope: DataScope): Promise<void> {
    const current = await this.visibleRow(id, scope);
    if (current.is_sys === '1') throw conflict(RoleMessages.systemRole);
    if (!roleEditable(current, scope)) throw new DomainError('forbidden', '无权删除该角色');
    const members = await this.usersOf(id);
    await this.db.transaction().execute(async (trx) => {
      await trx.updateTable('sys_role').set({ del_flag: '1', updated_at: new Date() }).where('id', '=', id).execute();
      await trx.deleteFrom('sys_user_role').where('role_id', '=', id).execute();
      await trx.deleteFrom('sys_role_menu').where('role_id', '=', id).execute();
    });
    this.forget(members);
  }

  /** Checks that every role id names a live role the scope may assign; -400 / -403 otherwise. */
  async checkAssignable(roleIds: string[], scope: DataScope): Promise<string[]> {
    const ids = [...new Set(roleIds)];
    if (ids.length === 0) return ids;
    const rows = await this.db
      .selectFrom('sys_role')
      .select(['id', 'office_id', 'is_sys'])
      .where('id', 'in', ids)
      .where('del_flag', '=', '0')
      .execute();
    if (rows.length !== ids.length) throw invalidField('roleIds', RoleMessages.notFound);
    if (rows.some((r) => !roleAssignable(r, scope))) throw new DomainError('forbidden', RoleMessages.notAssignable);
    return ids;
  }

  /**
   * Sets the role's users within the caller's scope to exactly `userIds`: users in scope who are not listed lose
   * the role, listed ones get it; users outside the scope keep what they have. Answers the role's user count.
   */
  async assign(
    id: string,
    userIds: string[],
    scope: DataScope,
    inScopeUserIds: (ids: string[]) => Promise<string[]>,
  ): Promise<number> {
    const role = await this.visibleRow(id, scope);
    if (!roleAssignable(role, scope)) throw new DomainError('forbidden', RoleMessages.notAssignable);
    const wanted = [...new Set(userIds)];
    const allowed = new Set(await inScopeUserIds(wanted));
    if (wanted.some((u) => !allowed.has(u))) throw invalidField('userIds', RoleMessages.unknownUser);
    const members = await this.usersOf(id);
    const removable = new Set(await inScopeUserIds(members));
    const toRemove = members.filter((u) => removable.has(u) && !wanted.includes(u));
    const toAdd = wanted.filter((u) => !members.includes(u));
    if (role.is_sys === '1' && members.length - toRemove.length + toAdd.length === 0)
      throw conflict(RoleMessages.lastAdmin);
    await this.db.transaction().execute(async (trx) => {
      if (toRemove.length > 0)
        await trx.deleteFrom('sys_user_role').where('role_id', '=', id).where('user_id', 'in', toRemove).execute();
      if (toAdd.length > 0)
        await trx
          .insertInto('sys_user_role')
          .values(toAdd.map((user_id) => ({ user_id, role_id: id })))
          .onConflict((oc) => oc.doNothing())
          .execute();
    });
    // Cached views and grants go now; other instances follow within their cache TTL.
    this.forget([...toRemove, ...toAdd]);
    return members.length - toRemove.length + toAdd.length;
  }
}
