/** The system administration services (issue 5), built once per app (see app-services.ts). */
import type { Clock } from '../config.js';
import type { Db } from '../db/database.js';
import { AdminAreas } from './areas.js';
import { AdminBaseConfigs } from './base-configs.js';
import { AdminDictionaries } from './dictionaries.js';
import { AdminLogos } from './logos.js';
import { AdminMenus } from './menus.js';
import { AdminOffices } from './offices.js';
import { AdminProjects } from './projects.js';
import { AdminRoles } from './roles.js';
import { AdminUsers } from './users.js';
import { AuditLog } from './audit-log.js';
import { OnlineSessions } from './online-sessions.js';
import { Permissions } from '../accounts/permissions.js';
import type { Sessions } from '../accounts/sessions.js';
import { UserImport } from './user-import.js';
import type { Users } from '../accounts/users.js';

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
