/**
 * The routes of spec section 2. Only the login page is in the first bundle; every other screen is a chunk
 * loaded when its route is first visited.
 */
import type { RouteObject } from 'react-router-dom';
import { LoginPage } from '../login/LoginPage';
import { RouteGuard } from './RouteGuard';
import { RouteError } from './RouteError';

/** The wildcard module areas of spec section 2, each loaded on demand. */
export const MODULE_AREAS = [
  'ldhw',
  'lag',
  'jw',
  'ldf',
  'process',
  'message',
  'knowledgeMap',
  'dataOperation',
  'videoSearch',
  'systemProject',
  'aplicationCenter',
  'searchMonitor',
  'dataCenter',
  'vueptms',
  'bim',
  'constructionSafety',
  'searchLexiconAnalysis',
  'iotDevices',
  'mindMap',
  'other',
  'hcother',
  'slother',
  'economicsForm',
  'weighbridge',
  'detachmodel',
] as const;

const guarded = (element: React.ReactNode) => <RouteGuard>{element}</RouteGuard>;

export const routes: RouteObject[] = [
  {
    errorElement: <RouteError />,
    children: [
      { path: '/login', element: guarded(<LoginPage />) },
      {
        path: '/cas',
        lazy: async () => {
          const { CasPage } = await import('../login/CasPage');
          return { element: guarded(<CasPage />) };
        },
      },
      {
        path: '/gateway-page',
        lazy: async () => {
          const { GatewayPage } = await import('../gateway/GatewayPage');
          return { element: guarded(<GatewayPage />) };
        },
      },
      {
        path: '/',
        lazy: async () => {
          const { RootLayout } = await import('../layout/RootLayout');
          return { element: guarded(<RootLayout />) };
        },
        children: [
          {
            path: 'work-bench',
            lazy: async () => ({ Component: (await import('../workbench/WorkbenchPage')).WorkbenchPage }),
          },
          { path: 'screen', lazy: async () => ({ Component: (await import('../modules/ModuleArea')).ModuleArea }) },
          { path: 'ldview', lazy: async () => ({ Component: (await import('../modules/ModuleArea')).ModuleArea }) },
          ...MODULE_AREAS.map((area) => ({
            path: `${area}/*`,
            lazy: async () => ({ Component: (await import('../modules/ModuleArea')).ModuleArea }),
          })),
          { path: '*', lazy: async () => ({ Component: (await import('../modules/NotFoundPage')).NotFoundPage }) },
        ],
      },
    ],
  },
];
