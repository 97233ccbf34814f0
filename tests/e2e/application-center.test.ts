/**
 * 应用中心 in Chromium, at 1280 and 1920 wide: every app the user's roles grant, by category, searched by name (and
 * the spec's words when nothing is found), and the star that makes an app a common app: it then shows starred in
 * the side menu's preview and in the workbench's 常用应用, and the star taken back removes it everywhere.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, screenshot } from './browser';
import { WIDTHS, logIn, poll } from './screen-helpers';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const card = (page: Page, name: string) =>
  page.getByTestId('app-card').filter({ has: page.getByText(name, { exact: true }) });

/** The side menu's preview of a top-level entry, as a user sees it on hovering the entry. */
async function sidePreview(page: Page, entry: string) {
  await page.getByTestId('side-entry').filter({ hasText: entry }).hover();
  const preview = page.getByTestId('side-preview');
  await preview.waitFor();
  return preview;
}

describe('应用中心', () => {
  for (const viewport of WIDTHS) {
    it(`lists the apps by category, searches them and stars one into 常用应用 at ${viewport.width} wide`, async () => {
      const { context, page } = await logIn(browser, 'manager', viewport);
      await page.goto('/app/aplicationCenter/index');
      const center = page.getByTestId('app-center');
      await center.waitFor();
      expect(await page.getByText('该功能暂未开放').count()).toBe(0);
      expect(await page.getByTestId('menu-trail').textContent()).toBe('应用中心 / 全部应用');
      // Categories are the side menu's entries; apps of the modules are there with the portal's own.
      for (const category of ['劳务管理', '思维导图', '系统管理'])
        expect(await center.getByRole('region', { name: category }).count()).toBe(1);
      expect(await card(page, '项目导图').count()).toBe(1);
      // The mind map's share view is a hidden menu: not an app to open from here.
      expect(await card(page, '导图分享').count()).toBe(0);
      await screenshot(page, `app-center-${viewport.width}`);

      const search = center.getByPlaceholder('请输入应用名称');
      await search.fill('导图');
      await poll(() => center.getByTestId('app-card').count()).toBe(1);
      await screenshot(page, `app-center-search-${viewport.width}`);
      await search.fill('不存在的应用');
      await center.getByText('未查询到功能，请核对后重新输入').waitFor();
      await search.fill('导图');

      // Star it: 功能添加成功, and the star shows set.
      const star = card(page, '项目导图').getByRole('button', { name: '设为常用：项目导图' });
      await star.click();
      await page.getByText('功能添加成功').first().waitFor();
      const starred = card(page, '项目导图').getByRole('button', { name: '取消常用：项目导图' });
      await poll(() => starred.getAttribute('aria-pressed')).toBe('true');

      // The side menu's preview shows it starred, and the workbench lists it among the common apps.
      const preview = await sidePreview(page, '思维导图');
      await poll(() => preview.getByRole('button', { name: '取消常用：项目导图' }).getAttribute('aria-pressed')).toBe(
        'true',
      );
      await screenshot(page, `app-center-side-menu-common-${viewport.width}`);
      await page.goto('/app/work-bench');
      await poll(() => page.getByTestId('panel-apps').innerText()).toContain('项目导图');

      // Taken back from the side menu: the application centre and the workbench follow.
      await page.goto('/app/aplicationCenter/index');
      await center.waitFor();
      const again = await sidePreview(page, '思维导图');
      await again.getByRole('button', { name: '取消常用：项目导图' }).click();
      await page.getByText('功能取消成功').first().waitFor();
      await page.mouse.move(900, 500);
      await poll(() =>
        card(page, '项目导图').getByRole('button', { name: '设为常用：项目导图' }).getAttribute('aria-pressed'),
      ).toBe('false');
      await page.goto('/app/work-bench');
      await page.getByTestId('panel-apps').waitFor();
      await poll(() => page.getByTestId('panel-apps').innerText()).not.toContain('项目导图');
      await context.close();
    });
  }

  it('opens an app from its card in the portal', async () => {
    const { context, page } = await logIn(browser, 'manager', WIDTHS[0]);
    await page.goto('/app/aplicationCenter/index');
    await page.getByTestId('app-center').waitFor();
    await card(page, '项目导图').locator('.app-card-open').click();
    await page.waitForURL('**/app/mindMap/index');
    await page.getByTestId('crud-mindmap-list').locator('tbody tr').first().waitFor();
    await context.close();
  });
});
