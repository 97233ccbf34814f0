/**
 * Every path under the logged-in layout that no fixed route claims: the menu route of that path (from the
 * user's menu tree) shows its target's screen under the chain of menu names; a menu whose target names no
 * known screen, or a module area without its module, says plainly that it is not available; a portal screen
 * (administration) the user's menus do not grant is refused; anything else is not found.
 */
import { useLocation, useOutletContext } from 'react-router-dom';
import { Loading } from '../../engine/feedback';
import { findMenuRoute } from '../menus/menu-tree';
import type { MenuTreeState } from '../menus/use-menu-tree';
import { MODULE_AREAS, PORTAL_AREAS } from '../shell/module-areas';
import { ModuleArea, NoAccess } from './ModuleArea';
import { NotFoundPage } from './NotFoundPage';
import { PortalPage } from './PortalPage';
import { pageIdFor } from './screens';

const areaOf = (pathname: string) => pathname.split('/')[1] ?? '';

function inModuleArea(pathname: string): boolean {
  const first = areaOf(pathname);
  return (MODULE_AREAS as readonly string[]).includes(first) || first === 'screen' || first === 'ldview';
}

export function MenuScreen() {
  const location = useLocation();
  const menus = useOutletContext<MenuTreeState | undefined>();
  const route = menus ? findMenuRoute(menus.routes, location.pathname) : undefined;
  if (!route) {
    const portalArea = (PORTAL_AREAS as readonly string[]).includes(areaOf(location.pathname));
    if (menus?.loading && (portalArea || !inModuleArea(location.pathname))) return <Loading />;
    if (portalArea) return <NoAccess />;
    return inModuleArea(location.pathname) ? <ModuleArea /> : <NotFoundPage />;
  }
  const pageId = pageIdFor(route.target);
  return (
    <section className="menu-screen" data-route-name={route.id}>
      <nav className="menu-trail" aria-label="当前位置" data-testid="menu-trail">
        {route.trail.join(' / ')}
      </nav>
      {pageId ? <PortalPage key={pageId} pageId={pageId} /> : <ModuleArea name={route.menu.name} />}
    </section>
  );
}
