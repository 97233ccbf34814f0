/**
 * 公司大屏 (/screen/company) in Chromium against the real server: the manager's company over its three projects, the
 * map of China drawn from the shipped outlines with the projects on it, a province drawn on a click, the modules'
 * figures per project; laid out at 1920 x 1080 and scaled whole to 1280 x 720, 1920 x 1080 and 3840 x 2160 without a
 * scrollbar, as is the project screen. A hazard written while the screen is open counts at once, without a reload
 * (the `safety.hazard` event).
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, screenshot } from './browser';
import { callApi, logIn, poll } from './screen-helpers';

const SIZES = [
  { width: 1280, height: 720 },
  { width: 1920, height: 1080 },
  { width: 3840, height: 2160 },
] as const;
const SHOTS = join(import.meta.dirname, '../../.tmp/shots/companyscreen');

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const panel = (page: Page, id: string) => page.getByTestId(`panel-${id}`);
const chartLabel = (page: Page, id: string) => panel(page, id).getByTestId('echart').getAttribute('aria-label');

/** The document's scroll size against the window's, and the stage's box: all equal when the screen fits. */
function fit(page: Page) {
  return page.evaluate(() => {
    const stage = document.querySelector('[data-testid="screen-stage"]')!.getBoundingClientRect();
    return {
      scroll: [document.documentElement.scrollWidth, document.documentElement.scrollHeight],
      window: [window.innerWidth, window.innerHeight],
      // Letterboxed: the stage fills one dimension of the window and lies within the other.
      inside: stage.left >= 0 && stage.top >= 0 && stage.right <= innerWidth + 0.5 && stage.bottom <= innerHeight + 0.5,
      fills: Math.abs(stage.width - innerWidth) < 1 || Math.abs(stage.height - innerHeight) < 1,
      // Its proportions kept: 16:9 whatever the window's.
      ratio: Math.round((stage.width / stage.height) * 100) / 100,
      overflowing: [...document.querySelectorAll<HTMLElement>('.dashboard-panel')]
        .filter(
          (element) => element.scrollWidth > element.clientWidth + 1 || element.scrollHeight > element.clientHeight + 1,
        )
        .map((element) => element.dataset.testid),
    };
  });
}

/** Pixels of the map's canvas that are drawn (not transparent). */
function drawnPixels(page: Page) {
  return page.evaluate(() => {
    const canvas = document.querySelector<HTMLCanvasElement>('[data-testid="geo-map"] canvas');
    if (!canvas || canvas.width === 0) return 0;
    const pixels = canvas.getContext('2d')!.getImageData(0, 0, canvas.width, canvas.height).data;
    let drawn = 0;
    for (let index = 3; index < pixels.length; index += 4) if (pixels[index] > 0) drawn += 1;
    return drawn;
  });
}

async function shoot(page: Page, name: string) {
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: join(SHOTS, `${name}.png`) });
  await screenshot(page, name);
}

describe('公司大屏', () => {
  it('shows the company over its projects, fitted to each window, the map drawn and drilled into', async () => {
    const { context, page } = await logIn(browser, 'manager', SIZES[1]);
    await page.goto('/app/screen/company');
    await page.getByTestId('dashboard-company-screen').waitFor();
    expect(await page.getByText('该功能暂未开放').count()).toBe(0);
    expect(await page.getByTestId('header-project').count()).toBe(0);
    await poll(() => page.getByTestId('screen-project').textContent()).toBe('中建智慧建设集团有限公司');
    await poll(() => panel(page, 'company-overview').textContent()).toContain('3个项目总数');
    expect(await panel(page, 'company-overview').textContent()).toContain('3个覆盖省份');
    await poll(() => panel(page, 'company-projects').locator('li').count()).toBe(3);
    // The modules' figures, one bar per project.
    await poll(() => chartLabel(page, 'company-on-site')).toMatch(/滨江花园住宅工程 \d+/);
    await poll(() => chartLabel(page, 'company-hazards')).toMatch(/滨江花园住宅工程 \d+/);
    await poll(() => chartLabel(page, 'company-output')).toContain('计划产值（元）');
    expect(await panel(page, 'company-warnings').count()).toBe(1);
    // The map of China, the three projects' provinces on it.
    const map = page.getByTestId('project-map');
    await poll(() => drawnPixels(page)).toBeGreaterThan(50_000);
    expect(await map.getByTestId('geo-map').getAttribute('aria-label')).toContain('滨江花园住宅工程');

    for (const size of SIZES) {
      await page.setViewportSize(size);
      await poll(() => fit(page)).toEqual({
        scroll: [size.width, size.height],
        window: [size.width, size.height],
        inside: true,
        fills: true,
        ratio: 1.78,
        overflowing: [],
      });
      await poll(() => drawnPixels(page)).toBeGreaterThan(50_000);
      await shoot(page, `company-screen-${size.width}`);
    }

    // A province, from its button as from its region on the map: its cities, its project named beside it.
    await page.setViewportSize(SIZES[1]);
    await map.getByTestId('project-map-province-浙江').click();
    await poll(() => map.getAttribute('data-area')).toBe('330000');
    expect(await map.getByTestId('project-map-area').textContent()).toBe('浙江项目分布');
    await poll(() => map.getByTestId('geo-map').getAttribute('aria-label')).toBe('浙江项目分布：滨江花园住宅工程');
    await poll(() => drawnPixels(page)).toBeGreaterThan(50_000);
    await shoot(page, 'company-screen-zhejiang-1920');
    await map.getByTestId('project-map-back').click();
    await poll(() => map.getAttribute('data-area')).toBe('100000');
    await context.close();
  }, 120_000);

  it('counts a hazard written while it is open, without a reload', async () => {
    const { context, page } = await logIn(browser, 'manager', SIZES[1]);
    await page.goto('/app/screen/company');
    const label = () => chartLabel(page, 'company-hazards');
    await poll(label).toMatch(/滨江花园住宅工程 \d+/);
    const count = async () => Number(/滨江花园住宅工程 (\d+)/.exec((await label()) ?? '')?.[1]);
    const before = await count();
    await page.evaluate(() => Object.assign(window, { companyScreenMark: true }));
    const made = await callApi(page, 'POST', '/api/data/safety-hazard', {
      projectId: 'project-binjiang',
      description: '公司大屏实时隐患测试',
      category: 'fall',
      level: 'general',
      location: '5号楼9层东侧临边',
      photos: ['/api/zhgd/base/file/09039bd1628a3c1b25fda3134a4fe050.jpg'],
      responsibleId: 'user-staff',
      reviewerId: 'user-manager',
      deadline: '2026-12-31',
    });
    expect(made.msgCode, made.errMsg).toBe(0);
    await poll(count).toBe(before + 1);
    expect(await page.evaluate(() => (window as unknown as { companyScreenMark?: boolean }).companyScreenMark)).toBe(
      true,
    );
    await context.close();
  }, 90_000);

  it('fits the project screen to the same windows', async () => {
    const { context, page } = await logIn(browser, 'manager', SIZES[0]);
    await page.goto('/app/screen');
    await page.getByTestId('dashboard-project-screen').waitFor();
    await poll(() => panel(page, 'overview').textContent()).toContain('施工单位');
    // Every panel drawn, so the pictures show the screen as it stays.
    await poll(() => page.locator('.engine-loading').count()).toBe(0);
    for (const size of SIZES) {
      await page.setViewportSize(size);
      // The stage follows the window on its resize event.
      await poll(async () => {
        const { scroll, inside, fills, ratio } = await fit(page);
        return { scroll, inside, fills, ratio };
      }).toEqual({ scroll: [size.width, size.height], inside: true, fills: true, ratio: 1.78 });
      await shoot(page, `project-screen-${size.width}`);
    }
    await context.close();
  }, 90_000);
});
