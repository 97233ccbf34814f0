/**
 * Users for administration: paged list with filters, detail with roles, create (an administrator-set password
 * must be changed at the next login), update (a new password or disabling ends the user's sessions), delete, and
 * the users of a role. Data scope (accounts/permissions.ts): a company scope sees and edits only its company's
 * users who hold no role it could not assign (so a company manager never touches an administrator).
 */
import { type Selectable, type SqlBool, sql } from 'kysely';
import type { Clock } from '../config.js';
import type { Db } from '../db/database.js';
import { uniqueViolation } from '../db/errors.js';
import type { SysUserTable } from '../db/tables.js';
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
import type { AdminOffices } from './offices.js';
import { officeInScope, ownCompany, seesNothing } from '../accounts/data-scope.js';
import type { AdminRoles } from './roles.js';
import { hashPassword } from '../accounts/passwords.js';
import type { DataScope } from '../accounts/data-scope.js';
import { ListTotals } from '../lib/list-totals.js';
import type { Permissions } from '../accounts/permissions.js';
import type { Sessions } from '../accounts/sessions.js';
import type { Users } from '../accounts/users.js';
import { invalidField } from '../domain-error.js';

/** A page skips at most this many entries of the list index: it starts from the nearest mark before it. */
const MARK_STEP = 500;

/** A list's total and where every MARK_STEP-th row of it sits (its creation time as the database writes it, id). */
interface ListMarks {
  total: number;
  marks: { at: string; id: string }[];
}

type UserRow = Selectable<SysUserTable>;

/** The System user entity of spec section 3 as the form sends it (schemas/forms/admin-user.json), decrypted. */
export interface UserInput {
  loginName: string;
  name: string;
  /** Required on create; on update a new password (the user must change it at the next login). */
  password?: string;
  officeId: string;
  no?: string;
  email?: string;
  phone?: string;
  mobile?: string;
  loginFlag?: string;
  userType?: string;
  remarks?: string;
  /** Role ids; on update, absent keeps the roles. */
  roleIds?: string[];
}

export interface UserRecord {
  id: string;
  loginName: string;
  name: string;
  no: string;
  email: string;
  phone: string;
  mobile: string;
  companyId: string;
  companyName: string;
  officeId: string;
  officeName: string;
  loginFlag: string;
  userType: string;
  remarks: string;
  passwordMustChange: boolean;
  roles: { id: string; name: string; enname: string }[];
  roleIds: string[];
  createDate: string;
  updateDate: string;
}

export interface UserQuery extends PageQuery {
  loginName?: string;
  name?: string;
  companyName?: string;
  /** The office and its sub-offices. */
  officeId?: string;
}

export const UserMessages = {
  notFound: '用户不存在',
  duplicateLoginName: '登录名已存在',
  mobileTaken: '该手机号已被其他用户使用',
  officeNotFound: '所属机构不存在',
  passwordRequired: '请输入初始密码',
  notSelf: '不能删除当前登录的账号',
  notDisableSelf: '不能禁用当前登录的账号',
} as const;

export class AdminUsers {
  private readonly totals: ListTotals;

  constructor(
    private readonly db: Db,
    private readonly offices: AdminOffices,
    private readonly roles: AdminRoles,
    private readonly users: Users,
    private readonly sessions: Sessions,
    private readonly permissions: Permissions,
    private readonly now: Clock,
  ) {
    this.totals = new ListTotals(db, 'user-list');
  }

  /** Live users the scope may administer, joined with their company and office. */
  private visible(scope: DataScope) {
    let base = this.db
      .selectFrom('sys_user as u')
      .leftJoin('sys_office as c', 'c.id', 'u.company_id')
      .leftJoin('sys_office as o', 'o.id', 'u.office_id')
      .where('u.del_flag', '=', '0');
    if (seesNothing(scope)) return base.where(sql<SqlBool>`false`);
    if (!scope.all) {
      const companyId = scope.companyId;
      base = base.where('u.company_id', '=', companyId).where((eb) =>
        eb.not(
          eb.exists(
            eb
              .selectFrom('sys_user_role as ur')
              .innerJoin('sys_role as r', 'r.id', 'ur.role_id')
              .select('ur.role_id')
              .whereRef('ur.user_id', '=', 'u.id')
              .where('r.del_flag', '=', '0')
              .where((inner) =>
                inner.or([
                  inner('r.is_sys', '=', '1'),
                  inner.and([inner('r.office_id', 'is not', null), inner('r.office_id', '!=', companyId)]),
                ]),
              ),
          ),
        ),
      );
    }
    return base;
  }

  private async withRoles(
    rows: (UserRow & { company_name: string | null; office_name: string | null })[],
  ): Promise<UserRecord[]> {
    const ids = rows.map((r) => r.id);
    const roleRows =
      ids.length === 0
        ? []
        : await this.db
            .selectFrom('sys_user_role as ur')
            .innerJoin('sys_role as r', 'r.id', 'ur.role_id')
            .select(['ur.user_id', 'r.id', 'r.name', 'r.enname'])
            .where('ur.user_id', 'in', ids)
            .where('r.del_flag', '=', '0')
            .orderBy('r.id')
            .execute();
    return rows.map((r) => {
      const roles = roleRows.filter((x) => x.user_id === r.id).map(({ id, name, enname }) => ({ id, name, enname }));
      return {
        id: r.id,
        loginName: r.login_name,
        name: r.name,
        no: r.no ?? '',
        email: r.email ?? '',
        phone: r.phone ?? '',
        mobile: r.mobile ?? '',
        companyId: r.company_id ?? '',
        companyName: r.company_name ?? '',
        officeId: r.office_id ?? '',
        officeName: r.office_name ?? '',
        loginFlag: r.login_flag,
        userType: r.user_type ?? '',
        remarks: r.remarks ?? '',
        passwordMustChange: r.password_must_change,
        roles,
        roleIds: roles.map((x) => x.id),
        createDate: iso(r.created_at),
        updateDate: iso(r.updated_at),
      };
    });
  }

  async list(query: UserQuery, scope: DataScope): Promise<Page<UserRecord>> {
    const { pageNo, pageSize, offset } = pageOf(query);
    let base = this.visible(scope);
    if (query.loginName) base = base.where('u.login_name', 'like', containsPattern(query.loginName));
    if (query.name) base = base.where('u.name', 'like', containsPattern(query.name));
    if (query.companyName) base = base.where('c.name', 'like', containsPattern(query.companyName));
    if (query.officeId) {
      const officeId = query.officeId;
      base = base.where((eb) => eb.or([eb('o.id', '=', officeId), eb('o.parent_ids', 'like', `%,${officeId},%`)]));
    }
    const { loginName, name, companyName, officeId } = query;
    const listKey = JSON.stringify(['list', scope, loginName, name, companyName, officeId]);
    return this.page(base, listKey, pageNo, pageSize, offset);
  }

  /**
   * One page of `base` in creation order. The list's total and its marks (where every MARK_STEP-th row sits) come
   * from ListTotals, read once per filter and version; a page is read from the mark before it, so no page skips
   * more than MARK_STEP entries of the list index (migration 0006), whatever its number. The page's ids come from
   * that index alone, then the rows and their offices are read.
   */
  private async page(
    base: ReturnType<AdminUsers['visible']>,
    listKey: string,
    pageNo: number,
    pageSize: number,
    offset: number,
  ): Promise<Page<UserRecord>> {
    const { total, marks } = await this.totals.of(listKey, () => this.listMarks(base));
    if (offset >= total) return { dataList: [], total, pageNo, pageSize };
    const index = Math.floor(offset / MARK_STEP);
    const mark = marks[index];
    let ids = base.select('u.id').orderBy('u.created_at').orderBy('u.id');
    // The mark as the database wrote it (text, microseconds included), so the comparison is exact.
    if (mark && index > 0) ids = ids.where(sql<boolean>`(u.created_at, u.id) >= (${mark.at}::timestamptz, ${mark.id})`);
    ids = ids.limit(pageSize).offset(index > 0 ? offset - index * MARK_STEP : offset);
    const rows = await this.db
      .selectFrom('sys_user as u')
      .leftJoin('sys_office as c', 'c.id', 'u.company_id')
      .leftJoin('sys_office as o', 'o.id', 'u.office_id')
      .selectAll('u')
      .select(['c.name as company_name', 'o.name as office_name'])
      .where('u.id', 'in', ids)
      .orderBy('u.created_at')
      .orderBy('u.id')
      .execute();
    return { dataList: await this.withRoles(rows), total, pageNo, pageSize };
  }

  /** How many users `base` matches and every MARK_STEP-th of them in creation order, in one read of the index. */
  private async listMarks(base: ReturnType<AdminUsers['visible']>): Promise<ListMarks> {
    const positions = base
      .select([
        sql<string>`u.created_at::text`.as('at'),
        'u.id',
        sql<string>`row_number() over (order by u.created_at, u.id) - 1`.as('n'),
        sql<string>`count(*) over ()`.as('total'),
      ])
      .as('p');
    const rows = await this.db
      .selectFrom(positions)
      .select(['p.at', 'p.id', 'p.total'])
      .where(sql<boolean>`p.n % ${MARK_STEP} = 0`)
      .orderBy('p.n')
      .execute();
    return { total: Number(rows[0]?.total ?? 0), marks: rows.map(({ at, id }) => ({ at, id })) };
  }

  /** The users of a role whom the scope may administer (the role-user list of the assign dialog). */
  async ofRole(roleId: string, query: PageQuery, scope: DataScope): Promise<Page<UserRecord>> {
    await this.roles.get(roleId, scope);
    const { pageNo, pageSize, offset } = pageOf(query);
    const base = this.visible(scope).where((eb) =>
      eb.exists(
        eb
          .selectFrom('sys_user_role as x')
          .select('x.user_id')
          .whereRef('x.user_id', '=', 'u.id')
          .where('x.role_id', '=', roleId),
      ),
    );
    return this.page(base, JSON.stringify(['role', scope, roleId]), pageNo, pageSize, offset);
  }

  /** Which of `ids` name live users in scope. */
  async inScope(ids: string[], scope: DataScope): Promise<string[]> {
    if (ids.length === 0) return [];
    const rows = await this.visible(scope).select('u.id').where('u.id', 'in', ids).execute();
    return rows.map((r) => r.id);
  }

  async get(id: string, scope: DataScope): Promise<UserRecord> {
    const row = await this.visible(scope)
      .selectAll('u')
      .select(['c.name as company_name', 'o.name as office_name'])
      .where('u.id', '=', id)
      .executeTakeFirst();
    if (!row) throw notFound(UserMessages.notFound);
    const [record] = await this.withRoles([row]);
    return record;
  }

  /** The office (in scope) and the company it belongs to. */
  async placement(officeId: string, scope: DataScope): Promise<{ officeId: string; companyId: string }> {
    const office = await this.db
      .selectFrom('sys_office')
      .selectAll()
      .where('id', '=', officeId)
      .where('del_flag', '=', '0')
      .executeTakeFirst();
    if (!office || !officeInScope(office, scope)) throw invalidField('officeId', UserMessages.officeNotFound);
    const companyId = scope.all ? await this.offices.companyOf(office) : ownCompany(scope);
    return { officeId, companyId };
  }

  private columns(input: UserInput) {
    return {
      login_name: input.loginName.trim(),
      name: input.name.trim(),
      no: optional(input.no),
      email: optional(input.email),
      phone: optional(input.phone),
      mobile: optional(input.mobile),
      login_flag: input.loginFlag ?? '1',
      user_type: optional(input.userType),
      remarks: optional(input.remarks),
    };
  }

  private async checkUnique(input: UserInput, exceptId?: string): Promise<void> {
    let byName = this.db.selectFrom('sys_user').select('id').where('login_name', '=', input.loginName.trim());
    if (exceptId) byName = byName.where('id', '!=', exceptId);
    // A deleted user's login name stays taken: the audit log and old records still name it.
    if (await byName.executeTakeFirst()) throw conflict(UserMessages.duplicateLoginName);
    const mobile = optional(input.mobile);
    if (mobile) {
      let byMobile = this.db
        .selectFrom('sys_user')
        .select('id')
        .where((eb) =>
          eb.or([eb.and([eb('mobile', '=', mobile), eb('del_flag', '=', '0')]), eb('login_name', '=', mobile)]),
        );
      if (exceptId) byMobile = byMobile.where('id', '!=', exceptId);
      if (await byMobile.executeTakeFirst()) throw conflict(UserMessages.mobileTaken);
    }
  }

  async create(input: UserInput, scope: DataScope): Promise<UserRecord> {
    if (!input.password) throw invalidField('password', UserMessages.passwordRequired);
    const placement = await this.placement(input.officeId, scope);
    const roleIds = await this.roles.checkAssignable(input.roleIds ?? [], scope);
    await this.checkUnique(input);
    const id = newId();
    const passwordHash = await hashPassword(input.password);
    try {
      await this.db.transaction().execute(async (trx) => {
        await trx
          .insertInto('sys_user')
          .values({
            id,
            ...this.columns(input),
            password_hash: passwordHash,
            office_id: placement.officeId,
            company_id: placement.companyId,
            password_must_change: true,
            password_changed_at: this.now(),
          })
          .execute();
        if (roleIds.length > 0)
          await trx
            .insertInto('sys_user_role')
            .values(roleIds.map((role_id) => ({ user_id: id, role_id })))
            .execute();
      });
    } catch (error) {
      if (uniqueViolation(error) !== undefined) throw conflict(UserMessages.duplicateLoginName);
      throw error;
    }
    return this.get(id, scope);
  }

  async update(id: string, input: UserInput, scope: DataScope, callerId: string): Promise<UserRecord> {
    await this.get(id, scope);
    if (id === callerId && input.loginFlag === '0') throw invalidField('loginFlag', UserMessages.notDisableSelf);
    const placement = await this.placement(input.officeId, scope);
    const roleIds = input.roleIds === undefined ? undefined : await this.roles.checkAssignable(input.roleIds, scope);
    await this.checkUnique(input, id);
    const passwordHash = input.password ? await hashPassword(input.password) : undefined;
    try {
      await this.db.transaction().execute(async (trx) => {
        await trx
          .updateTable('sys_user')
          .set({
            ...this.columns(input),
            office_id: placement.officeId,
            company_id: placement.companyId,
            updated_at: this.now(),
            ...(passwordHash
              ? { password_hash: passwordHash, password_must_change: true, password_changed_at: this.now() }
              : {}),
          })
          .where('id', '=', id)
          .execute();
        if (roleIds !== undefined) {
          // Roles outside the caller's reach (another company's) stay as they are.
          const kept = await trx
            .selectFrom('sys_user_role as ur')
            .innerJoin('sys_role as r', 'r.id', 'ur.role_id')
            .select(['r.id', 'r.office_id', 'r.is_sys'])
            .where('ur.user_id', '=', id)
            .execute();
          const untouchable = kept.filter(
            (r) => !scope.all && !(r.is_sys === '0' && (r.office_id === null || r.office_id === scope.companyId)),
          );
          let drop = trx.deleteFrom('sys_user_role').where('user_id', '=', id);
          if (untouchable.length > 0)
            drop = drop.where(
              'role_id',
              'not in',
              untouchable.map((r) => r.id),
            );
          await drop.execute();
          if (roleIds.length > 0)
            await trx
              .insertInto('sys_user_role')
              .values(roleIds.map((role_id) => ({ user_id: id, role_id })))
              .onConflict((oc) => oc.doNothing())
              .execute();
        }
      });
    } catch (error) {
      if (uniqueViolation(error) !== undefined) throw conflict(UserMessages.duplicateLoginName);
      throw error;
    }
    // A reset password or a disabled account ends the user's sessions at once.
    if (passwordHash || input.loginFlag === '0') await this.sessions.revokeUser(id);
    this.users.forget(id);
    this.permissions.forgetAll();
    return this.get(id, scope);
  }

  async remove(id: string, scope: DataScope, callerId: string): Promise<void> {
    if (id === callerId) throw invalidField('id', UserMessages.notSelf);
    await this.get(id, scope);
    await this.db.updateTable('sys_user').set({ del_flag: '1', updated_at: this.now() }).where('id', '=', id).execute();
    await this.sessions.revokeUser(id);
    this.users.forget(id);
    this.permissions.forgetAll();
  }
}
