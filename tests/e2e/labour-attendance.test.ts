/**
 * 考勤统计 in Chromium against the real server, as a site manager uses it at 1280 and 1920 wide: the records list
 * with a manual entry (an empty submit shows the collection file's messages), the headcount charts of a chosen
 * day, the month sheet of a chosen month and its Excel export (the downloaded workbook's cells are the sheet's),
 * the attendance list of a worker's detail page, and the workbench's figures from the labour registry.
 */
import { readFileSync } from 'node:fs';
import ExcelJS from 'exceljs';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, screenshot } from './browser';
import { WIDTHS, logIn, poll, typeDate } from './screen-helpers';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const pad = (n: number) => String(n).padStart(2, '0');
const isoDay = (date: Date) => `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;

/** A Wednesday one to two weeks back: inside the demo's two months of attendance, clear of its rained-off days. */
function demoWeekday(): string {
  const day = new Date();
  day.setDate(day.getDate() - 7);
  day.setDate(day.getDate() - ((day.getDay() + 4) % 7));
  return isoDay(day);
}

function lastMonth(): string {
  const day = new Date();
  day.setDate(1);
  day.setMonth(day.getMonth() - 1);
  return isoDay(day).slice(0, 7);
}

describe('考勤统计', () => {
  for (const viewport of WIDTHS) {
    it(`lists records and adds one by hand at ${viewport.width} wide`, async () => {
      const { context, page } = await logIn(browser, 'manager', viewport);
      await page.goto('/app/ldhw/attendance');
      const screen = page.getByTestId('crud-labour-attendance-records');
      await screen.locator('tbody tr').first().waitFor();
      expect(await page.getByText('该功能暂未开放').count()).toBe(0);
      expect(await page.getByTestId('menu-trail').textContent()).toBe('劳务管理 / 考勤统计');
      await screenshot(page, `attendance-records-${viewport.width}`);

      await screen.getByRole('button', { name: '新增', exact: true }).click();
      const dialog = page.getByTestId('crud-dialog-form');
      await dialog.locator('form').waitFor();
      await dialog.getByRole('button', { name: '保存', exact: true }).click();
      await poll(() => page.locator('#labour-attendance_worker__error').textContent()).toBe('请选择劳务人员');
      await poll(() => page.locator('#labour-attendance_date__error').textContent()).toBe('请选择考勤日期');

      // The picker lists the project's workers on site; take the first.
      const select = page.locator('#labour-attendance_worker');
      await select.click();
      const popup = page.locator(`[id="${await select.getAttribute('aria-controls')}"]`);
      const option = popup.getByRole('option').first();
      const worker = (await option.innerText()).trim();
      await option.click();
      await poll(() => select.locator('.arco-select-view-value').textContent()).toBe(worker);
      const day = viewport.width === 1280 ? '2026-01-05' : '2026-01-06';
      await typeDate(page, 'labour-attendance_date', day);
      await page.locator('#labour-attendance_clockIn').fill('8点');
      await dialog.getByRole('button', { name: '保存', exact: true }).click();
      await poll(() => page.locator('#labour-attendance_clockIn__error').textContent()).toBe(
        '请按 08:00 的格式填写上班时间',
      );
      await page.locator('#labour-attendance_clockIn').fill('08:00');
      await page.locator('#labour-attendance_clockOut').fill('17:30');
      await page.locator('#labour-attendance_remark').fill('补录：闸机故障');
      // A record entered by hand needs its reason: the server refuses it without one, naming the field.
      await dialog.getByRole('button', { name: '保存', exact: true }).click();
      await page.getByText('手工补录的考勤须填写补录原因').first().waitFor();
      await page.locator('#labour-attendance_reason').fill('闸机故障未识别，班组长确认');
      await dialog.getByRole('button', { name: '保存', exact: true }).click();
      await dialog.waitFor({ state: 'detached' });

      await typeDate(page, 'search-labour-attendance_dateFrom', day);
      await typeDate(page, 'search-labour-attendance_dateTo', day);
      await page.locator('#search-labour-attendance_workerName').fill(worker);
      await page.getByTestId('crud-search').getByRole('button', { name: '查询', exact: true }).click();
      const added = screen.locator('tbody tr').filter({ hasText: worker });
      await poll(() => added.count()).toBe(1);
      expect(await added.innerText()).toMatch(new RegExp(`${day}\\s+${worker}[\\s\\S]*08:00\\s+17:30\\s+9.5\\s+手工`));
      await context.close();
    });

    it(`shows the headcount of a chosen day by team and trade, and the month's trend, at ${viewport.width} wide`, async () => {
      const { context, page } = await logIn(browser, 'manager', viewport);
      await page.goto('/app/ldhw/attendance');
      await page.getByRole('tab', { name: '出勤统计' }).click();
      await typeDate(page, 'labour-attendance-day_date', demoWeekday());
      await page.getByTestId('dashboard-filter').getByRole('button', { name: '统计', exact: true }).click();
      for (const panel of ['by-team', 'by-trade', 'trend'])
        await page.getByTestId(`panel-${panel}`).getByTestId('echart').locator('svg').first().waitFor();
      expect(await page.getByText('当日没有出勤记录').count()).toBe(0);
      await screenshot(page, `attendance-stats-${viewport.width}`);
      await context.close();
    });
  }

  it('shows the month sheet of a chosen month and exports exactly it to Excel', async () => {
    const { context, page } = await logIn(browser, 'manager', WIDTHS[1]);
    await page.goto('/app/ldhw/attendance');
    await page.getByRole('tab', { name: '月度考勤表' }).click();
    const month = lastMonth();
    const picker = page.getByTestId('sheet-labour-attendance-sheet').locator('.sheet-month input');
    await picker.click();
    await picker.fill(month);
    await picker.press('Enter');
    await poll(() => picker.inputValue()).toBe(month);
    const table = page.getByTestId('sheet-table');
    await table.waitFor();
    const rows = table.getByTestId('sheet-row');
    await poll(() => rows.count()).toBeGreaterThan(50);
    await screenshot(page, 'attendance-sheet-1920');

    const screenRows = await rows.count();
    const firstCells = await rows.first().locator('th, td').allInnerTexts();
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('sheet-export').click()]);
    expect(download.suggestedFilename()).toBe(`月度考勤表-${month}.xlsx`);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(readFileSync((await download.path()) as string) as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0];
    expect(sheet.getCell('A1').value).toBe(`月度考勤表 ${month}`);
    const header = (sheet.getRow(2).values as unknown[]).slice(1);
    expect(header.slice(0, 4)).toEqual(['姓名', '班组', '工种', '1']);
    expect(header.slice(-2)).toEqual(['出勤天数', '合计工时']);
    // A title, the header, a line per person, the 出勤人数 and 每日工时 lines.
    expect(sheet.rowCount).toBe(2 + screenRows + 2);
    const firstLine = (sheet.getRow(3).values as unknown[]).slice(1).map((cell) => String(cell ?? ''));
    expect(firstLine).toEqual(firstCells.map((text) => text.trim()));
    expect(sheet.getRow(3 + screenRows).getCell(1).value).toBe('出勤人数');
    expect(sheet.getRow(4 + screenRows).getCell(1).value).toBe('每日工时');

    // The same sheet in hours: a person's total is the sum of the days.
    await page.locator('.sheet-tools').getByText('工时', { exact: true }).click();
    await poll(() => rows.first().locator('td').nth(2).innerText()).not.toBe('✓');
    const hours = (await rows.first().locator('td.sheet-cell').allInnerTexts()).map((text) => Number(text || 0));
    const total = Number(await rows.first().locator('td.sheet-total').last().innerText());
    expect(total).toBeCloseTo(
      hours.reduce((sum, value) => sum + value, 0),
      1,
    );
    await context.close();
  });

  it("shows a worker's attendance on the detail page", async () => {
    const { context, page } = await logIn(browser, 'manager');
    await page.goto('/app/ldhw/workers');
    const screen = page.getByTestId('crud-labour-workers');
    await screen.locator('tbody tr').first().getByRole('button', { name: '详情', exact: true }).click();
    await page.getByText('考勤记录（最近31条）').waitFor();
    await screenshot(page, 'attendance-worker-detail');
    await context.close();
  });
});

describe('工作台', () => {
  it('shows the personnel figures of the labour registry of the selected project', async () => {
    const { context, page } = await logIn(browser, 'manager');
    await page.goto('/app/ldhw/workers');
    const screen = page.getByTestId('crud-labour-workers');
    await screen.locator('tbody tr').first().waitFor();
    const total = Number((await screen.locator('.arco-pagination-total-text').textContent())?.replace(/\D/g, ''));
    await page.goto('/app/work-bench');
    const personnel = page.getByTestId('panel-personnel');
    await poll(() => personnel.innerText()).toContain(`${total}人\n登记人数`);
    for (const panel of ['age', 'geo'])
      await page.getByTestId(`panel-${panel}`).getByTestId('echart').locator('svg').first().waitFor();
    await screenshot(page, 'attendance-workbench');
    await context.close();
  });
});
