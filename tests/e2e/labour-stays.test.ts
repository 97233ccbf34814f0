/**
 * A worker's exit and re-entry (进场 / 退场 / 重新进场) as the labour manager does them: 退场 on the worker list with
 * the date and the reason, the row then 退场; 重新进场 on the worker's page; the page's 进退场记录 shows both steps
 * with what each set, at 1280 and 1920 wide.
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, screenshot } from './browser';
import { callApi, choose, logIn, poll, row, typeDate, WIDTHS } from './screen-helpers';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe("a worker's stays", () => {
  for (const [index, viewport] of WIDTHS.entries()) {
    it(`exits from the list and enters again from the detail page at ${viewport.width} wide`, async () => {
      const { context, page } = await logIn(browser, 'manager', viewport);
      try {
        await page.goto('/app/work-bench');
        const name = `退场测试${index}${Date.now() % 10000}`;
        // An ID number of the right check digit for a man born 1988-04-12 (order 51x: odd, male).
        const created = await callApi<{ id: string }>(page, 'POST', '/api/data/labour-worker', {
          projectId: 'project-binjiang',
          name,
          idCardNumber: idNumberOf(`51010219880412${511 + index * 2}`),
          team: '木工二班',
          trade: 'formwork',
          entryDate: '2026-10-08',
        });
        expect(created.msgCode, created.errMsg).toBe(0);

        await page.goto('/app/ldhw/workers');
        const list = page.getByTestId('crud-labour-workers');
        await page.locator('#search-labour-worker_name').fill(name);
        await page.getByRole('button', { name: '查询', exact: true }).click();
        await row(list, name).waitFor();
        await row(list, name).getByRole('button', { name: '退场', exact: true }).click();
        const dialog = page.locator('.arco-modal').filter({ hasText: '退场原因' });
        await dialog.waitFor();
        // Both are required: an empty confirmation says so and keeps the dialog.
        await dialog.getByRole('button', { name: '确认退场', exact: true }).click();
        await dialog.getByText('请选择退场日期').waitFor();
        await typeDate(page, 'labour-worker-exit_exitDate', '2026-11-20');
        await choose(page, 'labour-worker-exit_exitReason', '分项工程完工');
        await dialog.locator('#labour-worker-exit_remark').fill('模板工程完工，整组退场');
        await screenshot(page, `labour-exit-dialog-${viewport.width}`);
        await dialog.getByRole('button', { name: '确认退场', exact: true }).click();
        await dialog.waitFor({ state: 'detached' });
        await poll(() => row(list, name).innerText()).toContain('退场');
        // The row now offers re-entry, not exit.
        await row(list, name).getByRole('button', { name: '重新进场', exact: true }).waitFor();
        expect(await row(list, name).getByRole('button', { name: '退场', exact: true }).count()).toBe(0);
        await screenshot(page, `labour-exit-list-${viewport.width}`);

        await row(list, name).getByRole('button', { name: '详情', exact: true }).click();
        const detail = page.getByTestId('detail-labour-worker-detail');
        await detail.getByRole('button', { name: '重新进场', exact: true }).click();
        const back = page.locator('.arco-modal').filter({ hasText: '进场日期' });
        await back.waitFor();
        await typeDate(page, 'labour-worker-reenter_entryDate', '2026-11-26');
        await back.getByRole('button', { name: '确认进场', exact: true }).click();
        await back.waitFor({ state: 'detached' });
        const timeline = page.getByTestId('detail-timeline');
        const exit = timeline.locator('.arco-timeline-item', { hasText: '退场原因' });
        await poll(() => exit.innerText()).toContain('分项工程完工');
        expect(await exit.innerText()).toContain('2026-11-20');
        expect(await exit.innerText()).toContain('模板工程完工，整组退场');
        const reentry = timeline.locator('.arco-timeline-item', { hasText: '重新进场' });
        await poll(() => reentry.innerText()).toContain('2026-11-26');
        await detail.getByRole('button', { name: '退场', exact: true }).waitFor();
        await screenshot(page, `labour-stays-detail-${viewport.width}`);
      } finally {
        await context.close();
      }
    });
  }
});

/** The full ID number for its first 17 digits (GB 11643 MOD 11-2 check digit). */
function idNumberOf(first17: string): string {
  const weights = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
  const sum = [...first17].reduce((total, digit, index) => total + Number(digit) * weights[index]!, 0);
  return first17 + '10X98765432'[sum % 11]!;
}
