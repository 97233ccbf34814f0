/**
 * 项目大屏 designed in 数据可视化, in Chromium against the real server at 1920 x 1080: a configurator opens the screen in
 * the designer, drags PM2.5 before 项目概况, saves; /screen then draws PM2.5 first, scaled to the window as before,
 * without scrollbars; 恢复默认 in the designer brings the shipped screen back (also after a failure, so the other
 * screen tests see the shipped one).
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, screenshot } from './browser';
import { callApi, logIn, poll, WIDTHS } from './screen-helpers';

const SHOTS = join(import.meta.dirname, '../../.tmp/shots/dv');
const SCREEN_SIZE = WIDTHS[1];

let browser: Browser;
let cleanup: Page | undefined;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  // Whatever happened, the project screen goes back to its shipped design for the tests after this one.
  if (cleanup) {
    const opened = await callApi<{ revision: number; designed: boolean }>(
      cleanup,
      'GET',
      '/api/ldview/v1.0/screens/project-screen',
    );
    if (opened.data?.designed)
      await callApi(cleanup, 'POST', '/api/ldview/v1.0/screens/project-screen/reset', {
        revision: opened.data.revision,
      });
  }
  await browser?.close();
});

async function shoot(page: Page, name: string) {
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: join(SHOTS, `${name}.png`) });
  await screenshot(page, name);
}

/** Drags with the mouse from the centre of a box by an offset, in steps, as a hand does. */
async function dragBy(page: Page, handle: Locator, dx: number, dy: number) {
  const box = (await handle.boundingBox())!;
  const x = box.x + box.width / 2;
  const y = box.y + box.height / 2;
  await page.mouse.move(x, y);
  await page.mouse.down();
  for (let step = 1; step <= 12; step += 1)
    await page.mouse.move(x + (dx * step) / 12, y + (dy * step) / 12, { steps: 2 });
  await page.mouse.up();
}

/** The screen's panels in the order the grid shows them. */
const panelOrder = (page: Page) =>
  page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>('.dashboard-panel')].map((element) => element.dataset.testid),
  );

/** Whether the page scrolls, and the stage's proportions. */
const fit = (page: Page) =>
  page.evaluate(() => {
    const stage = document.querySelector('[data-testid="screen-stage"]')!.getBoundingClientRect();
    return {
      scrolls: document.documentElement.scrollWidth > innerWidth || document.documentElement.scrollHeight > innerHeight,
      ratio: Math.round((stage.width / stage.height) * 100) / 100,
    };
  });

describe('项目大屏 designed in 数据可视化', () => {
  it('moves a panel in the designer, saves, and /screen draws the new layout at 1920 x 1080', async () => {
    const { page } = await logIn(browser, 'manager', SCREEN_SIZE);
    cleanup = page;
    await page.goto('/app/ldview?screen=project-screen');
    const grid = page.getByTestId('ldview-screen-grid');
    await grid.waitFor();
    expect(await page.getByTestId('ldview-save-state').textContent()).toBe('默认设计');
    const overview = page.getByTestId('ldview-card-overview');
    const pm25 = page.getByTestId('ldview-card-pm25');
    await overview.waitFor();
    // The modules' panels are on it, and 待处理提醒 of the core.
    for (const id of ['personnel', 'pm10', 'noise', 'open-alerts'])
      expect(await page.getByTestId(`ldview-card-${id}`).count()).toBe(1);
    await shoot(page, 'dv-screen-designer-shipped-1920');

    const overviewBox = (await overview.boundingBox())!;
    const pm25Box = (await pm25.boundingBox())!;
    expect(pm25Box.x).toBeGreaterThan(overviewBox.x);
    await dragBy(page, pm25.locator('.ldview-card-title'), overviewBox.x - pm25Box.x, 0);
    await poll(async () => ((await pm25.boundingBox())!.x < (await overview.boundingBox())!.x ? 'moved' : 'not')).toBe(
      'moved',
    );
    await poll(() => page.getByTestId('ldview-save-state').textContent()).toBe('有未保存的修改');
    await page.getByTestId('ldview-save').click();
    await poll(() => page.getByTestId('ldview-save-state').textContent()).toBe('第 1 版');
    await shoot(page, 'dv-screen-designer-saved-1920');

    // The screen draws the saved design: PM2.5 before 项目概况, and still fitted to the window.
    await page.goto('/app/screen');
    await page.getByTestId('dashboard-project-screen').waitFor();
    await page.getByTestId('panel-pm25').waitFor();
    const order = await panelOrder(page);
    expect(order.indexOf('panel-pm25')).toBeLessThan(order.indexOf('panel-overview'));
    expect(order.indexOf('panel-pm25')).toBe(0);
    const screenPm25 = (await page.getByTestId('panel-pm25').boundingBox())!;
    const screenOverview = (await page.getByTestId('panel-overview').boundingBox())!;
    expect(screenPm25.x).toBeLessThan(screenOverview.x);
    expect(Math.abs(screenPm25.y - screenOverview.y)).toBeLessThan(2);
    await poll(() => panelOrder(page).then((ids) => ids.length)).toBeGreaterThan(8);
    expect(await fit(page)).toEqual({ scrolls: false, ratio: 1.78 });
    // Its live panels still read: the overview's fields, the gauges.
    await poll(() => page.getByTestId('panel-overview').textContent()).toContain('施工单位');
    await poll(() => page.getByTestId('panel-pm25').getByTestId('echart').count()).toBe(1);
    await shoot(page, 'dv-screen-designed-1920');

    // 恢复默认: the shipped layout again.
    await page.goto('/app/ldview?screen=project-screen');
    await page.getByTestId('ldview-screen-grid').waitFor();
    await poll(() => page.getByTestId('ldview-save-state').textContent()).toBe('第 1 版');
    await page.getByTestId('ldview-screen-reset').click();
    await page.getByRole('button', { name: '确定', exact: true }).click();
    await poll(() => page.getByTestId('ldview-save-state').textContent()).toBe('默认设计');
    await page.goto('/app/screen');
    await page.getByTestId('panel-overview').waitFor();
    expect((await panelOrder(page))[0]).toBe('panel-overview');
  });

  it('shows 公司大屏 in the designer at 1280 wide, its panels inside the frame, nothing overflowing', async () => {
    const { page } = await logIn(browser, 'manager', WIDTHS[0]);
    await page.goto('/app/ldview?screen=company-screen');
    const grid = page.getByTestId('ldview-screen-grid');
    await grid.waitFor();
    await page.getByTestId('ldview-card-project-map').waitFor();
    expect(await page.getByTestId('ldview-save-state').textContent()).toBe('默认设计');
    const overflow = await page.evaluate(() => ({
      page: document.documentElement.scrollWidth > innerWidth,
      titles: [...document.querySelectorAll<HTMLElement>('.ldview-card-handle')].filter(
        (element) => element.scrollWidth > element.clientWidth + 1,
      ).length,
    }));
    expect(overflow).toEqual({ page: false, titles: 0 });
    await shoot(page, 'dv-company-screen-designer-1280');
  });
});
