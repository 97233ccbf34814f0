/**
 * Who may see what: the one data-scope rule of administration, projects and collections.
 * A user with a usable role that is the administrator (enname 'admin') or grants all data (dataScope '1') sees
 * every office, project and record; anyone else sees their company: the office subtree of sys_user.company_id
 * (their own office when they have none), and a user with neither sees nothing. Restricted users also administer
 * only non-system roles of their company (admin/roles.ts).
 */
import { sql, type Expression, type SqlBool } from 'kysely';
import { DomainError } from '../domain-error.js';
import { escapeLike } from '../lib/like-pattern.js';

/**
 * `companyId: null` is a restricted user without company or office: they see no office, project or record.
 * Queries state that case themselves (`officeWithin`), so no made-up office id ever reaches the database.
 */
export type DataScope = { all: true } | { all: false; companyId: string } | { all: false; companyId: null };

export const ScopeMessages = {
  noCompany: '当前账号未归属任何公司，不能进行此操作',
} as const;

export interface ScopeFacts {
  /** The user's live, usable roles. */
  roles: readonly { enname: string; data_scope: string | null }[];
  user: { company_id: string | null; office_id: string | null } | undefined;
}

export function dataScopeOf({ roles, user }: ScopeFacts): DataScope {
  if (roles.some((role) => role.enname === 'admin' || role.data_scope === '1')) return { all: true };
  return { all: false, companyId: user?.company_id ?? user?.office_id ?? null };
}

/** Whether the scope sees nothing at all. */
export function seesNothing(scope: DataScope): scope is { all: false; companyId: null } {
  return !scope.all && scope.companyId === null;
}

/**
 * The company a restricted caller writes for. One without company or office is refused (-403) rather than
 * writing rows that belong to nobody (a role or notice without company reads as everybody's).
 */
export function ownCompany(scope: { all: false; companyId: string | null }): string {
  if (scope.companyId === null) throw new DomainError('forbidden', ScopeMessages.noCompany);
  return scope.companyId;
}

/** Whether an office (by its id and ancestor list `0,a,b,`) lies within the scope. */
export function officeInScope(office: { id: string; parent_ids: string }, scope: DataScope): boolean {
  if (scope.all) return true;
  if (scope.companyId === null) return false;
  return office.id === scope.companyId || office.parent_ids.includes(`,${scope.companyId},`);
}

/**
 * A where-clause: the office whose id and ancestor list (`0,a,b,`) sit in the named columns lies within the
 * scope. The one SQL form of `officeInScope`.
 */
export function officeWithin(scope: DataScope, columns: { id: string; parentIds: string }): Expression<SqlBool> {
  if (scope.all) return sql<SqlBool>`true`;
  if (scope.companyId === null) return sql<SqlBool>`false`;
  const subtree = `%,${escapeLike(scope.companyId)},%`;
  return sql<SqlBool>`(${sql.ref(columns.id)} = ${scope.companyId} or ${sql.ref(columns.parentIds)} like ${subtree})`;
}
