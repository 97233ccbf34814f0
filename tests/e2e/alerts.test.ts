/**
 * Alerts that reach people, in Chromium against the real server: the administrator sets how 隐患待整改 escalates in
 * the project (提醒设置) and the project's group robot (群机器人); a hazard handed to the site staff reaches his
 * 我的消息; nobody acts, the administrator runs the alert sweep (定时任务 执行一次) and the manager, first of the
 * escalation list, gets the 升级提醒; the staff submits the rectification and the reviewer is told to recheck; the
 * recheck passes, the hazard closes with no alert left, and its notice prints. The staff chooses SMS for 隐患预警 in
 * 接收设置. At 1280 and 1920.
 */
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, screenshot } from './browser';
import { callApi, logIn, poll, WIDTHS } from './screen-helpers';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

type Row = Record<string, unknown>;
const PROJECT = 'project-binjiang';
const RUN = Date.now().toString(36);

const dialogForm = (page: Page) => page.getByTestId('crud-dialog-form');

function row(screen: Locator, text: string): Locator {
  return screen.locator('tbody tr').filter({ has: screen.page().getByText(text, { exact: true }) });
}

async function openEdit(screen: Locator, text: string): Promise<Locator> {
  await row(screen, text).getByRole('button', { name: '编辑', exact: true }).click();
  const form = dialogForm(screen.page());
  await form.locator('form').waitFor();
  return form;
}

async function save(page: Page): Promise<void> {
  await dialogForm(page).getByRole('button', { name: '保存', exact: true }).click();
  await dialogForm(page).waitFor({ state: 'detached', timeout: 15_000 });
}

/** The titles of the caller's messages (我的消息), read again until `expected` shows. */
async function messageTitles(page: Page): Promise<string[]> {
  const answer = await callApi<{ dataList: Row[] }>(
    page,
    'GET',
    '/api/MC/McMessageUser/v1.0/list?pageNo=1&pageSize=50',
  );
  return answer.data!.dataList.map((message) => String(message.title));
}

describe('a hazard alert from assignment to escalation to the recheck', () => {
  it('提醒设置, the staff told, the sweep escalates to the manager, rectified and handed to the reviewer', async () => {
    const admin = await logIn(browser, 'admin', WIDTHS[0]);
    const staff = await logIn(browser, 'staff', WIDTHS[1]);
    const manager = await logIn(browser, 'manager', WIDTHS[0]);
    const description = `吊篮安全锁失效（${RUN}）`;
    try {
      // 提醒设置: 隐患待整改 escalates to 张经理 after 0.001 hours (so that the sweep run below finds it due).
      await admin.page.goto('/app/message/alert');
      const settings = admin.page.getByTestId('crud-message-alert');
      await row(settings, '隐患待整改').waitFor();
      await screenshot(admin.page, 'alerts-settings-1280');
      const form = await openEdit(settings, '隐患待整改');
      await form.locator('#alert-setting_escalateAfterHours').fill('0.001');
      await form.locator('#alert-setting_escalateTo').click();
      await admin.page.keyboard.type('张经理');
      await admin.page.getByRole('option', { name: '张经理', exact: true }).first().click();
      await admin.page.keyboard.press('Escape');
      await screenshot(admin.page, 'alerts-setting-dialog-1280');
      await save(admin.page);
      await poll(() => row(settings, '隐患待整改').innerText()).toContain('张经理');

      // A hazard handed to the staff: his 我的消息 has it at once, as a 隐患预警.
      const created = await callApi<Row>(admin.page, 'POST', '/api/data/safety-hazard', {
        projectId: PROJECT,
        description,
        category: 'fall',
        level: 'general',
        location: '2号楼外立面吊篮',
        photos: ['/app/gateway/site-morning.svg'],
        responsibleId: 'user-staff',
        reviewerId: 'user-manager',
        deadline: '2027-03-01',
      });
      expect(created.msgCode, created.errMsg).toBe(0);
      const hazard = created.data!;
      await staff.page.goto('/app/message/mine');
      const mine = staff.page.getByTestId('crud-message-mine');
      await row(mine, `隐患待整改：${description}`).waitFor();
      await poll(() => row(mine, `隐患待整改：${description}`).innerText()).toContain('隐患预警');
      await screenshot(staff.page, 'alerts-staff-told-1920');

      // Nobody acts; the administrator runs the sweep once (定时任务 执行一次): the manager hears of it.
      await new Promise((resolve) => setTimeout(resolve, 4_000));
      await admin.page.goto('/app/systemProject/job');
      const schedules = admin.page.getByTestId('crud-job-schedule');
      const sweep = schedules.locator('tbody tr').filter({ hasText: '提醒检查与升级' });
      await sweep.waitFor();
      await sweep.getByRole('button', { name: '执行一次', exact: true }).click();
      const popconfirm = admin.page.locator('.arco-popconfirm').filter({ hasText: '确定立即执行一次该任务吗？' });
      await popconfirm.getByRole('button', { name: '确定', exact: true }).click();
      await admin.page.locator('.arco-message').filter({ hasText: '已开始执行' }).waitFor();
      await manager.page.goto('/app/work-bench');
      await poll(() => messageTitles(manager.page)).toContain(`升级提醒：隐患待整改：${description}`);
      await manager.page.goto('/app/message/mine');
      const managerMine = manager.page.getByTestId('crud-message-mine');
      await row(managerMine, `升级提醒：${'隐患待整改：'}${description}`).waitFor();
      await screenshot(manager.page, 'alerts-manager-escalated-1280');

      // The staff acts: the alert is settled and the reviewer (the manager) is told to recheck.
      const rectified = await callApi<Row>(
        staff.page,
        'POST',
        `/api/data/safety-hazard/${String(hazard.id)}/transition`,
        {
          action: 'rectify',
          version: hazard.version,
          rectifyRemark: '已更换安全锁并做坠落试验',
          rectifyPhotos: ['/app/gateway/site-evening.svg'],
        },
      );
      expect(rectified.msgCode, rectified.errMsg).toBe(0);
      await poll(() => messageTitles(manager.page)).toContain(`隐患待复查：${description}`);
      const open = await callApi<{ dataList: Row[] }>(
        admin.page,
        'GET',
        `/api/MC/AlertSetting/v1.0/open?projectId=${PROJECT}&limit=100`,
      );
      expect(open.data!.dataList.map((alert) => alert.title)).not.toContain(`隐患待整改：${description}`);

      // The reviewer passes the recheck: the hazard is closed, no alert of it is left, and its notice prints.
      const current = await callApi<Row>(manager.page, 'GET', `/api/data/safety-hazard/${String(hazard.id)}`);
      const passed = await callApi<Row>(
        manager.page,
        'POST',
        `/api/data/safety-hazard/${String(hazard.id)}/transition`,
        { action: 'pass', version: current.data!.version, recheckRemark: '安全锁已更换，坠落试验合格' },
      );
      expect(passed.msgCode, passed.errMsg).toBe(0);
      const closed = await callApi<{ dataList: Row[] }>(
        admin.page,
        'GET',
        `/api/MC/AlertSetting/v1.0/open?projectId=${PROJECT}&limit=100`,
      );
      expect(closed.data!.dataList.map((alert) => alert.link)).not.toContain(
        `/constructionSafety/hazard/${String(hazard.id)}`,
      );
      await manager.page.goto(`/app/constructionSafety/hazardNotice?id=${String(hazard.id)}`);
      await manager.page.getByText(description).first().waitFor();
      await manager.page.emulateMedia({ media: 'print' });
      await screenshot(manager.page, 'alerts-hazard-closed-notice-print');
      await manager.page.emulateMedia({ media: 'screen' });
    } finally {
      // Other browser tests share this server: the project's setting goes back to no escalation.
      await callApi(admin.page, 'PUT', '/api/MC/AlertSetting/v1.0/hazard-assigned', {
        projectId: PROJECT,
        enabled: true,
      });
      await Promise.all([admin.context.close(), staff.context.close(), manager.context.close()]);
    }
  });
});

describe('where messages go', () => {
  for (const viewport of WIDTHS) {
    it(`接收设置: the staff chooses SMS for 隐患预警 at ${viewport.width} wide`, async () => {
      const { context, page } = await logIn(browser, 'staff', viewport);
      try {
        await page.goto('/app/message/preference');
        const screen = page.getByTestId('crud-message-preference');
        await row(screen, '隐患预警').waitFor();
        const form = await openEdit(screen, '隐患预警');
        const sms = form.locator('#message-preference_sms');
        if (!(await sms.isChecked())) await sms.click();
        await screenshot(page, `alerts-preference-dialog-${viewport.width}`);
        await save(page);
        await poll(() => row(screen, '隐患预警').innerText()).toMatch(/接收\s+是/);
        await screenshot(page, `alerts-preferences-${viewport.width}`);
      } finally {
        await callApi(page, 'PUT', '/api/MC/McMessagePreference/v1.0/hazard-warning', { sms: false, robot: false });
        await context.close();
      }
    });
  }

  it('群机器人: the administrator sets a project WeCom robot; the secret never reads back', async () => {
    const { context, page } = await logIn(browser, 'admin', WIDTHS[1]);
    try {
      await page.goto('/app/message/robot');
      const screen = page.getByTestId('crud-message-robot');
      await row(screen, '城市快速路改造工程').waitFor();
      const form = await openEdit(screen, '城市快速路改造工程');
      await form.locator('#project-robot_wecomUrl').fill('https://qyapi.weixin.qq.com/cgi-bin/webhook/send?key=demo');
      await form.locator('#project-robot_dingtalkSecret').fill('SECdemo');
      await save(page);
      await poll(() => row(screen, '城市快速路改造工程').innerText()).toContain('qyapi.weixin.qq.com');
      expect(await row(screen, '城市快速路改造工程').innerText()).toContain('******');
      await screenshot(page, 'alerts-robots-1920');
    } finally {
      await callApi(page, 'PUT', '/api/MC/ProjectRobot/v1.0/project-expressway', { dingtalkSecret: '-' });
      await context.close();
    }
  });
});
