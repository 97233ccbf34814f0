/**
 * A logged-in route opened directly (a reload, a link, the first screen after login): what its screen needs
 * starts as soon as the main script runs, instead of one piece after another (the layout's code, then the menu
 * tree, then the menu screen's code, then the page file, then its data). At once: the layout's and the menu
 * screen's code, the menu tree and the permissions (the same reads, same keys, the layout's `useMenuTree` then
 * takes); and when the menu tree answers, the routed page's code, file and first data (`preparePage`), while React
 * is still rendering the layout. A route the menus do not know starts nothing more; rendering decides as before.
 */
import { preparePage } from '../../engine/page/SchemaPage';
import { preloadApi } from '../../engine/use-api';
import type { MenuRecord } from '../../shared/envelope';
import { selectedProject } from '../layout/selected-project';
import { findMenuRoute, menuRoutes } from '../menus/menu-tree';
import { pageIdFor } from '../modules/screens';
import { portalApis } from '../portal-apis';
import { readStored } from '../session/storage';
import { seams } from './seams';

export function preloadLoggedInRoute(pathname: string): void {
  void import('../layout/RootLayout');
  void import('../modules/MenuScreen');
  const project = selectedProject();
  // Exactly the params of useMenuTree: one request, shared.
  const menus = preloadApi(seams, portalApis.roleMenuList, {
    type: project?.projectType ?? '',
    officeId: project?.officeId ?? '',
  });
  void preloadApi(seams, portalApis.currentPermissions);
  const prepare = (tree: unknown): boolean => {
    if (!Array.isArray(tree)) return false;
    const route = findMenuRoute(menuRoutes(tree as MenuRecord[]), pathname);
    const pageId = route && pageIdFor(route.target);
    // The context PortalPage gives the page: its first calls are then the very ones the page makes.
    if (pageId) preparePage(seams, pageId, { user: readStored('userInfo'), project, params: {} });
    return Boolean(pageId);
  };
  // The tree kept from the last visit (a reload) names the page at once; else the fresh one, when it answers.
  if (!prepare(readStored('currentMenuList'))) void menus.then(prepare);
}
