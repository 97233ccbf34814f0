/**
 * The message centre in Chromium against the real server: the administrator publishes a notice to the 施工员 role
 * while the staff member has the workbench open; the staff's header count goes up without a reload (server-sent
 * events), the staff opens 我的消息, opens the notice from its message (which reads it), marks all read and
 * deletes a message after confirming. No screen of the message centre says 该功能暂未开放.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, screenshot } from './browser';
import { choose, logIn, poll, row } from './screen-helpers';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const unread = async (page: Page) => Number(await page.getByTestId('message-bell').getAttribute('data-unread'));

describe('message centre', () => {
  it('a notice reaches the staff header without a reload; the staff reads it, marks all read and deletes', async () => {
    const admin = await logIn(browser, 'admin');
    const staff = await logIn(browser, 'staff');
    try {
      await staff.page.goto('/app/work-bench');
      await staff.page.getByTestId('panel-messages').waitFor();
      await poll(() => staff.page.getByTestId('message-bell').getAttribute('data-unread')).not.toBeNull();
      const before = await unread(staff.page);
      expect(before).toBeGreaterThan(0);

      // The administrator publishes to the 施工员 role, with formatted text.
      const title = `塔吊基础验收通知${Date.now() % 100000}`;
      await admin.page.goto('/app/message/notice');
      const notices = admin.page.getByTestId('crud-message-notice');
      await notices.waitFor();
      await notices.getByRole('button', { name: '发布通知', exact: true }).click();
      await admin.page.locator('#mc-notice_title').fill(title);
      // The role to address is asked for only once 指定角色 is chosen.
      expect(await admin.page.locator('#mc-notice_roleId').isVisible()).toBe(false);
      await admin.page.locator('.arco-radio', { hasText: '指定角色' }).click();
      await choose(admin.page, 'mc-notice_roleId', '施工员');
      const editor = admin.page.locator('#mc-notice_content');
      await editor.click();
      await admin.page.getByRole('button', { name: 'B', exact: true }).click();
      await editor.pressSequentially('明天上午九点验收 2 号塔吊基础');
      await screenshot(admin.page, 'message-notice-publish');
      await admin.page.getByTestId('crud-dialog-form').getByRole('button', { name: '发布', exact: true }).click();
      await poll(() => row(notices, title).count()).toBe(1);

      // The staff's open page hears of it: the count goes up by one, no reload.
      await poll(() => unread(staff.page)).toBe(before + 1);
      await screenshot(staff.page, 'message-header-count');

      // 我的消息: the new message first, bold while unread; its title opens the notice and reads the message.
      await staff.page.getByTestId('message-bell').click();
      await staff.page.waitForURL('**/app/message/mine');
      const mine = staff.page.getByTestId('crud-message-mine');
      await row(mine, title).waitFor();
      expect(await row(mine, title).locator('strong').count()).toBe(1);
      expect(await row(mine, title).textContent()).toContain('未读');
      await screenshot(staff.page, 'message-mine');
      await row(mine, title).getByRole('button', { name: title }).click();
      await staff.page.waitForURL(/\/app\/message\/notice\/[0-9a-f-]{36}$/);
      await poll(() => staff.page.locator('.cell-html').textContent()).toContain('明天上午九点验收 2 号塔吊基础');
      // Bold as the editor wrote it survives the server's sanitizing.
      expect(await staff.page.locator('.cell-html b, .cell-html strong').count()).toBeGreaterThan(0);
      await poll(() => unread(staff.page)).toBe(before);
      await screenshot(staff.page, 'message-notice-detail');

      // Mark all read, after confirming.
      await staff.page.goto('/app/message/mine');
      await mine.waitFor();
      await mine.getByRole('button', { name: '全部已读', exact: true }).click();
      const confirmAll = staff.page.locator('.arco-popconfirm').filter({ hasText: '确定将全部未读消息标为已读吗？' });
      await confirmAll.getByRole('button', { name: '确定', exact: true }).click();
      await poll(() => unread(staff.page)).toBe(0);
      await poll(() => mine.locator('tbody tr').filter({ hasText: '未读' }).count()).toBe(0);

      // Delete the notice's message, after confirming.
      await row(mine, title).getByRole('button', { name: '删除', exact: true }).click();
      const confirmDelete = staff.page.locator('.arco-popconfirm').filter({ hasText: '确定删除这条消息吗？' });
      await confirmDelete.getByRole('button', { name: '删除', exact: true }).click();
      await poll(() => row(mine, title).count()).toBe(0);

      // The administrator's own count did not move with the staff's reading.
      expect(await unread(admin.page)).toBeGreaterThan(0);
    } finally {
      await admin.context.close();
      await staff.context.close();
    }
  });

  it('no screen of the message centre says 该功能暂未开放', async () => {
    const { context, page } = await logIn(browser, 'manager');
    try {
      for (const [path, testId] of [
        ['/app/message/mine', 'crud-message-mine'],
        ['/app/message/notice', 'crud-message-notice'],
      ] as const) {
        await page.goto(path);
        await page.getByTestId(testId).locator('tbody tr').first().waitFor();
        expect(await page.getByText('该功能暂未开放').count()).toBe(0);
      }
      // A manager may read notices but not publish them.
      expect(await page.getByRole('button', { name: '发布通知' }).count()).toBe(0);
    } finally {
      await context.close();
    }
  });
});
