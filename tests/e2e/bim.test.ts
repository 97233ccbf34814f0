/**
 * BIM协同 / 模型浏览 in Chromium (WebGL on SwiftShader: the suite's own flags, --disable-gpu included, give a
 * software WebGL 2) against the real server, at 1280 and 1920 wide, as a project manager uses it: the demo building
 * drawn (the canvas is not blank), an element picked and its IFC properties shown, a storey hidden through the
 * spatial tree, an issue pinned to the element and its viewpoint, and reopened from another view. The viewer's code
 * (three.js, fragments, its worker) loads on this page, not on the workbench.
 */
import type { Browser, Page, Response } from 'playwright-core';
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

const canvasHost = (page: Page) => page.getByTestId('bim-canvas');

/** How many of the canvas's pixels differ from the background, and a fingerprint of what it shows. */
async function canvasFigures(page: Page): Promise<{ drawn: number; total: number; print: string }> {
  return canvasHost(page).evaluate((host) => {
    const source = host.querySelector('canvas')!;
    const copy = document.createElement('canvas');
    copy.width = 200;
    copy.height = Math.round((200 * source.height) / source.width);
    const context = copy.getContext('2d')!;
    context.drawImage(source, 0, 0, copy.width, copy.height);
    const { data } = context.getImageData(0, 0, copy.width, copy.height);
    let drawn = 0;
    let print = 0;
    for (let i = 0; i < data.length; i += 4) {
      // The background is #eef2f7.
      if (Math.abs(data[i]! - 0xee) + Math.abs(data[i + 1]! - 0xf2) + Math.abs(data[i + 2]! - 0xf7) > 24) drawn++;
      print = (print * 31 + data[i]! + data[i + 1]! * 7 + data[i + 2]! * 13) % 1_000_000_007;
    }
    return { drawn, total: data.length / 4, print: String(print) };
  });
}

/** The JavaScript a page load transferred (bytes on the wire) and whether the viewer's code was among it. */
function scriptsOf(page: Page) {
  const responses: Response[] = [];
  page.on('response', (response) => {
    if (/\.m?js(\?|$)/.test(response.url())) responses.push(response);
  });
  return async () => {
    let bytes = 0;
    let viewer = false;
    for (const response of responses) {
      const sizes = await response.request().sizes();
      bytes += sizes.responseBodySize;
      if (/worker\.min-|three|fragments/i.test(response.url())) viewer = true;
      const body = await response.text().catch(() => '');
      if (body.includes('WebGLRenderer') || body.includes('FragmentsModels')) viewer = true;
    }
    return { bytes, viewer, count: responses.length };
  };
}

describe('BIM 模型浏览', () => {
  for (const viewport of WIDTHS) {
    it(`shows the demo building, its properties, hides a storey and reopens an issue at ${viewport.width} wide`, async () => {
      const { context, page } = await logIn(browser, 'manager', viewport);
      const workbench = scriptsOf(page);
      await page.goto('/app/work-bench');
      await page.waitForLoadState('networkidle');
      const onWorkbench = await workbench();
      expect(onWorkbench.viewer).toBe(false);

      const bimScripts = scriptsOf(page);
      await page.goto('/app/bim/model');
      await poll(() => canvasHost(page).getAttribute('data-loaded'), 60_000).toBe('true');
      expect(await page.getByText('该功能暂未开放').count()).toBe(0);
      // A full-screen route (spec section 2): no header around it, its own way back.
      expect(await page.getByTestId('header-user').count()).toBe(0);
      await expect(page.locator('.bim-title').textContent()).resolves.toBe('滨江花园住宅工程');
      await expect(page.locator('.bim-model-facts').textContent()).resolves.toBe('IFC4 · 43 个构件 · 3 个楼层');
      // The model is drawn: a good part of the canvas is not background.
      await poll(async () => (await canvasFigures(page)).drawn, 30_000).toBeGreaterThan(2000);
      const whole = await canvasFigures(page);
      expect(whole.drawn / whole.total).toBeGreaterThan(0.1);
      const onBim = await bimScripts();
      expect(onBim.viewer).toBe(true);
      console.log(
        `[bim] JS transferred at ${viewport.width}: workbench ${onWorkbench.bytes} B in ${onWorkbench.count} files; ` +
          `BIM page ${onBim.bytes} B in ${onBim.count} files`,
      );
      await screenshot(page, `bim-model-${viewport.width}`);

      // A click in the middle of the building picks an element and shows its IFC properties.
      const box = (await canvasHost(page).boundingBox())!;
      await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
      const properties = page.getByTestId('bim-properties');
      await poll(() => properties.getByText('GlobalId', { exact: true }).count()).toBe(1);
      expect(await properties.getByText('Pset_智慧工地', { exact: true }).count()).toBe(1);
      expect(await properties.getByText('所属楼层', { exact: true }).count()).toBe(1);
      const elementName = await properties
        .locator('.bim-property-row')
        .filter({ hasText: '名称' })
        .locator('dd')
        .textContent();
      expect(elementName).toMatch(/^(墙|楼板|柱|梁|风管) [123]F-/);
      await screenshot(page, `bim-properties-${viewport.width}`);

      // Unchecking a storey in the spatial tree hides its elements.
      const before = await canvasFigures(page);
      const storey = page.getByTestId('bim-spatial-tree').locator('.arco-tree-node').filter({ hasText: '楼层 三层' });
      await storey.locator('.arco-checkbox').first().click();
      await poll(() => page.getByRole('button', { name: /全部显示（已隐藏 15 个构件）/ }).count()).toBe(1);
      // The building is a storey lower: clearly less of the canvas is drawn.
      await poll(async () => (await canvasFigures(page)).drawn).toBeLessThan(before.drawn * 0.9);
      await screenshot(page, `bim-storey-hidden-${viewport.width}`);
      await page.getByRole('button', { name: /全部显示/ }).click();
      await poll(() => page.getByRole('button', { name: /全部显示/ }).count()).toBe(0);

      // An issue pinned to the picked element and the current view.
      const pinnedAt = await canvasHost(page).getAttribute('data-camera');
      const title = `风管碰撞复核 ${viewport.width}`;
      await page.getByRole('button', { name: '新建问题', exact: true }).click();
      const dialog = page.locator('.arco-modal').filter({ hasText: '新建协同问题' });
      await dialog.locator('img.bim-issue-shot').waitFor();
      await dialog.locator('input').first().fill(title);
      await dialog.getByRole('button', { name: '保存', exact: true }).click();
      await dialog.waitFor({ state: 'detached' });
      const issue = page.getByTestId('bim-issues').locator('.bim-issue').filter({ hasText: title });
      await poll(() => issue.count()).toBe(1);
      expect(await issue.textContent()).toContain(elementName!);
      await screenshot(page, `bim-issues-${viewport.width}`);

      // Turn the view away, then open the issue: the camera returns to where it was pinned.
      await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
      await page.mouse.down();
      await page.mouse.move(box.x + box.width / 2 + 200, box.y + box.height / 2 + 60, { steps: 8 });
      await page.mouse.up();
      await poll(() => canvasHost(page).getAttribute('data-camera')).not.toBe(pinnedAt);
      await issue.click();
      await poll(() => canvasHost(page).getAttribute('data-camera')).toBe(pinnedAt);
      await poll(() =>
        properties.locator('.bim-property-row').filter({ hasText: '名称' }).locator('dd').textContent(),
      ).toBe(elementName);
      await context.close();
    }, 180_000);
  }
});
