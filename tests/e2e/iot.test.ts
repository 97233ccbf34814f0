/**
 * The IoT platform in Chromium against the real server: the demo devices report through the simulator (signed
 * HTTP and MQTT), the device list shows them online with their last values, a new device is registered (the
 * collection file's messages on an empty submit), gets its secret once, reports as a real device would, and its
 * detail page charts the history of a chosen metric and range. At 1280 and 1920 wide. A warning it raises shows
 * on the open warning page without a reload, and the bell of the person responsible counts it.
 */
import { randomUUID } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { telemetryHeaders } from '../support/device-calls';
import { demoUsers, launchBrowser, logInThroughForm, newPage, screenshot } from './browser';
import { callApi, WIDTHS } from './screen-helpers';

let browser: Browser;
/** The simulator reports every 10 to 60 s: a device's state may take that long to change. */
const poll = <T>(read: () => T | Promise<T>) => expect.poll(read, { timeout: 30_000 });
/** The device the registration test registers, with its secret: the warning test makes it cross a threshold. */
let registered: { id: string; secret: string } | undefined;

/** What a device does: one signed reading to the server. */
async function reportAsDevice(device: { id: string; secret: string }, values: Record<string, number>, ts?: number) {
  const body = JSON.stringify(ts === undefined ? { values } : { ts, values });
  const answer = await fetch(`${inject('baseUrl')}/api/iot/v1.0/telemetry`, {
    method: 'POST',
    headers: telemetryHeaders(device.id, device.secret, body),
    body,
  });
  return (await answer.json()) as { msgCode: number; data?: { stored: number } };
}

/** 23:30 China time of the last night that has passed (the reading's time, ms). */
function lastNightAt2330(): number {
  const HOUR = 3_600_000;
  const chinaNow = Date.now() + 8 * HOUR;
  const chinaMidnight = Math.floor(chinaNow / (24 * HOUR)) * 24 * HOUR;
  let at = chinaMidnight + 23.5 * HOUR;
  if (at > chinaNow) at -= 24 * HOUR;
  return at - 8 * HOUR;
}

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function openDeviceList(page: Page) {
  await page.goto('/app/iotDevices/list');
  const screen = page.getByTestId('crud-iot-devices');
  await screen.locator('tbody tr').first().waitFor();
  expect(await page.getByText('该功能暂未开放').count()).toBe(0);
  return screen;
}

describe('设备列表', () => {
  for (const viewport of WIDTHS) {
    it(`shows the demo devices reporting at ${viewport.width} wide`, async () => {
      const { context, page } = await newPage(browser, viewport);
      await logInThroughForm(page, demoUsers.manager.username, demoUsers.manager.password);
      const screen = await openDeviceList(page);
      expect(await page.getByTestId('menu-trail').textContent()).toBe('物联网设备 / 设备列表');
      const crane = screen.locator('tbody tr').filter({ hasText: 'BJ-TC-01' });
      await poll(() => crane.textContent()).toContain('在线');
      expect(await crane.textContent()).toContain('力矩百分比');
      await screenshot(page, `iot-devices-${viewport.width}`);
      await context.close();
    });
  }

  it('registers a device, shows its secret once, and lists it online after it reports', async () => {
    const { context, page } = await newPage(browser, WIDTHS[0]);
    await logInThroughForm(page, demoUsers.manager.username, demoUsers.manager.password);
    const screen = await openDeviceList(page);
    await screen.getByRole('button', { name: '新增' }).click();
    const form = page.getByTestId('crud-dialog-form');
    await form.getByRole('button', { name: '保存' }).click();
    await expect.poll(() => form.textContent()).toContain('请输入设备名称');
    expect(await form.textContent()).toContain('请选择设备类型');
    expect(await form.textContent()).toContain('请输入设备编号');

    const serial = `E2E-${randomUUID().slice(0, 6).toUpperCase()}`;
    await page.locator('#iot-device_name').fill('测试扬尘监测');
    await page.locator('#iot-device_serial').fill(serial);
    const type = page.locator('#iot-device_deviceType');
    await type.click();
    await page
      .locator(`[id="${await type.getAttribute('aria-controls')}"]`)
      .getByRole('option', { name: '环境监测' })
      .click();
    await form.getByRole('button', { name: '保存' }).click();
    const row = screen.locator('tbody tr').filter({ hasText: serial });
    await row.waitFor();
    expect(await row.textContent()).toContain('未接入');

    await row.getByRole('button', { name: '生成密钥' }).click();
    await page.getByTestId('crud-dialog-form').getByRole('button', { name: '生成密钥' }).click();
    const result = page.getByTestId('crud-dialog-result');
    await result.waitFor();
    expect(await result.textContent()).toContain('密钥只显示这一次');
    // The device is known on the wire by the id the platform issued it, not by its serial.
    const id = (await result.locator('.arco-descriptions-item-value').nth(0).innerText()).trim();
    expect(await result.textContent()).toContain(`devices/${id}/telemetry`);
    expect(await result.textContent()).toContain(serial);
    const secret = (await result.locator('.arco-descriptions-item-value').nth(1).innerText()).trim();
    expect(secret.length).toBeGreaterThanOrEqual(32);
    await screenshot(page, 'iot-device-secret');
    await result.getByRole('button', { name: '关闭' }).click();

    // The device reports as a real one would: a signed reading (its noise under the night limit too, 55 dB(A): the
    // warnings below must not depend on the hour the test runs).
    registered = { id, secret };
    expect(
      await reportAsDevice(registered, {
        pm25: 41,
        pm10: 88,
        noise: 52.5,
        temperature: 14.2,
        humidity: 66,
        windSpeed: 2.1,
        windDirection: 135,
      }),
    ).toMatchObject({ msgCode: 0, data: { stored: 7 } });
    await screen.getByRole('button', { name: '刷新' }).click();
    await poll(() => row.textContent()).toContain('在线');
    expect(await row.textContent()).toContain('PM10 88μg/m³');
    await context.close();
  });
});

describe('设备详情', () => {
  for (const viewport of WIDTHS) {
    it(`charts a chosen metric over a chosen range at ${viewport.width} wide`, async () => {
      const { context, page } = await newPage(browser, viewport);
      await logInThroughForm(page, demoUsers.staff.username, demoUsers.staff.password);
      const screen = await openDeviceList(page);
      await screen.locator('tbody tr').filter({ hasText: 'BJ-ENV-01' }).getByRole('button', { name: '详情' }).click();
      const history = page.getByTestId('panel-history');
      await history.waitFor();
      await poll(() => page.getByTestId('panel-device').textContent()).toContain('BJ-ENV-01');
      await poll(() => page.getByTestId('panel-latest').textContent()).toContain('PM10');
      const metric = history.getByTestId('choice-metric');
      await metric.click();
      await page.getByRole('option', { name: 'PM10（μg/m³）' }).click();
      await history.getByText('近7天').click();
      // The chart says what it draws: its label names the series (the metric chosen).
      await poll(() => history.getByTestId('echart').getAttribute('aria-label')).toContain('PM10');
      expect(await history.locator('svg path').count()).toBeGreaterThan(3);
      expect(await history.textContent()).not.toContain('该时段没有数据');
      await screenshot(page, `iot-device-detail-${viewport.width}`);
      await context.close();
    });
  }
});

describe('设备告警', () => {
  it('lists the warnings the demo devices raised, and a manager acknowledges and closes one with a note', async () => {
    const { context, page } = await newPage(browser, WIDTHS[1]);
    await logInThroughForm(page, demoUsers.manager.username, demoUsers.manager.password);
    await page.goto('/app/iotDevices/warning');
    const screen = page.getByTestId('crud-iot-warnings');
    // The simulator's history crosses thresholds (a crane near its moment limit, night noise, a hot pour).
    await poll(async () => {
      await screen.getByRole('button', { name: '刷新' }).click();
      return screen.locator('tbody tr').filter({ hasText: '待处理' }).count();
    }).toBeGreaterThan(0);
    expect(await page.getByText('该功能暂未开放').count()).toBe(0);
    await screenshot(page, 'iot-warnings-1920');

    // A loud reading at the registered monitor: its warning shows on the open page without a reload (the page
    // reads its list again on the iot.warning event), and the bell of the manager, who registered the monitor and
    // so is told of its warnings, counts one more unread message.
    expect(registered).toBeDefined();
    const bell = page.getByTestId('message-bell');
    const unreadNow = async () => (await callApi<number>(page, 'GET', '/api/MC/McMessageUser/v1.0/personalTotal')).data;
    // The bell has read the count (it shows 0 until then): what it shows is the server's count.
    await poll(async () => Number(await bell.getAttribute('data-unread')) === (await unreadNow())).toBe(true);
    const unreadBefore = Number(await bell.getAttribute('data-unread'));
    await page.evaluate(() => Object.assign(window, { stillThisPage: true }));
    // PM10 and the noise Leq are judged over their windows (24 h, 20 min); a night's loudest reading is judged alone
    // (GB 12523: 15 dB(A) over the night limit), so one loud reading at 23:30 last night (China time) warns at once.
    const loud = { pm25: 40, pm10: 80, noise: 85, temperature: 14, humidity: 40, windSpeed: 2, windDirection: 90 };
    expect((await reportAsDevice(registered!, loud, lastNightAt2330())).msgCode).toBe(0);
    await poll(() => screen.locator('tbody tr').filter({ hasText: '测试扬尘监测' }).count()).toBeGreaterThan(0);
    expect(await screen.locator('tbody tr').filter({ hasText: '测试扬尘监测' }).first().textContent()).toContain(
      '夜间最大声级超过 70 dB(A)',
    );
    await poll(async () => Number(await bell.getAttribute('data-unread'))).toBeGreaterThan(unreadBefore);
    expect(await page.evaluate(() => 'stillThisPage' in window)).toBe(true);
    const messages = await callApi<{ dataList: { title: string; link: string }[] }>(
      page,
      'GET',
      '/api/MC/McMessageUser/v1.0/list?kind=device-warning&pageNo=1&pageSize=20',
    );
    expect(messages.data!.dataList).toContainEqual(
      expect.objectContaining({
        title: expect.stringContaining('测试扬尘监测：夜间最大声级'),
        // The message opens its own warning (alerts/device-warning.json).
        link: expect.stringMatching(/^\/iotDevices\/warning\/[\w-]+$/),
      }),
    );
    await screenshot(page, 'iot-warning-live-1920');

    await screen
      .locator('tbody tr')
      .filter({ hasText: '待处理' })
      .first()
      .getByRole('button', { name: '处理' })
      .click();
    await page.getByRole('button', { name: '确认告警', exact: true }).click();
    await page.locator('#iot-warning-acknowledge_ackRemark').fill('已通知现场负责人到场检查');
    await page
      .locator('form')
      .filter({ has: page.locator('#iot-warning-acknowledge_ackRemark') })
      .getByRole('button', { name: '提交', exact: true })
      .click();
    await poll(() => page.getByText('处理中').count()).toBeGreaterThan(0);
    await page.getByRole('button', { name: '关闭告警', exact: true }).click();
    const closeForm = page.locator('form').filter({ has: page.locator('#iot-warning-close_closeNote') });
    await closeForm.getByRole('button', { name: '提交', exact: true }).click();
    await poll(() => closeForm.textContent()).toContain('请填写处理说明');
    await page.locator('#iot-warning-close_closeNote').fill('已调整作业，复测正常');
    await closeForm.getByRole('button', { name: '提交', exact: true }).click();
    await poll(() => page.getByText('已关闭').count()).toBeGreaterThan(0);
    for (const step of ['确认告警', '关闭告警']) await page.getByText(step, { exact: true }).first().waitFor();
    await screenshot(page, 'iot-warning-closed');
    await context.close();
  });
});
