/**
 * 劳务管理 / 年龄规则 at 1280 and 1920 wide: the company manager sees their company's rule (the defaults), changes a
 * limit in the form, sees 保存成功 and the new limit kept after a reload, and puts the defaults back with 恢复默认
 * (so the other browser tests find the default rule).
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, screenshot } from './browser';
import { logIn, poll, WIDTHS } from './screen-helpers';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('年龄规则', () => {
  for (const viewport of WIDTHS) {
    it(`changes a company's limit and keeps it after a reload at ${viewport.width} wide`, async () => {
      const { context, page } = await logIn(browser, 'manager', viewport);
      try {
        await page.goto('/app/ldhw/age-rule');
        const screen = page.getByTestId('crud-labour-age-rule');
        const rows = screen.locator('tbody tr');
        await poll(() => rows.count()).toBe(1);
        await poll(() => rows.first().innerText()).toContain('系统默认');
        for (const header of ['公司', '最低年龄', '男性上限', '女性上限', '特种男性上限', '规则来源'])
          await screen.locator('thead').getByText(header, { exact: true }).waitFor();

        await rows.first().getByRole('button', { name: '编辑', exact: true }).click();
        const form = page.getByTestId('crud-dialog-form');
        await form.locator('form').waitFor();
        const maleMax = form.locator('#labour-age-rule_maleMax');
        await poll(() => maleMax.inputValue()).toBe('60');
        // A limit under the lower one is refused in Chinese before anything is sent.
        await maleMax.fill('16');
        await form.getByRole('button', { name: '保存', exact: true }).click();
        await form.getByText('男性最高年龄不能小于最低年龄').waitFor();
        await screenshot(page, `labour-age-rule-form-${viewport.width}`);
        await maleMax.fill('62');
        await form.getByRole('button', { name: '保存', exact: true }).click();
        await page.locator('.arco-message').filter({ hasText: '保存成功' }).waitFor();
        await form.waitFor({ state: 'detached' });
        await poll(() => rows.first().innerText()).toContain('本公司设置');

        await page.reload();
        await poll(() => rows.first().innerText()).toContain('本公司设置');
        expect(await rows.first().innerText()).toMatch(/\b62\b/);
        await screenshot(page, `labour-age-rule-${viewport.width}`);
        expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(
          0,
        );
        await rows.first().getByRole('button', { name: '编辑', exact: true }).click();
        await poll(() => page.getByTestId('crud-dialog-form').locator('#labour-age-rule_maleMax').inputValue()).toBe(
          '62',
        );
        await page.keyboard.press('Escape');
        await page.getByTestId('crud-dialog-form').waitFor({ state: 'detached' });

        await rows.first().getByRole('button', { name: '恢复默认', exact: true }).click();
        const confirm = page
          .locator('.arco-popconfirm, .arco-modal')
          .filter({ hasText: '确定恢复为系统默认的年龄规则吗' });
        await confirm.getByRole('button', { name: '确定', exact: true }).click();
        await page.locator('.arco-message').filter({ hasText: '已恢复默认年龄规则' }).waitFor();
        await poll(() => rows.first().innerText()).toContain('系统默认');
      } finally {
        await context.close();
      }
    });
  }
});
