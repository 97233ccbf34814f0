/**
 * The built web app (PORTAL_WEB_DIR, default ./dist) under /app/ with history-mode fallback:
 * - files are served as they are; hashed files under /app/assets/ are cached for a year (immutable), every
 *   other file (index.html, version.json...) is `no-cache`;
 * - any other GET /app/... that is not a file answers index.html (no-cache), except under /app/assets/;
 *   /app/login answers login.html, the login page the build prerendered, when there is one; a route inside the
 *   logged-in layout answers layout.html (index.html preloading the layout's code), when the build wrote one, and
 *   when the route's menu item names a page, with that page's code preloaded too and its id named in
 *   `<meta name="portal-page">` (the main script starts its data: src/app/shell/route-preload.ts); for such a route
 *   and a session in the request's cookies, the page's first screen rendered by the server is in it
 *   (src/shared/first-screen.ts);
 * - GET / redirects to /app/;
 * - GET /app/version.json answers {version, buildTime}: the built dist/version.json when present, else the
 *   package.json version (buildTime '');
 * - when the web app has not been built, /app/ answers a plain Chinese note to run `npm run build`.
 * Whether the build exists is decided at start-up: restart the server after the first build.
 */
import { existsSync, readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { insideLayout } from '../../shared/layout-routes';
import { answersElement, FIRST_SCREEN_DIR, type FirstScreen } from '../../shared/first-screen';
import { pageHintTag, type PagePreloads, preloadTags, ROOT_ELEMENT } from '../../shared/layout-page';

export interface WebAppOptions {
  webDir: string;
  packageVersion: string;
  /** The id of the page file a route of the layout shows (its menu item's target), if any. */
  pageOfRoute?: (route: string) => Promise<string | undefined>;
  /** The server's renders of first screens (src/shared/first-screen.ts). */
  firstScreens?: DocumentScreens;
  /** The CSP of a layout document, when it differs from the common one (third-party apps it may frame). */
  documentPolicy?: () => Promise<string | undefined>;
}

export interface DocumentScreens {
  /** The first screen of a layout route for the session the request carries, or undefined: the plain document. */
  render(request: FastifyRequest, route: string, pageId: string | undefined): Promise<FirstScreen | undefined>;
  /** A document of the web app was asked for: a logged-in route may follow, the renderer gets ready. */
  warm(): void;
}

/**
 * The layout page with a first screen in it: its markup in the root element, its answers beside. The markup is
 * inert (seen, not used: a click or typed text would be lost) until the client's first commit replaces it.
 */
function withFirstScreen(document: string, screen: FirstScreen): string {
  const markup = `<div class="first-screen" style="display:contents" inert>${screen.html}</div>`;
  return document.replace(ROOT_ELEMENT, () => `<div id="root">${markup}</div>${answersElement(screen.answers)}`);
}

function readPagePreloads(file: string): PagePreloads {
  if (!existsSync(file)) return {};
  const parsed: unknown = JSON.parse(readFileSync(file, 'utf8'));
  return parsed && typeof parsed === 'object' ? (parsed as PagePreloads) : {};
}

/** A URL path as menus write it (a malformed escape is left as it is: no menu has it). */
function decodedPath(pathname: string): string {
  try {
    return decodeURI(pathname);
  } catch {
    return pathname;
  }
}

/** layout.html with a page's files preloaded and its id named for the main script. */
function withPage(layoutHtml: string, pageId: string, files: readonly string[]): string {
  const tags = [pageHintTag(pageId), ...preloadTags(files)];
  return layoutHtml.replace('</head>', `  ${tags.join('\n    ')}\n  </head>`);
}

interface VersionInfo {
  version: string;
  buildTime: string;
}

const NOT_BUILT = '智慧工地门户的前端尚未构建。\n请在项目目录运行 npm run build，然后重新启动服务并刷新本页。\n';

const versionSchema = {
  tags: ['pub'],
  summary: 'Version of the built web app (the client reloads when it changes)',
  response: {
    200: {
      type: 'object',
      required: ['version', 'buildTime'],
      properties: { version: { type: 'string' }, buildTime: { type: 'string' } },
    },
  },
};

const webApp: FastifyPluginAsync<WebAppOptions> = async (
  app,
  { webDir, packageVersion, pageOfRoute, firstScreens, documentPolicy },
) => {
  const indexFile = path.join(webDir, 'index.html');
  const built = existsSync(indexFile);
  // The login page prerendered by the build (src/build/vite/prerender-plugin.ts), hydrated by the client.
  const prerenderedLogin = existsSync(path.join(webDir, 'login.html'));
  // index.html with the logged-in layout's code preloaded (src/build/vite/layout-page-plugin.ts).
  const layoutPage = existsSync(path.join(webDir, 'layout.html'));
  const layoutHtml = layoutPage ? readFileSync(path.join(webDir, 'layout.html'), 'utf8') : '';
  const pagePreloads = readPagePreloads(path.join(webDir, 'page-preloads.json'));
  /** layout.html for each page a route led to, built once. */
  const pageDocuments = new Map<string, string>();
  /** The layout page for `route`, with its page's code when its menu item names a page the build knows. */
  const layoutDocument = async (route: string): Promise<{ document: string; pageId?: string }> => {
    const pageId = await pageOfRoute?.(route).catch(() => undefined);
    const files = pageId === undefined ? undefined : pagePreloads[pageId];
    if (pageId === undefined || files === undefined) return { document: layoutHtml };
    let document = pageDocuments.get(pageId);
    if (document === undefined) {
      document = withPage(layoutHtml, pageId, files);
      pageDocuments.set(pageId, document);
    }
    return { document, pageId };
  };
  const pageFor = (pathname: string) => {
    if (pathname === '/app/login' && prerenderedLogin) return 'login.html';
    return layoutPage && insideLayout(pathname.slice('/app'.length) || '/') ? 'layout.html' : 'index.html';
  };

  app.get('/version.json', { schema: versionSchema }, async (_request, reply): Promise<VersionInfo> => {
    reply.header('cache-control', 'no-cache');
    try {
      const parsed = JSON.parse(await readFile(path.join(webDir, 'version.json'), 'utf8')) as Partial<VersionInfo>;
      return { version: String(parsed.version ?? packageVersion), buildTime: String(parsed.buildTime ?? '') };
    } catch {
      return { version: packageVersion, buildTime: '' };
    }
  });

  if (!built) {
    const note = async (_request: FastifyRequest, reply: FastifyReply): Promise<string> => {
      reply.header('cache-control', 'no-cache');
      reply.type('text/plain; charset=utf-8');
      return NOT_BUILT;
    };
    app.get('/', { schema: { hide: true } }, note);
    app.get('/*', { schema: { hide: true } }, note);
    return;
  }

  await app.register(fastifyStatic, {
    root: webDir,
    prefix: '/',
    wildcard: true,
    index: ['index.html'],
    // The build writes .br and .gz beside every asset (src/build/vite/precompress-plugin.ts): no CPU per request.
    preCompressed: true,
    // The server's renderer of first screens (src/build/vite/first-screen-plugin.ts) is run here, not sent.
    allowedPath: (pathName) => !pathName.startsWith(`/${FIRST_SCREEN_DIR}/`),
    cacheControl: false,
    setHeaders(reply, filePath) {
      const relative = path.relative(webDir, filePath).split(path.sep).join('/');
      reply.header(
        'cache-control',
        relative.startsWith('assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
      );
    },
  });

  app.setNotFoundHandler(async (request, reply) => {
    const pathname = request.url.split('?')[0];
    if ((request.method !== 'GET' && request.method !== 'HEAD') || pathname.startsWith('/app/assets/')) {
      reply.code(404).type('text/plain; charset=utf-8');
      return 'Not Found';
    }
    reply.header('cache-control', 'no-cache');
    firstScreens?.warm();
    const page = pageFor(pathname);
    const policy = page === 'login.html' ? undefined : await documentPolicy?.();
    if (policy) reply.header('content-security-policy', policy);
    if (page !== 'layout.html') return reply.sendFile(page, webDir);
    reply.type('text/html; charset=utf-8');
    const route = decodedPath(pathname.slice('/app'.length));
    const { document, pageId } = await layoutDocument(route);
    // Only for a page the build knows: the document then links its styles too, so its screen shows styled (a
    // screen of other code, the work bench, has its styles in chunks the document does not name).
    const screen =
      request.method === 'GET' && pageId !== undefined ? await firstScreens?.render(request, route, pageId) : undefined;
    // The same URL answers each user their own screen: no cache keeps it.
    reply.header('vary', 'Cookie');
    if (!screen) return document;
    reply.header('cache-control', 'no-store');
    return withFirstScreen(document, screen);
  });
};

export default webApp;
