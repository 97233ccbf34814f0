/**
 * The routes of spec section 2. Only the login page is in the first bundle; every other screen is a chunk
 * loaded when its route is first visited.
 */
import type { RouteObject } from 'react-router-dom';
import { LoginPage } from '../login/LoginPage';
import { RouteGuard } from './RouteGuard';
import { RouteError } from './RouteError';
import { loadChunk } from './chunks';
import { MODULE_AREAS } from './module-areas';

const guarded = (element: React.ReactNode) => <RouteGuard>{element}</RouteGuard>;
const menuScreen = async () => ({ Component: (await loadChunk(() => import('../modules/MenuScreen'))).MenuScreen });

export const routes: RouteObject[] = [
  {
    errorElement: <RouteError />,
    children: [
      { path: '/login', element: guarded(<LoginPage />) },
      {
        path: '/cas',
        lazy: async () => {
          const { CasPage } = await loadChunk(() => import('../login/CasPage'));
          return { element: guarded(<CasPage />) };
        },
      },
      {
        path: '/gateway-page',
        lazy: async () => {
          const { GatewayPage } = await loadChunk(() => import('../gateway/GatewayPage'));
          return { element: guarded(<GatewayPage />) };
        },
      },
      {
        path: '/',
        lazy: async () => {
          const { RootLayout } = await loadChunk(() => import('../layout/RootLayout'));
          return { element: guarded(<RootLayout />) };
        },
        children: [
          {
            path: 'work-bench',
            lazy: async () => ({
              Component: (await loadChunk(() => import('../workbench/WorkbenchPage'))).WorkbenchPage,
            }),
          },
          // Module areas and every other path: the menu route of the path, or a plain 'not available'.
          ...['screen', 'ldview', ...MODULE_AREAS.map((area) => `${area}/*`), '*'].map((path) => ({
            path,
            lazy: menuScreen,
          })),
        ],
      },
    ],
  },
];
