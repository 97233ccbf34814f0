/**
 * 数据运营 in Chromium against the real server, as a company manager opens it at 1280 and 1920 wide: the menu opens
 * the 运营概览 (no longer 该功能暂未开放), the figures, the daily line, the module ranking and the two tables show the
 * demo's usage history, and choosing 近7天 counts again over the shorter range.
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, screenshot } from './browser';
import { WIDTHS, choose, logIn, poll } from './screen-helpers';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('数据运营', () => {
  for (const viewport of WIDTHS) {
    it(`shows how the portal is used at ${viewport.width} wide`, async () => {
      const { context, page } = await logIn(browser, 'manager', viewport);
      await page.goto('/app/dataOperation/overview');
      for (const panel of ['daily', 'modules'])
        await page.getByTestId(`panel-${panel}`).getByTestId('echart').locator('svg').first().waitFor();
      expect(await page.getByText('该功能暂未开放').count()).toBe(0);
      expect(await page.getByTestId('menu-trail').textContent()).toBe('数据运营 / 运营概览');
      const figures = page.getByTestId('panel-figures');
      await poll(() => figures.innerText()).toMatch(/\d+\s*人\s*今日活跃用户|今日活跃用户/);
      const text = await figures.innerText();
      for (const label of ['今日活跃用户', '近7日登录次数', '区间活跃用户', '功能打开次数', '活跃项目'])
        expect(text).toContain(label);
      await page.getByTestId('panel-menus').locator('tbody tr').first().waitFor();
      const projects = page.getByTestId('panel-projects').locator('tbody tr');
      await projects.first().waitFor();
      expect(await projects.count()).toBe(3);
      expect(await page.getByTestId('panel-projects').innerText()).toContain('滨江花园住宅工程');
      // The filter shows its first values (the range of the figures above).
      await poll(() => page.locator('.dashboard-filter').innerText()).toContain('近30天');
      await screenshot(page, `data-operation-${viewport.width}`);
      await page.getByTestId('panel-modules').scrollIntoViewIfNeeded();
      await screenshot(page, `data-operation-rankings-${viewport.width}`);
      await page.getByTestId('panel-projects').scrollIntoViewIfNeeded();
      await screenshot(page, `data-operation-projects-${viewport.width}`);

      // A shorter range counts again: the daily line then has seven days.
      const opensOf = async () => Number(/(\d+)\s*次\s*功能打开次数/.exec(await figures.innerText())?.[1] ?? '-1');
      const before = await opensOf();
      expect(before).toBeGreaterThan(0);
      await choose(page, 'data-operation-range_days', '近7天');
      await page.getByRole('button', { name: '统计', exact: true }).click();
      // Counted again (while the panels load there is no figure to read).
      await poll(async () => {
        const opens = await opensOf();
        return opens >= 0 && opens < before;
      }).toBe(true);
      await page.getByTestId('panel-daily').getByTestId('echart').locator('svg').first().waitFor();
      await screenshot(page, `data-operation-7-days-${viewport.width}`);
      // The rankings and the projects below the chart.
      await page.getByTestId('panel-projects').locator('tbody tr').first().waitFor();
      await page.getByTestId('panel-projects').scrollIntoViewIfNeeded();
      await screenshot(page, `data-operation-7-days-tables-${viewport.width}`);
      await context.close();
    });
  }
});
