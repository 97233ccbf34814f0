/**
 * Approvals (流程审批) in Chromium against the real server and its demo people: the manager (张经理) starts a
 * 材料采购申请 over 50,000 from 发起流程, after an empty submit shows the form's own messages; the material clerk
 * (李施工员, role 施工员) sees the header count rise without a reload, finds it in 待办 and approves; the company
 * approver (系统管理员, role admin, the branch over 50,000) rejects with a comment, which the dialog requires; the
 * starter sees 已驳回 in 我发起的 with the comment in the history, and the result in 我的消息, whose link opens the
 * approval. The starter also withdraws a second one. No /process screen says 该功能暂未开放; every screen is
 * photographed at 1280 and 1920.
 */
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, screenshot } from './browser';
import { logIn, poll, row, typeDate, WIDTHS } from './screen-helpers';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const unread = async (page: Page) => Number(await page.getByTestId('message-bell').getAttribute('data-unread'));
const field = (name: string) => `#process-form-material-purchase_${name}`;

/** The approval page of the list row titled `title`, opened by its title. */
async function openFromList(page: Page, path: string, listId: string, title: string): Promise<Locator> {
  await page.goto(path);
  const list = page.getByTestId(`crud-${listId}`);
  await row(list, title).waitFor();
  await row(list, title).getByRole('button', { name: title }).click();
  await page.waitForURL(new RegExp(`${path}/[0-9a-f-]{36}$`));
  const approval = page.getByTestId('approval-process-instance');
  await approval.waitFor();
  return approval;
}

/** Opens the action's dialog from the action bar. */
async function act(page: Page, label: string): Promise<Locator> {
  await page.getByTestId('approval-actions').getByRole('button', { name: label, exact: true }).click();
  const form = page.getByTestId('approval-action-form');
  await form.waitFor();
  return form;
}

/** Starts a 材料采购申请 from 发起流程 and answers the page of the new approval. */
async function startPurchase(page: Page, name: string, amount: number): Promise<Locator> {
  await page.goto('/app/process/category');
  await page.getByTestId('start-material-purchase').click();
  const form = page.getByTestId('process-start-form');
  await form.locator(field('materialName')).waitFor();
  await form.locator(field('materialName')).fill(name);
  await form.locator(field('quantity')).fill('120');
  await form.locator(field('unit')).fill('吨');
  await form.locator(field('amount')).fill(String(amount));
  await typeDate(page, field('neededDate').slice(1), '2026-12-20');
  await form.getByRole('button', { name: '提交', exact: true }).click();
  await page.waitForURL(/\/app\/process\/started\/[0-9a-f-]{36}$/);
  const approval = page.getByTestId('approval-process-instance');
  await approval.waitFor();
  return approval;
}

describe('approvals', () => {
  it('manager starts over 50,000; staff approves from 待办; the company approver rejects; the starter sees it', async () => {
    const manager = await logIn(browser, 'manager', WIDTHS[0]);
    const staff = await logIn(browser, 'staff', WIDTHS[1]);
    const admin = await logIn(browser, 'admin', WIDTHS[0]);
    const name = `HRB400螺纹钢${Date.now() % 100000}`;
    try {
      // The staff member has the workbench open: the header's count will move without a reload.
      await staff.page.goto('/app/work-bench');
      await poll(() => staff.page.getByTestId('message-bell').getAttribute('data-unread')).not.toBeNull();
      const staffBefore = await unread(staff.page);

      // 发起流程: by category, with search.
      const { page } = manager;
      await page.goto('/app/process/category');
      const launcher = page.getByTestId('processes-process-category');
      await launcher.getByTestId('processes-group-物资管理').waitFor();
      expect(await launcher.locator('.processes-card').count()).toBe(8);
      await screenshot(page, 'approvals-category-1280');
      await launcher.locator('.processes-search input').fill('隐患');
      await launcher.locator('.processes-search input').press('Enter');
      await poll(() => launcher.locator('.processes-card').allInnerTexts()).toEqual([
        expect.stringContaining('隐患整改延期申请'),
      ]);

      // An empty submit shows the form's own messages, and nothing is sent.
      await page.getByTestId('start-hazard-extension').waitFor();
      await page.goto('/app/process/category');
      await page.getByTestId('start-material-purchase').click();
      const form = page.getByTestId('process-start-form');
      await form.getByRole('button', { name: '提交', exact: true }).click();
      await poll(() => form.locator('.sf-error').allInnerTexts()).toEqual(
        expect.arrayContaining(['请输入材料名称', '请输入数量', '请输入单位', '请输入采购金额', '请选择需用日期']),
      );
      await form.locator(field('amount')).fill('0');
      await poll(() => form.locator('.sf-error').allInnerTexts()).toContain('采购金额必须大于0');
      await screenshot(page, 'approvals-start-empty-1280');
      await page.keyboard.press('Escape');

      // Over 50,000: the flow goes 材料员核对 -> 公司审批 -> 抄送.
      const approval = await startPurchase(page, name, 68000);
      await poll(() => approval.getByTestId('approval-status').textContent()).toBe('审批中');
      expect(await approval.getByTestId('flow-node-check').getAttribute('data-state')).toBe('current');
      expect(await approval.getByTestId('flow-node-company').getAttribute('data-state')).toBe('waiting');
      expect(await approval.getByTestId('form-values').textContent()).toContain('68,000');
      // The starter may withdraw or urge, not approve.
      const starterActions = await approval.getByTestId('approval-actions').getByRole('button').allInnerTexts();
      expect(starterActions.map((text) => text.replace(/\s/g, ''))).toEqual(['撤回', '催办', '评论']);
      await screenshot(page, 'approvals-started-detail-1280');

      // The clerk's header count rises without a reload, and the workbench's 待办流程 opens the approval itself.
      await poll(() => unread(staff.page)).toBe(staffBefore + 1);
      await staff.page.getByTestId('panel-todo').locator('li').first().getByRole('button').click();
      await staff.page.waitForURL(/\/app\/process\/todo\/[0-9a-f-]{36}$/);
      const clerk = staff.page.getByTestId('approval-process-instance');
      await poll(() => clerk.locator('.approval-title').textContent()).toBe(name);
      // 待办 lists it too.
      await staff.page.goto('/app/process/todo');
      await row(staff.page.getByTestId('crud-process-todo'), name).waitFor();
      await screenshot(staff.page, 'approvals-todo-1920');
      await row(staff.page.getByTestId('crud-process-todo'), name).getByRole('button', { name }).click();
      await clerk.waitFor();
      expect(await clerk.getByTestId('flow-node-check').getAttribute('aria-current')).toBe('step');
      await screenshot(staff.page, 'approvals-todo-detail-1920');
      const approve = await act(staff.page, '同意');
      await approve.locator('#process-approve_comment').fill('数量与图纸核对无误');
      await approve.getByRole('button', { name: '同意', exact: true }).click();
      await poll(() => staff.page.locator('.arco-message').allInnerTexts()).toContain('已同意');
      await poll(() => clerk.getByTestId('flow-node-company').getAttribute('data-state')).toBe('current');
      expect(await clerk.getByTestId('flow-node-check').getAttribute('data-state')).toBe('done');
      expect(await staff.page.getByTestId('approval-actions').count()).toBe(1); // only 评论 is left
      await staff.page.goto('/app/process/todo');
      await staff.page.getByTestId('crud-process-todo').waitFor();
      await poll(() => row(staff.page.getByTestId('crud-process-todo'), name).count()).toBe(0);

      // The company approver rejects: the comment is required.
      const company = await openFromList(admin.page, '/app/process/todo', 'process-todo', name);
      const reject = await act(admin.page, '驳回');
      await reject.getByRole('button', { name: '驳回', exact: true }).click();
      await poll(() => reject.locator('.sf-error').allInnerTexts()).toContain('请输入审批意见');
      await reject.locator('#process-reject_comment').fill('单价高于集采价，请重新询价');
      await screenshot(admin.page, 'approvals-reject-dialog-1280');
      await reject.getByRole('button', { name: '驳回', exact: true }).click();
      await poll(() => company.getByTestId('approval-status').textContent()).toBe('已驳回');

      // The starter: 已驳回 in 我发起的, the comment in the history, the result among the messages.
      const mine = await openFromList(page, '/app/process/started', 'process-started', name);
      expect(await mine.getByTestId('approval-status').textContent()).toBe('已驳回');
      await poll(() => mine.getByTestId('approval-history').textContent()).toContain('单价高于集采价，请重新询价');
      await screenshot(page, 'approvals-rejected-detail-1280');
      await page.goto('/app/message/mine');
      const messages = page.getByTestId('crud-message-mine');
      await row(messages, `${name} 已驳回`).waitFor();
      await row(messages, `${name} 已驳回`)
        .getByRole('button', { name: `${name} 已驳回` })
        .click();
      await page.waitForURL(/\/app\/process\/started\/[0-9a-f-]{36}$/);
      await poll(() => page.getByTestId('approval-status').textContent()).toBe('已驳回');
      // And the clerk finds it among what they handled.
      await staff.page.goto('/app/process/finished');
      await row(staff.page.getByTestId('crud-process-finished'), name).waitFor();
      expect(await row(staff.page.getByTestId('crud-process-finished'), name).textContent()).toContain('已驳回');
      await screenshot(staff.page, 'approvals-finished-1920');
    } finally {
      await manager.context.close();
      await staff.context.close();
      await admin.context.close();
    }
  });

  it('the starter withdraws while nobody has acted', async () => {
    const { context, page } = await logIn(browser, 'manager', WIDTHS[1]);
    const name = `止水钢板${Date.now() % 100000}`;
    try {
      const approval = await startPurchase(page, name, 12000);
      await page.getByTestId('approval-actions').getByRole('button', { name: '撤回', exact: true }).click();
      const confirm = page.locator('.arco-popconfirm').filter({ hasText: '确定撤回这条审批吗？' });
      await confirm.getByRole('button', { name: '确定', exact: true }).click();
      await poll(() => approval.getByTestId('approval-status').textContent()).toBe('已撤回');
      await poll(() => page.locator('.arco-message').allInnerTexts()).toContain('已撤回');
      expect(await approval.getByTestId('approval-history').textContent()).toContain('撤回');
      await screenshot(page, 'approvals-withdrawn-1920');
      await page.goto('/app/process/started');
      await poll(() => row(page.getByTestId('crud-process-started'), name).textContent()).toContain('已撤回');
    } finally {
      await context.close();
    }
  });

  it('every /process screen shows its page at 1280 and 1920, none says 该功能暂未开放', async () => {
    for (const viewport of WIDTHS) {
      const { context, page } = await logIn(browser, 'manager', viewport);
      try {
        for (const [path, testId] of [
          ['/app/process/category', 'processes-process-category'],
          ['/app/process/todo', 'crud-process-todo'],
          ['/app/process/finished', 'crud-process-finished'],
          ['/app/process/copy', 'crud-process-copy'],
          ['/app/process/started', 'crud-process-started'],
        ] as const) {
          await page.goto(path);
          await page.getByTestId(testId).waitFor();
          if (testId.startsWith('crud')) await page.getByTestId(testId).locator('.arco-table').waitFor();
          else await page.getByTestId('processes-group-物资管理').waitFor();
          expect(await page.getByText('该功能暂未开放').count()).toBe(0);
          await screenshot(page, `approvals-${path.split('/').pop()}-${viewport.width}`);
        }
      } finally {
        await context.close();
      }
    }
  });
});
