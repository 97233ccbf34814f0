/**
 * 查看录像 in Chromium against the real server: the video module adds the action to the rows of two other modules'
 * lists (设备告警, 隐患台账) by its module.json, and it opens 录像回放 on the record's project at the record's time
 * (a warning's 告警时间, a hazard's registration) on the camera nearest the place it names (a crane monitor reports
 * over the device API to raise the warning): the player plays there
 * and the timeline's cursor stands at that time. A user whose role does not grant 录像回放 is not offered it.
 */
import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { TELEMETRY_PATH, telemetryHeaders } from '../support/device-calls';
import { launchBrowser, screenshot } from './browser';
import { nearestCamera } from '../../modules/video/browser/video-types';
import { WIDTHS, callApi, logIn, poll } from './screen-helpers';

const SHOTS = `${import.meta.dirname}/../../.tmp/shots/video`;
const PROJECT = 'project-binjiang';
const DAY_MS = 86_400_000;
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
  mkdirSync(SHOTS, { recursive: true });
});
afterAll(async () => {
  await browser?.close();
});

interface Camera {
  id: string;
  name: string;
}
interface Day {
  dayStart: string;
  blocks: { from: string; to: string }[];
}

const currentTime = (video: Locator) => video.evaluate((element: HTMLVideoElement) => element.currentTime);

/** China time shown by the player's clock (2026-11-28 14:05:09) as milliseconds. */
const clockMs = (text: string) => Date.parse(`${text.trim().replace(' ', 'T')}+08:00`);

/**
 * Follows 查看录像 on `row` and checks where it lands: 录像回放 of the project, the camera named `camera` playing the
 * first recorded moment at or after `at`, the clock and the timeline's cursor there.
 */
async function opensRecordingAt(page: Page, row: Locator, at: string, camera: string, shot: string) {
  await row.getByRole('button', { name: '查看录像' }).click();
  await page.waitForURL(/\/videoSearch\/playback\?/);
  const query = new URL(page.url()).searchParams;
  expect(query.get('projectId')).toBe(PROJECT);
  expect(Date.parse(query.get('at')!)).toBe(Date.parse(at));
  expect(await page.getByTestId('menu-trail').textContent()).toBe('视频检索 / 录像回放');
  await poll(() => page.getByTestId('playback-title').textContent()).toBe(camera);

  // Where the recordings of that camera let it start: the record's time, or the next recorded one after a gap.
  const cameras = await callApi<Camera[]>(page, 'GET', `/api/video/v1.0/cameras?projectId=${PROJECT}`);
  const cameraId = cameras.data!.find((item) => item.name === camera)!.id;
  const chinaDate = new Date(Date.parse(at) + 8 * 3600_000).toISOString().slice(0, 10);
  const day = await callApi<Day>(page, 'GET', `/api/video/v1.0/cameras/${cameraId}/recordings?date=${chinaDate}`);
  const moment = Date.parse(at);
  const block = day.data!.blocks.find((item) => Date.parse(item.to) > moment) ?? day.data!.blocks.at(-1)!;
  const expected = Math.min(Math.max(moment, Date.parse(block.from)), Date.parse(block.to) - 10_000);

  const player = page.getByTestId('playback-video');
  await poll(() => currentTime(player), 30_000).toBeGreaterThan(0.5);
  const shown = clockMs((await page.getByTestId('playback-clock').textContent())!);
  // It has played a few seconds since.
  expect(shown - expected).toBeGreaterThanOrEqual(-1000);
  expect(shown - expected).toBeLessThan(60_000);
  const bar = (await page.locator('.video-timeline-bar').boundingBox())!;
  const cursor = (await page.getByTestId('timeline-cursor').boundingBox())!;
  const share = (cursor.x + cursor.width / 2 - bar.x) / bar.width;
  const expectedShare = (expected - Date.parse(day.data!.dayStart)) / DAY_MS;
  // Within two minutes of the day (the cursor is 2 px wide; a minute is about 0.6 px of a 900 px bar).
  expect(Math.abs(share - expectedShare)).toBeLessThan(2 / 1440);
  // It plays on (a frame painted for the picture).
  const now = await currentTime(player);
  await poll(() => currentTime(player), 30_000).toBeGreaterThan(now + 1);
  await poll(() => page.getByTestId('play-pause').textContent()).toBe('暂停');
  await screenshot(page, shot);
  await page.screenshot({ path: `${SHOTS}/${shot}.png` });
}

describe('查看录像', () => {
  it("opens the recording at a device warning's time and at a hazard's time, on the camera nearest it", async () => {
    const { context, page } = await logIn(browser, 'manager', WIDTHS[0]);

    // A crane monitor of the project reports a moment of 95 % two hours ago, as a real one would: its warning is
    // within the recordings' 7 days whatever the simulator's history holds.
    const device = await callApi<{ id: string }>(page, 'POST', '/api/data/iot-device', {
      projectId: PROJECT,
      name: '2号塔吊力矩监测',
      deviceType: 'tower-crane',
      serial: `E2E-V-${randomUUID().slice(0, 6).toUpperCase()}`,
    });
    expect(device.msgCode, device.errMsg).toBe(0);
    const secret = await callApi<{ secret: string }>(page, 'POST', `/api/iot/v1.0/devices/${device.data!.id}/secret`);
    expect(secret.msgCode, secret.errMsg).toBe(0);
    const reading = JSON.stringify({
      ts: Date.now() - 2 * 3600_000,
      values: { load: 4.2, momentPercent: 95, windSpeed: 3, radius: 40, height: 30, slewAngle: 10, tilt: 0.1 },
    });
    const reported = await fetch(`${inject('baseUrl')}${TELEMETRY_PATH}`, {
      method: 'POST',
      headers: telemetryHeaders(device.data!.id, secret.data!.secret, reading),
      body: reading,
    });
    expect(((await reported.json()) as { msgCode: number }).msgCode).toBe(0);

    await page.goto('/app/iotDevices/warning');
    const warnings = page.getByTestId('crud-iot-warnings');
    const warningRow = warnings.locator('tbody tr').filter({ hasText: '2号塔吊力矩监测' }).first();
    await poll(async () => {
      await warnings.getByRole('button', { name: '刷新' }).click();
      return warningRow.count();
    }).toBe(1);
    const warning = (
      await callApi<{ dataList: { title: string; openedAt: string }[] }>(
        page,
        'GET',
        `/api/data/iot-warning?projectId=${PROJECT}&deviceId=${device.data!.id}&pageNo=1&pageSize=1`,
      )
    ).data!.dataList[0]!;
    expect(await warningRow.textContent()).toContain('力矩达到 90%');
    await screenshot(page, 'video-links-warnings');
    await page.screenshot({ path: `${SHOTS}/video-links-warnings.png` });
    // The device's name finds the camera of the same crane.
    await opensRecordingAt(page, warningRow, warning.openedAt, '2号塔吊司机室', 'video-links-warning-playback');

    await page.goto('/app/constructionSafety/hazard');
    const hazards = page.getByTestId('crud-safety-hazard-list');
    await hazards.locator('tbody tr').first().waitFor();
    // A hazard of the first page registered over an hour ago (other browser files register hazards on this server
    // moments before; a recording of the last seconds is another case than a jump to an earlier time).
    const listed = (
      await callApi<{ dataList: { description: string; location: string; createdAt: string }[] }>(
        page,
        'GET',
        `/api/data/safety-hazard?projectId=${PROJECT}&pageNo=1&pageSize=10`,
      )
    ).data!.dataList;
    const hazard = listed.find((item) => Date.parse(item.createdAt) < Date.now() - 3600_000)!;
    expect(hazard).toBeDefined();
    const hazardRow = hazards.locator('tbody tr').filter({ hasText: hazard.description }).first();
    await hazardRow.waitFor();
    const actions = hazardRow.locator('.crud-row-actions');
    expect((await actions.boundingBox())!.height).toBeLessThan(40);
    await page.screenshot({ path: `${SHOTS}/video-links-hazards.png` });
    const cameras = await callApi<{ name: string; location: string }[]>(
      page,
      'GET',
      `/api/video/v1.0/cameras?projectId=${PROJECT}`,
    );
    // The camera nearest the hazard's 部位 by the page's own rule (its cases: tests/api/video-media.test.ts).
    const nearest = nearestCamera(cameras.data!, hazard.location)!;
    await opensRecordingAt(page, hazardRow, hazard.createdAt, nearest.name, 'video-links-hazard-playback');
    await context.close();
  });

  it('is not offered to a user whose role does not grant 录像回放', async () => {
    const admin = await logIn(browser, 'admin', WIDTHS[0]);
    const role = await callApi<Record<string, unknown> & { menuIds: string[] }>(
      admin.page,
      'GET',
      '/api/system/role/role-site-staff',
    );
    expect(role.msgCode, role.errMsg).toBe(0);
    const granted = role.data!.menuIds;
    const withoutVideo = granted.filter((id) => !id.startsWith('videoSearch'));
    expect(withoutVideo.length).toBeLessThan(granted.length);
    const update = (menuIds: string[]) =>
      callApi(admin.page, 'PUT', '/api/system/role/role-site-staff', { ...role.data, menuIds });
    const taken = await update(withoutVideo);
    expect(taken.msgCode, taken.errMsg).toBe(0);
    try {
      const { context, page } = await logIn(browser, 'staff', WIDTHS[0]);
      await page.goto('/app/iotDevices/warning');
      const warnings = page.getByTestId('crud-iot-warnings');
      await poll(() => warnings.getByRole('button', { name: '处理' }).count()).toBeGreaterThan(0);
      expect(await warnings.getByRole('button', { name: '查看录像' }).count()).toBe(0);
      await page.goto('/app/constructionSafety/hazard');
      const hazards = page.getByTestId('crud-safety-hazard-list');
      await hazards.locator('tbody tr').first().waitFor();
      await poll(() => hazards.getByRole('button', { name: '处理' }).count()).toBeGreaterThan(0);
      expect(await hazards.getByRole('button', { name: '查看录像' }).count()).toBe(0);
      await context.close();
    } finally {
      const restored = await update(granted);
      expect(restored.msgCode, restored.errMsg).toBe(0);
      await admin.context.close();
    }
    // Granted again, it is offered again.
    const { context, page } = await logIn(browser, 'staff', WIDTHS[0]);
    await page.goto('/app/iotDevices/warning');
    await page.getByTestId('crud-iot-warnings').getByRole('button', { name: '查看录像' }).first().waitFor();
    await context.close();
  });
});
