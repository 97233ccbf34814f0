/**
 * 桩基质量 in Chromium against the real server, as a site manager uses it at 1280 and 1920 wide: the pile register
 * from the demo data with Ⅲ/Ⅳ class piles in red, a pile registered by hand out of range (its filling coefficient
 * computed from the volumes, the reasons in red on the list and the detail) (an empty submit shows the collection
 * file's messages), the filter by class, the statistics with their charts, a pile's detail and the Excel export.
 */
import { readFileSync } from 'node:fs';
import ExcelJS from 'exceljs';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, screenshot } from './browser';
import { WIDTHS, choose, chooseProject, logIn, poll, restoreDemoProject, row, typeDate } from './screen-helpers';

const PROJECT = '沿海高速公路工程';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  if (browser) await restoreDemoProject(browser, 'manager');
  await browser?.close();
});

describe('桩基质量', () => {
  for (const viewport of WIDTHS) {
    it(`lists piles, flags Ⅲ/Ⅳ class ones and registers one at ${viewport.width} wide`, async () => {
      const { context, page } = await logIn(browser, 'manager', viewport);
      await chooseProject(page, PROJECT);
      await page.goto('/app/slother/pile');
      const screen = page.getByTestId('crud-pile-list');
      await screen.locator('tbody tr').first().waitFor();
      expect(await page.getByText('该功能暂未开放').count()).toBe(0);
      expect(await page.getByTestId('menu-trail').textContent()).toBe('桩基管理 / 桩基质量');
      await screenshot(page, `pile-list-${viewport.width}`);

      await choose(page, 'search-pile_integrityClass', 'Ⅲ类桩');
      await page.getByTestId('crud-search').getByRole('button', { name: '查询', exact: true }).click();
      const rows = screen.locator('tbody tr');
      await poll(async () => (await rows.allInnerTexts()).every((text) => text.includes('Ⅲ类桩'))).toBe(true);
      // The pile number and the class of a Ⅲ class pile show in red.
      // (a pile out of range besides shows its filling coefficient or reasons in red too).
      const warned = await rows.first().locator('.cell-warn').allInnerTexts();
      expect(warned[0]).toMatch(/^QZ-\d{3}$/);
      expect(warned.at(-1)).toBe('Ⅲ类桩');
      await screenshot(page, `pile-list-class-iii-${viewport.width}`);

      await screen.getByRole('button', { name: '新增', exact: true }).click();
      const dialog = page.getByTestId('crud-dialog-form');
      await dialog.locator('form').waitFor();
      await dialog.getByRole('button', { name: '保存', exact: true }).click();
      const error = (field: string) => page.locator(`#pile_${field}__error`).textContent();
      await poll(() => error('pileNo')).toBe('请输入桩号');
      await poll(() => error('pileType')).toBe('请选择桩型');
      await poll(() => error('designLength')).toBe('请输入设计桩长');
      await poll(() => error('diameter')).toBe('请输入桩径');
      await poll(() => error('designCapacity')).toBe('请输入设计承载力特征值');
      await screenshot(page, `pile-create-errors-${viewport.width}`);

      const pileNo = `QZ-T${viewport.width}`;
      await page.locator('#pile_pileNo').fill(pileNo);
      await page.locator('#pile_zone').fill('K13+020 中桥 2号墩');
      await choose(page, 'pile_pileType', '旋挖灌注桩');
      await typeDate(page, 'pile_constructedDate', '2026-01-05');
      await page.locator('#pile_designLength').fill('48');
      await page.locator('#pile_diameter').fill('1500.5');
      await page.locator('#pile_designCapacity').fill('9000');
      await dialog.getByRole('button', { name: '保存', exact: true }).click();
      await poll(() => error('diameter')).toBe('桩径必须是整数（毫米）');
      await page.locator('#pile_diameter').fill('1500');
      await choose(page, 'pile_bearingType', '端承型桩');
      await page.locator('#pile_holeDepth').fill('49');
      await page.locator('#pile_sedimentThickness').fill('70');
      await page.locator('#pile_verticalityDeviation').fill('0.6');
      // π · 0.75² · 49 = 86.590 m³ in theory; 82 m³ poured is a filling coefficient of 0.95.
      await page.locator('#pile_concreteVolume').fill('82');
      await choose(page, 'pile_integrityClass', 'Ⅳ类桩');
      await dialog.getByRole('button', { name: '保存', exact: true }).click();
      await dialog.waitFor({ state: 'detached' });

      await choose(page, 'search-pile_integrityClass', 'Ⅳ类桩');
      await page.locator('#search-pile_pileNo').fill(pileNo);
      await page.getByTestId('crud-search').getByRole('button', { name: '查询', exact: true }).click();
      const added = row(screen, pileNo);
      await poll(() => added.count()).toBe(1);
      // Red: the number and class of a Ⅳ class pile, a filling coefficient under 1.0 and the reasons it is out of range.
      const reasons = '充盈系数 0.95 小于 1.0；沉渣厚度 70 mm 大于端承型桩的 50 mm';
      expect(await added.locator('.cell-warn').allInnerTexts()).toEqual([pileNo, '0.95', reasons, 'Ⅳ类桩']);
      await added.getByRole('button', { name: '详情', exact: true }).click();
      await poll(() => page.locator('.detail-fields').first().innerText()).toContain('旋挖灌注桩');
      const detail = (await page.locator('.detail-fields').allInnerTexts()).join('\n');
      expect(detail).toMatch(/Ⅲ\/Ⅳ类桩\s*是/);
      expect(detail).toMatch(/理论方量（m³）\s*86.59/);
      expect(detail).toMatch(/受力类型\s*端承型桩/);
      expect(await page.locator('.detail-fields .cell-warn').allInnerTexts()).toEqual(['0.95', reasons]);
      await screenshot(page, `pile-detail-out-of-range-${viewport.width}`);
      await context.close();
    });

    it(`shows the quality statistics with charts at ${viewport.width} wide`, async () => {
      const { context, page } = await logIn(browser, 'manager', viewport);
      await chooseProject(page, PROJECT);
      await page.goto('/app/slother/pile');
      await page.getByRole('tab', { name: '质量统计' }).click();
      for (const panel of ['by-class', 'by-status', 'by-type', 'by-week'])
        await page.getByTestId(`panel-${panel}`).getByTestId('echart').locator('svg').first().waitFor();
      await poll(() => page.getByTestId('panel-figures').innerText()).toMatch(/[\d.]+%\s*完整性合格率/);
      expect(await page.getByText('暂无桩基记录').count()).toBe(0);
      await screenshot(page, `pile-stats-${viewport.width}`);
      await context.close();
    });
  }

  it('exports the filtered register to Excel', async () => {
    const { context, page } = await logIn(browser, 'manager', WIDTHS[1]);
    await chooseProject(page, PROJECT);
    await page.goto('/app/slother/pile');
    const screen = page.getByTestId('crud-pile-list');
    await screen.locator('tbody tr').first().waitFor();
    await choose(page, 'search-pile_pileType', '钻孔灌注桩');
    await page.getByTestId('crud-search').getByRole('button', { name: '查询', exact: true }).click();
    const rows = screen.locator('tbody tr');
    await poll(async () => (await rows.allInnerTexts()).every((text) => text.includes('钻孔灌注桩'))).toBe(true);
    const total = Number((await screen.locator('.arco-pagination-total-text').textContent())?.replace(/\D/g, ''));
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      screen.getByRole('button', { name: '导出', exact: true }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^桩基台账-\d{8}\.xlsx$/);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(readFileSync((await download.path()) as string) as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0];
    expect((sheet.getRow(1).values as unknown[]).slice(1)).toEqual(
      expect.arrayContaining(['桩号', '桩型', '设计桩长（m）', '桩径（mm）', '充盈系数', '完整性', '检测结论']),
    );
    expect(sheet.rowCount).toBe(1 + total);
    await context.close();
  });
});
