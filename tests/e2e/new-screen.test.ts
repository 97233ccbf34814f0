/**
 * The promise of the low-code design: in a temporary copy of the project, a configurator adds a screen (a page
 * file, its search form and a menu record, and nothing else); `schemas:check` accepts them, the build and the server
 * pick them up, and the screen works in the browser. (A module added as one folder: module-folder.test.ts.)
 */
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, logInThroughForm, screenshot, usableAfterNavigation } from './browser';
import { startServer, type RunningServer } from './global-setup';
import { checkAndBuild, copyPortal } from './portal-copy';

let copy: string;
let server: RunningServer | undefined;
let browser: Browser;

const nationPage = {
  kind: 'crud',
  id: 'nation',
  title: '民族字典',
  description: '只看民族字典的一个新页面：一个页面文件、一个查询表单、一条菜单记录。',
  permission: 'sys:dict:view',
  search: 'search-nation',
  list: {
    api: { method: 'GET', url: '/api/system/dictionary/list', resultPath: 'data' },
    params: { type: 'nation' },
    rows: 'dataList',
    total: 'total',
    pageSize: 8,
  },
  columns: [
    { field: 'value', title: '代码', width: 80 },
    { field: 'label', title: '民族' },
  ],
};

const nationSearch = {
  kind: 'form',
  id: 'search-nation',
  schema: {
    type: 'object',
    properties: {
      label: { type: 'string', title: '民族', maxLength: 20, errorMessage: { maxLength: '民族名称不能超过20个字符' } },
    },
  },
  uiSchema: { 'ui:options': { columns: 4 }, label: { 'ui:placeholder': '如 回族', 'ui:options': { enter: 'submit' } } },
  submitText: '查询',
};

beforeAll(async () => {
  copy = copyPortal('portal-copy-');
  writeFileSync(join(copy, 'schemas/pages/nation.json'), JSON.stringify(nationPage, null, 2));
  writeFileSync(join(copy, 'schemas/forms/search-nation.json'), JSON.stringify(nationSearch, null, 2));
  const menusFile = join(copy, 'schemas/seed/menus.json');
  const menus = JSON.parse(readFileSync(menusFile, 'utf8'));
  const system = menus.menus.find((menu: { id: string }) => menu.id === 'sys');
  system.children.push({
    id: 'sys-nation',
    name: '民族字典',
    sort: 999,
    href: '/systemProject/nation',
    target: 'system/nation',
    specialLogo: 'navigation',
    permission: 'sys:dict:view',
  });
  writeFileSync(menusFile, JSON.stringify(menus, null, 2));

  checkAndBuild(copy);
  server = await startServer({}, copy);
  browser = await launchBrowser();
}, 600_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  rmSync(copy, { recursive: true, force: true });
});

/** The copy's administrator, logged in through the form, on the workbench. */
async function adminOnWorkbench(): Promise<{ context: BrowserContext; page: Page }> {
  const context = usableAfterNavigation(
    await browser.newContext({
      locale: 'zh-CN',
      baseURL: server!.baseUrl,
      viewport: { width: 1440, height: 900 },
      acceptDownloads: true,
    }),
  );
  const page = await context.newPage();
  await logInThroughForm(page, 'admin', 'Admin@2026');
  await page.goto('/app/work-bench');
  return { context, page };
}

describe('a configurator adds a screen by schema files only', () => {
  it('the new screen is in the side menu, lists the rows and searches them', async () => {
    const { context, page } = await adminOnWorkbench();
    await page.getByTestId('side-entry').filter({ hasText: '系统管理' }).hover();
    await page.getByTestId('side-preview').getByText('民族字典').click();
    await page.waitForURL('**/app/systemProject/nation');
    const screen = page.getByTestId('crud-nation');
    await screen.getByText('汉族').waitFor();
    await page.locator('#search-nation_label').fill('回族');
    await page.locator('#search-nation_label').press('Enter');
    await expect.poll(() => screen.locator('tbody tr').count()).toBe(1);
    await screen.getByText('回族').waitFor();
    await screenshot(page, 'new-screen-nation');
    await context.close();
  });
});
