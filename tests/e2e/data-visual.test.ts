/**
 * 数据可视化 in Chromium against the real server, at 1280 and 1920 wide, as a company's configurator uses it: the demo
 * dashboards open in the designer; a new dashboard gets two charts built in the editor (data set, type, dimension,
 * title), one dragged before the other and one widened from its corner, is saved and published; the release link and a
 * chart's own link open in a fresh browser without a login and draw the charts; after the release is taken back the
 * link says so. No screen says 该功能暂未开放.
 */
import { copyFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SCREENSHOT_DIR, launchBrowser, newPage, screenshot } from './browser';
import { WIDTHS, logIn, poll } from './screen-helpers';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** The screenshot, also where the people reviewing the screens look (.tmp/shots/dataview). */
async function shot(page: Page, name: string): Promise<void> {
  await screenshot(page, name);
  const shots = join(import.meta.dirname, '../../.tmp/shots/dataview');
  mkdirSync(shots, { recursive: true });
  copyFileSync(join(SCREENSHOT_DIR, `${name}.png`), join(shots, `${name}.png`));
}

/** Picks an option of an Arco select found by its test id. */
async function pick(page: Page, testId: string, option: string): Promise<void> {
  const select = page.getByTestId(testId);
  await select.click();
  const popup = page.locator(`[id="${await select.getAttribute('aria-controls')}"]`);
  await popup.getByRole('option', { name: option, exact: true }).first().click();
  await poll(() => select.locator('.arco-select-view-value').textContent()).toBe(option);
}

const charts = (scope: Locator) => scope.locator('svg');

/** Builds a chart in the editor and puts it on the grid. */
async function buildChart(page: Page, title: string, widget: string, groupBy: string): Promise<void> {
  const editor = page.getByTestId('ldview-chart-editor');
  await pick(page, 'ldview-dataset', '安全隐患');
  await editor.getByTestId('ldview-widget').getByText(widget, { exact: true }).click();
  await pick(page, 'ldview-group-by', groupBy);
  await editor.getByTestId('ldview-chart-title').fill(title);
  await poll(() => charts(editor.getByTestId('ldview-chart-preview')).count()).toBeGreaterThan(0);
  await editor.getByRole('button', { name: '添加到看板', exact: true }).click();
}

/** Drags with the mouse from the centre of one box by an offset, in steps, as a hand does. */
async function dragBy(page: Page, handle: Locator, dx: number, dy: number, from: 'centre' | 'corner' = 'centre') {
  const box = (await handle.boundingBox())!;
  const x = from === 'corner' ? box.x + box.width - 3 : box.x + box.width / 2;
  const y = from === 'corner' ? box.y + box.height - 3 : box.y + box.height / 2;
  await page.mouse.move(x, y);
  await page.mouse.down();
  for (let step = 1; step <= 12; step += 1)
    await page.mouse.move(x + (dx * step) / 12, y + (dy * step) / 12, { steps: 2 });
  await page.mouse.up();
}

describe('数据可视化', () => {
  for (const viewport of WIDTHS) {
    it(`builds, arranges, saves and publishes a dashboard, opened without a login at ${viewport.width} wide`, async () => {
      const { context, page } = await logIn(browser, 'manager', viewport);
      await page.goto('/app/ldview');
      const designer = page.getByTestId('ldview-designer');
      await designer.waitFor();
      // The demo dashboards are there, drawn on the grid.
      const grid = page.getByTestId('ldview-grid');
      await grid.waitFor();
      expect(await page.getByText('该功能暂未开放').count()).toBe(0);
      await page.getByTestId('ldview-dashboard-select').click();
      for (const title of ['安全隐患分析（已发布）', '劳务用工概况', '设备告警统计'])
        await page.getByRole('option', { name: title, exact: true }).waitFor();
      await page.getByRole('option', { name: '安全隐患分析（已发布）', exact: true }).click();
      await poll(() => grid.locator('.ldview-card').count()).toBe(5);
      await poll(() => charts(grid).count()).toBeGreaterThan(4);
      await shot(page, `dataview-designer-demo-${viewport.width}`);

      // A new dashboard, two charts built in the editor.
      const name = `安全周报${viewport.width}`;
      await page.getByTestId('ldview-new').click();
      await page.getByTestId('ldview-new-title').fill(name);
      await page.getByRole('button', { name: '新建', exact: true }).click();
      await poll(() => page.getByTestId('ldview-dashboard-title').inputValue()).toBe(name);
      await buildChart(page, '隐患等级占比', '饼图', '隐患等级');
      await buildChart(page, '隐患类别分布', '柱状图', '隐患类别');
      const first = page.getByTestId('ldview-card-chart-1');
      const second = page.getByTestId('ldview-card-chart-2');
      await poll(() => charts(second).count()).toBeGreaterThan(0);
      await shot(page, `dataview-designer-built-${viewport.width}`);

      // Drag the second chart before the first, then widen the first from its corner.
      const firstBox = (await first.boundingBox())!;
      const secondBox = (await second.boundingBox())!;
      await dragBy(page, second.locator('.ldview-card-title'), firstBox.x - secondBox.x, 0);
      await poll(async () => ((await second.boundingBox())!.x < (await first.boundingBox())!.x ? 'moved' : 'not')).toBe(
        'moved',
      );
      const columnWidth = firstBox.width / 2;
      await first.hover();
      await dragBy(page, first.locator('.react-resizable-handle-se'), columnWidth * 1.2, 0, 'corner');
      await poll(() => first.getAttribute('data-span')).toBe('3');
      await shot(page, `dataview-designer-arranged-${viewport.width}`);

      // Saved as version 1, then published: the release dialog gives the links.
      await page.getByTestId('ldview-save').click();
      await poll(() => page.getByTestId('ldview-save-state').textContent()).toBe('第 1 版');
      await page.getByTestId('ldview-publish').click();
      const link = page.getByTestId('ldview-release-link');
      await link.waitFor();
      const releaseUrl = await link.inputValue();
      expect(releaseUrl).toMatch(/\/app\/ldview\/#\/release-page\/[\w-]+\.[\w-]+$/);
      const chartUrl = await page.getByTestId('ldview-chart-link-chart-1').inputValue();
      expect(chartUrl).toContain('/app/ldv/chart_viewer?token=');
      await shot(page, `dataview-release-dialog-${viewport.width}`);

      // A fresh browser, nobody logged in: the release draws both charts, in the order and widths arranged.
      const anonymous = await newPage(browser, viewport);
      await anonymous.page.goto(releaseUrl);
      const release = anonymous.page.getByTestId('ldview-release');
      await release.waitFor();
      await poll(() => release.locator('.dashboard-panel svg').count()).toBeGreaterThanOrEqual(2);
      expect(await anonymous.page.evaluate(() => localStorage.getItem('tokenInfo'))).toBeNull();
      expect(await release.locator('.dashboard-panel h2').allTextContents()).toEqual(['隐患类别分布', '隐患等级占比']);
      expect(await release.locator('.dashboard-panel').nth(1).getAttribute('style')).toContain('span 3');
      expect(new URL(anonymous.page.url()).pathname).toBe('/app/ldview/');
      expect(await anonymous.page.getByText('该功能暂未开放').count()).toBe(0);
      await shot(anonymous.page, `dataview-release-page-${viewport.width}`);

      await anonymous.page.goto(chartUrl);
      const single = anonymous.page.getByTestId('ldview-chart-viewer');
      await single.waitFor();
      await poll(() => charts(single).count()).toBeGreaterThan(0);
      expect(await single.locator('.dashboard-panel h2').textContent()).toBe('隐患等级占比');
      await shot(anonymous.page, `dataview-chart-viewer-${viewport.width}`);

      // Taken back: the link says so.
      await page.getByRole('button', { name: '取消发布', exact: true }).click();
      await page.locator('.arco-popconfirm').getByRole('button', { name: '确定' }).click();
      await poll(() => page.getByTestId('ldview-links').count()).toBe(0);
      await anonymous.page.goto(releaseUrl);
      await anonymous.page.getByTestId('ldview-release-gone').waitFor();
      expect(await anonymous.page.getByTestId('ldview-release-gone').textContent()).toBe('发布链接无效或已被取消');
      await anonymous.context.close();
      await context.close();
    });
  }
});
