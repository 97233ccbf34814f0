/**
 * The server's side of the first screen (src/server/first-screen/): the renders run one at a time in a worker that
 * starts when first needed; a document waits a bounded time and goes without its screen under load; a render that
 * hangs stops its worker and the next render gets a new one; what a document request carries is read from its
 * cookies. The worker here is a stand-in script whose renders take the time the request's path names.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFirstScreens } from '../../src/server/first-screen/first-screens';
import { firstScreenRequest, ownOrigin } from '../../src/server/first-screen/screen-request';
import webApp from '../../src/server/plugins/web-app';
import type { FirstScreenRequest } from '../../src/shared/first-screen';

const folder = mkdtempSync(join(tmpdir(), 'first-screens-'));
const bundle = join(folder, 'worker.mjs');
// `/<ms>` renders after that many ms, `/none` renders nothing; every screen names its worker's thread id.
writeFileSync(
  bundle,
  `import { parentPort, threadId } from 'node:worker_threads';
parentPort.on('message', ({ id, request }) => {
  const screen = request.path === '/none' ? undefined : { html: request.path + ' ' + threadId, answers: [] };
  setTimeout(() => parentPort.postMessage({ id, screen }), Number(request.path.slice(1)) || 0);
});
parentPort.postMessage({ ready: true });
`,
);
afterAll(() => rmSync(folder, { recursive: true, force: true }));

const request = (path: string): FirstScreenRequest => ({ path, accessToken: 't', origin: 'http://127.0.0.1:1' });

describe('createFirstScreens', () => {
  it('sends documents without their screen until the worker has loaded, which the first of them starts', async () => {
    const screens = createFirstScreens({ bundle, waitMs: 5000 });
    await expect(screens.render(request('/0'))).resolves.toBeUndefined();
    await screens.warm();
    await expect(screens.render(request('/0'))).resolves.toMatchObject({ html: expect.stringMatching(/^\/0/) });
    await screens.close();
  });

  it('renders in one worker, one render after the other, each answered with its own screen', async () => {
    const screens = createFirstScreens({ bundle, waitMs: 5000 });
    await screens.warm();
    const [slow, fast] = await Promise.all([screens.render(request('/100')), screens.render(request('/0'))]);
    expect(slow?.html).toMatch(/^\/100 \d+$/);
    expect(fast?.html).toMatch(/^\/0 \d+$/);
    expect(slow?.html.split(' ')[1]).toBe(fast?.html.split(' ')[1]);
    expect(await screens.render(request('/none'))).toBeUndefined();
    await screens.close();
  });

  it('sends a document without its screen when renders are already waiting, or when its render is late', async () => {
    const screens = createFirstScreens({ bundle, waitMs: 1500 });
    await screens.warm();
    const first = screens.render(request('/300'));
    const second = screens.render(request('/0'));
    // Two renders are waiting: the third goes without one at once.
    await expect(screens.render(request('/0'))).resolves.toBeUndefined();
    await expect(first).resolves.toMatchObject({ html: expect.stringMatching(/^\/300/) });
    await expect(second).resolves.toMatchObject({ html: expect.stringMatching(/^\/0/) });
    // Late: the document goes without it, the worker goes on and renders the next.
    await expect(screens.render(request('/2000'))).resolves.toBeUndefined();
    await expect(screens.render(request('/0'))).resolves.toMatchObject({ html: expect.stringMatching(/^\/0/) });
    await screens.close();
  });

  it('stops a worker whose render runs too long; the next render starts a new one', async () => {
    const screens = createFirstScreens({ bundle, waitMs: 5000, stopMs: 200 });
    await screens.warm();
    const before = await screens.render(request('/0'));
    await expect(screens.render(request('/60000'))).resolves.toBeUndefined();
    await screens.warm();
    const after = await screens.render(request('/0'));
    expect(after?.html).toMatch(/^\/0 \d+$/);
    expect(after?.html.split(' ')[1]).not.toBe(before?.html.split(' ')[1]);
    await screens.close();
    await expect(screens.render(request('/0'))).resolves.toBeUndefined();
  });
});

describe('what a document request asks', () => {
  it('reads the token and project cookies among others; without a token or an address, nothing', () => {
    const cookies = 'other=1; zhgd_screen_token=a.b%2Bc; zhgd_screen_project=project-1';
    expect(firstScreenRequest(cookies, '/systemProject/dictionary', 'dictionary', 'http://127.0.0.1:8080')).toEqual({
      path: '/systemProject/dictionary',
      pageId: 'dictionary',
      accessToken: 'a.b+c',
      projectId: 'project-1',
      origin: 'http://127.0.0.1:8080',
    });
    expect(firstScreenRequest('zhgd_screen_token=%E0%A4%A', '/x', undefined, 'http://127.0.0.1:1')).toBeUndefined();
    expect(firstScreenRequest('zhgd_screen_project=p', '/x', undefined, 'http://127.0.0.1:1')).toBeUndefined();
    expect(firstScreenRequest(undefined, '/x', undefined, 'http://127.0.0.1:1')).toBeUndefined();
    expect(firstScreenRequest('zhgd_screen_token=t', '/x', undefined, undefined)).toBeUndefined();
  });

  it('calls this server where it listens: loopback for every interface, brackets for IPv6', () => {
    expect(ownOrigin({ address: '0.0.0.0', family: 'IPv4', port: 8080 })).toBe('http://127.0.0.1:8080');
    expect(ownOrigin({ address: '::', family: 'IPv6', port: 8080 })).toBe('http://[::1]:8080');
    expect(ownOrigin({ address: '10.0.0.5', family: 'IPv4', port: 3000 })).toBe('http://10.0.0.5:3000');
    expect(ownOrigin(null)).toBeUndefined();
  });
});

describe('the layout document', () => {
  const webDir = join(folder, 'web');
  let app: FastifyInstance;
  let warmed = 0;
  beforeAll(async () => {
    mkdirSync(join(webDir, 'ssr'), { recursive: true });
    writeFileSync(join(webDir, 'index.html'), '<!doctype html><div id="root"></div>');
    writeFileSync(join(webDir, 'layout.html'), '<!doctype html><head></head><div id="root"></div>');
    writeFileSync(join(webDir, 'page-preloads.json'), JSON.stringify({ dictionary: ['/app/assets/CrudPage-abc.js'] }));
    writeFileSync(join(webDir, 'ssr', 'first-screen.js'), 'export const secret = 1;');
    app = Fastify();
    await app.register(webApp, {
      prefix: '/app',
      webDir,
      packageVersion: '1.0.0',
      pageOfRoute: async (route) => (route === '/systemProject/dictionary' ? 'dictionary' : undefined),
      firstScreens: {
        render: async (request, route, pageId) =>
          request.headers.cookie === 'session=ok'
            ? {
                html: `<p>${route} ${pageId ?? '-'}</p>`,
                answers: [{ method: 'GET', url: '/api/x', body: '', status: 200, contentType: '', text: '</script>' }],
              }
            : undefined,
        warm: () => void (warmed += 1),
      },
    });
  });
  afterAll(() => app.close());

  it("carries the screen, inert, and its answers, for the user's eyes only", async () => {
    const response = await app.inject({ url: '/app/systemProject/dictionary', headers: { cookie: 'session=ok' } });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain(
      '<div id="root"><div class="first-screen" style="display:contents" inert><p>/systemProject/dictionary dictionary</p></div></div><script type="application/json" id="first-screen-answers">',
    );
    expect(response.body).not.toContain('</script></script>');
    expect(response.body).toContain('<meta name="portal-page" content="dictionary">');
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.headers.vary).toBe('Cookie');
  });

  it('is rendered only for a page the build knows (its styles linked in the document)', async () => {
    const other = await app.inject({ url: '/app/work-bench', headers: { cookie: 'session=ok' } });
    expect(other.body).toContain('<div id="root"></div>');
    expect(other.headers['cache-control']).toBe('no-cache');
  });

  it('is the plain page without a screen, and for HEAD', async () => {
    const plain = await app.inject({ url: '/app/systemProject/dictionary' });
    expect(plain.body).toContain('<div id="root"></div>');
    expect(plain.body).not.toContain('first-screen');
    expect(plain.headers['cache-control']).toBe('no-cache');
    const head = await app.inject({ method: 'HEAD', url: '/app/work-bench', headers: { cookie: 'session=ok' } });
    expect(head.headers['cache-control']).toBe('no-cache');
  });

  it('gets the renderer ready with every document, the login page among them', async () => {
    const before = warmed;
    await app.inject({ url: '/app/login' });
    await app.inject({ url: '/app/gateway-page' });
    expect(warmed).toBe(before + 2);
  });

  it("does not send the server's renderer", async () => {
    const response = await app.inject({ url: '/app/ssr/first-screen.js' });
    expect(response.body).not.toContain('secret');
  });
});
