/**
 * Excel import of a collection in Chromium against the real server: the manager downloads the 劳务人员 template,
 * uploads a workbook with one bad row, follows the progress to its end, sees the bad row with its number and the
 * collection file's message, downloads the failed rows, and finds the imported workers in the list.
 */
import { readFileSync } from 'node:fs';
import ExcelJS from 'exceljs';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoUsers, launchBrowser, logInThroughForm, newPage } from './browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

function poll<T>(read: () => T | Promise<T>) {
  return expect.poll(read, { timeout: 20_000 });
}

/** A valid mainland ID number (GB 11643 check character) of someone born 1991-02-03 in 北京市. */
function idNumber(order: string): string {
  const first17 = `11010119910203${order}`;
  const weights = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
  const sum = [...first17].reduce((total, digit, index) => total + Number(digit) * weights[index], 0);
  return `${first17}${'10X98765432'[sum % 11]}`;
}

describe('劳务人员 import', () => {
  it('imports a workbook with one bad row: progress, the error row, the failed rows file, the new rows listed', async () => {
    const { context, page } = await newPage(browser, { width: 1280, height: 860 });
    try {
      await logInThroughForm(page, demoUsers.manager.username, demoUsers.manager.password);
      await page.goto('/app/ldhw/workers');
      const screen = page.getByTestId('crud-labour-workers');
      await screen.locator('tbody tr').first().waitFor();

      // The template the manager fills in.
      const [template] = await Promise.all([
        page.waitForEvent('download'),
        screen.getByRole('button', { name: '下载模板' }).click(),
      ]);
      expect(template.suggestedFilename()).toBe('劳务人员导入模板.xlsx');
      const book = new ExcelJS.Workbook();
      await book.xlsx.load(readFileSync((await template.path()) as string) as unknown as ExcelJS.Buffer);
      const sheet = book.worksheets[0];
      const headers = (sheet.getRow(1).values as string[]).slice(1);
      // Filled in from row 2, as a person types into the template (its drop-downs reach further down).
      let next = 2;
      const put = (values: Record<string, string>) => {
        sheet.getRow(next++).values = headers.map((header) => values[header.replace(/\*$/, '')] ?? '');
      };
      put({ 姓名: '导入甲', 身份证号: idNumber('901'), 班组: '导入班', 工种: '钢筋工', 进场日期: '2026-10-01' });
      put({ 姓名: '导入乙', 身份证号: idNumber('902'), 班组: '导入班', 工种: '电工', 进场日期: '2026-10-02' });
      put({ 姓名: '导入丙', 身份证号: '110101', 班组: '导入班', 工种: '电工', 进场日期: '2026-10-03' });
      const upload = Buffer.from(await book.xlsx.writeBuffer());

      await page
        .getByTestId('crud-import-file')
        .setInputFiles({ name: '劳务人员.xlsx', mimeType: 'application/octet-stream', buffer: upload });
      const progress = page.getByTestId('crud-import-progress');
      await progress.waitFor();
      await poll(() => progress.getAttribute('data-state')).toMatch(/^(done|failed)$/);
      // A failed import says why on the screen: the assertion carries that text.
      expect({ state: await progress.getAttribute('data-state'), text: await progress.innerText() }).toMatchObject({
        state: 'done',
      });
      expect(await progress.locator('.arco-progress').count()).toBe(1);
      expect(await progress.locator('.crud-import-counts').textContent()).toBe(
        '导入完成：共 3 行，成功 2 行，失败 1 行',
      );
      const errorRow = page.getByTestId('crud-import-errors').locator('tbody tr');
      expect(await errorRow.count()).toBe(1);
      expect(await errorRow.locator('td').allTextContents()).toEqual(['4', '身份证号', '身份证号码格式不正确']);

      const [failed] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('button', { name: '下载错误行' }).click(),
      ]);
      const failedBook = new ExcelJS.Workbook();
      await failedBook.xlsx.load(readFileSync((await failed.path()) as string) as unknown as ExcelJS.Buffer);
      const failedSheet = failedBook.worksheets[0];
      expect(failedSheet.rowCount).toBe(2);
      expect(failedSheet.getRow(2).getCell(2).value).toBe('导入丙');
      expect((failedSheet.getRow(1).values as string[]).at(-1)).toBe('错误原因');

      await page.locator('.arco-modal-footer').getByRole('button', { name: '关闭' }).click();
      const search = page.getByTestId('crud-search');
      await search.locator('input').first().fill('导入');
      await search.getByRole('button', { name: '查询' }).click();
      await poll(() => screen.locator('tbody tr').count()).toBe(2);
      expect(await screen.getByText('导入甲', { exact: true }).count()).toBe(1);
      expect(await screen.getByText('导入乙', { exact: true }).count()).toBe(1);
    } finally {
      await context.close();
    }
  });
});
