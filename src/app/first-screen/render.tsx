/**
 * The first screen of a logged-in route, rendered on the server with the portal's own components and data path
 * (src/shared/first-screen.ts): built for Node by src/build/vite/first-screen-plugin.ts and run in a worker thread
 * of the server (src/server/first-screen/), one render at a time.
 *
 * The render does what the main script does for a link opened in the browser (main.tsx): the site settings, the
 * user, the menus and permissions, the layout's code and the routed page's code, file and first data, each through
 * the shell's one HTTP client, whose calls go to this server with the user's token and are recorded as the answers
 * the client replays. Then React renders the route, with those reads as SWR's data.
 */
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router-dom';
import { mutate, SWRConfig, unstable_serialize } from 'swr';
import { callApi, pickPath } from '../../engine/api';
import { answeredReads, forgetStartedReads } from '../../engine/reads';
import { EngineProvider } from '../../engine/seams';
import { preloadApi } from '../../engine/use-api';
import type { CurrentUser, MenuRecord } from '../../shared/envelope';
import {
  callOf,
  responseOf,
  type FirstScreen,
  type FirstScreenAnswer,
  type FirstScreenRequest,
} from '../../shared/first-screen';
import { menuTreeParams } from '../menus/menu-tree-params';
import { portalApis } from '../portal-apis';
import { companyTree } from '../projects/initial-project';
import { findProject, toSelection } from '../projects/project-tree';
import { writeStored } from '../session/storage';
import { refreshBaseConfig } from '../shell/base-config';
import { preloadLoggedInRoute } from '../shell/route-preload';
import { AppRoutes, preloadLayoutScreens } from '../shell/routes';
import { answerShellCallsWith, BASENAME, seams } from '../shell/seams';

/** What React writes where a part suspended (its loading state shown, the client to render it). */
const SUSPENDED_MARK = '<!--$!-->';

/** The browser's storage, for one render: the stored values the components read are this user's only. */
class MemoryStorage implements Storage {
  private readonly values = new Map<string, string>();
  get length() {
    return this.values.size;
  }
  clear() {
    this.values.clear();
  }
  getItem(key: string) {
    return this.values.get(key) ?? null;
  }
  key(index: number) {
    return [...this.values.keys()][index] ?? null;
  }
  removeItem(key: string) {
    this.values.delete(key);
  }
  setItem(key: string, value: string) {
    this.values.set(key, String(value));
  }
}

/** The shell's calls, made to this server and recorded with their answers. */
function recordingFetch(origin: string, answers: FirstScreenAnswer[]): typeof fetch {
  return async (input, init) => {
    const { method, url, body } = callOf(input, init);
    const response = await fetch(new URL(url, origin), {
      method,
      headers: init?.headers,
      body: body || undefined,
      signal: init?.signal,
    });
    const answer: FirstScreenAnswer = {
      method,
      url,
      body,
      status: response.status,
      contentType: response.headers.get('content-type') ?? '',
      text: await response.text(),
    };
    answers.push(answer);
    return responseOf(answer);
  };
}

/** Everything the last render left in the worker's modules is forgotten before the next one starts. */
async function forgetLastRender(): Promise<void> {
  forgetStartedReads();
  await mutate(() => true, undefined, { revalidate: false });
}

/** The route's first screen for the user of `request.accessToken`; undefined when the session does not answer. */
export async function renderFirstScreen(request: FirstScreenRequest): Promise<FirstScreen | undefined> {
  await forgetLastRender();
  const storage = new MemoryStorage();
  Object.defineProperty(globalThis, 'localStorage', { value: storage, configurable: true, writable: true });
  writeStored('tokenInfo', { access_token: request.accessToken, refresh_token: '' });
  const answers: FirstScreenAnswer[] = [];
  answerShellCallsWith(recordingFetch(request.origin, answers));

  const [, userEnvelope] = await Promise.all([refreshBaseConfig(), callApi(seams, portalApis.currentUser)]);
  const user = pickPath(userEnvelope, portalApis.currentUser.resultPath) as CurrentUser | undefined;
  if (!user?.id) return undefined;
  writeStored('userInfo', user);
  // The selected project as the client made it of the same tree (src/app/projects/initial-project.ts).
  const project = request.projectId && findProject(await companyTree(seams), request.projectId);
  if (project) writeStored('selectInfo', toSelection(project) as Record<string, unknown>);

  const [menus, permissions] = await Promise.all([
    preloadApi(seams, portalApis.roleMenuList, menuTreeParams()),
    preloadApi(seams, portalApis.currentPermissions),
  ]);
  if (!Array.isArray(menus) || !Array.isArray(permissions)) return undefined;
  writeStored('currentMenuList', menus as MenuRecord[]);
  writeStored('permissions', permissions as string[]);
  await Promise.all([preloadLayoutScreens(), preloadLoggedInRoute(request.path, request.pageId)]);

  const fallback = Object.fromEntries(
    (await answeredReads()).map(({ key, data }) => [unstable_serialize(key), data] as const),
  );
  const tree = (
    <SWRConfig value={{ fallback }}>
      <EngineProvider seams={seams}>
        <StaticRouter basename={BASENAME} location={`${BASENAME}${request.path}`}>
          <AppRoutes />
        </StaticRouter>
      </EngineProvider>
    </SWRConfig>
  );
  let html = renderToString(tree);
  // A part loaded through React's lazy (a dashboard's chart panel) suspends on its first render even when its code
  // is here, and the render shows its loading state instead; by the next one it has resolved.
  if (html.includes(SUSPENDED_MARK)) {
    await new Promise((resolve) => setTimeout(resolve, 0));
    html = renderToString(tree);
  }
  return { html, answers };
}
