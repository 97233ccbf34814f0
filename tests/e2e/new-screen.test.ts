/**
 * The promise of the low-code design: in a temporary copy of the project, a configurator
 * - adds a screen: a page file, its search form and a menu record, and nothing else;
 * - adds a module: a folder with a collection, its page and a menu record, and nothing else (the server makes
 *   its table and API, the browser its screen).
 * `schemas:check` accepts them, the build and the server pick them up, and both work in the browser.
 */
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, logInThroughForm, screenshot, usableAfterNavigation } from './browser';
import { startServer, type RunningServer } from './global-setup';

const root = join(import.meta.dirname, '../..');
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

/** A new module, 物资管理: one collection of material deliveries, its list page and its menu record. */
const materialModule = {
  kind: 'module',
  id: 'material',
  title: '物资管理',
  menus: [
    {
      parent: 'ldf',
      items: [
        {
          id: 'ldf-material',
          name: '材料进场',
          href: '/ldf/material',
          target: 'page/material-deliveries',
          permission: 'material:delivery:view',
          specialLogo: 'navigation',
          children: [
            {
              id: 'ldf-material-edit',
              name: '材料进场登记',
              permission: 'material:delivery:edit',
              specialLogo: 'permission',
              isShow: '0',
            },
          ],
        },
      ],
    },
  ],
};

const deliveryCollection = {
  kind: 'collection',
  id: 'material-delivery',
  title: '材料进场',
  permissions: { view: 'material:delivery:view', edit: 'material:delivery:edit' },
  schema: {
    type: 'object',
    required: ['material', 'quantity'],
    properties: {
      material: { type: 'string', title: '材料名称', maxLength: 30, errorMessage: { required: '请输入材料名称' } },
      quantity: {
        type: 'number',
        title: '数量（吨）',
        exclusiveMinimum: 0,
        errorMessage: { required: '请输入数量', exclusiveMinimum: '数量必须大于0' },
      },
      supplier: { type: 'string', title: '供应商', maxLength: 50 },
    },
  },
  submitText: '保存',
  filters: { material: 'like' },
};

const deliveriesPage = {
  kind: 'crud',
  id: 'material-deliveries',
  title: '材料进场',
  permission: 'material:delivery:view',
  list: {
    api: { method: 'GET', url: '/api/data/material-delivery', resultPath: 'data' },
    params: { projectId: '{{project.projectId}}' },
    rows: 'dataList',
    total: 'total',
    pageSize: 10,
  },
  columns: [
    { field: 'material', title: '材料名称' },
    { field: 'quantity', title: '数量（吨）', width: 120 },
    { field: 'supplier', title: '供应商' },
    { field: 'createdByName', title: '登记人', width: 120 },
  ],
  export: { fileName: '材料进场' },
  create: {
    title: '登记进场材料',
    form: 'material-delivery',
    api: { method: 'POST', url: '/api/data/material-delivery' },
    fromRow: { projectId: '{{project.projectId}}' },
    permission: 'material:delivery:edit',
  },
  delete: {
    api: { method: 'DELETE', url: '/api/data/material-delivery/{id}' },
    confirm: '确定删除这条进场记录吗？',
    permission: 'material:delivery:edit',
  },
};

/** Runs a command in the copy; a failure carries what the command printed. */
function run(command: string, args: string[]): void {
  try {
    execFileSync(command, args, { cwd: copy, stdio: 'pipe', encoding: 'utf8' });
  } catch (error) {
    const failed = error as { stdout?: string; stderr?: string };
    throw new Error(`${command} ${args.join(' ')} failed:\n${failed.stdout ?? ''}${failed.stderr ?? ''}`);
  }
}

beforeAll(async () => {
  copy = mkdtempSync(join(tmpdir(), 'portal-copy-'));
  for (const entry of [
    'src',
    'schemas',
    'modules',
    'public',
    'scripts',
    'index.html',
    'package.json',
    'tsconfig.json',
    'vite.config.ts',
  ]) {
    if (existsSync(join(root, entry))) cpSync(join(root, entry), join(copy, entry), { recursive: true });
  }
  symlinkSync(join(root, 'node_modules'), join(copy, 'node_modules'), 'dir');

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

  const moduleDir = join(copy, 'modules/material');
  for (const folder of ['collections', 'pages']) mkdirSync(join(moduleDir, folder), { recursive: true });
  writeFileSync(join(moduleDir, 'module.json'), JSON.stringify(materialModule, null, 2));
  writeFileSync(join(moduleDir, 'collections/material-delivery.json'), JSON.stringify(deliveryCollection, null, 2));
  writeFileSync(join(moduleDir, 'pages/material-deliveries.json'), JSON.stringify(deliveriesPage, null, 2));

  run('npx', ['tsx', 'scripts/schemas-check.ts']);
  run('npx', ['vite', 'build', '--logLevel', 'error']);
  server = await startServer({}, copy);
  browser = await launchBrowser();
}, 240_000);

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

describe('a configurator adds a module by schema files only', () => {
  it('creates, lists, exports and deletes records of the new collection through its screen', async () => {
    const { context, page } = await adminOnWorkbench();
    await page.getByTestId('side-entry').filter({ hasText: '数据填报' }).hover();
    await page.getByTestId('side-preview').getByText('材料进场').click();
    await page.waitForURL('**/app/ldf/material');
    const screen = page.getByTestId('crud-material-deliveries');
    await screen.getByText('暂无数据').waitFor();

    const form = page.getByTestId('crud-dialog-form');
    await screen.getByRole('button', { name: '新增', exact: true }).click();
    await form.getByRole('button', { name: '保存', exact: true }).click();
    await expect.poll(() => page.locator('#material-delivery_material__error').textContent()).toBe('请输入材料名称');
    await page.locator('#material-delivery_material').fill('HRB400 螺纹钢');
    await page.locator('#material-delivery_quantity').fill('0');
    await form.getByRole('button', { name: '保存', exact: true }).click();
    await expect.poll(() => page.locator('#material-delivery_quantity__error').textContent()).toBe('数量必须大于0');
    await page.locator('#material-delivery_quantity').fill('32.5');
    await page.locator('#material-delivery_supplier').fill('沙钢集团');
    await form.getByRole('button', { name: '保存', exact: true }).click();
    await form.waitFor({ state: 'detached' });
    const created = screen.locator('tbody tr').filter({ hasText: 'HRB400 螺纹钢' });
    await expect.poll(() => created.count()).toBe(1);
    expect(await created.innerText()).toMatch(/HRB400 螺纹钢\s+32\.5\s+沙钢集团\s+系统管理员/);

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      screen.getByRole('button', { name: '导出', exact: true }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^材料进场-\d{8}\.xlsx$/);

    await created.getByRole('button', { name: '删除', exact: true }).click();
    const confirm = page.locator('.arco-popconfirm').filter({ hasText: '确定删除这条进场记录吗？' });
    await confirm.getByRole('button', { name: '删除', exact: true }).click();
    await expect.poll(() => created.count()).toBe(0);
    await screenshot(page, 'new-module-material');
    await context.close();
  });
});
