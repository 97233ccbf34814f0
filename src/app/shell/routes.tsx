/**
 * The routes of spec section 2. Only the login page is in the first bundle; every other screen is a chunk
 * loaded when its route is first visited (declarative routes: the data router's loaders are not used, and
 * leaving it out keeps the login page's bundle small).
 */
import type { ComponentType } from 'react';
import { Route, Routes, useLocation } from 'react-router-dom';
import { lazyPart } from '../../engine/lazy-part';
import { LoginPage } from '../login/LoginPage';
import { RouteGuard } from './RouteGuard';
import { RouteChunk } from './RouteChunk';
import { loadChunk } from './chunks';
import { MODULE_AREAS } from './module-areas';
import { publicPageFor } from '../screens/public-pages';

/**
 * A screen's component from its chunk, loaded with the chunk timeout of spec section 4. A screen whose chunk is
 * already here when it mounts (`preload`) renders at once instead of suspending (`lazyPart`): a Suspense fallback,
 * however brief, makes React hold back the content that replaces it for up to 300 ms.
 */
function screen<M>(load: () => Promise<M>, pick: (module: M) => ComponentType) {
  const part = lazyPart(async () => pick(await loadChunk(load)));
  return Object.assign(part.Component, { preload: part.preload });
}

const CasPage = screen(
  () => import('../login/CasPage'),
  (module) => module.CasPage,
);
const GatewayPage = screen(
  () => import('../gateway/GatewayPage'),
  (module) => module.GatewayPage,
);
const RootLayout = screen(
  () => import('../layout/RootLayout'),
  (module) => module.RootLayout,
);
const WorkbenchPage = screen(
  () => import('../workbench/WorkbenchPage'),
  (module) => module.WorkbenchPage,
);
const PublicPage = screen(
  () => import('../screens/PublicPage'),
  (module) => module.PublicPage,
);
const MenuScreen = screen(
  () => import('../screens/MenuScreen'),
  (module) => module.MenuScreen,
);

/** The layout's and the menu screens' code, for a route inside the layout opened directly (src/app/main.tsx). */
export function preloadLayoutScreens(): Promise<unknown> {
  return Promise.all([RootLayout.preload(), MenuScreen.preload()]);
}

// Module areas and every other path inside the layout: the menu route of the path, or a plain 'not available'.
const MENU_PATHS = ['screen', 'ldview', ...MODULE_AREAS.map((area) => `${area}/*`), '*'];

const guarded = (element: React.ReactNode) => <RouteGuard>{element}</RouteGuard>;

export function AppRoutes() {
  const { pathname, hash } = useLocation();
  // A module's screen that opens without a login (a release page under a hash route) sits outside the layout.
  if (publicPageFor(pathname, hash)) return <RouteChunk>{guarded(<PublicPage />)}</RouteChunk>;
  return (
    <RouteChunk>
      <Routes>
        <Route path="/login" element={guarded(<LoginPage />)} />
        <Route path="/cas" element={guarded(<CasPage />)} />
        <Route path="/gateway-page" element={guarded(<GatewayPage />)} />
        <Route path="/" element={guarded(<RootLayout />)}>
          <Route path="work-bench" element={<WorkbenchPage />} />
          {MENU_PATHS.map((path) => (
            <Route key={path} path={path} element={<MenuScreen />} />
          ))}
        </Route>
      </Routes>
    </RouteChunk>
  );
}
