import '@arco-design/web-react/es/_util/react-19-adapter';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { EngineProvider } from '../engine/seams';
import { translateArcoAriaLabels } from './shell/aria-labels-zh';
import { AppRoutes } from './shell/routes';
import { BASENAME, seams } from './shell/seams';
import { refreshBaseConfig } from './shell/base-config';
import { startSessionReads } from './shell/session-reads';
import { hasToken } from './session/storage';
import { insideLayout } from '../shared/layout-routes';
import './shell/global.css';

void refreshBaseConfig();

// A logged-in route inside the layout: its menus and permissions are asked for now, and its code and page start
// beside the first render (the layout's chunk, so the login page's bundle stays as it was).
const path = window.location.pathname.slice(BASENAME.length) || '/';
if (hasToken() && insideLayout(path)) {
  startSessionReads();
  void import('./shell/route-preload').then((preload) => preload.preloadLoggedInRoute(path));
}

const container = document.getElementById('root') as HTMLElement;
const app = (
  <EngineProvider seams={seams}>
    <BrowserRouter basename={BASENAME}>
      <AppRoutes />
    </BrowserRouter>
  </EngineProvider>
);

// /login arrives prerendered for a visitor with nothing stored (src/app/prerender.tsx): hydrate it, keeping what
// was typed meanwhile. A stored session is sent on by the route guard instead, so that page renders afresh.
if (container.firstElementChild && !hasToken()) {
  hydrateRoot(container, app);
} else {
  container.replaceChildren();
  createRoot(container).render(app);
}
// Arco's components already speak zh-CN (its default locale: no ConfigProvider, which would also pull Message and
// Notification into the login page's bundle); the labels it hard-codes in English are translated here, after the
// first render, so that hydrating the prerendered login page meets the markup the server wrote.
translateArcoAriaLabels(document.body);
