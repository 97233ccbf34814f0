/**
 * 数据填报 in Chromium against the real server, at 1280 and 1920 wide: an administrator builds a form in the designer
 * (a rule without its message refused by the server in Chinese, then saved), and sends it as a task to one user; the
 * filler opens his signed link in a fresh browser without a login, saves a draft, has a wrong value refused under its
 * field, submits; the reviewer returns it with a comment; the filler, now logged in, sees the comment and his values
 * in 数据填报, corrects and resubmits; the reviewer accepts; the results export as .xlsx. No screen says
 * 该功能暂未开放.
 */
import { copyFileSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SCREENSHOT_DIR, launchBrowser, newPage, screenshot } from './browser';
import { WIDTHS, choose, logIn, poll, row } from './screen-helpers';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** The screenshot, also where the people reviewing the screens look (.tmp/shots/datafill2). */
async function shot(page: Page, name: string): Promise<void> {
  await screenshot(page, name);
  const shots = join(import.meta.dirname, '../../.tmp/shots/datafill2');
  mkdirSync(shots, { recursive: true });
  copyFileSync(join(SCREENSHOT_DIR, `${name}.png`), join(shots, `${name}.png`));
}

const unavailable = (page: Page) => page.getByText('该功能暂未开放').count();

/** Adds a field from the palette and names it (the new field is the one being edited). */
async function addField(page: Page, kind: string, label: string): Promise<void> {
  const designer = page.getByTestId('ldf-designer');
  const before = await designer.locator('.ldf-field-list li').count();
  await designer.getByRole('button', { name: kind, exact: true }).click();
  await poll(() => designer.locator('.ldf-field-list li').count()).toBe(before + 1);
  await page.locator('#ldf-prop-label').fill(label);
}

/** Confirms the pop-up confirmation that is showing by its button. */
async function confirmPopup(page: Page, button: string): Promise<void> {
  await page.locator('.arco-popconfirm').getByRole('button', { name: button, exact: true }).click();
}

const fillStatus = (page: Page) => page.getByTestId('ldf-fill-status').textContent();
const statusOf = (table: Locator, filler: string) => row(table, filler).locator('.arco-tag').first().textContent();

/** From the task list, the task's results (reading them again). */
async function openTask(page: Page, title: string): Promise<Locator> {
  const detail = page.getByTestId('ldf-task-detail');
  if (await detail.count()) await detail.getByRole('button', { name: '返回任务列表' }).click();
  await page.getByTestId('ldf-tasks').getByRole('button', { name: title, exact: true }).click();
  await detail.locator('tbody tr').first().waitFor();
  return detail;
}

describe('数据填报', () => {
  it('designs a form, sends a task, and takes a fill through link, draft, return, resubmission and acceptance', async () => {
    const admin = await logIn(browser, 'admin', WIDTHS[0]);
    const page = admin.page;
    await page.goto('/app/ldf/task');
    await page.getByTestId('ldf-tasks').waitFor();
    expect(await page.getByTestId('menu-trail').textContent()).toBe('数据填报 / 填报任务');
    expect(await unavailable(page)).toBe(0);

    // The designer: four fields, one with a format rule whose message is left empty.
    await page.getByRole('button', { name: '设计表单', exact: true }).click();
    await page.locator('#ldf-form-title').fill('隐患整改周报-e2e');
    await addField(page, '单行文本', '部位编号');
    await page.locator('#ldf-prop-required').click();
    await page.locator('#ldf-prop-pattern').fill('^[A-Z]\\d{2}$');
    await page.locator('#ldf-prop-pattern-message').fill('');
    await addField(page, '数字', '整改数量');
    await page.locator('#ldf-prop-required').click();
    await page.locator('#ldf-prop-minimum').fill('0');
    await page.locator('#ldf-prop-minimum').blur();
    await addField(page, '下拉选择', '整改结论');
    await page.locator('.ldf-prop-options input').fill('已闭合');
    await page.locator('.ldf-prop-options input').press('Enter');
    await addField(page, '是/否', '需要复查');
    const preview = page.getByTestId('ldf-preview');
    for (const label of ['部位编号', '整改数量', '整改结论', '需要复查'])
      await preview.getByText(label).first().waitFor();

    await page.getByRole('button', { name: '保存表单', exact: true }).click();
    await poll(() => page.getByTestId('ldf-designer-faults').textContent()).toContain(
      '请为字段“部位编号”的格式规则填写提示',
    );
    await page
      .getByTestId('ldf-designer')
      .getByRole('button', { name: /部位编号/ })
      .click();
    await page.locator('#ldf-prop-pattern-message').fill('部位编号应为一个大写字母加两位数字');
    await shot(page, 'datafill-designer-1280');
    await page.getByRole('button', { name: '保存表单', exact: true }).click();

    // Back on the list, the new task's dialog with the form chosen.
    const dialog = page.getByTestId('ldf-create-task');
    await dialog.waitFor();
    await poll(() => dialog.locator('#ldf-task-form .arco-select-view-value').textContent()).toBe('隐患整改周报-e2e');
    await page.locator('#ldf-task-title').fill('隐患整改周报-e2e');
    await page.locator('#ldf-task-targets').click();
    await page.keyboard.type('李施工员');
    await page.getByRole('option').filter({ hasText: '李施工员' }).first().click();
    await page.keyboard.press('Escape');
    const due = page.locator('.ldf-task-due input');
    await due.click();
    await due.fill('2030-12-31');
    await due.press('Enter');
    await page.getByRole('button', { name: '下发任务', exact: true }).click();

    // The task's results: one row, 待填报, and the filler's link.
    const detail = page.getByTestId('ldf-task-detail');
    await detail.locator('tbody tr').first().waitFor();
    expect(await statusOf(detail, '李施工员')).toBe('待填报');
    await row(detail, '李施工员').getByRole('button', { name: '链接' }).click();
    const link = await page.getByTestId('ldf-fill-link').inputValue();
    expect(link).toMatch(/\/app\/ldf\/fill_data#\/link\/[0-9a-f-]{36}\./);
    await page.locator('.arco-modal-close-icon').click();

    // The filler, without a login: a draft, a wrong value refused under its field, then submitted.
    const stranger = await newPage(browser, WIDTHS[0]);
    const fill = stranger.page;
    await fill.goto(link);
    await fill.getByTestId('ldf-fill').waitFor();
    expect(fill.url()).toContain('/ldf/fill_data#/link/');
    expect(await unavailable(fill)).toBe(0);
    expect(await fillStatus(fill)).toBe('待填报');
    await fill.locator('#ldf-fill_field1').fill('b12');
    await fill.locator('#ldf-fill_field2').fill('3');
    await fill.getByRole('button', { name: '暂存', exact: true }).click();
    await poll(() => fillStatus(fill)).toBe('已暂存');
    await fill.getByRole('button', { name: '提交', exact: true }).click();
    await confirmPopup(fill, '提交');
    await poll(() => fill.locator('#ldf-fill_field1__error').textContent()).toBe('部位编号应为一个大写字母加两位数字');
    await shot(fill, 'datafill-fill-link-1280');
    await fill.locator('#ldf-fill_field1').fill('B12');
    await choose(fill, 'ldf-fill_field3', '已闭合');
    await fill.getByRole('button', { name: '提交', exact: true }).click();
    await confirmPopup(fill, '提交');
    await poll(() => fillStatus(fill)).toBe('待审核');
    expect(await fill.getByRole('button', { name: '暂存', exact: true }).count()).toBe(0);
    await stranger.context.close();

    // The reviewer returns it with a comment.
    let results = await openTask(page, '隐患整改周报-e2e');
    expect(await statusOf(results, '李施工员')).toBe('待审核');
    expect(await row(results, '李施工员').getByText('B12', { exact: true }).count()).toBe(1);
    await row(results, '李施工员').getByRole('button', { name: '退回' }).click();
    await page.locator('#ldf-return-comment').fill('整改数量与现场不符，请核实');
    await page.locator('.arco-modal-footer').getByRole('button', { name: '退回', exact: true }).click();
    await poll(() => statusOf(results, '李施工员')).toBe('已退回');

    // The filler, logged in: the comment in his list and on his fill, his values kept; corrected and resubmitted.
    const staff = await logIn(browser, 'staff', WIDTHS[0]);
    const mine = staff.page;
    await mine.goto('/app/ldf/fill_data');
    const list = mine.getByTestId('ldf-mine');
    await list.waitFor();
    expect(await unavailable(mine)).toBe(0);
    const returned = row(list, '隐患整改周报-e2e');
    await poll(() => returned.locator('.arco-tag').first().textContent()).toBe('已退回');
    expect(await returned.getByText('整改数量与现场不符，请核实').count()).toBe(1);
    await returned.getByRole('button', { name: '填报', exact: true }).click();
    await mine.getByTestId('ldf-fill').waitFor();
    expect(await mine.getByTestId('ldf-return-comment').textContent()).toBe('退回意见：整改数量与现场不符，请核实');
    expect(await mine.locator('#ldf-fill_field1').inputValue()).toBe('B12');
    expect(await mine.locator('#ldf-fill_field2').inputValue()).toBe('3');
    await poll(() => mine.locator('#ldf-fill_field3 .arco-select-view-value').textContent()).toBe('已闭合');
    await mine.locator('#ldf-fill_field2').fill('5');
    await shot(mine, 'datafill-fill-returned-1280');
    await mine.getByRole('button', { name: '提交', exact: true }).click();
    await confirmPopup(mine, '提交');
    await poll(() => fillStatus(mine)).toBe('待审核');
    await mine.getByRole('button', { name: '返回我的填报' }).click();
    await poll(() => returned.locator('.arco-tag').first().textContent()).toBe('待审核');
    await staff.context.close();

    // The reviewer accepts; the results export as an Excel workbook.
    results = await openTask(page, '隐患整改周报-e2e');
    await row(results, '李施工员').getByRole('button', { name: '通过' }).click();
    await confirmPopup(page, '通过');
    await poll(() => statusOf(results, '李施工员')).toBe('已通过');
    expect(await row(results, '李施工员').getByText('5', { exact: true }).count()).toBe(1);
    await shot(page, 'datafill-task-detail-1280');
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: '导出 Excel' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('隐患整改周报-e2e-填报结果.xlsx');
    const workbook = readFileSync((await download.path()) as string);
    expect(workbook.subarray(0, 2).toString('latin1')).toBe('PK');
    await admin.context.close();
  });

  it('shows the demo tasks, a task from a template in the designer and a fill by link at 1920 wide', async () => {
    const { context, page } = await logIn(browser, 'admin', WIDTHS[1]);
    await page.goto('/app/ldf/task');
    const tasks = page.getByTestId('ldf-tasks');
    await tasks.getByRole('button', { name: '月度安全生产情况统计', exact: true }).waitFor();
    expect(await unavailable(page)).toBe(0);
    await shot(page, 'datafill-tasks-1920');

    const results = await openTask(page, '月度安全生产情况统计');
    await poll(() => results.locator('tbody tr').count()).toBeGreaterThan(1);
    await shot(page, 'datafill-task-detail-1920');
    await results.locator('tbody tr').first().getByRole('button', { name: '链接' }).click();
    const link = await page.getByTestId('ldf-fill-link').inputValue();
    await page.locator('.arco-modal-close-icon').click();

    // The designer started from a template, as 新建任务 offers it.
    await results.getByRole('button', { name: '返回任务列表' }).click();
    await tasks.getByRole('button', { name: '新建任务', exact: true }).click();
    await page.locator('#ldf-task-form').click();
    await page.getByRole('option', { name: '周进度填报（模板）', exact: true }).click();
    await page.getByRole('button', { name: '以此为底稿设计', exact: true }).click();
    const designer = page.getByTestId('ldf-designer');
    await poll(() => designer.locator('.ldf-field-list li').count()).toBe(5);
    await designer.getByRole('button', { name: /累计形象进度/ }).click();
    expect(await page.locator('#ldf-prop-maximum-message').inputValue()).toBe('累计形象进度不能超过100');
    await shot(page, 'datafill-designer-1920');
    await context.close();

    const stranger = await newPage(browser, WIDTHS[1]);
    await stranger.page.goto(link);
    await stranger.page.getByTestId('ldf-fill').waitFor();
    expect(await unavailable(stranger.page)).toBe(0);
    await shot(stranger.page, 'datafill-fill-link-1920');
    // An altered link is refused, in words.
    await stranger.page.goto(`${link.slice(0, -2)}xx`);
    await stranger.page.getByText('填报链接无效，请向管理员重新获取').waitFor();
    await stranger.context.close();
  });
});
