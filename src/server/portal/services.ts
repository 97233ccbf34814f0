/**
 * The logged-in portal's services (issue 4), built once per app and reached as `app.services.portal`, plus the
 * per-request context most of its routes start from: who asks, what they may see, which project they name.
 */
import type { ServerConfig } from '../config.js';
import type { Db } from '../db/database.js';
import type { FileStore } from '../files/file-store.js';
import type { UserView } from '../accounts/users.js';
import { CommonMenus, type MenuContext } from './common-menus.js';
import { ConcreteApp } from './concrete-app.js';
import type { Menus } from './menus.js';
import type { Messages } from '../messages/messages.js';
import type { DataScope } from '../accounts/data-scope.js';
import type { Permissions } from '../accounts/permissions.js';
import { Projects, type ProjectRow } from './projects.js';
import { RecentlyUsed } from './recently-used.js';
import { ScreenDesigns } from './screen-designs.js';
import type { PanelsDeclaring } from '../../shared/module-panels.js';
import { ThirdPartyFrames } from './third-party-frames.js';
import { Uploads } from './uploads.js';
import { UserThemes } from './user-theme.js';
import { Weather } from './weather.js';
import { Workbench } from './workbench.js';

export interface PortalServices {
  projects: Projects;
  commonMenus: CommonMenus;
  recentlyUsed: RecentlyUsed;
  workbench: Workbench;
  messages: Messages;
  userThemes: UserThemes;
  weather: Weather;
  concreteApp: ConcreteApp;
  uploads: Uploads;
  thirdPartyFrames: ThirdPartyFrames;
  /** The big screens as shipped, and the designed version a module may keep of each. */
  screens: ScreenDesigns;
}

export function createPortalServices(
  db: Db,
  menus: Menus,
  permissions: Permissions,
  config: ServerConfig,
  tokenSecret: Buffer,
  messages: Messages,
  files: FileStore,
  fetchImpl?: typeof fetch,
  /** The loaded modules' manifests: the panels they add to the screens. */
  manifests: readonly PanelsDeclaring[] = [],
): PortalServices {
  const commonMenus = new CommonMenus(db, menus);
  return {
    projects: new Projects(db, permissions),
    commonMenus,
    recentlyUsed: new RecentlyUsed(db, commonMenus),
    workbench: new Workbench(db),
    messages,
    userThemes: new UserThemes(db),
    weather: new Weather(config.portal.weather, fetchImpl),
    concreteApp: new ConcreteApp(
      config.portal.concreteUrl,
      ConcreteApp.deriveSecret(config.portal.concreteSecret, tokenSecret),
      config.now,
    ),
    uploads: new Uploads(files),
    thirdPartyFrames: new ThirdPartyFrames(db, fetchImpl),
    screens: new ScreenDesigns(manifests),
  };
}

export interface PortalContext {
  view: UserView;
  scope: DataScope;
  /** The project `projectName` named (visible to the user), null when none was named. */
  project: ProjectRow | null;
  menu: MenuContext;
}

/** Who asks and in which project; a named project the user may not see is -403 (Projects.byName). */
export async function portalContext(
  portal: PortalServices,
  view: UserView,
  projectName: string | undefined,
): Promise<PortalContext> {
  const scope = await portal.projects.scopeOf(view.user.id);
  const project = await portal.projects.byName(scope, projectName);
  return {
    view,
    scope,
    project,
    menu: {
      userId: view.user.id,
      roleIds: view.user.roles.map((r) => r.id),
      projectKey: project?.id ?? '',
      projectType: project?.engineering_type ?? '',
    },
  };
}
