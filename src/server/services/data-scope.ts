/**
 * Who may see what: the one data-scope rule of administration, projects and collections.
 * A user with a usable role that is the administrator (enname 'admin') or grants all data (dataScope '1') sees
 * every office, project and record; anyone else sees their company: the office subtree of sys_user.company_id
 * (their own office when they have none). Restricted users also administer only non-system roles of their
 * company (services/admin-roles.ts).
 */

export type DataScope = { all: true } | { all: false; companyId: string };

/** An office id no row has: a restricted user without company or office sees nothing. */
export const NO_COMPANY = '\u0000none';

export interface ScopeFacts {
  /** The user's live, usable roles. */
  roles: readonly { enname: string; data_scope: string | null }[];
  user: { company_id: string | null; office_id: string | null } | undefined;
}

export function dataScopeOf({ roles, user }: ScopeFacts): DataScope {
  if (roles.some((role) => role.enname === 'admin' || role.data_scope === '1')) return { all: true };
  return { all: false, companyId: user?.company_id ?? user?.office_id ?? NO_COMPANY };
}

/** Whether an office (by its id and ancestor list `0,a,b,`) lies within the scope. */
export function officeInScope(office: { id: string; parent_ids: string }, scope: DataScope): boolean {
  return scope.all || office.id === scope.companyId || office.parent_ids.includes(`,${scope.companyId},`);
}
