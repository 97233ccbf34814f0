/**
 * The monitoring screens in Chromium against the real server, fed by the simulator: 扬尘监测 (a monitor's day with
 * the GB 12523 and PM10 limit lines, its exceedances and latest values), 塔吊监测 and 升降机监测 (a card per machine,
 * cycles per day as bars and a table), the workbench's open device warnings leading to a warning's detail, and a
 * reading a device posts appearing on its open detail page without a reload (the `iot.reading` event). At 1280 and
 * 1920 wide; no screen says 该功能暂未开放.
 */
import { randomUUID } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { telemetryHeaders } from '../support/device-calls';
import { launchBrowser, screenshot } from './browser';
import { callApi, choose, logIn, poll, WIDTHS } from './screen-helpers';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** Live values are announced at most once a minute per project: a new reading may wait that long. */
const LIVE_WAIT_MS = 75_000;

async function openScreen(page: Page, path: string, pageId: string, trail: string) {
  await page.goto(`/app${path}`);
  await page.getByTestId(`dashboard-${pageId}`).waitFor();
  expect(await page.getByText('该功能暂未开放').count()).toBe(0);
  expect(await page.getByTestId('menu-trail').textContent()).toBe(trail);
}

const chartLabel = (page: Page, panel: string) =>
  page.getByTestId(`panel-${panel}`).getByTestId('echart').getAttribute('aria-label');

describe('monitoring screens of the demo project', () => {
  for (const viewport of WIDTHS) {
    it(`扬尘监测, 塔吊监测 and 升降机监测 show the simulated data at ${viewport.width} wide`, async () => {
      const { context, page } = await logIn(browser, 'manager', viewport);

      await openScreen(page, '/iotDevices/environment', 'iot-environment', '物联网设备 / 扬尘监测');
      await choose(page, 'search-iot-environment_deviceId', '东门扬尘噪声监测');
      await page.getByTestId('dashboard-filter').getByRole('button', { name: '查看' }).click();
      await poll(() => page.getByTestId('panel-monitor').textContent()).toContain('东门扬尘噪声监测');
      await poll(() => page.getByTestId('panel-latest').textContent()).toMatch(/PM10.*\d+ μg\/m³|\d+ μg\/m³.*PM10/);
      expect(await page.getByTestId('panel-latest').textContent()).toContain('当日超标');
      await poll(() => chartLabel(page, 'pm')).toContain('PM10（μg/m³）');
      expect(await chartLabel(page, 'pm')).toContain('PM10 限值');
      await poll(() => chartLabel(page, 'noise')).toContain('噪声限值（GB 12523）');
      await poll(() => chartLabel(page, 'climate')).toContain('温度（℃）');
      await poll(() => chartLabel(page, 'wind')).toContain('风速（m/s）');
      await screenshot(page, `iot-environment-${viewport.width}`);

      await openScreen(page, '/jw/towerCrane', 'iot-tower-cranes', '机械管理 / 塔吊监测');
      const cranes = page.getByTestId('panel-machines');
      await poll(() => cranes.textContent()).toContain('1号塔吊');
      expect(await cranes.textContent()).toContain('2号塔吊');
      expect(await cranes.textContent()).toMatch(/力矩[\d.]+ %/);
      await poll(() => cranes.textContent()).toContain('在线');
      // Yesterday's working hours were written densely: its lifts are counted, per crane.
      const lifts = page.getByTestId('panel-cycles');
      await poll(() => lifts.locator('tbody tr').count()).toBeGreaterThanOrEqual(14);
      await poll(() => chartLabel(page, 'cycles-chart')).toContain('1号塔吊');
      // The history is written in the background at start: its lifts may take a moment to be counted.
      await poll(async () => {
        await page.reload();
        await lifts.locator('tbody tr').first().waitFor();
        const counts = await lifts.locator('tbody tr td:nth-child(3)').allTextContents();
        return counts.some((count) => Number(count) > 50);
      }, 60_000).toBe(true);
      await screenshot(page, `iot-tower-cranes-${viewport.width}`);

      await openScreen(page, '/jw/elevator', 'iot-hoists', '机械管理 / 升降机监测');
      const hoists = page.getByTestId('panel-machines');
      await poll(() => hoists.textContent()).toContain('1号施工升降机');
      expect(await hoists.textContent()).toMatch(/门锁(打开|关闭)/);
      await poll(() => page.getByTestId('panel-cycles').locator('tbody tr').count()).toBe(7);
      await poll(() => chartLabel(page, 'cycles-chart')).toMatch(/\d/);
      await screenshot(page, `iot-hoists-${viewport.width}`);
      await context.close();
    });
  }
});

describe('设备告警 on the workbench', () => {
  it('lists the open warnings of the selected project, each leading to its detail', async () => {
    const { context, page } = await logIn(browser, 'manager', WIDTHS[1]);
    await page.goto('/app/work-bench');
    const panel = page.getByTestId('panel-device-warnings');
    // The simulator's history crosses thresholds (a crane near its moment limit, a noisy night).
    await poll(() => panel.locator('li').count(), 60_000).toBeGreaterThan(0);
    await panel.scrollIntoViewIfNeeded();
    await screenshot(page, 'workbench-device-warnings-1920');
    const first = panel.locator('li').first();
    const title = (await first.locator('.panel-list-title').textContent()) ?? '';
    await first.getByRole('button').click();
    await page.waitForURL('**/app/iotDevices/warning/*');
    await poll(() => page.locator('body').textContent()).toContain(title);
    expect(await page.getByText('该功能暂未开放').count()).toBe(0);
    await context.close();
  });
});

describe('live values on the device detail', () => {
  it('shows a reading posted over HTTP on the open detail page without a reload', async () => {
    const { context, page } = await logIn(browser, 'manager', WIDTHS[0]);
    await page.goto('/app/iotDevices/list');
    await page.getByTestId('crud-iot-devices').locator('tbody tr').first().waitFor();
    const serial = `LIVE-${randomUUID().slice(0, 6).toUpperCase()}`;
    const made = await callApi(page, 'POST', '/api/data/iot-device', {
      projectId: 'project-binjiang',
      name: '实时数据测试监测点',
      deviceType: 'environment',
      serial,
    });
    expect(made.msgCode, made.errMsg).toBe(0);
    const id = made.data!.id;
    const issued = await callApi<{ deviceId: string; secret: string }>(
      page,
      'POST',
      `/api/iot/v1.0/devices/${id}/secret`,
    );

    await page.goto(`/app/iotDevices/list/${id}`);
    const latest = page.getByTestId('panel-latest');
    await poll(() => latest.textContent()).toContain('设备尚未上报数据');
    const loads = { count: 0 };
    page.on('request', (request) => {
      if (request.url().includes(`/api/iot/v1.0/devices/${id}/latest`)) loads.count += 1;
    });

    const body = JSON.stringify({
      values: { pm25: 33, pm10: 77, noise: 58.5, temperature: 16.4, humidity: 55, windSpeed: 1.2, windDirection: 45 },
    });
    const answer = await fetch(`${inject('baseUrl')}/api/iot/v1.0/telemetry`, {
      method: 'POST',
      headers: telemetryHeaders(issued.data!.deviceId, issued.data!.secret, body),
      body,
    });
    expect(((await answer.json()) as { msgCode: number }).msgCode).toBe(0);
    await poll(() => latest.textContent(), LIVE_WAIT_MS).toContain('PM10：77 μg/m³');
    expect(await page.getByTestId('panel-device').textContent()).toContain('在线');
    // Read again on the event, not by polling: a handful of reads in the minute, not one every few seconds.
    expect(loads.count).toBeLessThanOrEqual(3);
    await screenshot(page, 'iot-device-live-1280');
    await context.close();
  }, 120_000);
});
