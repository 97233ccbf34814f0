/**
 * 数据中心 in Chromium against the real server, as a company manager uses it at 1280 and 1920 wide: the warehouse
 * lists the data sets with their records, a data set's fields and preview open in a drawer and export to Excel; the
 * report screen shows the personnel report of the month with its subtotals and total, another report over a chosen
 * range, and exports it; the print stylesheet leaves the sheet alone on the page.
 */
import ExcelJS from 'exceljs';
import { readFileSync } from 'node:fs';
import type { Browser } from 'playwright-core';
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

describe('数据中心', () => {
  for (const viewport of WIDTHS) {
    it(`lists the data sets, opens one and exports it at ${viewport.width} wide`, async () => {
      const { context, page } = await logIn(browser, 'manager', viewport);
      await page.goto('/app/dataCenter/warehouse');
      const list = page.getByTestId('dataset-list');
      await list.locator('tbody tr').first().waitFor();
      expect(await page.getByText('该功能暂未开放').count()).toBe(0);
      expect(await page.getByTestId('menu-trail').textContent()).toBe('数据中心 / 数据仓库');
      await screenshot(page, `data-center-warehouse-${viewport.width}`);

      await page.getByPlaceholder('搜索数据集名称、编号或说明').fill('隐患');
      const hazardRow = list.locator('tbody tr', { hasText: 'safety-hazard' });
      await hazardRow.waitFor();
      await hazardRow.getByRole('button', { name: '查看' }).click();
      const drawer = page.getByTestId('dataset-drawer');
      await drawer.getByTestId('dataset-fields').locator('tbody tr').first().waitFor();
      expect(await drawer.getByTestId('dataset-fields').innerText()).toContain('隐患等级');
      await screenshot(page, `data-center-dataset-fields-${viewport.width}`);
      await drawer.getByRole('tab', { name: /数据预览/ }).click();
      await drawer.getByTestId('dataset-preview').locator('tbody tr').first().waitFor();
      expect(await drawer.getByTestId('dataset-preview').innerText()).toMatch(
        /滨江花园住宅工程|城市快速路改造工程|沿海高速公路工程/,
      );
      expect(await drawer.getByTestId('dataset-preview').innerText()).toMatch(/\d{4}-\d{2}-\d{2} \d{2}:\d{2}/);
      await screenshot(page, `data-center-dataset-preview-${viewport.width}`);

      const [download] = await Promise.all([
        page.waitForEvent('download'),
        drawer.getByRole('button', { name: '导出 Excel' }).click(),
      ]);
      expect(download.suggestedFilename()).toMatch(/^安全隐患（全部项目，\d{4}-\d{2}-\d{2}）\.xlsx$/);
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load(readFileSync(await download.path()) as unknown as ArrayBuffer);
      expect(workbook.worksheets[0].getRow(1).getCell(1).value).toBe('所属项目');
      await context.close();
    });

    it(`shows, prints and exports the statistical reports at ${viewport.width} wide`, async () => {
      const { context, page } = await logIn(browser, 'manager', viewport);
      await page.goto('/app/dataCenter/report');
      const sheet = page.getByTestId('report-sheet');
      await sheet.waitFor();
      expect(await page.getByTestId('menu-trail').textContent()).toBe('数据中心 / 统计报表');
      await poll(() => sheet.locator('.dc-sheet-title').textContent()).toBe('劳务人员出勤月报');
      await sheet.locator('tbody tr').first().waitFor();
      expect(await sheet.locator('.dc-subtotal').count()).toBeGreaterThan(0);
      expect(await page.getByTestId('report-total').innerText()).toContain('合计');
      await screenshot(page, `data-center-report-labour-${viewport.width}`);

      await page.getByTestId('report-list').getByRole('button', { name: '安全隐患月报' }).click();
      await poll(() => sheet.locator('.dc-sheet-title').textContent()).toBe('安全隐患月报');
      const range = page.getByTestId('report-range');
      await range.locator('input').first().click();
      await range.locator('input').first().fill('2025-01-01');
      await range.locator('input').nth(1).click();
      await range
        .locator('input')
        .nth(1)
        .fill(new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10));
      await page.keyboard.press('Enter');
      await page.getByTestId('report-run').click();
      await poll(() => sheet.locator('.dc-sheet-facts').innerText()).toContain('2025-01-01 至');
      await sheet.locator('tbody tr').first().waitFor();
      expect(await sheet.locator('tbody').innerText()).not.toContain('所选期间与项目没有记录');
      await screenshot(page, `data-center-report-hazards-${viewport.width}`);

      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('button', { name: '导出 Excel' }).click(),
      ]);
      expect(download.suggestedFilename()).toMatch(/^安全隐患月报（2025-01-01至\d{4}-\d{2}-\d{2}）\.xlsx$/);

      // Printed: the sheet alone, the portal around it hidden.
      await page.emulateMedia({ media: 'print' });
      expect(await page.getByTestId('report-list').isVisible()).toBe(false);
      expect(await page.getByTestId('report-run').isVisible()).toBe(false);
      expect(await sheet.isVisible()).toBe(true);
      // From the top left of the paper, not where the portal's layout had it.
      const box = await sheet.boundingBox();
      expect(box?.x).toBeLessThan(20);
      expect(box?.y).toBeLessThan(20);
      await screenshot(page, `data-center-report-print-${viewport.width}`);
      await context.close();
    });
  }
});
