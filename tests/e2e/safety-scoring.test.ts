/**
 * JGJ 59-2011 scoring and the printed 整改通知单 in Chromium, as a safety officer works, at 1280 and 1920 wide: an
 * inspection on the comprehensive 评分表, 安全管理 marked 全部合格 in one step, one 高处作业 item 不合格 with its
 * deduction, its own responsible person and deadline, the rest 全部合格; the 分项 scores and the 汇总表 (表 A) with the
 * grade; completion raising the hazard with that person and deadline. Then the demo's 重大 hazard waiting for the
 * project manager's signature, with its 停工 order, and its 整改通知单 and 整改回复单 as printed.
 */
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, screenshot } from './browser';
import { PNG_1PX, WIDTHS, choose, logIn, poll, row, typeDate } from './screen-helpers';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const radio = (scope: Locator, label: string) =>
  scope.locator('.arco-radio').filter({ hasText: new RegExp(`^${label}$`) });

/** Pages through a related list until a row shows `text`. */
async function rowOnSomePage(list: Locator, text: string): Promise<Locator> {
  for (let page = 0; page < 20; page += 1) {
    const found = row(list, text);
    if ((await found.count()) > 0) return found.first();
    await list.locator('.arco-pagination-item-next').click();
  }
  throw new Error(`no row ${text}`);
}

async function confirmDialog(page: Page, button: string): Promise<void> {
  const form = page.getByTestId('detail-list-form');
  await form.locator('form').waitFor();
  await form.getByRole('button', { name: button, exact: true }).click();
  await form.waitFor({ state: 'detached' });
}

describe('安全检查评分 (JGJ 59-2011)', () => {
  for (const viewport of WIDTHS) {
    it(`scores an inspection to its grade at ${viewport.width} wide`, async () => {
      const { context, page } = await logIn(browser, 'manager', viewport);
      await page.goto('/app/constructionSafety/inspection');
      const list = page.getByTestId('crud-safety-inspection-list');
      await list.locator('tbody tr').first().waitFor();
      // The demo's monthly checks show their score and grade.
      await poll(() => list.locator('tbody').innerText()).toMatch(/优良|合格|不合格/);
      await list.getByRole('button', { name: '新增', exact: true }).click();
      const createForm = page.getByTestId('crud-dialog-form');
      await createForm.locator('form').waitFor();
      const title = `11月安全生产月度检查（评分${viewport.width}）`;
      await page.locator('#safety-inspection_title').fill(title);
      await choose(page, 'safety-inspection_inspectionType', '月检');
      await choose(page, 'safety-inspection_templateId', 'JGJ 59-2011 安全检查评分表（综合）');
      await typeDate(page, 'safety-inspection_inspectionDate', '2026-11-25');
      await page.locator('#safety-inspection_area').fill('全场');
      await choose(page, 'safety-inspection_inspectorId', '张经理');
      await createForm.getByRole('button', { name: '开始检查', exact: true }).click();
      await createForm.waitFor({ state: 'detached' });
      await poll(() => row(list, title).count()).toBe(1);
      await row(list, title).getByRole('button', { name: '检查', exact: true }).click();
      await page.waitForURL(/\/app\/constructionSafety\/inspection\/[\w-]+$/);

      const tables = page.getByTestId('detail-related-分项检查评分表');
      await poll(() => row(tables, '安全管理').count()).toBe(1);
      // 全部合格 for one table.
      await row(tables, '安全管理').getByRole('button', { name: '本表全部合格', exact: true }).click();
      await confirmDialog(page, '全部合格');
      const checklist = page.getByTestId('detail-related-检查表');
      await poll(async () => (await rowOnSomePage(checklist, '安全生产责任制')).innerText()).toContain('合格');

      // One 高处作业 item 不合格: 6 of its 10 points off, its own responsible person and deadline.
      const edge = await rowOnSomePage(checklist, '临边防护');
      await edge.getByRole('button', { name: '判定', exact: true }).click();
      const judgeForm = page.getByTestId('detail-list-form');
      await judgeForm.locator('form').waitFor();
      await radio(judgeForm, '不合格').click();
      await page.locator('#safety-inspection-item-judge_deduction').fill('6');
      await choose(page, 'safety-inspection-item-judge_responsibleId', '李施工员');
      await typeDate(page, 'safety-inspection-item-judge_deadline', '2030-02-10');
      await judgeForm
        .getByTestId('safety-inspection-item-judge_photos-files')
        .setInputFiles({ name: 'edge.png', mimeType: 'image/png', buffer: PNG_1PX });
      await poll(() => judgeForm.locator('.sf-images-list img').count()).toBe(1);
      await page.locator('#safety-inspection-item-judge_remark').fill(`8层东侧临边栏杆缺失（浏览器${viewport.width}）`);
      await screenshot(page, `safety-scoring-judge-${viewport.width}`);
      await judgeForm.getByRole('button', { name: '保存', exact: true }).click();
      await judgeForm.waitFor({ state: 'detached' });
      await poll(async () => (await rowOnSomePage(checklist, '临边防护')).innerText()).toMatch(
        /10[\s\S]*不合格[\s\S]*6[\s\S]*4[\s\S]*李施工员[\s\S]*2030-02-10/,
      );

      // The score sheet follows the judged row at once (a row not yet judged loses nothing): 高处作业 94 of 100.
      await poll(() => row(tables, '高处作业').innerText()).toMatch(/高处作业[\s\S]*100[\s\S]*94[\s\S]*94/);
      // The rest 全部合格 in one step.
      await tables.getByRole('button', { name: '全部合格', exact: true }).click();
      await confirmDialog(page, '全部合格');
      await poll(() => row(tables, '高处作业').innerText()).toMatch(/高处作业[\s\S]*100[\s\S]*94[\s\S]*94/);
      const summary = page.getByTestId('detail-related-检查评分汇总表（JGJ 59-2011 表A）');
      await poll(() => row(summary, '高处作业').innerText()).toMatch(/10[\s\S]*94[\s\S]*9\.4/);
      expect(await summary.locator('tbody tr').count()).toBe(7);
      // (10 + 15 + 10 + 10 + 10 + 9.4 + 10) / 75 × 100 = 99.2: 优良.
      await poll(() => page.locator('.detail-fields').first().innerText()).toMatch(
        /汇总得分\s*99\.2[\s\S]*评定等级\s*优良/,
      );
      await summary.scrollIntoViewIfNeeded();
      await screenshot(page, `safety-scoring-summary-${viewport.width}`);

      // Completion: the 不合格 item becomes a hazard with its own person and deadline.
      await page.locator('.detail-steps').getByRole('button', { name: '完成检查', exact: true }).click();
      const completeForm = page.locator('form').filter({ has: page.locator('#safety-inspection-complete_summary') });
      await page.locator('#safety-inspection-complete_summary').fill('临边防护局部缺失，已限期整改');
      await completeForm.getByRole('button', { name: '完成检查', exact: true }).click();
      await poll(() => page.locator('.detail-header').innerText()).toContain('已完成');
      const raised = page.getByTestId('detail-related-登记的隐患');
      await poll(() => raised.locator('tbody').innerText()).toMatch(/临边栏杆缺失[\s\S]*李施工员[\s\S]*2030-02-10/);
      await context.close();
    });
  }
});

describe('重大事故隐患 and the printed 整改通知单', () => {
  for (const viewport of WIDTHS) {
    it(`shows a 重大 hazard awaiting sign-off with its 停工 order, and prints its notice at ${viewport.width} wide`, async () => {
      const { context, page } = await logIn(browser, 'manager', viewport);
      await page.goto('/app/constructionSafety/hazard');
      const hazards = page.getByTestId('crud-safety-hazard-list');
      await hazards.locator('tbody tr').first().waitFor();
      await choose(page, 'search-safety-hazard_status', '方案待签认');
      await page.getByTestId('crud-search').getByRole('button', { name: '查询', exact: true }).click();
      await poll(() => hazards.locator('tbody tr').count()).toBe(1);
      expect(await hazards.locator('tbody tr').innerText()).toContain('重大事故隐患');
      await hazards.locator('tbody tr').getByRole('button', { name: '处理', exact: true }).click();
      await page.waitForURL(/\/app\/constructionSafety\/hazard\/[\w-]+$/);
      const fields = page.locator('.detail-fields').first();
      await poll(() => fields.innerText()).toMatch(/停工令\s*已责令停工：/);
      expect(
        await page.locator('.detail-steps').getByRole('button', { name: '签认整改方案', exact: true }).count(),
      ).toBe(1);
      await screenshot(page, `safety-major-hazard-${viewport.width}`);

      await page.locator('.detail-steps').getByRole('button', { name: '打印整改通知单', exact: true }).click();
      await page.waitForURL(/\/app\/constructionSafety\/hazardNotice\?id=/);
      const notice = page.getByTestId('safety-hazard-notice');
      await poll(() => notice.innerText()).toContain('安全隐患整改通知单');
      expect(await notice.innerText()).toMatch(/安全隐患整改回复单/);
      expect(await notice.innerText()).toMatch(/隐患等级\s*重大事故隐患/);
      expect(await notice.locator('.safety-notice-stop').innerText()).toMatch(/^责令停工：/);
      expect(await notice.locator('.safety-notice-photos img').count()).toBeGreaterThanOrEqual(1);
      await screenshot(page, `safety-notice-screen-${viewport.width}`);
      // As printed: the forms alone, the portal and the buttons hidden.
      await page.emulateMedia({ media: 'print' });
      expect(await notice.locator('.safety-notice-toolbar').isVisible()).toBe(false);
      expect(await page.locator('.custom-page-title').isVisible()).toBe(false);
      await screenshot(page, `safety-notice-print-${viewport.width}`);
      await context.close();
    });
  }

  it('prints the reply with the photos after rectification of a closed hazard', async () => {
    const { context, page } = await logIn(browser, 'manager', WIDTHS[0]);
    await page.goto('/app/constructionSafety/hazard');
    const hazards = page.getByTestId('crud-safety-hazard-list');
    await hazards.locator('tbody tr').first().waitFor();
    await choose(page, 'search-safety-hazard_status', '已闭合');
    await page.getByTestId('crud-search').getByRole('button', { name: '查询', exact: true }).click();
    await poll(() => hazards.locator('tbody tr').first().innerText()).toContain('已闭合');
    await hazards.locator('tbody tr').first().getByRole('button', { name: '处理', exact: true }).click();
    await page.waitForURL(/\/app\/constructionSafety\/hazard\/[\w-]+$/);
    await page.locator('.detail-steps').getByRole('button', { name: '打印整改通知单', exact: true }).click();
    const notice = page.getByTestId('safety-hazard-notice');
    await poll(() => notice.locator('.safety-notice-photos').count()).toBe(2);
    expect(await notice.locator('.safety-notice-photos').nth(1).locator('img').count()).toBeGreaterThanOrEqual(1);
    expect(await notice.innerText()).toMatch(/复查意见\s*复查合格/);
    await page.emulateMedia({ media: 'print' });
    await screenshot(page, 'safety-notice-reply-print');
    await context.close();
  });
});
