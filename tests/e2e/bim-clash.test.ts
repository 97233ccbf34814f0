/**
 * BIM协同 / 碰撞检查 in Chromium against the real server (the demo building, converted at start), at 1280 and 1920
 * wide, as a project manager uses it: structure against MEP of the demo model run from the page with its progress,
 * the four deliberate clashes listed, one opened in the viewer at its viewpoint with both elements drawn (the canvas
 * not blank), its status changed and found under its filter.
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

/** How many pixels of the canvas differ from its background (#eef2f7), on a 200 px wide copy. */
async function drawnPixels(page: Page): Promise<{ drawn: number; total: number }> {
  return page.getByTestId('bim-canvas').evaluate((host) => {
    const source = host.querySelector('canvas')!;
    const copy = document.createElement('canvas');
    copy.width = 200;
    copy.height = Math.round((200 * source.height) / source.width);
    const context = copy.getContext('2d')!;
    context.drawImage(source, 0, 0, copy.width, copy.height);
    const { data } = context.getImageData(0, 0, copy.width, copy.height);
    let drawn = 0;
    for (let i = 0; i < data.length; i += 4)
      if (Math.abs(data[i]! - 0xee) + Math.abs(data[i + 1]! - 0xf2) + Math.abs(data[i + 2]! - 0xf7) > 24) drawn++;
    return { drawn, total: data.length / 4 };
  });
}

const EXPECTED_PAIRS = ['梁 1F-B1', '梁 1F-B2', '柱 3F-C1', '柱 3F-C3'];

describe('BIM 碰撞检查', () => {
  for (const viewport of WIDTHS) {
    it(`runs structure against MEP, lists the four clashes, opens one and changes its status at ${viewport.width} wide`, async () => {
      const { context, page } = await logIn(browser, 'manager', viewport);
      await page.goto('/app/bim/clash');
      const form = page.getByTestId('bim-clash-form');
      await form.waitFor();
      expect(await page.getByText('该功能暂未开放').count()).toBe(0);
      await poll(() => form.locator('.arco-select-view-value').first().textContent()).toBe('1号楼结构与风管');
      await expect(page.getByTestId('bim-clash-discipline-a').textContent()).resolves.toContain('结构');
      await expect(page.getByTestId('bim-clash-discipline-b').textContent()).resolves.toContain('机电');
      await page.locator('.bim-clash-tolerance input').fill('10');

      await page.getByRole('button', { name: '运行检查' }).click();
      // Once the server took the run, the page follows it (the same check again at the second width).
      await page.getByText('碰撞检查已开始，正在后台运行').waitFor();
      // The run shows its progress, then what it found.
      const state = page.getByTestId('bim-clash-state');
      await poll(() => state.textContent(), 60_000).toContain('发现 4 处碰撞');
      const table = page.getByTestId('bim-clash-table');
      const rows = table.locator('tbody .arco-table-tr');
      await poll(() => rows.count()).toBe(4);
      const texts = await rows.allTextContents();
      for (const name of EXPECTED_PAIRS) expect(texts.some((text) => text.includes(name))).toBe(true);
      for (const text of texts) expect(text).toMatch(/风管 [13]F-D[12]/);
      for (const header of ['元素A', '元素B', '楼层', '距离(mm)', '状态', '负责人'])
        expect(await table.locator('thead').getByText(header, { exact: true }).count()).toBe(1);

      // The first clash opens by itself; a click on another brings the camera to its viewpoint.
      const row = rows.filter({ hasText: '柱 3F-C3' });
      await row.locator('td').first().click();
      const canvas = page.getByTestId('bim-canvas');
      const legend = page.getByTestId('bim-clash-legend');
      await poll(() => legend.textContent()).toContain('柱 3F-C3');
      expect(await legend.textContent()).toContain('穿透 400 mm');
      // The viewer reached that clash, and its camera stands at the clash's viewpoint.
      const wanted = await canvas.getAttribute('data-clash');
      await poll(() => canvas.getAttribute('data-shown'), 60_000).toBe(wanted);
      await poll(() => canvas.getAttribute('data-camera')).toBe(await canvas.getAttribute('data-viewpoint'));
      // Both elements drawn, alone: a good part of the canvas is not background.
      await poll(async () => (await drawnPixels(page)).drawn, 30_000).toBeGreaterThan(1500);
      await screenshot(page, `bim-clash-${viewport.width}`);

      // Among the other elements too, in a section box around the clash: clearly more of the canvas is drawn.
      const alone = (await drawnPixels(page)).drawn;
      await legend.locator('.arco-switch').click();
      await poll(async () => (await drawnPixels(page)).drawn, 30_000).toBeGreaterThan(alone * 1.2);
      await screenshot(page, `bim-clash-context-${viewport.width}`);
      await legend.locator('.arco-switch').click();

      // Its status changed in the list, then found under its filter.
      const status = viewport.width === WIDTHS[0]!.width ? '已解决' : '忽略';
      await row.getByTestId('bim-clash-status').click();
      await page.locator('.arco-select-popup:visible .arco-select-option').filter({ hasText: status }).click();
      await poll(() => row.getByTestId('bim-clash-status').textContent()).toBe(status);
      await page
        .locator('.bim-clash-filter')
        .getByText(new RegExp(`^${status} \\d+$`))
        .click();
      await poll(() => rows.count()).toBeGreaterThan(0);
      await expect(page.locator('.bim-clash-filter .arco-radio-checked').textContent()).resolves.toContain(status);
      for (const text of await rows.allTextContents()) expect(text).toContain(status);
      expect(await rows.filter({ hasText: '柱 3F-C3' }).count()).toBe(1);
      await screenshot(page, `bim-clash-status-${viewport.width}`);
      await context.close();
    }, 240_000);
  }
});
