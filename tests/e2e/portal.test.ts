/**
 * The logged-in portal in Chromium against the real server (spec sections 1, 2 and 4): gateway tiles and page
 * furniture, the side menu's preview and search, the open-tab strip (overflow formula, truncation, closing,
 * restored in a new session), a failed chunk's retry, and the version check.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { demoUsers, launchBrowser, logInThroughForm, newPage, screenshot, usableAfterNavigation } from './browser';

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const tile = (page: Page, name: string) => page.getByRole('button', { name, exact: true });

describe('gateway page', () => {
  it('a visitor: site management goes to login, a tile without a path says so, the app popup shows two QR codes', async () => {
    const { context, page } = await newPage(browser);
    await page.goto('/app/gateway-page');
    await tile(page, '场地布置').click();
    await page.getByText('该入口暂未开放').waitFor();
    await page.getByRole('button', { name: '移动应用' }).click();
    await expect.poll(() => page.getByTestId('app-qr').locator('img').count()).toBe(2);
    const addresses = await page
      .getByTestId('app-qr')
      .locator('img')
      .evaluateAll((images) => images.map((image) => image.getAttribute('data-url')));
    expect(addresses).toEqual([
      'https://example.com/zhgd/app/android/latest.apk',
      'https://apps.apple.com/cn/app/id0000000000',
    ]);
    await screenshot(page, 'gateway-app-download');
    await page.keyboard.press('Escape');
    await tile(page, '智慧工地管理系统').click();
    await page.waitForURL('**/app/login');
    await context.close();
  });

  it('logged in: site management opens the work bench, a third-party tile opens a new tab', async () => {
    const { context, page } = await newPage(browser);
    await logInThroughForm(page, demoUsers.staff.username, demoUsers.staff.password);
    await screenshot(page, 'gateway-logged-in');
    // The outside world is not reachable from tests: answer the mall's address here.
    await context.route('https://mall.example.com/**', (route) => route.fulfill({ status: 200, body: 'mall' }));
    const [popup] = await Promise.all([context.waitForEvent('page'), tile(page, '在线商城').click()]);
    await popup.waitForURL('https://mall.example.com/');
    await tile(page, '智慧工地管理系统').click();
    await page.waitForURL('**/app/work-bench');
    await context.close();
  });
});

describe('side menu', () => {
  it('previews child apps, searches them, says when nothing matches, and opens an app in a tab', async () => {
    const { context, page } = await newPage(browser);
    await logInThroughForm(page, demoUsers.admin.username, demoUsers.admin.password);
    await page.goto('/app/work-bench');
    // Names cut at the spec's limits: the side menu keeps 5 characters, the header user 3 plus an ellipsis.
    const entry = page.getByTestId('side-entry').filter({ hasText: '搜索词库分' });
    expect(await entry.textContent()).toBe('搜索词库分');
    expect(await entry.getAttribute('title')).toBe('搜索词库分析');
    expect(await page.getByTestId('header-user').textContent()).toBe('您好，系统管...（admin）');
    await page.getByTestId('side-entry').filter({ hasText: '流程审批' }).hover();
    const preview = page.getByTestId('side-preview');
    await preview.waitFor();
    expect(await preview.getByRole('button', { name: /^待办$|^已办$|^抄送$|^流程分类$/ }).count()).toBe(4);
    await preview.getByPlaceholder('请输入应用名称').fill('已办');
    await expect.poll(() => preview.locator('.side-preview-app').allTextContents()).toEqual(['已办']);
    await preview.getByPlaceholder('请输入应用名称').fill('没有这个');
    await preview.getByText('未查询到功能，请核对后重新输入').waitFor();
    await screenshot(page, 'side-preview-empty');
    await preview.getByPlaceholder('请输入应用名称').fill('');
    await preview.locator('.side-preview-app', { hasText: '待办' }).click();
    await page.waitForURL('**/app/process/todo');
    expect(await page.getByTestId('open-tab').allTextContents()).toEqual(['工作台', '待办']);
    expect(await page.getByTestId('menu-trail').textContent()).toBe('流程审批 / 待办');
    await context.close();
  });
});

describe('open-tab strip', () => {
  const tabs = Array.from({ length: 14 }, (_, index) => ({
    id: `t${index}`,
    name: `第${index + 1}个很长名字的页面`,
    href: `/process/tab${index}`,
  }));

  async function withTabs(page: Page) {
    await page.evaluate((list) => localStorage.setItem('openMenuTabs', JSON.stringify(list)), tabs);
    await page.goto('/app/work-bench');
    await page.getByTestId('tab-strip').waitFor();
  }

  it.each([
    [1440, 8],
    [1920, 11],
  ])(
    'at a window %i px wide, floor((available - 40) / 151) = %i tabs show, the rest in the hover list',
    async (width, count) => {
      const { context, page } = await newPage(browser, { width, height: 900 });
      await logInThroughForm(page, demoUsers.admin.username, demoUsers.admin.password);
      await withTabs(page);
      const available = await page.getByTestId('tab-strip').evaluate((strip) => strip.getBoundingClientRect().width);
      expect(Math.floor((available - 40) / 151)).toBe(count);
      await expect.poll(() => page.getByTestId('open-tab').count()).toBe(count);
      expect(await page.getByRole('button', { name: `更多标签（${15 - count}）` }).count()).toBe(1);
      await screenshot(page, `tabs-${width}`);
      await context.close();
    },
  );

  it('cuts names at 6 characters, closes any tab but the work bench, and restores the list in a new session', async () => {
    const { context, page } = await newPage(browser);
    await logInThroughForm(page, demoUsers.admin.username, demoUsers.admin.password);
    await withTabs(page);
    const names = await page.getByTestId('open-tab').allTextContents();
    expect(names[0]).toBe('工作台');
    expect(names[1]).toBe('第1个很长...');
    const first = page.getByTestId('open-tab').first();
    expect(await first.getByRole('button', { name: /关闭/ }).count()).toBe(0);
    await page.getByRole('button', { name: '关闭 第1个很长名字的页面' }).click();
    await expect.poll(async () => (await page.getByTestId('open-tab').allTextContents())[1]).toBe('第2个很长...');

    const state = await context.storageState();
    await context.close();
    const restored = usableAfterNavigation(
      await browser.newContext({
        viewport: { width: 1440, height: 900 },
        storageState: state,
        baseURL: inject('baseUrl'),
      }),
    );
    const again = await restored.newPage();
    await again.goto('/app/work-bench');
    await again.getByTestId('tab-strip').waitFor();
    expect((await again.getByTestId('open-tab').allTextContents())[1]).toBe('第2个很长...');
    await restored.close();
  });
});

describe('on-demand code', () => {
  it('a chunk that fails to load shows a clear message with a retry, not a blank page', async () => {
    const { context, page } = await newPage(browser);
    await logInThroughForm(page, demoUsers.admin.username, demoUsers.admin.password);
    // The layout's chunk (the menu screens are in it: src/build/vite/chunk-groups.ts).
    await page.route(/\/shell-.*\.js$/, (route) => route.abort());
    await page.goto('/app/process/todo');
    await page.getByText('页面资源加载失败，请检查网络后重试。').waitFor();
    await screenshot(page, 'chunk-failed');
    await page.unroute(/\/shell-.*\.js$/);
    await page.getByRole('button', { name: '重新加载' }).click();
    await page.getByTestId('menu-trail').waitFor();
    await context.close();
  });

  it('a changed version.json reloads the page', async () => {
    const { context, page } = await newPage(browser);
    await logInThroughForm(page, demoUsers.admin.username, demoUsers.admin.password);
    let version = 'v1';
    await page.route(/\/other\/version\.json/, (route) =>
      route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify({ version }) }),
    );
    await page.clock.install();
    await page.goto('/app/work-bench');
    await page.getByTestId('workbench').waitFor();
    // The check of a screen starts a few seconds after it opens.
    await page.clock.fastForward(3_000);
    await expect.poll(() => page.evaluate(() => sessionStorage.getItem('portalVersions') ?? '')).toContain('v1');
    version = 'v2';
    const reloaded = page.waitForEvent('load');
    await page.clock.fastForward(31_000);
    // Moving to another screen inside the app runs the check, which reloads the page.
    await page.getByTestId('side-entry').filter({ hasText: '项目大屏' }).click();
    await page.clock.fastForward(3_000);
    await reloaded;
    await expect.poll(() => page.evaluate(() => sessionStorage.getItem('portalVersions') ?? '')).toContain('v2');
    await context.close();
  });
});
