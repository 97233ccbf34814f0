/**
 * Every administration screen driven in Chromium as a user would, against the real server on demo data: create
 * (first submitting the empty form and seeing the form file's Chinese required messages), find, edit and delete
 * through areas, offices, menus, roles, users, projects, logos, dictionaries and the base config; the audit log
 * searched with its filters; 在线用户 with a 强退 that sends the user's open page to the login page; 定时任务 with
 * 暂停/恢复/执行一次 and its job log; 服务监控 with this server's instance and the database; a company
 * manager's view of the screens. Each test makes and removes its own records
 * (names prefixed E2E), so none depends on another's order. Screenshots of every create dialog and every table
 * after an edit land in test-results/screenshots/admin-screens-*.png.
 */
import { readFile } from 'node:fs/promises';
import ExcelJS from 'exceljs';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, onTestFailed } from 'vitest';
import { demoUsers, launchBrowser, logInThroughForm, newPage, screenshot } from './browser';
import { callApi } from './screen-helpers';

/** Unique per run: records of one run never meet another's (or leftovers of a run that failed half-way). */
const RUN = Date.now().toString(36).slice(-5);
const PNG_1PX = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

let browser: Browser;
/** One admin session for the whole file (logging in through the form once); each test opens its own tab. */
let admin: BrowserContext;

beforeAll(async () => {
  browser = await launchBrowser();
  const { context, page } = await newPage(browser);
  await logInThroughForm(page, demoUsers.admin.username, demoUsers.admin.password);
  await page.close();
  admin = context;
});
afterAll(async () => {
  await admin?.close();
  await browser?.close();
});

interface Screen {
  page: Page;
  /** The page's root, `crud-<page id>`. */
  screen: Locator;
}

async function openScreen(path: string, pageId: string, context = admin): Promise<Screen> {
  const page = await context.newPage();
  onTestFailed(async ({ task }) => {
    if (!page.isClosed()) await screenshot(page, `admin-screens-failed-${path}-${task.id}`);
  });
  await page.goto(`/app/systemProject/${path}`);
  const screen = page.getByTestId(`crud-${pageId}`);
  await screen.locator('.arco-table').waitFor();
  return { page, screen };
}

/** expect.poll with room for a slow machine (its default gives up after one second). */
function poll<T>(read: () => T | Promise<T>) {
  return expect.poll(read, { timeout: 10_000 });
}

const dialogForm = (page: Page) => page.getByTestId('crud-dialog-form');

/** The table row that shows `text` as a whole cell. */
function row(screen: Locator, text: string): Locator {
  return screen.locator('tbody tr').filter({ has: screen.page().getByText(text, { exact: true }) });
}

async function clickNew(screen: Locator): Promise<void> {
  await screen.getByRole('button', { name: '新增', exact: true }).click();
  await dialogForm(screen.page()).locator('form').waitFor();
}

async function openEdit(screen: Locator, text: string): Promise<void> {
  await row(screen, text).getByRole('button', { name: '编辑', exact: true }).click();
  await dialogForm(screen.page()).locator('form').waitFor();
}

/**
 * Saves the open dialog; the dialog closes only when the server accepted it. When it stays open, the failure
 * names the field messages and toasts on screen (a refused save says why).
 */
async function saveDialog(page: Page): Promise<void> {
  await dialogForm(page).getByRole('button', { name: '保存', exact: true }).click();
  try {
    await dialogForm(page).waitFor({ state: 'detached', timeout: 10_000 });
  } catch (error) {
    const fieldErrors = await dialogForm(page).locator('.sf-error').allInnerTexts();
    const toasts = await page.locator('.arco-message').allInnerTexts();
    await screenshot(page, `admin-screens-save-failed-${Date.now()}`);
    throw new Error(
      `the dialog did not close: fields ${JSON.stringify(fieldErrors)}, toasts ${JSON.stringify(toasts)}`,
      {
        cause: error,
      },
    );
  }
}

/** Submits the dialog's empty form and expects each field's message from the form file, under the field. */
async function expectRequiredMessages(page: Page, formId: string, messages: Record<string, string>): Promise<void> {
  const save = dialogForm(page).getByRole('button', { name: '保存', exact: true });
  const [first] = Object.keys(messages);
  // On a starved machine a click can land before the new dialog's form handles it: click again, as a user would,
  // until the form answers with its first message.
  await poll(async () => {
    await save.click();
    return page.locator(`#${formId}_${first}__error`).count();
  }).toBeGreaterThan(0);
  for (const [field, message] of Object.entries(messages)) {
    await poll(() => page.locator(`#${formId}_${field}__error`).textContent()).toBe(message);
  }
}

/** Picks an option of a select widget (searchable Arco select), typing `search` first to narrow long lists. */
async function choose(page: Page, fieldId: string, option: string, search = option): Promise<void> {
  const select = page.locator(`#${fieldId}`);
  await select.click();
  await select.locator('input').fill(search);
  await page.getByRole('option', { name: option, exact: true }).click();
  await poll(() => select.locator('.arco-select-view-value').textContent()).toBe(option);
}

/** Chooses a radio of a form field by its label. */
async function pickRadio(page: Page, fieldId: string, label: string): Promise<void> {
  await page
    .locator('.sf-item:not(.rjsf-field-object)', { has: page.locator(`label[for="${fieldId}"]`) })
    .locator('.arco-radio', { hasText: label })
    .click();
}

/** Fills a dialog field once the dialog has loaded the record (its current value is `before`). */
async function replaceValue(page: Page, fieldId: string, before: string, after: string): Promise<void> {
  const input = page.locator(`#${fieldId}`);
  await poll(() => input.inputValue()).toBe(before);
  await input.fill(after);
}

/** Deletes a row through its confirmation and waits until the table no longer shows it. */
async function deleteRow(screen: Locator, text: string, confirm: string): Promise<void> {
  const page = screen.page();
  await row(screen, text).getByRole('button', { name: '删除', exact: true }).click();
  const popconfirm = page.locator('.arco-popconfirm').filter({ hasText: confirm });
  await popconfirm.waitFor();
  await popconfirm.getByRole('button', { name: '删除', exact: true }).click();
  await poll(() => row(screen, text).count()).toBe(0);
}

/** A tree table's row under the given ancestors, opening them as needed. */
async function treeRow(screen: Locator, ancestors: string[], text: string): Promise<Locator> {
  await poll(async () => {
    for (const ancestor of ancestors) {
      const closed = row(screen, ancestor).locator('.arco-table-cell-expand-icon button:has(.arco-icon-plus)');
      if ((await closed.count()) > 0) await closed.click();
    }
    return row(screen, text).count();
  }).toBe(1);
  return row(screen, text);
}

/** Runs the screen's search form with the given field values. */
async function search(page: Page, formId: string, values: Record<string, string>): Promise<void> {
  for (const [field, value] of Object.entries(values)) await page.locator(`#${formId}_${field}`).fill(value);
  await page.getByTestId('crud-search').getByRole('button', { name: '查询', exact: true }).click();
}

describe('tree screens: areas, offices, menus', () => {
  it('area: a child area is created (required messages first), found under its parent, edited and deleted', async () => {
    const { page, screen } = await openScreen('area', 'area');
    // A top-level area first: the parent select offers 无（顶级区域） before the existing areas.
    const parentName = `E2E省${RUN}`;
    await clickNew(screen);
    await choose(page, 'admin-area_parentId', '无（顶级区域）');
    await page.locator('#admin-area_name').fill(parentName);
    await choose(page, 'admin-area_type', '省份、直辖市', '省份');
    await saveDialog(page);
    await row(screen, parentName).waitFor();

    await clickNew(screen);
    await expectRequiredMessages(page, 'admin-area', {
      parentId: '请选择上级区域',
      name: '请输入区域名称',
      type: '请选择区域类型',
    });
    const name = `E2E市${RUN}`;
    await choose(page, 'admin-area_parentId', parentName);
    await page.locator('#admin-area_name').fill(name);
    await page.locator('#admin-area_code').fill('330100');
    await choose(page, 'admin-area_type', '地市');
    await page.locator('#admin-area_sort').fill('10');
    await screenshot(page, 'admin-screens-area-create');
    await saveDialog(page);

    const created = await treeRow(screen, [parentName], name);
    expect(await created.locator('td').allInnerTexts()).toEqual(expect.arrayContaining(['330100', '地市', '10']));

    await openEdit(screen, name);
    await replaceValue(page, 'admin-area_code', '330100', '330102');
    await saveDialog(page);
    await poll(() => row(screen, name).locator('td').allInnerTexts()).toContain('330102');
    await screenshot(page, 'admin-screens-area-edited');

    await deleteRow(screen, name, '确定删除该区域吗？删除后不可恢复。');
    await deleteRow(screen, parentName, '确定删除该区域吗？删除后不可恢复。');
    await page.close();
  });

  it('office: a department is created under a branch, found in the tree, edited and deleted', async () => {
    const { page, screen } = await openScreen('office', 'office');
    await row(screen, '中建智慧建设集团有限公司').waitFor();
    await clickNew(screen);
    await expectRequiredMessages(page, 'admin-office', {
      parentId: '请选择上级机构',
      name: '请输入机构名称',
      type: '请选择机构类型',
    });
    const name = `E2E机构${RUN}`;
    await choose(page, 'admin-office_parentId', '中建智慧建设集团有限公司 / 华南分公司', '华南分公司');
    await page.locator('#admin-office_name').fill(name);
    await pickRadio(page, 'admin-office_type', '部门');
    await choose(page, 'admin-office_grade', '三级');
    await page.locator('#admin-office_code').fill(`E2E-${RUN}`);
    await page.locator('#admin-office_zipCode').fill('518000');
    await page.locator('#admin-office_email').fill('e2e@zjzh.example.com');
    await page.locator('#admin-office_master').fill('端到端');
    await page.locator('#admin-office_phone').fill('0755-12345678');
    await screenshot(page, 'admin-screens-office-create');
    await saveDialog(page);

    const created = await treeRow(screen, ['中建智慧建设集团有限公司', '华南分公司'], name);
    expect(await created.locator('td').allInnerTexts()).toEqual(
      expect.arrayContaining(['部门', `E2E-${RUN}`, '端到端', '0755-12345678', '是']),
    );

    await openEdit(screen, name);
    await replaceValue(page, 'admin-office_master', '端到端', '改过的人');
    await saveDialog(page);
    await poll(() => row(screen, name).locator('td').allInnerTexts()).toContain('改过的人');
    await screenshot(page, 'admin-screens-office-edited');

    await deleteRow(screen, name, '确定删除该机构吗？删除后不可恢复。');
    await page.close();
  });

  it('menu: a hidden permission item is created under 系统管理, found, edited and deleted', async () => {
    const { page, screen } = await openScreen('menu', 'menu');
    await row(screen, '系统管理').waitFor();
    await clickNew(screen);
    await expectRequiredMessages(page, 'admin-menu', { parentId: '请选择上级菜单', name: '请输入菜单名称' });
    const name = `E2E菜单${RUN}`;
    await choose(page, 'admin-menu_parentId', '系统管理');
    await page.locator('#admin-menu_name').fill(name);
    await pickRadio(page, 'admin-menu_isShow', '隐藏');
    await choose(page, 'admin-menu_specialLogo', '权限项');
    await page.locator('#admin-menu_permission').fill('e2e:screens:view');
    await page.locator('#admin-menu_sort').fill('990');
    await screenshot(page, 'admin-screens-menu-create');
    await saveDialog(page);

    const created = await treeRow(screen, ['系统管理'], name);
    expect(await created.locator('td').allInnerTexts()).toEqual(
      expect.arrayContaining(['e2e:screens:view', '权限', '否', '990']),
    );

    await openEdit(screen, name);
    await replaceValue(page, 'admin-menu_permission', 'e2e:screens:view', 'e2e:screens:edit');
    await saveDialog(page);
    await poll(() => row(screen, name).locator('td').allInnerTexts()).toContain('e2e:screens:edit');
    await screenshot(page, 'admin-screens-menu-edited');

    await deleteRow(screen, name, '确定删除该菜单吗？删除后不可恢复。');
    await page.close();
  });
});

/** An Arco tree's node by its exact title, opening its ancestors (`path` from the top, ending with the node). */
async function treeNode(tree: Locator, path: string[]): Promise<Locator> {
  const node = (name: string) =>
    tree.locator('.arco-tree-node').filter({ has: tree.page().getByText(name, { exact: true }) });
  for (const [index, name] of path.entries()) {
    await node(name).waitFor();
    const next = path[index + 1];
    if (next && (await node(next).count()) === 0) {
      await node(name).locator('.arco-tree-node-switcher').click();
      // While a branch opens, its nodes are drawn twice (the animation's copy): wait for the one that stays.
      await poll(() => node(next).count()).toBe(1);
    }
  }
  return node(path[path.length - 1]!);
}

/** Ticks a menu in the role form's menu tree. */
async function tickMenu(page: Page, path: string[]): Promise<void> {
  const node = await treeNode(page.locator('.sf-tree-check'), path);
  await node.locator('.arco-checkbox').click();
  await node.locator('.arco-checkbox-checked').waitFor();
}

function menuChecked(page: Page, name: string): Promise<number> {
  return page
    .locator('.sf-tree-check .arco-tree-node')
    .filter({ has: page.getByText(name, { exact: true }) })
    .locator('.arco-checkbox-checked')
    .count();
}

describe('role, user and project screens', () => {
  it('role: created with some menus ticked, searched, edited (its menus still ticked) and deleted', async () => {
    const { page, screen } = await openScreen('role', 'role');
    await clickNew(screen);
    await expectRequiredMessages(page, 'admin-role', { name: '请输入角色名称', enname: '请输入英文名称' });
    const name = `E2E角色${RUN}`;
    await page.locator('#admin-role_name').fill(name);
    await page.locator('#admin-role_enname').fill(`e2eRole${RUN}`);
    await choose(page, 'admin-role_officeId', '中建智慧建设集团有限公司 / 华南分公司', '华南分公司');
    await choose(page, 'admin-role_roleType', '普通角色');
    await choose(page, 'admin-role_dataScope', '所在部门数据');
    await tickMenu(page, ['工作台']);
    await tickMenu(page, ['系统管理', '字典管理']);
    await screenshot(page, 'admin-screens-role-create');
    await saveDialog(page);

    await search(page, 'search-role', { name });
    await poll(() => screen.locator('tbody tr').count()).toBe(1);
    expect(await row(screen, name).locator('td').allInnerTexts()).toEqual(
      expect.arrayContaining([`e2eRole${RUN}`, '华南分公司', '否', '是']),
    );

    await openEdit(screen, name);
    await poll(() => menuChecked(page, '工作台')).toBe(1);
    await treeNode(page.locator('.sf-tree-check'), ['系统管理', '字典管理']);
    await poll(() => menuChecked(page, '字典管理')).toBe(1);
    expect(await menuChecked(page, '用户管理')).toBe(0);
    await replaceValue(page, 'admin-role_name', name, `${name}改`);
    await saveDialog(page);
    await search(page, 'search-role', { name: `${name}改` });
    await poll(() => screen.locator('tbody tr').count()).toBe(1);
    await row(screen, `${name}改`).waitFor();
    await screenshot(page, 'admin-screens-role-edited');

    await deleteRow(screen, `${name}改`, '确定删除该角色吗？删除后不可恢复。');
    await screen.getByText('暂无数据').waitFor();
    await page.close();
  });

  it('user: created in an office (required messages first), given a role, searched, filtered by the office tree, renamed and deleted', async () => {
    const { page, screen } = await openScreen('user', 'user');
    await clickNew(screen);
    await expectRequiredMessages(page, 'admin-user', {
      loginName: '请输入登录名',
      name: '请输入姓名',
      officeId: '请选择所属机构',
    });
    const loginName = `e2e_user_${RUN}`;
    const name = `E2E用户${RUN}`;
    await page.locator('#admin-user_loginName').fill(loginName);
    await page.locator('#admin-user_name').fill(name);
    await page.locator('#admin-user_password').fill('E2ePassw0rd2026');
    const office = '中建智慧建设集团有限公司 / 华南分公司 / 沿海高速公路项目部';
    await choose(page, 'admin-user_officeId', office, '沿海高速');
    await page.locator('#admin-user_no').fill(`E${RUN}`);
    await page.locator('#admin-user_mobile').fill(`139${String(Date.now()).slice(-8)}`);
    await page.locator('#admin-user_email').fill(`${loginName}@zjzh.example.com`);
    await choose(page, 'admin-user_userType', '普通用户');
    await screenshot(page, 'admin-screens-user-create');
    await saveDialog(page);

    // The user form has no role field: the role screen's 分配用户 gives the new user the 施工员 role.
    const roles = await openScreen('role', 'role');
    await row(roles.screen, 'siteStaff').getByRole('button', { name: '分配用户', exact: true }).click();
    const assign = dialogForm(roles.page);
    await poll(() => assign.locator('.arco-tag').allInnerTexts()).toContain('李施工员');
    await roles.page.locator('#role-assign_userIds input').fill(name);
    await roles.page.getByRole('option', { name, exact: true }).click();
    await poll(() => assign.locator('.arco-tag').allInnerTexts()).toEqual(expect.arrayContaining(['李施工员', name]));
    // Close the option list (it covers the save button) by clicking the dialog's title.
    await roles.page.locator('.arco-modal-title').click();
    await poll(() => roles.page.locator('#role-assign_userIds').getAttribute('aria-expanded')).toBe('false');
    await assign.getByRole('button', { name: '保存', exact: true }).click();
    await assign.waitFor({ state: 'detached' });
    await roles.page.close();
    // A tab in the background gets no animation frames, and the table revalidates a cached search in one.
    await page.bringToFront();

    await search(page, 'search-user', { loginName });
    await poll(() => screen.locator('tbody tr').count()).toBe(1);
    // At this 1440px window the 公司 column gives way (schemas/pages/user.json `hideBelow`); 部门 names the office.
    await poll(() => row(screen, loginName).locator('td').allInnerTexts()).toEqual(
      expect.arrayContaining([name, '沿海高速公路项目部', '施工员', '正常']),
    );

    // The office tree beside the table filters it by office (and sub-offices).
    await search(page, 'search-user', { loginName: '' });
    const tree = page.getByTestId('crud-tree');
    await (await treeNode(tree, ['中建智慧建设集团有限公司', '华南分公司'])).getByText('华南分公司').click();
    await row(screen, loginName).waitFor();
    await poll(() => row(screen, 'manager').count()).toBe(0);
    expect(await row(screen, 'admin').count()).toBe(0);
    await (await treeNode(tree, ['中建智慧建设集团有限公司', '华东分公司'])).getByText('华东分公司').click();
    await row(screen, 'manager').waitFor();
    await poll(() => row(screen, loginName).count()).toBe(0);
    await screenshot(page, 'admin-screens-user-tree-filter');
    await (await treeNode(tree, ['中建智慧建设集团有限公司', '华东分公司'])).getByText('华东分公司').click();
    await row(screen, loginName).waitFor();

    await openEdit(screen, loginName);
    await replaceValue(page, 'admin-user_name', name, `${name}改`);
    await saveDialog(page);
    await poll(() => row(screen, loginName).locator('td').allInnerTexts()).toContain(`${name}改`);
    // The table scrolls sideways beside the office tree; show the changed name.
    await row(screen, loginName).getByText(loginName, { exact: true }).scrollIntoViewIfNeeded();
    await screenshot(page, 'admin-screens-user-edited');

    await deleteRow(screen, loginName, '确定删除该用户吗？删除后不可恢复。');
    // A new search (not the login-name search of a moment ago, which the table would answer from its cache).
    await search(page, 'search-user', { name: `${name}改` });
    await screen.getByText('暂无数据').waitFor();
    await page.close();
  });

  it('project: created (required messages first), searched by name, edited and deleted', async () => {
    const { page, screen } = await openScreen('project', 'project');
    await clickNew(screen);
    await expectRequiredMessages(page, 'admin-project', {
      name: '请输入项目名称',
      officeId: '请选择所属机构',
      engineeringType: '请选择工程类型',
    });
    const name = `E2E项目${RUN}`;
    await page.locator('#admin-project_name').fill(name);
    await choose(
      page,
      'admin-project_officeId',
      '中建智慧建设集团有限公司 / 华南分公司 / 城市快速路改造项目部',
      '城市快速路',
    );
    await choose(page, 'admin-project_engineeringType', '市政');
    await pickRadio(page, 'admin-project_status', '未开工');
    await page.locator('#admin-project_code').fill(`E2E-P-${RUN}`);
    await page.locator('#admin-project_areaCode').fill('440305');
    await screenshot(page, 'admin-screens-project-create');
    await saveDialog(page);

    await search(page, 'search-project', { name });
    await poll(() => screen.locator('tbody tr').count()).toBe(1);
    expect(await row(screen, name).locator('td').allInnerTexts()).toEqual(
      expect.arrayContaining(['城市快速路改造项目部', '市政', '未开工', `E2E-P-${RUN}`, '440305']),
    );

    await openEdit(screen, name);
    await poll(() => page.locator('#admin-project_code').inputValue()).toBe(`E2E-P-${RUN}`);
    await pickRadio(page, 'admin-project_status', '在建');
    await page.locator('#admin-project_areaCode').fill('440306');
    await saveDialog(page);
    await poll(() => row(screen, name).locator('td').allInnerTexts()).toEqual(
      expect.arrayContaining(['在建', '440306']),
    );
    await screenshot(page, 'admin-screens-project-edited');

    await deleteRow(screen, name, '确定删除该项目吗？删除后不可恢复。');
    await screen.getByText('暂无数据').waitFor();
    await page.close();
  });
});

describe('logo, base config and dictionary screens', () => {
  it('logo: created with an uploaded image (required messages first), searched, renamed and deleted', async () => {
    const { page, screen } = await openScreen('logo', 'logo');
    await clickNew(screen);
    await expectRequiredMessages(page, 'admin-logo', { name: '请输入名称', image: '请上传图片' });
    const name = `E2E标志${RUN}`;
    await page.locator('#admin-logo_name').fill(name);
    await page
      .getByTestId('admin-logo_image-file')
      .setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: PNG_1PX });
    await page.locator('.sf-image-preview').waitFor();
    await page.locator('#admin-logo_remarks').fill('浏览器测试上传');
    await screenshot(page, 'admin-screens-logo-create');
    await saveDialog(page);

    await search(page, 'search-logo', { name });
    await poll(() => screen.locator('tbody tr').count()).toBe(1);
    expect(await row(screen, name).locator('img').getAttribute('src')).toMatch(/^(data:image\/png;base64,|\/)/);
    await row(screen, '浏览器测试上传').waitFor();

    await openEdit(screen, name);
    await replaceValue(page, 'admin-logo_name', name, `${name}改`);
    await page.locator('.sf-image-preview').waitFor();
    await saveDialog(page);
    await search(page, 'search-logo', { name: `${name}改` });
    await poll(() => screen.locator('tbody tr').count()).toBe(1);
    expect(await row(screen, `${name}改`).locator('img').count()).toBe(1);
    await screenshot(page, 'admin-screens-logo-edited');

    await deleteRow(screen, `${name}改`, '确定删除该Logo吗？删除后不可恢复。');
    await screen.getByText('暂无数据').waitFor();
    await page.close();
  });

  it('base config: an edit is saved and survives a reload, then restored; a new version is created and deleted', async () => {
    const { page, screen } = await openScreen('baseConfig', 'base-config');
    const original = '中建智慧建设集团有限公司 信息管理部 提供技术支持';
    const changed = `E2E技术支持 ${RUN}`;
    await row(screen, original).waitFor();
    await openEdit(screen, original);
    await replaceValue(page, 'admin-base-config_support', original, changed);
    await saveDialog(page);
    await row(screen, changed).waitFor();
    await screenshot(page, 'admin-screens-base-config-edited');
    await page.reload();
    await row(screen, changed).waitFor();
    await openEdit(screen, changed);
    await replaceValue(page, 'admin-base-config_support', changed, original);
    await saveDialog(page);
    await row(screen, original).waitFor();

    await clickNew(screen);
    // 默认菜单 starts with its default; emptied, both required messages show.
    expect(await page.locator('#admin-base-config_defaultMenu').inputValue()).toBe('/work-bench');
    await page.locator('#admin-base-config_defaultMenu').fill('');
    await expectRequiredMessages(page, 'admin-base-config', { name: '请输入平台名称', defaultMenu: '请输入默认菜单' });
    const name = `E2E平台${RUN}`;
    await page.locator('#admin-base-config_name').fill(name);
    await page.locator('#admin-base-config_version').fill('9.9.9');
    await page.locator('#admin-base-config_defaultMenu').fill('/work-bench');
    await screenshot(page, 'admin-screens-base-config-create');
    await saveDialog(page);
    await row(screen, name).waitFor();
    expect(await screen.locator('tbody tr').count()).toBe(2);
    await deleteRow(screen, name, '确定删除该版本的基础配置吗？删除最新版本后，上一个版本将生效；最后一条不能删除。');
    await poll(() => screen.locator('tbody tr').count()).toBe(1);
    await page.close();
  });

  it('dictionary: creates, searches, exports, edits and deletes an entry, with the form file’s messages', async () => {
    const { page, screen } = await openScreen('dictionary', 'dictionary');
    await clickNew(screen);
    await expectRequiredMessages(page, 'admin-dictionary', {
      type: '请输入字典类型',
      label: '请输入标签',
      value: '请输入键值',
    });
    const type = `e2e_kind_${RUN}`;
    await page.locator('#admin-dictionary_type').fill(type);
    await page.locator('#admin-dictionary_label').fill('端到端标签');
    await page.locator('#admin-dictionary_value').fill('e1');
    await page.locator('#admin-dictionary_description').fill('浏览器测试');
    await screenshot(page, 'admin-screens-dictionary-create');
    await saveDialog(page);

    // This search form submits on Enter (its file's `enter: "submit"`).
    await page.locator('#search-dictionary_type').fill(type);
    await page.locator('#search-dictionary_type').press('Enter');
    await poll(() => screen.locator('tbody tr').count()).toBe(1);
    await row(screen, '端到端标签').waitFor();

    // 导出 writes what the list shows: the searched type only.
    const [download] = await Promise.all([page.waitForEvent('download'), screen.getByTestId('crud-export').click()]);
    expect(download.suggestedFilename()).toMatch(/^字典列表-\d{8}\.xlsx$/);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load((await readFile(await download.path())) as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0];
    expect(sheet.rowCount).toBe(2);
    expect((sheet.getRow(2).values as unknown[]).slice(1)).toEqual(expect.arrayContaining([type, '端到端标签', 'e1']));

    await openEdit(screen, '端到端标签');
    await replaceValue(page, 'admin-dictionary_label', '端到端标签', '改过的标签');
    await saveDialog(page);
    await row(screen, '改过的标签').waitFor();
    await screenshot(page, 'admin-screens-dictionary-edited');

    await deleteRow(screen, '改过的标签', '确定删除该字典项吗？使用它的下拉选项将不再显示。');
    await screen.getByText('暂无数据').waitFor();
    await page.close();
  });
});

describe('log screen', () => {
  it('finds the audited writes by operation and address; filters that match nothing show the empty state', async () => {
    const { page, screen } = await openScreen('log', 'log');
    // Two writes of this test's own, so that it does not depend on the other tests.
    const made = await callApi(page, 'POST', '/api/system/dictionary', {
      type: `e2e_log_${RUN}`,
      label: '审计测试',
      value: 'a1',
    });
    expect(made.msgCode).toBe(0);
    const uri = `/api/system/dictionary/${made.data!.id}`;
    expect((await callApi(page, 'DELETE', uri)).msgCode).toBe(0);

    // The audit row is written after the response: search until it is there.
    await poll(async () => {
      await search(page, 'search-log', { title: '删除字典', requestUri: uri });
      return screen.locator('tbody tr').filter({ hasText: uri }).count();
    }).toBe(1);
    expect(await screen.locator('tbody tr').count()).toBe(1);
    expect(await row(screen, uri).locator('td').allInnerTexts()).toEqual(
      expect.arrayContaining(['删除字典', 'DELETE', '0', 'admin']),
    );
    await screenshot(page, 'admin-screens-log-search');

    // By operation only: the create of the same test is among the 新增字典 entries.
    await search(page, 'search-log', { title: '新增字典', requestUri: '' });
    await poll(() => screen.locator('tbody tr').filter({ hasText: '新增字典' }).count()).toBeGreaterThan(0);
    expect(await screen.locator('tbody tr').filter({ hasNotText: '新增字典' }).count()).toBe(0);

    await search(page, 'search-log', { title: `E2E没有这种操作${RUN}` });
    await screen.getByText('暂无数据').waitFor();

    // A date range in the future: nothing.
    await search(page, 'search-log', { title: '' });
    await poll(() => screen.locator('tbody tr').filter({ hasText: 'admin' }).count()).toBeGreaterThan(0);
    const begin = page.locator('#search-log_createDateBegin');
    await begin.click();
    await begin.fill('2099-01-01');
    await begin.press('Enter');
    await poll(() => begin.inputValue()).toBe('2099-01-01');
    await page.getByTestId('crud-search').getByRole('button', { name: '查询', exact: true }).click();
    await screen.getByText('暂无数据').waitFor();
    await screenshot(page, 'admin-screens-log-empty');
    await page.close();
  });
});

describe('online users screen', () => {
  it('lists the staff member signed in elsewhere; 强退 asks first and sends their open page to the login page', async () => {
    const { context: staffContext, page: staffPage } = await newPage(browser);
    try {
      await logInThroughForm(staffPage, demoUsers.staff.username, demoUsers.staff.password);
      const { page, screen } = await openScreen('online', 'online-user');
      // The admin's own session is marked, and offers no 强退.
      const own = screen.locator('tbody tr').filter({ hasText: '是' }).filter({ hasText: 'admin' });
      await own.first().waitFor();
      expect(await own.first().getByRole('button', { name: '强退', exact: true }).count()).toBe(0);

      await search(page, 'search-online', { loginName: demoUsers.staff.username });
      await poll(() => screen.locator('tbody tr').filter({ hasText: '系统管理员' }).count()).toBe(0);
      await poll(() => screen.locator('tbody tr').filter({ hasText: '李施工员' }).count()).toBeGreaterThan(0);
      await screenshot(page, 'admin-screens-online');
      const staffRows = screen.locator('tbody tr').filter({ hasText: '李施工员' });
      const before = await staffRows.count();
      await staffRows.first().getByRole('button', { name: '强退', exact: true }).click();
      const popconfirm = page.locator('.arco-popconfirm').filter({ hasText: '确定强退该用户吗？' });
      await popconfirm.waitFor();
      await popconfirm.getByRole('button', { name: '确定', exact: true }).click();
      await page.locator('.arco-message').filter({ hasText: '已强退' }).waitFor();
      await poll(() => staffRows.count()).toBe(before - 1);

      // The staff member's page finds its session gone at its next call and returns to the login page.
      await staffPage.goto('/app/workbench');
      await staffPage.waitForURL('**/app/login**', { timeout: 20_000 });
      await page.close();
    } finally {
      await staffContext.close();
    }
  });
});

/** Headers of the table in `screen`, as shown. */
async function headers(screen: Locator): Promise<string[]> {
  return (await screen.locator('thead th').allInnerTexts()).map((text) => text.trim()).filter(Boolean);
}

/** Screenshots of the page at the narrowest supported width and at full HD. */
async function screenshotsAtWidths(page: Page, name: string): Promise<void> {
  for (const [width, height] of [
    [1280, 800],
    [1920, 1080],
  ]) {
    await page.setViewportSize({ width, height });
    await page.waitForTimeout(300);
    await screenshot(page, `${name}-${width}`);
  }
  await page.setViewportSize({ width: 1440, height: 900 });
}

/** Clicks a row action whose call asks first, and confirms. */
async function confirmRowAction(page: Page, rowLocator: Locator, label: string, question: string): Promise<void> {
  await rowLocator.getByRole('button', { name: label, exact: true }).click();
  const popconfirm = page.locator('.arco-popconfirm').filter({ hasText: question });
  await popconfirm.waitFor();
  await popconfirm.getByRole('button', { name: '确定', exact: true }).click();
}

describe('scheduled jobs screen', () => {
  it('lists the schedules; 暂停 and 恢复 ask first; 执行一次 shows its job in the job log', async () => {
    const { page, screen } = await openScreen('job', 'job-schedule');
    const retention = screen.locator('tbody tr').filter({ hasText: '设备数据清理' });
    await retention.waitFor();
    expect(await headers(screen)).toEqual(
      expect.arrayContaining([
        '任务名称',
        'Cron 表达式',
        '状态',
        '上次执行',
        '执行结果',
        '下次执行',
        '24小时失败',
        '操作',
      ]),
    );
    await expect.poll(() => retention.innerText()).toContain('30 3 * * *');
    await expect.poll(() => retention.innerText()).toContain('正常');
    await screenshotsAtWidths(page, 'admin-screens-job');

    await confirmRowAction(page, retention, '暂停', '确定暂停该定时任务吗？');
    await page.locator('.arco-message').filter({ hasText: '已暂停' }).waitFor();
    await poll(() => retention.locator('.arco-tag').filter({ hasText: '暂停' }).count()).toBe(1);
    expect(await retention.getByRole('button', { name: '暂停', exact: true }).count()).toBe(0);
    await screenshot(page, 'admin-screens-job-paused');
    await confirmRowAction(page, retention, '恢复', '确定恢复该定时任务吗？');
    await page.locator('.arco-message').filter({ hasText: '已恢复' }).waitFor();
    await poll(() => retention.locator('.arco-tag').filter({ hasText: '正常' }).count()).toBe(1);

    await confirmRowAction(page, retention, '执行一次', '确定立即执行一次该任务吗？');
    await page.locator('.arco-message').filter({ hasText: '已开始执行' }).waitFor();
    await poll(async () => {
      await screen.getByRole('button', { name: '刷新', exact: true }).click();
      return retention.locator('.arco-tag').filter({ hasText: '成功' }).count();
    }).toBe(1);

    await page.locator('.arco-tabs-header-title').filter({ hasText: '任务日志' }).click();
    const log = page.getByTestId('crud-job-log');
    await log.locator('.arco-table').waitFor();
    expect(await headers(log)).toEqual(
      expect.arrayContaining(['任务名称', '状态', '执行次数', '创建时间', '完成时间', '错误信息']),
    );
    // The run just asked for is the newest job, asked for by the administrator.
    const newest = log.locator('tbody tr').first();
    await poll(() => newest.innerText()).toContain('设备数据清理');
    await poll(() => newest.innerText()).toContain('系统管理员');
    await choose(page, 'search-job-log_state', '成功');
    await log.getByRole('button', { name: '查询', exact: true }).click();
    await poll(() => log.locator('tbody tr').filter({ hasNotText: '成功' }).count()).toBe(0);
    await screenshotsAtWidths(page, 'admin-screens-job-log');
    await page.close();
  });
});

describe('server monitor screen', () => {
  it('shows the instance running with its figures, and the database; staff has no such screen', async () => {
    const { page, screen } = await openScreen('server', 'server-instance');
    const own = screen.locator('tbody tr').filter({ hasText: '运行中' });
    await own.first().waitFor();
    expect(await headers(screen)).toEqual(
      expect.arrayContaining([
        '实例',
        '门户版本',
        '状态',
        '进程号',
        'Node 版本',
        '运行时长',
        '内存 (RSS)',
        '循环延迟 (P99/最大)',
        '循环占用',
        '最近心跳',
        '崩溃重启',
      ]),
    );
    await poll(() => own.first().innerText()).toMatch(/\d+\.\d MB/);
    // 刷新 reads the registry again (each instance reports every 30 s).
    const reread = page.waitForResponse((response) => response.url().includes('/api/system/server/instances'));
    await screen.getByRole('button', { name: '刷新', exact: true }).click();
    expect((await reread).ok()).toBe(true);
    await own.first().waitFor();
    await screenshotsAtWidths(page, 'admin-screens-server');

    await page.locator('.arco-tabs-header-title').filter({ hasText: '数据库' }).click();
    const database = page.getByTestId('crud-server-database');
    await database.getByText('PGlite（嵌入式 PostgreSQL）', { exact: true }).waitFor();
    expect(await headers(database)).toEqual(['数据库类型', '版本', '数据库大小', '连接数', '本实例连接池']);
    await screenshot(page, 'admin-screens-server-database');
    await page.close();

    const { context, page: staff } = await newPage(browser);
    try {
      await logInThroughForm(staff, demoUsers.staff.username, demoUsers.staff.password);
      for (const path of ['server', 'job']) {
        await staff.goto(`/app/systemProject/${path}`);
        await staff.getByText('您没有访问该页面的权限').first().waitFor();
      }
    } finally {
      await context.close();
    }
  });
});

describe('a company manager', () => {
  it('works in the user and role screens, but the menu screen offers nothing to edit', async () => {
    const { context, page: login } = await newPage(browser);
    await logInThroughForm(login, demoUsers.manager.username, demoUsers.manager.password);
    await login.close();

    const users = await openScreen('user', 'user', context);
    await row(users.screen, 'staff').waitFor();
    expect(await users.screen.getByRole('button', { name: '新增', exact: true }).count()).toBe(1);
    expect(await row(users.screen, 'staff').getByRole('button', { name: '编辑', exact: true }).count()).toBe(1);
    // Users with a system role (the administrator) are outside a company manager's scope.
    expect(await row(users.screen, 'admin').count()).toBe(0);
    await screenshot(users.page, 'admin-screens-manager-user');

    const roles = await openScreen('role', 'role', context);
    await row(roles.screen, 'siteStaff').waitFor();
    expect(await roles.screen.getByRole('button', { name: '新增', exact: true }).count()).toBe(1);
    expect(await row(roles.screen, 'siteStaff').getByRole('button', { name: '分配用户', exact: true }).count()).toBe(1);
    expect(await row(roles.screen, 'admin').count()).toBe(0);
    await screenshot(roles.page, 'admin-screens-manager-role');

    const menus = await context.newPage();
    await menus.goto('/app/systemProject/menu');
    await menus.getByText('您没有访问该页面的权限').first().waitFor();
    expect(await menus.getByRole('button', { name: '编辑', exact: true }).count()).toBe(0);
    expect(await menus.getByRole('button', { name: '新增', exact: true }).count()).toBe(0);
    expect(await menus.locator('.arco-table').count()).toBe(0);
    await screenshot(menus, 'admin-screens-manager-menu');
    await context.close();
  });
});

describe('fields left empty and rows the user may not change', () => {
  // The server sends '' for an unset optional field; the edit dialog starts such a field empty, so a rule of an
  // enum, pattern or format field (机构级别, 邮政编码, 邮箱) does not hold the record back.
  it('an office saved with only its required fields can be edited and saved again', async () => {
    const { page, screen } = await openScreen('office', 'office');
    const name = `E2E空字段${RUN}`;
    const made = await callApi(page, 'POST', '/api/system/office', { parentId: 'office-it', name, type: '2' });
    expect(made.msgCode).toBe(0);
    try {
      await screen.getByRole('button', { name: '刷新', exact: true }).click();
      await treeRow(screen, ['中建智慧建设集团有限公司', '信息管理部'], name);
      await openEdit(screen, name);
      await replaceValue(page, 'admin-office_name', name, `${name}改`);
      await dialogForm(page).getByRole('button', { name: '保存', exact: true }).click();
      const outcome = await Promise.race([
        dialogForm(page)
          .waitFor({ state: 'detached' })
          .then(() => 'saved'),
        dialogForm(page)
          .locator('.sf-error')
          .first()
          .waitFor()
          .then(() => dialogForm(page).locator('.sf-error').allInnerTexts()),
      ]);
      expect(outcome).toBe('saved');
    } finally {
      await callApi(page, 'DELETE', `/api/system/office/${made.data!.id}`);
      await page.close();
    }
  });

  // A company manager may change only its company's roles: the list marks the others `editable: false`, and the
  // page file's `rowFlag` hides 编辑 and 删除 on them (the server would answer -403 无权修改该角色).
  it('a company manager is offered no 编辑 or 删除 on the public roles it may not change', async () => {
    const { context, page: login } = await newPage(browser);
    try {
      await logInThroughForm(login, demoUsers.manager.username, demoUsers.manager.password);
      await login.close();
      const { screen } = await openScreen('role', 'role', context);
      const companyManager = row(screen, 'companyManager');
      await companyManager.waitFor();
      expect(await companyManager.getByRole('button', { name: '编辑', exact: true }).count()).toBe(0);
      expect(await companyManager.getByRole('button', { name: '删除', exact: true }).count()).toBe(0);
    } finally {
      await context.close();
    }
  });
});
