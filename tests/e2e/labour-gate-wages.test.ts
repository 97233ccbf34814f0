/**
 * What the labour manager checks of the gate and the wages, at 1280 and 1920 wide: 闸机拒绝记录 lists the demo
 * project's refusals (time, gate, worker, reason), filtered by kind; 工资台账 shows last month's 工资发放表 with 工日,
 * wages due and paid, and the wage account it was paid through; registering a worker over the age limit shows the
 * age rule's warning in the form.
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, screenshot } from './browser';
import { callApi, choose, logIn, poll, WIDTHS } from './screen-helpers';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('gate refusals and the wage ledger', () => {
  for (const viewport of WIDTHS) {
    it(`lists refusals by kind and shows the month's wage ledger at ${viewport.width} wide`, async () => {
      const { context, page } = await logIn(browser, 'manager', viewport);
      try {
        await page.goto('/app/ldhw/gate-refusals');
        const refusals = page.getByTestId('crud-labour-gate-refusals');
        const rows = refusals.locator('tbody tr');
        await poll(() => rows.count()).toBeGreaterThan(5);
        for (const header of ['时间', '闸机', '人员', '拒绝类别', '拒绝原因'])
          await refusals.locator('thead').getByText(header, { exact: true }).waitFor();
        expect(await refusals.locator('tbody').innerText()).toContain('未完成三级安全教育，禁止通行');
        await choose(page, 'search-labour-gate-refusal_code', '特种作业证过期');
        await page.getByRole('button', { name: '查询', exact: true }).click();
        await poll(async () => (await rows.allInnerTexts()).every((text) => text.includes('特种作业证过期'))).toBe(
          true,
        );
        expect(await rows.first().innerText()).toMatch(/特种作业证（.+）已于\d{4}-\d{2}-\d{2}过期，禁止通行/);
        await screenshot(page, `labour-gate-refusals-${viewport.width}`);
        expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(
          0,
        );

        await page.goto('/app/ldhw/wages');
        const ledger = page.getByTestId('crud-labour-wage-ledger');
        await poll(() => ledger.locator('tbody tr').count()).toBeGreaterThan(5);
        // 身份证号 and 银行卡号 show from 1440 and 1600 wide; the export always has them.
        const headers = [
          '月份',
          '姓名',
          '班组',
          '工种',
          '出勤天数（工日）',
          '应发工资（元）',
          '实发工资（元）',
          '发放日期',
        ];
        for (const header of viewport.width >= 1440 ? [...headers, '身份证号'] : headers)
          await ledger.locator('thead').getByText(header, { exact: true }).waitFor();
        const first = await ledger.locator('tbody tr').first().innerText();
        if (viewport.width >= 1440) expect(first).toMatch(/\d{17}[\dX]/);
        await page.getByRole('button', { name: '导出', exact: true }).waitFor();
        await screenshot(page, `labour-wage-ledger-${viewport.width}`);
        expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(
          0,
        );
        await page.getByRole('tab', { name: '工资专用账户' }).click();
        await page.getByTestId('crud-labour-wage-accounts').getByText('农民工工资专用账户', { exact: false }).first();
        await poll(() => page.getByTestId('crud-labour-wage-accounts').locator('tbody').innerText()).toContain('支行');

        // A worker's page: the certificates (one expiring within 30 days in red) and the contract.
        const expiring = await callApi<{ dataList: { worker: string }[] }>(
          page,
          'GET',
          `/api/data/labour-certificate?projectId=project-binjiang&expiryDateFrom=${today()}&pageSize=1&sort=expiryDate`,
        );
        await page.goto(`/app/ldhw/workers/${expiring.data!.dataList[0].worker}`);
        const detail = page.getByTestId('detail-labour-worker-detail');
        await poll(() => detail.innerText()).toContain('劳动合同');
        await screenshot(page, `labour-worker-certificates-${viewport.width}`);
        await poll(() => detail.innerText()).toMatch(/特种作业操作|职业技能等级证书/);
        await detail.locator('.cell-warn').first().waitFor();
        await screenshot(page, `labour-worker-certificates-${viewport.width}`);

        // Registering a man of 63: the form warns before saving.
        await page.goto('/app/ldhw/workers');
        await page.getByRole('button', { name: '新增', exact: true }).click();
        const dialog = page.locator('.arco-modal').filter({ hasText: '登记劳务人员' });
        await dialog.waitFor();
        await dialog.locator('#labour-worker_idCardNumber').fill(idNumberOf(first17(63)));
        await poll(() => dialog.locator('#labour-worker_ageWarning').inputValue()).toContain('超过男性60周岁的上限');
        await screenshot(page, `labour-worker-age-warning-${viewport.width}`);
      } finally {
        await context.close();
      }
    });
  }
});

/** Today in China ('yyyy-MM-dd'). */
function today(): string {
  return new Date(Date.now() + 8 * 3_600_000).toISOString().slice(0, 10);
}

/** The first 17 digits of a man's ID number who turns `age` this year (born 1 January). */
function first17(age: number): string {
  return `410522${new Date().getFullYear() - age}0101351`;
}

/** The full ID number for its first 17 digits (GB 11643 MOD 11-2 check digit). */
function idNumberOf(first: string): string {
  const weights = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
  const sum = [...first].reduce((total, digit, index) => total + Number(digit) * weights[index]!, 0);
  return first + '10X98765432'[sum % 11]!;
}
