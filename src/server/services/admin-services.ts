/** The system administration services (issue 5), built once per app (see services/index.ts). */
import type { Clock } from '../config.js';
import type { Db } from '../db/database.js';
import { AdminAreas } from './admin-areas.js';
import { AdminBaseConfigs } from './admin-base-configs.js';
import { AdminDictionaries } from './admin-dictionaries.js';
import { AdminLogos } from './admin-logos.js';
import { AdminMenus } from './admin-menus.js';
import { AdminOffices } from './admin-offices.js';
import { AdminProjects } from './admin-projects.js';
import { AdminRoles } from './admin-roles.js';
import { AdminUsers } from './admin-users.js';
import { AuditLog } from './audit-log.js';
import { OnlineSessions } from './online-sessions.js';
import { Permissions } from './permissions.js';
import type { Sessions } from './sessions.js';
import { UserImport } from './user-import.js';
import type { Users } from './users.js';

export interface AdminServices {
  permissions: Permissions;
  auditLog: AuditLog;
  offices: AdminOffices;
  areas: AdminAreas;
  menus: AdminMenus;
  dictionaries: AdminDictionaries;
  roles: AdminRoles;
  users: AdminUsers;
  logos: AdminLogos;
  projects: AdminProjects;
  baseConfigs: AdminBaseConfigs;
  userImport: UserImport;
  online: OnlineSessions;
}

export function createAdminServices(
  db: Db,
  deps: { users: Users; sessions: Sessions; permissions: Permissions; now: Clock },
): AdminServices {
  const { users, sessions, permissions, now } = deps;
  const offices = new AdminOffices(db);
  const menus = new AdminMenus(db, permissions);
  const roles = new AdminRoles(db, menus, permissions, users);
  return {
    permissions,
    auditLog: new AuditLog(db, now),
    offices,
    areas: new AdminAreas(db),
    menus,
    dictionaries: new AdminDictionaries(db),
    roles,
    users: new AdminUsers(db, offices, roles, users, sessions, permissions, now),
    logos: new AdminLogos(db, now),
    projects: new AdminProjects(db),
    baseConfigs: new AdminBaseConfigs(db),
    userImport: new UserImport(db, offices, now),
    online: new OnlineSessions(db, sessions),
  };
}
