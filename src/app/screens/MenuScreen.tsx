/**
 * Every path under the logged-in layout that no fixed route claims: the menu route of that path (from the
 * user's menu tree) shows the page file its target names (any kind) under the chain of menu names, and
 * `<list path>/<id>` the list's detail page; a menu whose target names no page file, or a module area without
 * its module, says plainly that it is not available (by the menu's name, and why: a module of other project
 * types, or not granted); a portal screen
 * (administration) the user's menus do not grant is refused; anything else is not found.
 */
import { useLocation, useOutletContext } from 'react-router-dom';
import { Loading } from '../../engine/feedback';
import { detailPageOf, tabDetailPageOf } from '../../engine/pages';
import { findMenuRoute, type MenuRoute } from '../menus/menu-tree';
import type { MenuTreeState } from '../menus/use-menu-tree';
import { MODULE_AREAS, PORTAL_AREAS } from '../shell/module-areas';
import { AreaScreen, NoAccess } from './AreaScreen';
import { NotFoundPage } from './NotFoundPage';
import { PortalPage } from './PortalPage';
import { UnavailableRoute } from './UnavailableRoute';
import { pageIdFor } from './screens';

const areaOf = (pathname: string) => pathname.split('/')[1] ?? '';

function inModuleArea(pathname: string): boolean {
  const first = areaOf(pathname);
  return MODULE_AREAS.includes(first) || first === 'screen' || first === 'ldview';
}

/**
 * `<list path>/<id>`: the record `id` of a list whose page file names a detail page (`detail.page`); the route
 * survives a reload and keeps the list's menu trail.
 */
function detailRoute(routes: readonly MenuRoute[], pathname: string) {
  const match = /^(.+)\/([^/]+)\/?$/.exec(pathname);
  if (!match) return undefined;
  const route = findMenuRoute(routes, match[1]);
  const listPageId = route && pageIdFor(route.target);
  const pageId = listPageId && detailPageOf(listPageId);
  if (route && pageId) return { route, pageId, id: decodeURIComponent(match[2]) };
  // `<tabs path>/<list page id>/<id>`: the detail of a list in another tab of the page.
  const inTab = /^(.+)\/([^/]+)\/([^/]+)\/?$/.exec(pathname);
  if (!inTab) return undefined;
  const tabsRoute = findMenuRoute(routes, inTab[1]);
  const tabsPageId = tabsRoute && pageIdFor(tabsRoute.target);
  const tabPageId = tabsPageId && tabDetailPageOf(tabsPageId, inTab[2]);
  return tabsRoute && tabPageId ? { route: tabsRoute, pageId: tabPageId, id: decodeURIComponent(inTab[3]) } : undefined;
}

export function MenuScreen() {
  const location = useLocation();
  const menus = useOutletContext<MenuTreeState | undefined>();
  const route = menus ? findMenuRoute(menus.routes, location.pathname) : undefined;
  const detail = !route && menus ? detailRoute(menus.routes, location.pathname) : undefined;
  if (detail) {
    return (
      <section className="menu-screen" data-route-name={detail.route.id}>
        <nav className="menu-trail" aria-label="当前位置" data-testid="menu-trail">
          {[...detail.route.trail, '详情'].join(' / ')}
        </nav>
        <PortalPage key={location.pathname} pageId={detail.pageId} params={{ id: detail.id }} />
      </section>
    );
  }
  if (!route) {
    // Until the menus are there, any path may still be a menu's page (module pages live in module areas too).
    if (menus?.loading) return <Loading />;
    const portalArea = PORTAL_AREAS.includes(areaOf(location.pathname));
    if (portalArea) return <NoAccess />;
    return inModuleArea(location.pathname) ? <UnavailableRoute /> : <NotFoundPage />;
  }
  const pageId = pageIdFor(route.target);
  return (
    <section className="menu-screen" data-route-name={route.id}>
      <nav className="menu-trail" aria-label="当前位置" data-testid="menu-trail">
        {route.trail.join(' / ')}
      </nav>
      {pageId ? <PortalPage key={pageId} pageId={pageId} /> : <AreaScreen name={route.menu.name} />}
    </section>
  );
}
