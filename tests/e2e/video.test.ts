/**
 * 视频检索 in Chromium against the real server at 1280 and 1920 wide: the live grid plays the demo cameras' HLS
 * streams (hls.js) and the demo HTTP-FLV camera's stream (mpegts.js) (each video's clock advances) in 4, 1 and 9
 * views; 录像回放 opened by a link at a moment plays the
 * recording there, and a click on the timeline seeks to another time (the player's position jumps). No screen says
 * 该功能暂未开放.
 */
import { mkdirSync } from 'node:fs';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, screenshot } from './browser';
import { WIDTHS, logIn, poll } from './screen-helpers';

const SHOTS = `${import.meta.dirname}/../../.tmp/shots/video`;
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
  mkdirSync(SHOTS, { recursive: true });
});
afterAll(async () => {
  await browser?.close();
});

const currentTime = (video: Locator) => video.evaluate((element: HTMLVideoElement) => element.currentTime);

/** Waits until `video` plays: its position moves on past `past` seconds. */
async function plays(video: Locator, past = 0): Promise<number> {
  await poll(() => currentTime(video), 30_000).toBeGreaterThan(past + 0.5);
  return currentTime(video);
}

async function shot(page: Page, name: string): Promise<void> {
  await screenshot(page, name);
  await page.screenshot({ path: `${SHOTS}/${name}.png` });
}

describe('视频检索', () => {
  for (const viewport of WIDTHS) {
    it(`plays the live grid and seeks in the recordings at ${viewport.width} wide`, async () => {
      const { context, page } = await logIn(browser, 'manager', viewport);
      await page.goto('/app/videoSearch/monitor');
      const grid = page.getByTestId('live-grid');
      await grid.waitFor();
      expect(await page.getByTestId('menu-trail').textContent()).toBe('视频检索 / 视频监控');
      expect(await grid.getAttribute('data-layout')).toBe('4');
      const videos = grid.getByTestId('live-video');
      // The four first cameras by name, the HTTP-FLV one (2号塔吊司机室, its address ends in .flv) among them.
      expect(await grid.getByTestId('live-view').nth(2).getAttribute('data-camera')).toBe('cam-bj-07');
      for (let index = 0; index < 4; index += 1) {
        const video = videos.nth(index);
        await plays(video, await plays(video));
      }
      expect(await grid.getByTestId('live-status').count()).toBe(0);
      await shot(page, `video-monitor-4-${viewport.width}`);

      await page.getByTestId('layout').getByText('1 画面').click();
      await poll(() => videos.count()).toBe(1);
      await plays(videos.first());
      await page.getByTestId('layout').getByText('9 画面').click();
      await poll(() => videos.count()).toBe(9);
      // The project has seven cameras: seven views play, two wait for a camera to be chosen.
      await plays(videos.nth(6));
      expect(await grid.getByTestId('live-status').filter({ hasText: '点击左侧摄像头在此播放' }).count()).toBe(2);
      await shot(page, `video-monitor-9-${viewport.width}`);

      const at = new Date(Date.now() - 20 * 60_000);
      await page.goto(`/app/videoSearch/playback?projectId=project-binjiang&cameraId=cam-bj-02&at=${at.toISOString()}`);
      const player = page.getByTestId('playback-video');
      await plays(player);
      expect(await page.getByTestId('playback-title').textContent()).toBe('1号塔吊吊钩');
      const clock = page.getByTestId('playback-clock');
      const shown = (await clock.textContent())!;
      const clockOf = (date: Date) => new Date(date.getTime() + 8 * 3600_000).toISOString().slice(11, 16);
      expect(shown).toContain(clockOf(at));
      const before = await currentTime(player);
      await plays(player, before);
      await shot(page, `video-playback-${viewport.width}`);

      // A click 5% of the day (72 minutes) left of the cursor: the player jumps back within the same block or
      // loads an earlier one; either way it plays from a moment about 72 minutes earlier.
      const bar = page.locator('.video-timeline-bar');
      const box = (await bar.boundingBox())!;
      const cursor = (await page.getByTestId('timeline-cursor').boundingBox())!;
      await page.mouse.click(cursor.x - box.width * 0.05, box.y + box.height / 2);
      await poll(async () => Math.abs((await currentTime(player)) - before)).toBeGreaterThan(60 * 60);
      await plays(player, await currentTime(player));
      expect(await page.getByText('该功能暂未开放').count()).toBe(0);
      await shot(page, `video-playback-seek-${viewport.width}`);

      await page.goto('/app/videoSearch/cameras');
      await page.locator('tbody tr', { hasText: '1号门大门口' }).waitFor();
      expect(await page.locator('tbody').innerText()).toContain('33010800001320000001');
      await shot(page, `video-cameras-${viewport.width}`);
      await context.close();
    });
  }
});
