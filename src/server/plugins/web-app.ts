/**
 * The built web app (PORTAL_WEB_DIR, default ./dist) under /app/ with history-mode fallback:
 * - files are served as they are; hashed files under /app/assets/ are cached for a year (immutable), every
 *   other file (index.html, version.json...) is `no-cache`;
 * - any other GET /app/... that is not a file answers index.html (no-cache), except under /app/assets/;
 *   /app/login answers login.html, the login page the build prerendered, when there is one; a route inside the
 *   logged-in layout answers layout.html (index.html preloading the layout's code), when the build wrote one;
 * - GET / redirects to /app/;
 * - GET /app/version.json answers {version, buildTime}: the built dist/version.json when present, else the
 *   package.json version (buildTime '');
 * - when the web app has not been built, /app/ answers a plain Chinese note to run `npm run build`.
 * Whether the build exists is decided at start-up: restart the server after the first build.
 */
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { insideLayout } from '../../shared/layout-routes';

export interface WebAppOptions {
  webDir: string;
  packageVersion: string;
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

const webApp: FastifyPluginAsync<WebAppOptions> = async (app, { webDir, packageVersion }) => {
  const indexFile = path.join(webDir, 'index.html');
  const built = existsSync(indexFile);
  // The login page prerendered by the build (src/build/vite/prerender-plugin.ts), hydrated by the client.
  const prerenderedLogin = existsSync(path.join(webDir, 'login.html'));
  // index.html with the logged-in layout's code preloaded (src/build/vite/layout-page-plugin.ts).
  const layoutPage = existsSync(path.join(webDir, 'layout.html'));
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
    return reply.sendFile(pageFor(pathname), webDir);
  });
};

export default webApp;
