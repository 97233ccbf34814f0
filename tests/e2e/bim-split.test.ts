/**
 * 拆分模型 (/detachmodel/index) in Chromium against the real server, as a project manager uses it: the project's
 * demo building split by storey in the page, the split's progress and then its three parts listed with their
 * elements; one part downloaded as IFC under its Chinese name, another opened alone in 模型浏览 (drawn, 14
 * elements, one storey); at 1920 wide the same list, and the split deleted after a confirmation.
 */
import { readFile } from 'node:fs/promises';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, screenshot } from './browser';
import { WIDTHS, logIn, poll, row } from './screen-helpers';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const DEMO = '1号楼结构与风管';

/** How many of the viewer canvas's pixels differ from its background (#eef2f7), out of how many. */
async function drawn(page: Page): Promise<{ drawn: number; total: number }> {
  return page.getByTestId('bim-canvas').evaluate((host) => {
    const source = host.querySelector('canvas')!;
    const copy = document.createElement('canvas');
    copy.width = 200;
    copy.height = Math.round((200 * source.height) / source.width);
    const context = copy.getContext('2d')!;
    context.drawImage(source, 0, 0, copy.width, copy.height);
    const { data } = context.getImageData(0, 0, copy.width, copy.height);
    let count = 0;
    for (let i = 0; i < data.length; i += 4)
      if (Math.abs(data[i]! - 0xee) + Math.abs(data[i + 1]! - 0xf2) + Math.abs(data[i + 2]! - 0xf7) > 24) count++;
    return { drawn: count, total: data.length / 4 };
  });
}

describe('BIM 拆分模型', () => {
  it('splits the demo building by storey, lists the parts, downloads one and opens one in the viewer', async () => {
    const { context, page } = await logIn(browser, 'manager', WIDTHS[0]);
    await page.goto('/app/detachmodel/index');
    const screen = page.getByTestId('model-split');
    await screen.waitFor();
    expect(await page.getByText('该功能暂未开放').count()).toBe(0);
    // The demo building converts in the background after a start: the page offers it once converted.
    await poll(async () => {
      await page.reload();
      await screen.waitFor();
      return screen.getByTestId('split-model-select').textContent();
    }, 120_000).toContain(DEMO);
    await expect(screen.getByTestId('split-model-select').textContent()).resolves.toContain('43 个构件 · 3 个楼层');

    await screen.getByRole('radio', { name: '按楼层' }).check({ force: true });
    await screen.getByTestId('split-start').click();
    const record = screen.locator('[data-testid="split-record"][data-mode="storey"]');
    await record.waitFor();
    await expect(record.locator('.split-title').textContent()).resolves.toBe(`${DEMO} · 按楼层`);
    // Split, then each part converted for the viewer.
    await poll(() => record.locator('tbody tr').count(), 60_000).toBe(3);
    await poll(() => record.getByText('可浏览', { exact: true }).count(), 180_000).toBe(3);
    await expect(record.getByText('已拆分 · 3 个部分').count()).resolves.toBe(1);
    for (const [label, elements] of [
      ['一层', '14'],
      ['二层', '14'],
      ['三层', '15'],
    ] as const) {
      const part = row(record, label);
      await expect(part.locator('td').nth(1).textContent()).resolves.toBe(`${DEMO}（${label}）.ifc`);
      await expect(part.locator('td').nth(2).textContent()).resolves.toBe(elements);
      await expect(part.locator('td').nth(3).textContent()).resolves.toMatch(/^\d+ KB$/);
    }
    await screenshot(page, 'bim-split-1280');

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      row(record, '一层').getByRole('button', { name: '下载 IFC' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`${DEMO}（一层）.ifc`);
    const ifc = await readFile(await download.path());
    expect(ifc.subarray(0, 13).toString('latin1')).toBe('ISO-10303-21;');
    expect(ifc.toString('latin1')).toContain("FILE_SCHEMA(('IFC4'))");

    await row(record, '二层').getByRole('button', { name: '在浏览器中打开' }).click();
    await page.waitForURL(/\/app\/bim\/model\?model=/);
    await poll(() => page.getByTestId('bim-canvas').getAttribute('data-loaded'), 60_000).toBe('true');
    await expect(page.getByTestId('bim-model-select').textContent()).resolves.toBe(`${DEMO}（二层）`);
    await expect(page.locator('.bim-model-facts').textContent()).resolves.toBe('IFC4 · 14 个构件 · 1 个楼层');
    await poll(async () => (await drawn(page)).drawn, 30_000).toBeGreaterThan(1000);
    await screenshot(page, 'bim-split-part-in-viewer-1280');
    await context.close();
  });

  it('shows the split at 1920 wide and deletes it after a confirmation', async () => {
    const { context, page } = await logIn(browser, 'manager', WIDTHS[1]);
    await page.goto('/app/detachmodel/index');
    const screen = page.getByTestId('model-split');
    const record = screen.locator('[data-testid="split-record"][data-mode="storey"]');
    await poll(() => record.locator('tbody tr').count()).toBe(3);
    await screenshot(page, 'bim-split-1920');

    await record.getByRole('button', { name: '删除' }).click();
    await page.getByText('删除这次拆分？').waitFor();
    await page.locator('.arco-popconfirm').getByRole('button', { name: '删除' }).click();
    await poll(() => record.count()).toBe(0);
    await poll(() => screen.getByText('还没有拆分记录').count()).toBe(1);
    await context.close();
  });
});
