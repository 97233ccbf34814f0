/**
 * One chain across modules, in Chromium against the real server: a device warning opens a hazard (登记隐患 on the
 * warning fills the hazard form: what, where, who answers for the device, and where it came from); the hazard's
 * 整改责任人 is told and the workbench's 待处理提醒 shows it; the rectification needs more time, so a 隐患整改延期申请
 * runs and, approved, moves the hazard's deadline; the warning acknowledged leaves the list; the big screen shows the
 * chain. At 1280 and 1920.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, screenshot } from './browser';
import { callApi, choose, logIn, PNG_1PX, poll, typeDate, WIDTHS } from './screen-helpers';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

type Row = Record<string, unknown>;
const PROJECT = 'project-binjiang';

/** The titles the 待处理提醒 panel of the page shows. */
async function openAlertTitles(page: Page): Promise<string> {
  return page.getByTestId('panel-open-alerts').innerText();
}

describe('a device warning through a hazard, its extension and the workbench', () => {
  it('登记隐患 from the warning, the alert on the workbench, the extension approved, the warning acknowledged', async () => {
    const manager = await logIn(browser, 'manager', WIDTHS[0]);
    const staff = await logIn(browser, 'staff', WIDTHS[1]);
    const { page } = manager;
    try {
      await page.goto('/app/work-bench');
      const open = await callApi<{ dataList: Row[] }>(
        page,
        'GET',
        `/api/data/iot-warning?projectId=${PROJECT}&status=open&pageSize=1`,
      );
      const warning = open.data!.dataList[0];
      expect(warning, 'an open device warning of the demo data').toBeDefined();

      // The warning's page: 登记隐患 opens the hazard list with its form filled from the warning.
      await page.goto(`/app/iotDevices/warning/${String(warning.id)}`);
      const warningPage = page.getByTestId('detail-iot-warning-detail');
      await warningPage.getByRole('button', { name: '登记隐患', exact: true }).click();
      await page.waitForURL(/\/app\/constructionSafety\/hazard\?create=1&/);
      const form = page.getByTestId('crud-dialog-form');
      await form.locator('form').waitFor();
      const description = String(warning.hazardDescription);
      await poll(() => form.locator('#safety-hazard_description').inputValue()).toBe(description);
      await screenshot(page, 'one-chain-hazard-from-warning-1280');
      await choose(page, 'safety-hazard_category', '起重伤害');
      await form.locator('label', { hasText: '一般事故隐患' }).click();
      if ((await form.locator('#safety-hazard_location').inputValue()) === '')
        await form.locator('#safety-hazard_location').fill('塔吊作业区');
      await choose(page, 'safety-hazard_responsibleId', '李施工员', '李施工员');
      await choose(page, 'safety-hazard_reviewerId', '张经理', '张经理');
      await typeDate(page, 'safety-hazard_deadline', '2027-01-20');
      await form.getByTestId('safety-hazard_photos-files').setInputFiles({
        name: 'warning.png',
        mimeType: 'image/png',
        buffer: PNG_1PX,
      });
      await form.locator('.sf-images-list li').first().waitFor();
      await form.getByRole('button', { name: '保存', exact: true }).click();
      await form.waitFor({ state: 'detached', timeout: 15_000 });

      const found = await callApi<{ dataList: Row[] }>(
        page,
        'GET',
        `/api/data/safety-hazard?projectId=${PROJECT}&status=pending&pageSize=100&sort=-createdAt`,
      );
      const hazard = found.data!.dataList.find((row) => row.description === description)!;
      expect(hazard).toMatchObject({ source: '设备预警', sourceLink: `/iotDevices/warning/${String(warning.id)}` });

      // The workbench shows the alert to everyone of the project, the warning's too.
      await page.goto('/app/work-bench');
      await poll(() => openAlertTitles(page)).toContain(`隐患待整改：${description}`);
      await screenshot(page, 'one-chain-workbench-1280');

      // The hazard names where it came from.
      await page.goto(`/app/constructionSafety/hazard/${String(hazard.id)}`);
      const hazardPage = page.getByTestId('detail-safety-hazard-detail');
      await hazardPage.locator('dd').filter({ hasText: '设备预警' }).first().waitFor();
      await hazardPage.getByRole('button', { name: '查看来源', exact: true }).click();
      await page.waitForURL(new RegExp(`/app/iotDevices/warning/${String(warning.id)}$`));

      // More time is needed: the extension, approved by both nodes, moves the deadline.
      await staff.page.goto('/app/work-bench');
      const started = await callApi<{ id: string }>(staff.page, 'POST', '/api/workflow/instances', {
        processId: 'hazard-extension',
        projectId: PROJECT,
        form: { hazardId: hazard.id, newDeadline: '2027-02-10', reason: '塔吊限位器需厂家更换，配件到货需两周' },
      });
      expect(started.msgCode, started.errMsg).toBe(0);
      for (let step = 0; step < 2; step += 1) {
        const task = async () =>
          (await callApi<{ myTaskId: string }>(page, 'GET', `/api/workflow/instances/${started.data!.id}`)).data!
            .myTaskId;
        await poll(task).not.toBe('');
        const approved = await callApi(page, 'POST', `/api/workflow/tasks/${await task()}/approve`, {});
        expect(approved.msgCode, approved.errMsg).toBe(0);
      }
      await page.goto(`/app/constructionSafety/hazard/${String(hazard.id)}`);
      await poll(() => hazardPage.locator('dd').filter({ hasText: '2027-02-10' }).count()).toBe(1);

      // The warning acknowledged: its alert leaves the workbench; the hazard's stays until it is rectified.
      await page.goto(`/app/iotDevices/warning/${String(warning.id)}`);
      await warningPage.getByRole('button', { name: '确认告警', exact: true }).click();
      await page.locator('#iot-warning-acknowledge_ackRemark').fill('已登记隐患，安排厂家检修');
      await page
        .locator('form')
        .filter({ has: page.locator('#iot-warning-acknowledge_ackRemark') })
        .getByRole('button', { name: '提交', exact: true })
        .click();
      await poll(() => warningPage.getByText('处理中').count()).toBeGreaterThan(0);
      const alerts = await callApi<{ dataList: Row[] }>(
        page,
        'GET',
        `/api/MC/AlertSetting/v1.0/open?projectId=${PROJECT}&limit=100`,
      );
      const links = alerts.data!.dataList.map((row) => row.link);
      expect(links).not.toContain(`/iotDevices/warning/${String(warning.id)}`);
      expect(links).toContain(`/constructionSafety/hazard/${String(hazard.id)}`);
      for (const viewport of WIDTHS) {
        await page.setViewportSize(viewport);
        await page.goto('/app/work-bench');
        await poll(() => openAlertTitles(page)).toContain(`隐患待整改：${description}`);
        await screenshot(page, `one-chain-workbench-after-${viewport.width}`);
      }
      await page.goto('/app/screen');
      await page.getByTestId('panel-open-alerts').getByText(`隐患待整改：${description}`).first().waitFor();
      await screenshot(page, 'one-chain-screen-1920');
    } finally {
      await manager.context.close();
      await staff.context.close();
    }
  });
});
