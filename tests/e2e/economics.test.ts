/**
 * 经济报表 in Chromium against the real server, at 1280 and 1920 wide, as a project manager reads it: 产值报表 with
 * its figures, the monthly planned and actual bars with the cumulative lines, the table per contract and month and
 * its totals row; a contract and a range picked; the Excel export. 成本分析 with target against actual by category
 * (over-target in red), the monthly cost by category, the weighed materials. Last month's 产值月报 opened from
 * 产值填报 starts its approval with the month named.
 */
import { readFile } from 'node:fs/promises';
import ExcelJS from 'exceljs';
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

const MONEY = /^¥\d{1,3}(,\d{3})*\.\d{2}$/;
const fen = (text: string | null) => Math.round(Number(String(text).replace(/[¥,]/g, '')) * 100);

async function pickMonth(page: Page, testId: string, month: string): Promise<void> {
  const input = page.getByTestId(testId).locator('input');
  await input.click();
  await input.fill(month);
  await input.press('Enter');
  await poll(() => input.inputValue()).toBe(month);
}

describe('经济报表', () => {
  for (const viewport of WIDTHS) {
    it(`产值报表 and 成本分析 at ${viewport.width} wide`, async () => {
      const { context, page } = await logIn(browser, 'manager', viewport);

      await page.goto('/app/economicsForm/output');
      const output = page.getByTestId('economics-output');
      await output.waitFor();
      expect(await page.getByText('该功能暂未开放').count()).toBe(0);
      expect(await page.getByTestId('menu-trail').textContent()).toBe('经济报表 / 产值报表');
      await page.getByTestId('output-chart').locator('svg').first().waitFor();
      const table = page.getByTestId('output-table');
      await poll(() => table.locator('tbody tr').count()).toBeGreaterThan(5);
      const planned = await page.getByTestId('total-planned').textContent();
      expect(planned).toMatch(MONEY);
      expect(await page.getByTestId('figure-planned').locator('.economics-figure-value').textContent()).toBe(planned);
      // The chart draws two bars and two lines per month: its legend names them.
      for (const name of ['计划产值', '实际产值', '开累实际', '开累计划'])
        expect(await page.getByTestId('output-chart').getByText(name, { exact: true }).count()).toBeGreaterThan(0);
      await screenshot(page, `economics-output-${viewport.width}`);
      // Below the chart: the table per contract and month, its totals row last.
      await page.locator('.economics-summary').first().scrollIntoViewIfNeeded();
      await screenshot(page, `economics-output-table-${viewport.width}`);

      if (viewport.width === 1920) {
        // One contract over one year: the totals follow.
        await page.getByTestId('economics-contract').click();
        await page.getByRole('option', { name: '地下室人防工程补充协议', exact: true }).click();
        const before = fen(planned);
        await poll(async () => fen(await page.getByTestId('total-planned').textContent())).toBeLessThan(before);
        const [download] = await Promise.all([
          page.waitForEvent('download'),
          page.getByTestId('economics-export').click(),
        ]);
        expect(download.suggestedFilename()).toMatch(/^产值报表（\d{4}-\d{2}至\d{4}-\d{2}）\.xlsx$/);
        const book = new ExcelJS.Workbook();
        await book.xlsx.load((await readFile(await download.path())) as unknown as ArrayBuffer);
        const sheet = book.getWorksheet('按合同按月')!;
        const last = sheet.getRow(sheet.rowCount);
        expect(last.getCell(1).value).toBe('合计');
        expect(Math.round(Number(last.getCell(4).value) * 100)).toBe(
          fen(await page.getByTestId('total-planned').textContent()),
        );
      }

      await page.goto('/app/economicsForm/cost');
      const cost = page.getByTestId('economics-cost');
      await cost.waitFor();
      expect(await page.getByTestId('menu-trail').textContent()).toBe('经济报表 / 成本分析');
      await page.getByTestId('cost-category-chart').locator('svg').first().waitFor();
      await page.getByTestId('cost-month-chart').locator('svg').first().waitFor();
      const rows = page.getByTestId('cost-table').locator('tbody tr');
      await poll(() => rows.count()).toBe(5);
      for (const label of ['人工费', '材料费', '机械费', '分包费', '其他费用'])
        expect(await rows.filter({ hasText: label }).count()).toBe(1);
      expect(await page.getByTestId('total-actual').textContent()).toMatch(MONEY);
      // A category over its target is marked: its row red, 超支 beside its name.
      const over = await page.locator('.economics-row-over').count();
      expect(await page.getByTestId('cost-table').getByText('超支', { exact: true }).count()).toBe(over);
      await page.getByTestId('material-table').locator('tbody tr').first().waitFor();
      await screenshot(page, `economics-cost-${viewport.width}`);
      await page.getByTestId('material-table').scrollIntoViewIfNeeded();
      await screenshot(page, `economics-cost-table-${viewport.width}`);

      if (viewport.width === 1280) {
        // Two years back: more target, more actual.
        const target = fen(await page.getByTestId('total-target').textContent());
        const to = await page.getByTestId('economics-to').locator('input').inputValue();
        const [year, month] = to.split('-').map(Number);
        await pickMonth(page, 'economics-from', `${year - 2}-${String(month).padStart(2, '0')}`);
        await poll(async () => fen(await page.getByTestId('total-target').textContent())).toBeGreaterThan(target);
        await poll(() => page.locator('.economics-report .arco-spin-loading').count()).toBe(0);
        await screenshot(page, 'economics-cost-two-years');
      }
      await context.close();
    });
  }

  it('last month’s 产值月报 starts its approval from its page', async () => {
    const { context, page } = await logIn(browser, 'manager', WIDTHS[0]);
    await page.goto('/app/economicsForm/entries');
    const screen = page.getByTestId('crud-economics-outputs');
    await screen.locator('tbody tr').first().waitFor();
    const pending = screen.locator('tbody tr').filter({ hasText: '待确认' }).first();
    await pending.waitFor();
    await screenshot(page, 'economics-entries');
    await pending.getByRole('button', { name: '详情', exact: true }).click();
    await page.getByRole('button', { name: '提交审批', exact: true }).click();
    await page.waitForURL('**/app/process/category**');
    await poll(() => page.locator('input[id$="_title"]').first().inputValue()).toMatch(/^\d{4}-\d{2} .+产值月报$/);
    await screenshot(page, 'economics-output-approval');
    await context.close();
  });
});
