/**
 * A weighing correction in Chromium, as the materials clerk and the project manager of a site do it: the clerk opens
 * a weighing the weighbridge recorded (its weights locked) and clicks 申请更正; 发起流程 opens the 磅单更正申请 form
 * with the weighing chosen; the clerk gives the re-weighed tare and the reason; the manager approves; the weighing's
 * page then shows the corrected weights beside the original ones and the change in 更正记录, and 打印磅单 opens the
 * printable ticket with the correction note, printed alone (print media).
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, screenshot } from './browser';
import { WIDTHS, callApi, chooseProject, logIn, poll, restoreDemoProject } from './screen-helpers';

const PROJECT = '沿海高速公路工程';
type Row = Record<string, unknown>;

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  if (browser) {
    await restoreDemoProject(browser, 'staff');
    await restoreDemoProject(browser, 'manager');
  }
  await browser?.close();
});

describe('磅单更正申请 from a weighing, through its approval', () => {
  it('corrects a locked weighing by an approval, keeps the original weights and prints the 磅单', async () => {
    const staff = await logIn(browser, 'staff', WIDTHS[0]);
    const manager = await logIn(browser, 'manager', WIDTHS[1]);
    try {
      const { page } = staff;
      await chooseProject(page, PROJECT);
      await chooseProject(manager.page, PROJECT);
      // A delivery the weighbridge recorded, among those the form's list offers, not corrected before.
      const offered = await callApi<{ dataList: Row[] }>(
        page,
        'GET',
        '/api/data/weighbridge-record?projectId=project-highway&source=device&state=complete&direction=in&pageSize=100',
      );
      const weighing = offered.data!.dataList.filter((row) => row.corrected !== true)[12];
      expect(weighing).toBeDefined();
      const id = String(weighing.id);
      const tare = Number(weighing.tareWeight);
      const corrected = Math.round((tare - 0.2) * 100) / 100;

      await page.goto(`/app/weighbridge/records/${id}`);
      const detail = page.getByTestId('detail-weighbridge-record-detail');
      await detail.waitFor();
      await detail.getByRole('button', { name: '申请更正', exact: true }).click();
      await page.waitForURL(/\/app\/process\/category\?process=weighing-correction&weighingId=/);
      const form = page.getByTestId('process-start-form');
      const field = (name: string) => form.locator(`#process-form-weighing-correction_${name}`);
      await field('reason').waitFor();
      await poll(() =>
        form.locator('#process-form-weighing-correction_weighingId .arco-select-view-value').textContent(),
      ).toContain(String(weighing.plateNo));
      await field('grossWeight').fill(String(weighing.grossWeight));
      await field('tareWeight').fill(String(corrected));
      await field('reason').fill(`皮重过磅时驾驶员未下车，复磅空车皮重 ${corrected.toFixed(2)} t`);
      await screenshot(page, 'weighbridge-correction-start-1280');
      await form.getByRole('button', { name: '提交', exact: true }).click();
      await page.waitForURL(/\/app\/process\/started\/[0-9a-f-]{36}$/);
      const instanceId = page.url().split('/').at(-1)!;

      // Nothing changes while it waits.
      const waiting = await callApi<Row>(page, 'GET', `/api/data/weighbridge-record/${id}`);
      expect(waiting.data).toMatchObject({ tareWeight: tare, corrected: false });

      await manager.page.goto(`/app/process/todo/${instanceId}`);
      await manager.page.getByTestId('approval-process-instance').waitFor();
      await manager.page.getByTestId('approval-actions').getByRole('button', { name: '同意', exact: true }).click();
      const dialog = manager.page.getByTestId('approval-action-form');
      await dialog.waitFor();
      await screenshot(manager.page, 'weighbridge-correction-approve-1920');
      await dialog.getByRole('button', { name: '同意', exact: true }).click();
      await dialog.waitFor({ state: 'detached' });
      await poll(
        async () => (await callApi<Row>(page, 'GET', `/api/workflow/instances/${instanceId}`)).data?.status,
      ).toBe('approved');

      for (const viewport of WIDTHS) {
        await page.setViewportSize(viewport);
        await page.goto(`/app/weighbridge/records/${id}`);
        await detail.waitFor();
        const value = (title: string) =>
          detail.locator('.detail-fields > div', { has: page.locator('dt', { hasText: new RegExp(`^${title}$`) }) });
        await poll(() => value('皮重（t）').locator('dd').textContent()).toBe(String(corrected));
        await poll(() => value('原始皮重（t）').locator('dd').textContent()).toBe(String(tare));
        await poll(() => value('原始毛重（t）').locator('dd').textContent()).toBe(String(weighing.grossWeight));
        await poll(() => value('更正原因').locator('dd').textContent()).toContain('驾驶员未下车');
        const change = page.getByTestId('detail-timeline').locator('.arco-timeline-item', { hasText: '审批变更' });
        await change.getByText(/磅单更正申请已通过/).waitFor();
        await screenshot(page, `weighbridge-correction-detail-${viewport.width}`);
      }

      await detail.getByRole('button', { name: '打印磅单', exact: true }).click();
      await page.waitForURL(/\/app\/weighbridge\/ticket\?id=/);
      const ticket = page.getByTestId('weighbridge-ticket');
      await ticket.waitFor();
      await poll(() => ticket.innerText()).toContain(String(weighing.plateNo));
      const text = await ticket.innerText();
      for (const part of ['磅单号', '毛重', '皮重', '净重', '供货单位', '收货单位', '司磅员', '防作弊', '更正说明'])
        expect(text, part).toContain(part);
      expect(text).toContain(`原始皮重 ${tare.toFixed(2)} t`);
      await screenshot(page, 'weighbridge-ticket-1920');
      // Printed: the ticket alone, the portal around it hidden.
      await page.emulateMedia({ media: 'print' });
      expect(await page.getByTestId('header-project').evaluate((node) => getComputedStyle(node).visibility)).toBe(
        'hidden',
      );
      expect(await ticket.evaluate((node) => getComputedStyle(node).visibility)).toBe('visible');
      await screenshot(page, 'weighbridge-ticket-print');
      await page.emulateMedia({ media: 'screen' });
      await page.setViewportSize(WIDTHS[0]);
      await screenshot(page, 'weighbridge-ticket-1280');
    } finally {
      await staff.context.close();
      await manager.context.close();
    }
  });

  for (const viewport of WIDTHS)
    it(`shows the anti-cheating flags and the supplier reconciliation at ${viewport.width} wide`, async () => {
      const { context, page } = await logIn(browser, 'manager', viewport);
      try {
        await chooseProject(page, PROJECT);
        await page.goto('/app/weighbridge/records');
        const records = page.getByTestId('crud-weighbridge-records');
        await records.locator('tbody tr').first().waitFor();
        await page.locator('#search-weighbridge-record_cheatFlags').click();
        await page.locator('.arco-select-option', { hasText: '出场超载' }).click();
        await records.getByRole('button', { name: '查询', exact: true }).click();
        await poll(() => records.locator('tbody tr').count()).toBe(1);
        await poll(() => records.locator('tbody tr').first().innerText()).toContain('出场超载');
        await screenshot(page, `weighbridge-flags-${viewport.width}`);

        await page.goto('/app/weighbridge/reconciliation');
        const sheet = page.getByTestId('crud-weighbridge-reconciliation');
        await sheet.locator('tbody tr').first().waitFor();
        await page.locator('#search-weighbridge-reconciliation_period').waitFor();
        await poll(() => sheet.locator('tbody').innerText()).toContain('商品混凝土');
        await poll(() => sheet.locator('tbody').innerText()).toContain('m³');
        expect(await sheet.locator('tbody .cell-warn').count()).toBeGreaterThan(0);
        await sheet.getByTestId('crud-export').waitFor();
        await screenshot(page, `weighbridge-reconciliation-${viewport.width}`);
      } finally {
        await context.close();
      }
    });
});
