import '@arco-design/web-react/es/_util/react-19-adapter';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { EngineProvider } from '../engine/seams';
import { translateArcoAriaLabels } from './shell/aria-labels-zh';
import { AppRoutes, preloadLayoutScreens } from './shell/routes';
import { answerShellCallsWith, BASENAME, seams } from './shell/seams';
import { refreshBaseConfig } from './shell/base-config';
import { startSessionReads } from './shell/session-reads';
import { hasToken, mirrorSessionCookies } from './session/storage';
import { replayingFetch, takeDocumentAnswers } from './first-screen/replay';
import { insideLayout } from '../shared/layout-routes';
import { PAGE_HINT_META } from '../shared/layout-page';
import './shell/global.css';

// A logged-in route the server rendered (src/shared/first-screen.ts): the first calls are answered from the
// document, and the server's markup stays on screen until React's first commit replaces it.
const firstScreenAnswers = takeDocumentAnswers();
if (firstScreenAnswers)
  answerShellCallsWith(replayingFetch(firstScreenAnswers, (input, init) => window.fetch(input, init)));
// Sessions begun before the cookies existed get them now: the next document can be rendered by the server.
mirrorSessionCookies();

void refreshBaseConfig();

// A logged-in route inside the layout: its menus and permissions are asked for now, its code and page start
// beside it (the layout's chunk, so the login page's bundle stays as it was), and the first render waits for the
// layout's code, a second at most: a layout that mounts at once shows its page without React's hold-back of content
// that replaces a loading fallback (src/app/shell/routes.tsx). It also waits, within that second, for the menus and
// permissions (without them the layout renders a loading state, then everything once more) and for the first data
// of the page the server named (without it the page renders loading, then its table once more).
const LAYOUT_WAIT_MS = 1000;
const path = window.location.pathname.slice(BASENAME.length) || '/';
let layoutCode: Promise<unknown> | undefined;
if (hasToken() && insideLayout(path)) {
  startSessionReads();
  const hintedPage = document.querySelector<HTMLMetaElement>(`meta[name="${PAGE_HINT_META}"]`)?.content;
  const pageStarted = import('./shell/route-preload').then((preload) => preload.preloadLoggedInRoute(path, hintedPage));
  layoutCode = Promise.race([
    Promise.all([preloadLayoutScreens(), pageStarted]).catch(() => undefined),
    new Promise((resolve) => setTimeout(resolve, LAYOUT_WAIT_MS)),
  ]);
}

const container = document.getElementById('root') as HTMLElement;
const app = (
  <EngineProvider seams={seams}>
    <BrowserRouter basename={BASENAME}>
      <AppRoutes />
    </BrowserRouter>
  </EngineProvider>
);

function render() {
  // /login arrives prerendered for a visitor with nothing stored (src/app/prerender.tsx): hydrate it, keeping what
  // was typed meanwhile. A stored session is sent on by the route guard instead, so that page renders afresh.
  if (container.firstElementChild && !hasToken() && !firstScreenAnswers) {
    hydrateRoot(container, app);
  } else {
    if (!firstScreenAnswers) container.replaceChildren();
    createRoot(container).render(app);
  }
  // Arco's components already speak zh-CN (its default locale: no ConfigProvider, which would also pull Message and
  // Notification into the login page's bundle); the labels it hard-codes in English are translated here, after the
  // first render, so that hydrating the prerendered login page meets the markup the server wrote.
  translateArcoAriaLabels(document.body);
}

if (layoutCode) void layoutCode.then(render);
else render();
