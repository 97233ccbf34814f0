/**
 * The first business modules in Chromium against the real server, as site people use them: the labour registry
 * (list, filters, registration with the collection file's messages, derived sex and birthday, edit, detail,
 * Excel export) and hazard handling (the manager registers a hazard with a photo, the responsible person
 * rectifies with photos, the reviewer closes it; the timeline shows each step), at 1280 and 1920 wide.
 * No screen of these modules says 该功能暂未开放.
 */
import { readFileSync } from 'node:fs';
import type { Browser, BrowserContext, Page } from 'playwright-core';
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

const dialogForm = (page: Page) => page.getByTestId('crud-dialog-form');

/** A valid mainland ID number (GB 11643 check character) of a man born 1988-04-16 in 河南省. */
function idNumber(order: string): string {
  const first17 = `41010219880416${order}`;
  const weights = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
  const sum = [...first17].reduce((total, digit, index) => total + Number(digit) * weights[index], 0);
  return `${first17}${'10X98765432'[sum % 11]}`;
}

describe('劳务人员', () => {
  for (const viewport of WIDTHS) {
    it(`lists, filters and registers workers at ${viewport.width} wide`, async () => {
      const { context, page } = await logIn(browser, 'staff', viewport);
      await page.goto('/app/ldhw/workers');
      const screen = page.getByTestId('crud-labour-workers');
      await screen.locator('tbody tr').first().waitFor();
      expect(await page.getByText('该功能暂未开放').count()).toBe(0);
      expect(await page.getByTestId('menu-trail').textContent()).toBe('劳务管理 / 劳务人员');
      const total = Number((await screen.locator('.arco-pagination-total-text').textContent())?.replace(/\D/g, ''));
      expect(total).toBeGreaterThanOrEqual(90);
      await screenshot(page, `modules-workers-${viewport.width}`);

      // Empty submit: the collection file's own messages under their fields.
      await screen.getByRole('button', { name: '新增', exact: true }).click();
      await dialogForm(page).locator('form').waitFor();
      await dialogForm(page).getByRole('button', { name: '保存', exact: true }).click();
      for (const [field, message] of Object.entries({
        name: '请输入姓名',
        idCardNumber: '请输入身份证号',
        team: '请选择班组',
        trade: '请选择工种',
        entryDate: '请选择进场日期',
      }))
        await poll(() => page.locator(`#labour-worker_${field}__error`).textContent()).toBe(message);

      const name = `周测试${viewport.width}`;
      await page.locator('#labour-worker_name').fill(name);
      await page.locator('#labour-worker_idCardNumber').fill(idNumber(viewport.width === 1280 ? '517' : '539'));
      // The team is one of the project's 班组 (班组管理).
      await choose(page, 'labour-worker_team', '钢筋一班', '钢筋一班');
      await choose(page, 'labour-worker_trade', '钢筋工');
      await typeDate(page, 'labour-worker_entryDate', '2026-11-02');
      await dialogForm(page).getByRole('button', { name: '保存', exact: true }).click();
      await dialogForm(page).waitFor({ state: 'detached' });

      await page.locator('#search-labour-worker_name').fill(name);
      await page.getByTestId('crud-search').getByRole('button', { name: '查询', exact: true }).click();
      const created = row(screen, name);
      await poll(() => created.count()).toBe(1);
      expect(await created.innerText()).toMatch(/男\s+38\s+河南省\s+钢筋一班\s+钢筋工/);
      await context.close();
    });
  }

  it('edits a worker, opens the detail page and exports the list to Excel', async () => {
    const { context, page } = await logIn(browser, 'manager');
    await page.goto('/app/ldhw/workers');
    const screen = page.getByTestId('crud-labour-workers');
    await screen.locator('tbody tr').first().waitFor();
    const first = screen.locator('tbody tr').first();
    const name = (await first.locator('td').first().innerText()).trim();
    await first.getByRole('button', { name: '编辑', exact: true }).click();
    await poll(() => page.locator('#labour-worker_name').inputValue()).toBe(name);
    await choose(page, 'labour-worker_team', '木工二班', '木工二班');
    await dialogForm(page).getByRole('button', { name: '保存', exact: true }).click();
    await dialogForm(page).waitFor({ state: 'detached' });
    await poll(() => screen.locator('tbody tr').first().innerText()).toContain('木工二班');

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      screen.getByRole('button', { name: '导出', exact: true }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^劳务人员-\d{8}\.xlsx$/);
    const bytes = readFileSync((await download.path()) as string);
    expect(bytes.subarray(0, 2).toString()).toBe('PK');

    await screen.locator('tbody tr').first().getByRole('button', { name: '详情', exact: true }).click();
    await page.waitForURL(/\/app\/ldhw\/workers\/worker-/);
    await page.getByText('基本信息').waitFor();
    await poll(() => page.getByTestId('menu-trail').textContent()).toBe('劳务管理 / 劳务人员 / 详情');
    await page.getByText('进退场记录').waitFor();
    await screenshot(page, 'modules-worker-detail');
    await context.close();
  });
});

describe('隐患排查', () => {
  let manager: BrowserContext;
  let staff: BrowserContext;
  afterAll(async () => {
    await manager?.close();
    await staff?.close();
  });

  it('moves a hazard 待整改 -> 待复查 -> 已闭合 with photos, each step by its own person', async () => {
    const asManager = await logIn(browser, 'manager', WIDTHS[1]);
    manager = asManager.context;
    const page = asManager.page;
    await page.goto('/app/constructionSafety/hazard');
    const list = page.getByTestId('crud-safety-hazard-list');
    await list.locator('tbody tr').first().waitFor();
    expect(await page.getByText('该功能暂未开放').count()).toBe(0);

    await list.getByRole('button', { name: '新增', exact: true }).click();
    await dialogForm(page).locator('form').waitFor();
    await dialogForm(page).getByRole('button', { name: '保存', exact: true }).click();
    await poll(() => page.locator('#safety-hazard_photos__error').textContent()).toBe('请上传隐患照片');
    const description = '塔吊标准节螺栓松动（浏览器测试）';
    await page.locator('#safety-hazard_description').fill(description);
    await choose(page, 'safety-hazard_category', '起重伤害');
    // 一般事故隐患: a 重大 one is rectified only after the project manager signs its plan (safety-hazard-levels).
    await page.locator('.arco-radio', { hasText: '一般事故隐患' }).click();
    await page.locator('#safety-hazard_location').fill('1号塔吊第12节');
    await choose(page, 'safety-hazard_responsibleId', '李施工员');
    await choose(page, 'safety-hazard_reviewerId', '张经理');
    await typeDate(page, 'safety-hazard_deadline', '2030-01-15');
    await page
      .getByTestId('safety-hazard_photos-files')
      .setInputFiles({ name: 'bolt.png', mimeType: 'image/png', buffer: PNG_1PX });
    await poll(() => page.locator('.sf-images-list img').count()).toBe(1);
    await dialogForm(page).getByRole('button', { name: '保存', exact: true }).click();
    await dialogForm(page).waitFor({ state: 'detached' });
    await poll(() => row(list, description).count()).toBe(1);
    expect(await row(list, description).innerText()).toContain('待整改');

    // The responsible person rectifies, with a photo of the work.
    const asStaff = await logIn(browser, 'staff', WIDTHS[0]);
    staff = asStaff.context;
    const staffPage = asStaff.page;
    await staffPage.goto('/app/constructionSafety/hazard');
    const staffList = staffPage.getByTestId('crud-safety-hazard-list');
    await staffList.locator('tbody tr').first().waitFor();
    await staffPage.locator('#search-safety-hazard_description').fill('螺栓松动');
    await staffPage.getByTestId('crud-search').getByRole('button', { name: '查询', exact: true }).click();
    await poll(() => row(staffList, description).count()).toBe(1);
    await row(staffList, description).getByRole('button', { name: '处理', exact: true }).click();
    await staffPage.waitForURL(/\/app\/constructionSafety\/hazard\/[\w-]+$/);
    await staffPage.getByRole('button', { name: '提交整改', exact: true }).click();
    const stepForm = staffPage
      .locator('form')
      .filter({ has: staffPage.locator('#safety-hazard-rectify_rectifyRemark') });
    await stepForm.getByRole('button', { name: '提交', exact: true }).click();
    await poll(() => staffPage.locator('#safety-hazard-rectify_rectifyRemark__error').textContent()).toBe(
      '请填写整改说明',
    );
    await staffPage.locator('#safety-hazard-rectify_rectifyRemark').fill('已全部复紧并加装防松螺母');
    await staffPage
      .getByTestId('safety-hazard-rectify_rectifyPhotos-files')
      .setInputFiles({ name: 'fixed.png', mimeType: 'image/png', buffer: PNG_1PX });
    await poll(() => stepForm.locator('.sf-images-list img').count()).toBe(1);
    await stepForm.getByRole('button', { name: '提交', exact: true }).click();
    await poll(() => staffPage.getByText('待复查').count()).toBeGreaterThan(0);
    await screenshot(staffPage, 'modules-hazard-rectified');

    // The reviewer closes it.
    await page.goto(staffPage.url().replace(/^https?:\/\/[^/]+/, ''));
    await page.getByRole('button', { name: '复查合格', exact: true }).click();
    await page.locator('#safety-hazard-recheck_recheckRemark').fill('复查合格，螺栓紧固到位');
    await page
      .locator('form')
      .filter({ has: page.locator('#safety-hazard-recheck_recheckRemark') })
      .getByRole('button', { name: '提交', exact: true })
      .click();
    await poll(() => page.getByText('已闭合').count()).toBeGreaterThan(0);
    for (const step of ['新建', '提交整改', '复查合格']) await page.getByText(step, { exact: true }).first().waitFor();
    await screenshot(page, 'modules-hazard-closed');
  });

  it('shows the statistics of the selected project as charts', async () => {
    const { context, page } = await logIn(browser, 'staff');
    await page.goto('/app/constructionSafety/hazard');
    await page.getByRole('tab', { name: '隐患统计' }).click();
    for (const title of ['按状态', '按等级', '按类别与状态', '每月新增隐患'])
      await page.getByText(title, { exact: true }).waitFor();
    for (const panel of ['by-status', 'by-level', 'by-category', 'by-month'])
      await page.getByTestId(`panel-${panel}`).getByTestId('echart').locator('svg').first().waitFor();
    await screenshot(page, 'modules-hazard-stats');
    await context.close();
  });
});
