/**
 * An approval started from a record, whose result is written back to it (issue: approvals that change records).
 * The site staff opens a hazard still to be rectified and clicks 申请延期: 发起流程 opens the 隐患整改延期申请 form
 * with the hazard chosen; the staff asks for a later deadline; once the manager has approved both nodes, the
 * hazard's page shows the new 整改期限 and, in 处理记录, the change with the approval that made it.
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, screenshot } from './browser';
import { callApi, logIn, poll, typeDate, WIDTHS } from './screen-helpers';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

type Row = Record<string, unknown>;

describe('an approval started from a hazard moves its deadline once approved', () => {
  it('申请延期 on the hazard, approval by the manager, the new deadline and the timeline on the hazard', async () => {
    const staff = await logIn(browser, 'staff', WIDTHS[0]);
    const manager = await logIn(browser, 'manager', WIDTHS[1]);
    try {
      const { page } = staff;
      await page.goto('/app/work-bench');
      const pending = await callApi<{ dataList: Row[] }>(
        page,
        'GET',
        '/api/data/safety-hazard?projectId=project-binjiang&status=pending&pageSize=100&sort=createdAt',
      );
      // The oldest pending hazard: the other browser tests work on hazards they raise themselves.
      const hazard = pending.data!.dataList[0];
      expect(hazard).toBeDefined();
      const newDeadline = '2027-02-26';

      await page.goto(`/app/constructionSafety/hazard/${String(hazard.id)}`);
      const detail = page.getByTestId('detail-safety-hazard-detail');
      await detail.getByRole('button', { name: '申请延期', exact: true }).click();
      await page.waitForURL(/\/app\/process\/category\?process=hazard-extension&hazardId=/);
      const form = page.getByTestId('process-start-form');
      await form.locator('#process-form-hazard-extension_reason').waitFor();
      // The hazard is chosen already, by its description.
      await poll(() =>
        form.locator('#process-form-hazard-extension_hazardId .arco-select-view-value').textContent(),
      ).toBe(String(hazard.description));
      await typeDate(page, 'process-form-hazard-extension_newDeadline', newDeadline);
      await form.locator('#process-form-hazard-extension_reason').fill('防护材料到货延迟，需等待厂家补货');
      await screenshot(page, 'approval-outcome-start-1280');
      await form.getByRole('button', { name: '提交', exact: true }).click();
      await page.waitForURL(/\/app\/process\/started\/[0-9a-f-]{36}$/);
      const instanceId = page.url().split('/').at(-1)!;

      // The manager is both the office leader and the project manager: two approvals.
      for (let step = 0; step < 2; step += 1) {
        await manager.page.goto(`/app/process/todo/${instanceId}`);
        const approval = manager.page.getByTestId('approval-process-instance');
        await approval.waitFor();
        await manager.page.getByTestId('approval-actions').getByRole('button', { name: '同意', exact: true }).click();
        const dialog = manager.page.getByTestId('approval-action-form');
        await dialog.waitFor();
        await dialog.getByRole('button', { name: '同意', exact: true }).click();
        await dialog.waitFor({ state: 'detached' });
      }
      await poll(
        async () => (await callApi<Row>(page, 'GET', `/api/workflow/instances/${instanceId}`)).data?.status,
      ).toBe('approved');

      // 打印审批单: in print, the approval alone with its form and every step, without the buttons.
      await page.goto(`/app/process/started/${instanceId}`);
      const approvalPage = page.getByTestId('approval-process-instance');
      await approvalPage.getByTestId('approval-print').waitFor();
      await page.emulateMedia({ media: 'print' });
      expect(await approvalPage.getByTestId('approval-print').isVisible()).toBe(false);
      await approvalPage.getByTestId('approval-history').getByText('同意').first().waitFor();
      // The hazard by its description, as the form chose it.
      await approvalPage.getByTestId('form-values').getByText(String(hazard.description)).waitFor();
      expect(await page.getByTestId('menu-trail').isVisible()).toBe(false);
      await screenshot(page, 'approval-outcome-print');
      await page.emulateMedia({ media: 'screen' });

      for (const viewport of WIDTHS) {
        await page.setViewportSize(viewport);
        await page.goto(`/app/constructionSafety/hazard/${String(hazard.id)}`);
        await detail.waitFor();
        await poll(() => detail.locator('dd').filter({ hasText: newDeadline }).count()).toBe(1);
        const timeline = page.getByTestId('detail-timeline');
        const change = timeline.locator('.arco-timeline-item', { hasText: '审批变更' });
        await change.getByText(/隐患整改延期申请已通过/).waitFor();
        await change.getByText(new RegExp(newDeadline)).waitFor();
        // Still to be rectified: the extension moves the deadline, not the status.
        await detail.getByRole('button', { name: '提交整改', exact: true }).waitFor();
        await screenshot(page, `approval-outcome-hazard-${viewport.width}`);
      }
    } finally {
      await staff.context.close();
      await manager.context.close();
    }
  });
});
