/**
 * The layout of every logged-in route (spec section 2): the 54px header, the 92px side menu and the open-tab
 * strip around the routed screen; minimum width 1280px, or 600px on the full-screen routes, which show the
 * screen alone.
 */
import { lazy, Suspense, useEffect, useState } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import { useApi } from '../../engine/use-api';
import { useMenuTree } from '../menus/use-menu-tree';
import { writeStored } from '../session/storage';
import { portalApis } from '../portal-apis';
import { firstSelectable, type CompanyTreeNode } from '../projects/project-tree';
import { RouteChunk } from '../shell/RouteChunk';
import { useVersionCheck } from '../shell/use-version-check';
import { isFullScreenRoute } from './full-screen-routes';
import { PortalHeader } from './PortalHeader';
import { selectedProject } from './selected-project';
import { SideMenu } from './SideMenu';
import { TabStrip } from './TabStrip';
import { OpenTabsProvider } from './tabs-context';
import './root-layout.css';

const ProjectPicker = lazy(async () => ({ default: (await import('../projects/ProjectPicker')).ProjectPicker }));
const ChangePasswordDialog = lazy(async () => ({
  default: (await import('../account/ChangePasswordDialog')).ChangePasswordDialog,
}));

/**
 * Keeps the company logo of the selected project's office across sessions (spec section 3) for the header. A
 * component of its own, rendering nothing: its answer re-renders only it, not the layout and the screen in it.
 */
function CompanyLogoKeeper(): null {
  const officeId = selectedProject()?.officeId;
  const { data } = useApi<{ logPath?: string }>(officeId ? portalApis.companyDetail : null, { id: officeId });
  useEffect(() => {
    if (data?.logPath) writeStored('companyLogo', data.logPath);
  }, [data]);
  return null;
}

export function RootLayout() {
  const location = useLocation();
  const menus = useMenuTree();
  useVersionCheck();
  const fullScreen = isFullScreenRoute(location.pathname);
  const [changingPassword, setChangingPassword] = useState(false);
  const [picker, setPicker] = useState<'initial' | 'switch' | null>(null);
  // Without a project the initial picker asks, and cannot be dismissed; a user with no project to choose (a
  // personal account) is not trapped in it.
  const needsProject = !selectedProject()?.projectId;
  const { data: tree } = useApi<CompanyTreeNode[]>(needsProject ? portalApis.companyTree : null, {});
  useEffect(() => {
    if (needsProject && tree && firstSelectable(tree)) setPicker('initial');
  }, [needsProject, tree]);

  if (fullScreen) {
    // No tab strip here, but a page's links still open tabs, kept for the layout the user goes back to.
    return (
      <OpenTabsProvider>
        <div className="root-layout" style={{ minWidth: 600 }}>
          <CompanyLogoKeeper />
          <RouteChunk>
            <Outlet context={menus} />
          </RouteChunk>
        </div>
      </OpenTabsProvider>
    );
  }
  return (
    <OpenTabsProvider>
      <div className="root-layout" style={{ minWidth: 1280 }}>
        <CompanyLogoKeeper />
        <PortalHeader onChangePassword={() => setChangingPassword(true)} onPickProject={() => setPicker('switch')} />
        <div className="root-body">
          <SideMenu tree={menus.tree} />
          <div className="root-main">
            <TabStrip />
            <main className="root-content">
              <RouteChunk>
                <Outlet context={menus} />
              </RouteChunk>
            </main>
          </div>
        </div>
        {picker && (
          <Suspense fallback={null}>
            <ProjectPicker initial={picker === 'initial'} onClose={() => setPicker(null)} />
          </Suspense>
        )}
        {changingPassword && (
          <Suspense fallback={null}>
            <ChangePasswordDialog visible onClose={() => setChangingPassword(false)} />
          </Suspense>
        )}
      </div>
    </OpenTabsProvider>
  );
}
