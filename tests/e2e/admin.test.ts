/**
 * Administration screens in Chromium against the real server: every page file renders with its rows; a user
 * without the permission sees no administration; a refused Excel import lists its bad rows. Create, search, edit
 * and delete through every screen (the dictionary's included): admin-screens.test.ts.
 */
import ExcelJS from 'exceljs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoUsers, launchBrowser, logInThroughForm, newPage, screenshot } from './browser';

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function adminPage(path: string): Promise<{ page: Page; close: () => Promise<void> }> {
  const { context, page } = await newPage(browser);
  await logInThroughForm(page, demoUsers.admin.username, demoUsers.admin.password);
  await page.goto(`/app/systemProject/${path}`);
  return { page, close: () => context.close() };
}

describe('every administration page renders from its schema file', () => {
  it.each([
    ['user', 'admin'],
    ['role', 'admin'],
    ['office', '中建智慧建设集团有限公司'],
    ['area', '新增'],
    ['menu', '工作台'],
    ['dictionary', 'C15'], // the first entry of the first type (concrete_grade) in the list's order
    ['log', '日志查询'],
    ['online', '系统管理员'], // the admin's own session
    ['job', '设备数据清理'], // the IoT module's daily job
    ['server', '运行中'], // the server the tests run against
    ['project', '滨江花园住宅工程'],
    ['logo', 'Logo管理'],
    ['baseConfig', '智慧工地管理平台'],
  ])('%s', async (path, text) => {
    const { page, close } = await adminPage(path);
    await page.locator('.crud-page').getByText(text, { exact: true }).first().waitFor();
    await screenshot(page, `admin-${path}`);
    await close();
  });
});

describe('permissions on screen', () => {
  it('site staff has no administration menu and is told so on an administration address', async () => {
    const { context, page } = await newPage(browser);
    await logInThroughForm(page, demoUsers.staff.username, demoUsers.staff.password);
    await page.goto('/app/work-bench');
    await page.getByTestId('side-entry').first().waitFor();
    expect(await page.getByTestId('side-entry').filter({ hasText: '系统管理' }).count()).toBe(0);
    await page.goto('/app/systemProject/user');
    await page.getByText('您没有访问该页面的权限').first().waitFor();
    await context.close();
  });
});

describe('user import', () => {
  it('a file with bad rows is refused whole, each bad row listed with its number', async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('用户');
    sheet.addRow(['登录名', '姓名', '初始密码', '所属机构', '手机号']);
    sheet.addRow(['e2e_ok', '正常用户', 'Passw0rd2026', 'ZJZH', '13600000001']);
    sheet.addRow(['', '缺登录名', 'Passw0rd2026', 'ZJZH', '13600000002']);
    const buffer = Buffer.from(await workbook.xlsx.writeBuffer());

    const { page, close } = await adminPage('user');
    await page.getByTestId('crud-user').getByText('admin', { exact: true }).waitFor();
    await page.getByTestId('crud-import-file').setInputFiles({
      name: 'users.xlsx',
      mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      buffer,
    });
    const errors = page.getByTestId('crud-import-errors');
    await errors.waitFor();
    expect(await errors.textContent()).toMatch(/第 \d+ 行/);
    await screenshot(page, 'admin-user-import-errors');
    await close();
  });
});

describe('roles and logos', () => {
  it('a role shows the menus it grants and assigns users, replacing the list', async () => {
    const { page, close } = await adminPage('role');
    const screen = page.getByTestId('crud-role');
    const row = screen.locator('tbody tr', { hasText: 'siteStaff' });
    await row.getByRole('button', { name: '编辑' }).click();
    const tree = page.locator('.sf-tree-check');
    await tree.waitFor();
    await expect.poll(() => tree.locator('.arco-tree-node-title', { hasText: '工作台' }).count()).toBeGreaterThan(0);
    expect(await tree.locator('.arco-checkbox-checked').count()).toBeGreaterThan(0);
    await screenshot(page, 'admin-role-menus');
    await page.keyboard.press('Escape');
    await page.locator('.sf-tree-check').waitFor({ state: 'detached' });

    await row.getByRole('button', { name: '分配用户' }).click();
    const select = page.locator('#role-assign_userIds');
    await select.waitFor();
    await expect
      .poll(() => page.getByTestId('crud-dialog-form').locator('.arco-tag').allTextContents())
      .toContain('李施工员');
    await screenshot(page, 'admin-role-assign');
    await page.getByTestId('crud-dialog-form').getByRole('button', { name: '保存' }).click();
    await page.getByText('分配成功').first().waitFor();
    await close();
  });

  it('a logo is chosen as an image file, previewed and saved', async () => {
    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
      'base64',
    );
    const { page, close } = await adminPage('logo');
    const screen = page.getByTestId('crud-logo');
    await screen.getByRole('button', { name: '新增' }).click();
    await page.locator('#admin-logo_name').fill('端到端Logo');
    await page
      .getByTestId('admin-logo_image-file')
      .setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: png });
    await page.locator('.sf-image-preview').waitFor();
    await page
      .getByTestId('crud-dialog-form')
      .getByRole('button', { name: /保存|提交|确定/ })
      .click();
    await page.getByText('保存成功').first().waitFor();
    await screen.getByText('端到端Logo').waitFor();
    expect(await screen.locator('tbody tr', { hasText: '端到端Logo' }).locator('img').count()).toBe(1);
    await close();
  });
});
