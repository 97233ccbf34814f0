/**
 * 第三方应用 inside the portal (/other/archive, 档案系统): the menu's third-party address opens in a frame with the
 * selected project's name in place of {projectName}, the document's CSP allows exactly the menus' third-party
 * origins, and a third party that refuses to be framed (X-Frame-Options: DENY) gets a plain message with
 * 在新窗口打开 instead of a blank frame. The third party is a small HTTP server of this test; the administrator
 * points the menu at it through 菜单管理's call, and the menu is put back afterwards. At 1280 and 1920.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, screenshot } from './browser';
import { callApi, logIn, poll, WIDTHS } from './screen-helpers';

let browser: Browser;
let thirdParty: Server;
let origin = '';
beforeAll(async () => {
  browser = await launchBrowser();
  thirdParty = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://third-party');
    const headers: Record<string, string> = { 'content-type': 'text/html; charset=utf-8' };
    if (url.pathname === '/deny') headers['x-frame-options'] = 'DENY';
    response.writeHead(200, headers);
    const project = url.searchParams.get('projectName') ?? '';
    response.end(`<!doctype html><meta charset="utf-8"><h1>档案系统首页</h1><p id="project">项目：${project}</p>`);
  });
  await new Promise<void>((resolve) => thirdParty.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(thirdParty.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await browser?.close();
  await new Promise<void>((resolve) => thirdParty?.close(() => resolve()));
});

type MenuRecord = Record<string, unknown> & { thirdPartyUrl: string };

describe('third-party apps in a frame', () => {
  for (const viewport of WIDTHS)
    it(`frames an allowing app with the project's name, and says so when one refuses (${viewport.width})`, async () => {
      const { page, context } = await logIn(browser, 'admin', viewport);
      const original = (await callApi<MenuRecord>(page, 'GET', '/api/system/menu/other-archive')).data!;
      const pointAt = async (path: string) => {
        const { childList: _children, ...record } = original;
        const saved = await callApi(page, 'PUT', '/api/system/menu/other-archive', {
          ...record,
          thirdPartyUrl: `${origin}${path}?projectName={projectName}`,
        });
        expect(saved.msgCode, saved.errMsg).toBe(0);
      };
      try {
        await pointAt('/ok');
        const document = await page.goto('/app/other/archive');
        expect(document!.headers()['content-security-policy']).toContain(`frame-src 'self' `);
        expect(document!.headers()['content-security-policy']).toContain(origin);
        const section = page.getByTestId('third-party-frame');
        await poll(() => section.getAttribute('data-state')).toBe('allowed');
        // The project the user has selected (other browser tests may have moved the admin to another one).
        const project = (await page.getByTestId('header-project').textContent())!.trim();
        const framed = page.frameLocator('iframe.third-party-frame');
        await poll(() => framed.locator('#project').textContent()).toBe(`项目：${project}`);
        await screenshot(page, `third-party-framed-${viewport.width}`);

        await pointAt('/deny');
        await page.goto('/app/other/archive');
        const refused = page.getByRole('alert');
        await poll(() => refused.textContent()).toContain('“档案系统”不允许在门户内嵌显示');
        expect(await refused.textContent()).toContain('X-Frame-Options: DENY');
        expect(await page.locator('iframe.third-party-frame').count()).toBe(0);
        const popup = page.waitForEvent('popup');
        await refused.getByRole('button', { name: '在新窗口打开' }).click();
        const opened = await popup;
        await opened.waitForLoadState();
        expect(opened.url()).toBe(`${origin}/deny?projectName=${encodeURIComponent(project)}`);
        await opened.close();
        await screenshot(page, `third-party-refused-${viewport.width}`);
      } finally {
        const { childList: _children, ...record } = original;
        await callApi(page, 'PUT', '/api/system/menu/other-archive', record);
        await context.close();
      }
    });
});
