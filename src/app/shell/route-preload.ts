/**
 * A logged-in route opened directly (a reload, a link, the first screen after login): what its screen needs
 * starts as soon as the main script runs, instead of one piece after another (the layout's code, then the menu
 * tree, then the menu screen's code, then the page file, then its data). The main script has started the menu tree
 * and the permissions (`startSessionReads`) and loads this module with the layout's code (one chunk); here those
 * reads enter the cache under the keys the layout's `useMenuTree` uses, and when the menu tree answers, the routed
 * page's code, file and first data start (`preparePage`), while React is still rendering the layout. The page the
 * server named in the document (src/shared/layout-page.ts) starts at once, before the menus answer. A route the menus
 * do not know starts nothing more; rendering decides as before.
 */
import { preparePage } from '../../engine/page/SchemaPage';
import { hasPage } from '../../engine/pages';
import { preloadApi } from '../../engine/use-api';
import type { MenuRecord } from '../../shared/envelope';
import { selectedProject } from '../layout/selected-project';
import { findMenuRoute, menuRoutes } from '../menus/menu-tree';
import { menuTreeParams } from '../menus/menu-tree-params';
import { pageIdFor } from '../screens/screens';
import { portalApis } from '../portal-apis';
import { readStored } from '../session/storage';
import { seams } from './seams';

/**
 * Resolves once the menus and permissions have answered (or failed) and the page the server named has its first
 * data and forms (`preparePage`): what the first render of the layout needs to show the routed page whole.
 */
export function preloadLoggedInRoute(pathname: string, hintedPageId?: string): Promise<void> {
  void import('../layout/RootLayout');
  void import('../screens/MenuScreen');
  const project = selectedProject();
  const menus = preloadApi(seams, portalApis.roleMenuList, menuTreeParams());
  const permissions = preloadApi(seams, portalApis.currentPermissions);
  const prepared = new Set<string>();
  const preparePageId = async (pageId: string) => {
    if (prepared.has(pageId) || !hasPage(pageId)) return;
    prepared.add(pageId);
    // The context PortalPage gives the page: its first calls are then the very ones the page makes.
    await preparePage(seams, pageId, { user: readStored('userInfo'), project, params: {} });
  };
  const prepare = (tree: unknown): boolean => {
    if (!Array.isArray(tree)) return false;
    const route = findMenuRoute(menuRoutes(tree as MenuRecord[]), pathname);
    const pageId = route && pageIdFor(route.target);
    if (pageId) void preparePageId(pageId);
    return Boolean(pageId);
  };
  // The page the server named (its menu item's target) starts at once; the user's own tree, kept from the last
  // visit (a reload) or fresh when it answers, has the last word, and starts its page if that is another one.
  const hinted = hintedPageId ? preparePageId(hintedPageId) : Promise.resolve();
  if (!prepare(readStored('currentMenuList'))) void menus.then(prepare);
  return Promise.all([hinted, menus, permissions]).then(() => undefined);
}
