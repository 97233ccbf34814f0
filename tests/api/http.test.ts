import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { json, useTestApp } from './test-app.js';

const t = useTestApp();
let web: FastifyInstance;
let webDir: string;

beforeAll(async () => {
  webDir = mkdtempSync(path.join(tmpdir(), 'portal-web-'));
  mkdirSync(path.join(webDir, 'assets'));
  writeFileSync(path.join(webDir, 'index.html'), '<!doctype html><title>portal</title><div id="root"></div>');
  writeFileSync(path.join(webDir, 'assets', 'index-abc123.js'), 'console.log(1)');
  writeFileSync(path.join(webDir, 'login.html'), '<!doctype html><div id="root"><form id="prerendered"></form></div>');
  writeFileSync(
    path.join(webDir, 'layout.html'),
    '<!doctype html><head><link rel="modulepreload" href="/app/assets/shell-abc.js" id="layout-code"></head><div id="root"></div>',
  );
  writeFileSync(
    path.join(webDir, 'page-preloads.json'),
    JSON.stringify({
      dictionary: ['/app/assets/dictionary-abc.js', '/app/assets/CrudPage-abc.js', '/app/assets/CrudPage-abc.css'],
    }),
  );
  writeFileSync(
    path.join(webDir, 'version.json'),
    JSON.stringify({ version: '9.9.9', buildTime: '2026-01-01T00:00:00Z' }),
  );
  web = await t.sibling({ webDir });
  t.app.get('/api/test/boom', async () => {
    throw new Error('secret internal detail');
  });
});
afterAll(() => {
  rmSync(webDir, { recursive: true, force: true });
});

describe('envelope errors', () => {
  it('malformed JSON -> -400 without a stack', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"username": ',
    });
    expect(response.statusCode).toBe(200);
    expect(json(response)).toEqual({ msgCode: -400, errMsg: '请求体不是有效的 JSON' });
  });

  it('unknown /api path -> -404', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/does/not/exist' });
    expect(response.statusCode).toBe(200);
    expect(json(response)).toEqual({ msgCode: -404, errMsg: '接口不存在' });
    expect(json(await t.app.inject({ method: 'POST', url: '/api/nothing', payload: {} })).msgCode).toBe(-404);
  });

  it('an internal error -> HTTP 500, -500 with the request id, no stack or detail', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/test/boom',
      headers: { 'x-request-id': 'req-test-1' },
    });
    expect(response.statusCode).toBe(500);
    expect(json(response)).toEqual({
      msgCode: -500,
      errMsg: '服务器内部错误，请稍后重试',
      data: { requestId: 'req-test-1' },
    });
    expect(response.body).not.toContain('secret');
    expect(response.body).not.toContain('at ');
  });

  it('business errors use HTTP 200', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/user/getCurrentUser' });
    expect(response.statusCode).toBe(200);
    expect(json(response).msgCode).toBe(-401);
  });
});

describe('headers', () => {
  it("answers the API with an API's security headers: nothing loads or runs, no sniffing, no framing by others, not kept", async () => {
    for (const url of ['/api/pub/ping', '/api/user/getCurrentUser', '/api/no/such/route']) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.headers['content-security-policy'], url).toBe("default-src 'none'; frame-ancestors 'self'");
      expect(response.headers['x-content-type-options'], url).toBe('nosniff');
      expect(response.headers['x-frame-options'], url).toBe('SAMEORIGIN');
      expect(response.headers['cache-control'], url).toBe('no-store');
      // What only a page reads stays with the pages.
      for (const pageOnly of ['referrer-policy', 'cross-origin-opener-policy', 'permissions-policy'])
        expect(response.headers[pageOnly], `${url} ${pageOnly}`).toBeUndefined();
    }
  });

  it("sends anything else the web app's CSP, without unsafe-eval, and its page headers", async () => {
    const response = await t.app.inject({ method: 'GET', url: '/app/no-such-file.js' });
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("frame-ancestors 'self'");
    expect(csp).not.toContain('unsafe-eval');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(response.headers['cross-origin-opener-policy']).toBe('same-origin');
  });

  it('echoes a request id, generating one when absent', async () => {
    const given = await t.app.inject({ method: 'GET', url: '/api/pub/ping', headers: { 'x-request-id': 'abc-123' } });
    expect(given.headers['x-request-id']).toBe('abc-123');
    const generated = await t.app.inject({ method: 'GET', url: '/api/pub/ping' });
    expect(generated.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    const hostile = await t.app.inject({
      method: 'GET',
      url: '/api/pub/ping',
      headers: { 'x-request-id': 'a b<script>' },
    });
    expect(hostile.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe('ping and OpenAPI', () => {
  it('ping answers the bare envelope', async () => {
    expect(json(await t.app.inject({ method: 'GET', url: '/api/pub/ping' }))).toEqual({ msgCode: 0, errMsg: '' });
  });

  it('serves the OpenAPI description with the chosen paths and the status rule', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/pub/openapi.json' })).json<{
      openapi: string;
      info: { description: string };
      paths: Record<string, unknown>;
    }>();
    expect(doc.openapi).toMatch(/^3\./);
    expect(doc.info.description).toContain('HTTP status rule');
    for (const p of [
      '/api/login',
      '/api/logout',
      '/api/token/refresh',
      '/api/getCaptchaImg',
      '/api/user/getCurrentUser',
      '/api/zhgd/menu/roleMenuList',
      '/api/pub/keys',
      '/api/pub/baseConfig/newest',
      '/api/pub/gateway/tiles',
      '/api/system/dictionary/{type}/list',
    ]) {
      expect(doc.paths, p).toHaveProperty([p]);
    }
  });
});

describe('web app', () => {
  it('redirects / to /app/', async () => {
    const response = await web.inject({ method: 'GET', url: '/' });
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe('/app/');
  });

  it('serves index.html for /app/ and for client routes (history fallback), no-cache', async () => {
    for (const url of ['/app/', '/app/work-bench', '/app/process/todo?x=1']) {
      const response = await web.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      expect(response.body, url).toContain('<div id="root">');
      expect(response.headers['cache-control'], url).toBe('no-cache');
      expect(String(response.headers['content-security-policy'])).not.toContain('unsafe-eval');
    }
  });

  it('serves the prerendered login page for /app/login, with or without a query string, no-cache', async () => {
    for (const url of ['/app/login', '/app/login?redirect=1']) {
      const response = await web.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      expect(response.body, url).toContain('id="prerendered"');
      expect(response.headers['cache-control'], url).toBe('no-cache');
    }
    const other = await web.inject({ method: 'GET', url: '/app/gateway-page' });
    expect(other.body).not.toContain('prerendered');
  });

  it("answers a route inside the logged-in layout the page that preloads the layout's code, and no other", async () => {
    for (const url of ['/app/systemProject/dictionary', '/app/work-bench', '/app/process/todo?x=1']) {
      const response = await web.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      expect(response.body, url).toContain('id="layout-code"');
      expect(response.headers['cache-control'], url).toBe('no-cache');
    }
    for (const url of ['/app/gateway-page', '/app/cas', '/app/cas/login?ticket=1', '/app/login', '/app/']) {
      const response = await web.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      expect(response.body, url).not.toContain('id="layout-code"');
    }
  });

  it("names the page a route's menu item leads to in the layout page, with that page's code preloaded", async () => {
    const response = await web.inject({ method: 'GET', url: '/app/systemProject/dictionary/' });
    expect(response.headers['content-type']).toContain('text/html');
    expect(response.headers['cache-control']).toBe('no-cache');
    const head = response.body.slice(0, response.body.indexOf('</head>'));
    expect(head).toContain('id="layout-code"');
    expect(head).toContain('<meta name="portal-page" content="dictionary">');
    expect(head).toContain('<link rel="modulepreload" crossorigin href="/app/assets/dictionary-abc.js">');
    expect(head).toContain('<link rel="modulepreload" crossorigin href="/app/assets/CrudPage-abc.js">');
    expect(head).toContain('<link rel="stylesheet" crossorigin href="/app/assets/CrudPage-abc.css">');
    // No menu item leads there, or its page is not one the build lists: the layout page as it is.
    for (const url of ['/app/process/todo?x=1', '/app/no/such/route', '/app/work-bench']) {
      const other = await web.inject({ method: 'GET', url });
      expect(other.body, url).toContain('id="layout-code"');
      expect(other.body, url).not.toContain('portal-page');
    }
  });

  it('serves hashed assets with a long cache, and 404s missing assets', async () => {
    const asset = await web.inject({ method: 'GET', url: '/app/assets/index-abc123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toContain('max-age=31536000');
    expect((await web.inject({ method: 'GET', url: '/app/assets/missing.js' })).statusCode).toBe(404);
  });

  it('answers version.json from the build, else from package.json', async () => {
    expect((await web.inject({ method: 'GET', url: '/app/version.json' })).json()).toEqual({
      version: '9.9.9',
      buildTime: '2026-01-01T00:00:00Z',
    });
    const fallback = (await t.app.inject({ method: 'GET', url: '/app/version.json' })).json<{ version: string }>();
    expect(fallback.version).toMatch(/^\d+\.\d+\.\d+/);
  });

  it('explains how to build when the web app is missing', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/app/work-bench' });
    expect(response.headers['content-type']).toContain('text/plain');
    expect(response.body).toContain('npm run build');
  });
});
