/**
 * 项目大屏 (/screen) in Chromium against the real server and its device simulator: the manager's project on a dark
 * full-screen page (overview, labour figures, environment gauges with their limits, devices by state, cranes and
 * hoists live, hazards, attendance chart), at 1280 and 1920 wide without horizontal overflow; never 该功能暂未开放.
 * A warning a device raises while the screen is open shows in 实时告警 without a reload (the `iot.warning` event).
 */
import { randomUUID } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { telemetryHeaders } from '../support/device-calls';
import { launchBrowser, screenshot } from './browser';
import { callApi, DEMO_PROJECT, logIn, poll, WIDTHS } from './screen-helpers';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** The simulator's devices report every 10 to 60 s: figures may take that long to appear. */
const DATA_WAIT_MS = 30_000;

async function openScreen(page: Page) {
  await page.goto('/app/screen');
  const screen = page.getByTestId('dashboard-project-screen');
  await screen.waitFor();
  return screen;
}

const panel = (page: Page, id: string) => page.getByTestId(`panel-${id}`);
const chartLabel = (page: Page, id: string) => panel(page, id).getByTestId('echart').getAttribute('aria-label');

describe('项目大屏', () => {
  for (const viewport of WIDTHS) {
    it(`shows the selected project's site at ${viewport.width} wide`, async () => {
      const { context, page } = await logIn(browser, 'manager', viewport);
      await openScreen(page);
      expect(await page.getByText('该功能暂未开放').count()).toBe(0);
      // A full-screen route: no portal header, no side menu, the project and the clock in the screen's own bar.
      expect(await page.getByTestId('header-project').count()).toBe(0);
      expect(await page.getByTestId('screen-project').textContent()).toBe(DEMO_PROJECT);
      expect(await page.getByTestId('screen-bar').textContent()).toMatch(/\d{2}:\d{2}:\d{2}/);

      await poll(() => panel(page, 'overview').textContent()).toContain('施工单位');
      expect(await panel(page, 'overview').textContent()).toMatch(/剩余工期\d+ 天/);
      await poll(() => panel(page, 'personnel').textContent()).toMatch(/\d+人在场人数/);
      expect(await panel(page, 'personnel').textContent()).toContain('出勤率');
      // The environment monitor's readings on gauges, PM10 and noise with their limits.
      await poll(() => chartLabel(page, 'pm10'), DATA_WAIT_MS).toMatch(/PM10 \d+/);
      await poll(() => chartLabel(page, 'noise')).toMatch(/噪声 [\d.]+/);
      expect(await panel(page, 'pm10').textContent()).toContain('限值 150');
      expect(await panel(page, 'noise').textContent()).toMatch(/限值 (70|55)/);
      await poll(() => chartLabel(page, 'wind')).toMatch(/风速 [\d.]+/);
      await poll(() => panel(page, 'devices').textContent()).toMatch(/\d+台设备总数/);
      await poll(() => chartLabel(page, 'devices-by-type')).toContain('在线 塔吊监测');
      await poll(() => panel(page, 'cranes').textContent(), DATA_WAIT_MS).toContain('1号塔吊');
      expect(await panel(page, 'cranes').textContent()).toMatch(/力矩[\d.]+ %/);
      await poll(() => panel(page, 'hoists').textContent()).toContain('1号施工升降机');
      // 30 days of attendance, weekends included (sites work them), drawn as a line (a chart canvas with its path),
      // told as a summary past 24 days; the hazards by status.
      await poll(() => chartLabel(page, 'attendance')).toMatch(/\d{4}-\d{2}-\d{2} (\d+|至 \d{4}-\d{2}-\d{2})/);
      expect(await panel(page, 'attendance').locator('svg path').count()).toBeGreaterThan(3);
      await poll(() => chartLabel(page, 'hazards')).toContain('待整改');
      await poll(() => panel(page, 'warnings').locator('li').count()).toBeGreaterThan(0);

      // Nothing wider than the window, neither the page nor a panel's content.
      const overflow = await page.evaluate(() => ({
        page: document.documentElement.scrollWidth - window.innerWidth,
        panels: [...document.querySelectorAll<HTMLElement>('.dashboard-panel')]
          .filter((element) => element.scrollWidth > element.clientWidth + 1)
          .map((element) => element.dataset.testid),
      }));
      expect(overflow).toEqual({ page: 0, panels: [] });
      await screenshot(page, `big-screen-${viewport.width}`);
      await context.close();
    }, 90_000);
  }

  it('shows a warning a device raises while the screen is open, without a reload', async () => {
    const { context, page } = await logIn(browser, 'manager', WIDTHS[1]);
    await openScreen(page);
    const warnings = panel(page, 'warnings');
    await warnings.locator('li').first().waitFor({ timeout: DATA_WAIT_MS });

    // A tower crane of the project registered with its secret, as on the device list.
    const name = `大屏告警测试${randomUUID().slice(0, 4)}`;
    const serial = `SCREEN-${randomUUID().slice(0, 6).toUpperCase()}`;
    const made = await callApi(page, 'POST', '/api/data/iot-device', {
      projectId: 'project-binjiang',
      name,
      deviceType: 'tower-crane',
      serial,
    });
    expect(made.msgCode, made.errMsg).toBe(0);
    const issued = await callApi<{ deviceId: string; secret: string }>(
      page,
      'POST',
      `/api/iot/v1.0/devices/${made.data!.id}/secret`,
    );
    expect(issued.msgCode, issued.errMsg).toBe(0);

    // The page stays the same document: a reload would drop this mark.
    await page.evaluate(() => Object.assign(window, { bigScreenMark: true }));
    const reads = { count: 0 };
    page.on('request', (request) => {
      if (request.url().includes('/api/data/iot-warning')) reads.count += 1;
    });

    // A gust reported as the crane would: a signed reading at wind level 6, its one warning whatever the hour (a
    // monitor's dust or noise is judged on its 24-hour mean or 20-minute Leq, not on one reading).
    const body = JSON.stringify({
      values: { load: 2.1, momentPercent: 42, windSpeed: 11.4, radius: 28, height: 36, slewAngle: 95, tilt: 0.1 },
    });
    const answer = await fetch(`${inject('baseUrl')}/api/iot/v1.0/telemetry`, {
      method: 'POST',
      headers: telemetryHeaders(issued.data!.deviceId, issued.data!.secret, body),
      body,
    });
    expect(((await answer.json()) as { msgCode: number }).msgCode).toBe(0);

    const raised = warnings.locator('li').filter({ hasText: name });
    await raised.waitFor({ timeout: DATA_WAIT_MS });
    expect(await raised.textContent()).toContain('风速达到 6 级，停止吊装作业');
    // Newest first.
    expect(await warnings.locator('li').first().textContent()).toContain(name);
    expect(await page.evaluate(() => (window as unknown as { bigScreenMark?: boolean }).bigScreenMark)).toBe(true);
    // Read again on the event, not by polling.
    expect(reads.count).toBeLessThanOrEqual(3);
    await screenshot(page, 'big-screen-warning-1920');
    await context.close();
  }, 90_000);
});
