/**
 * What a user tripped over in the shell, in Chromium against the real server at the two widths of the product
 * (1280, the minimum, and 1920): the gateway's 首页 link, the concrete app tile, the project picker's words and
 * institution filter, a new menu granted to a role, whitespace-only input, 用户管理 fitting 1280, Chinese
 * screen-reader labels, menu icons and the carousel's illustrations, and the change-password form's confirmation.
 * Screenshots: test-results/screenshots/shell-*.png.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoUsers, launchBrowser, logInThroughForm, newPage, screenshot } from './browser';

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const WIDTHS = [1280, 1920] as const;
const viewport = (width: number) => ({ width, height: 900 });

/** expect.poll with room for a slow machine. */
function poll<T>(read: () => T | Promise<T>) {
  return expect.poll(read, { timeout: 10_000 });
}

async function loggedIn(
  width: number,
  who: keyof typeof demoUsers = 'admin',
): Promise<{ context: BrowserContext; page: Page }> {
  const opened = await newPage(browser, viewport(width));
  await logInThroughForm(opened.page, demoUsers[who].username, demoUsers[who].password);
  return opened;
}

/** aria-labels written in English letters only (Arco's defaults, e.g. 'fold button', 'Close'). */
function englishAriaLabels(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll('[aria-label]')]
      .map((element) => element.getAttribute('aria-label') ?? '')
      .filter((label) => /^[A-Za-z][A-Za-z ]*$/.test(label)),
  );
}

describe.each(WIDTHS)('gateway page at %ipx', (width) => {
  it('首页 scrolls back to the top; tiles show icons, the carousel shows illustrations', async () => {
    const { context, page } = await newPage(browser, viewport(width));
    await page.goto('/app/gateway-page');
    const tiles = page.getByTestId('gateway-tiles').locator('.gateway-tile');
    await poll(() => tiles.count()).toBeGreaterThan(10);

    // Every tile draws its menu record's icon (an Arco glyph), not the first character of its name.
    const icons = await tiles.evaluateAll((buttons) =>
      buttons.map((button) => {
        const icon = button.querySelector('.gateway-tile-icon');
        return {
          text: icon?.textContent ?? '',
          name: icon?.firstElementChild?.getAttribute('data-icon'),
          svg: !!icon?.querySelector('svg'),
        };
      }),
    );
    for (const icon of icons) expect(icon).toMatchObject({ text: '', svg: true });
    expect(icons.map((icon) => icon.name)).not.toContain('unknown');
    expect(new Set(icons.map((icon) => icon.name)).size).toBeGreaterThan(10);

    // Each slide shows a construction-site illustration that the server serves.
    const images = await page
      .getByTestId('gateway-slide')
      .evaluateAll((slides) => slides.map((slide) => getComputedStyle(slide).backgroundImage));
    expect(images.length).toBeGreaterThanOrEqual(3);
    for (const image of images) {
      const url = /url\("?(.*?)"?\)/.exec(image)?.[1];
      expect(url).toMatch(/\/app\/gateway\/site-[a-z]+\.svg$/);
      const response = await page.request.get(url!);
      expect(response.status()).toBe(200);
      expect(await response.text()).toContain('<svg');
    }
    await screenshot(page, `shell-gateway-${width}`);

    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(100);
    await page.getByTestId('gateway-menu-item').filter({ hasText: '首页' }).click();
    await poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    await context.close();
  });

  it('混凝土应用: a visitor goes to login; a user gets the signed loginSkipPC address in a new tab', async () => {
    const { context, page } = await newPage(browser, viewport(width));
    await page.goto('/app/gateway-page');
    let popups = 0;
    context.on('page', () => (popups += 1));
    await page.getByRole('button', { name: '混凝土应用', exact: true }).click();
    await page.waitForURL('**/app/login');
    expect(popups).toBe(0);

    await logInThroughForm(page, demoUsers.staff.username, demoUsers.staff.password);
    const [request, popup] = await Promise.all([
      page.waitForRequest((candidate) => candidate.url().endsWith('/api/yt/v1.0/loginSkipPC')),
      context.waitForEvent('page'),
      page.getByRole('button', { name: '混凝土应用', exact: true }).click(),
    ]);
    expect(request.method()).toBe('POST');
    await popup.waitForLoadState('domcontentloaded');
    const opened = new URL(popup.url());
    expect(opened.searchParams.get('concrete')).toBe('demo');
    expect(opened.searchParams.get('account')).toBe('staff');
    expect(opened.searchParams.get('sign')).toMatch(/^[0-9a-f]{64}$/);
    await context.close();
  });
});

describe.each(WIDTHS)('the logged-in shell at %ipx', (width) => {
  it('side menu: an icon of its own for each entry, the highlight icon on the active one; labels in Chinese', async () => {
    const { context, page } = await loggedIn(width);
    await page.goto('/app/work-bench');
    const entries = page.getByTestId('side-entry');
    await poll(() => entries.count()).toBeGreaterThan(10);
    const icons = await entries.evaluateAll((buttons) =>
      buttons.map((button) => ({
        name: button.getAttribute('title'),
        icon: button.querySelector('[data-icon]')?.getAttribute('data-icon'),
        active: button.getAttribute('aria-current') === 'page',
      })),
    );
    expect(icons.map((entry) => entry.icon)).not.toContain('unknown');
    expect(new Set(icons.map((entry) => entry.icon)).size).toBeGreaterThan(icons.length - 4);
    // 工作台 is the open screen: it alone is marked, with its highlight icon (icon-site) instead of icon-home.
    expect(icons.filter((entry) => entry.active)).toEqual([{ name: '工作台', icon: 'icon-site', active: true }]);
    await page.goto('/app/process/todo');
    await poll(() => page.locator('[data-testid="side-entry"][aria-current="page"]').getAttribute('title')).toBe(
      '流程审批',
    );
    expect(
      await page
        .locator('[data-testid="side-entry"]', { hasText: '工作台' })
        .locator('[data-icon]')
        .getAttribute('data-icon'),
    ).toBe('icon-home');
    await page.goto('/app/work-bench');
    await poll(() => entries.count()).toBeGreaterThan(10);
    await page.waitForLoadState('networkidle');
    await screenshot(page, `shell-workbench-${width}`);
    expect(await englishAriaLabels(page)).toEqual([]);
    await context.close();
  });

  it('project picker: 工程类型 and 项目状态 in words, an institution chosen in the tree lists its projects', async () => {
    const { context, page } = await loggedIn(width);
    await page.goto('/app/work-bench');
    await page.getByTestId('header-project').click();
    await page.getByRole('button', { name: '更多项目…' }).click();
    const picker = page.getByTestId('project-picker');
    const rows = picker.locator('.arco-table-body tbody tr');
    await poll(() => rows.count()).toBe(3);
    const cells = () =>
      rows.evaluateAll((trs) => trs.map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent ?? '')));
    const all = await cells();
    expect(all.map((row) => row[2]).sort()).toEqual(['公路', '市政', '房建']);
    expect(all.map((row) => row[3])).toEqual(['在建', '在建', '在建']);

    // Screen-reader labels of the tree's switches and the dialog's close button are Chinese.
    await poll(() => picker.locator('.arco-tree-node-switcher [aria-label]').count()).toBeGreaterThan(0);
    expect(await englishAriaLabels(page)).toEqual([]);
    expect(await page.locator('.arco-modal-close-icon').getAttribute('aria-label')).toBe('关闭');
    const switchLabels = await picker
      .locator('.arco-tree-node-switcher [aria-label]')
      .evaluateAll((spans) => [...new Set(spans.map((span) => span.getAttribute('aria-label')))]);
    expect(switchLabels).toEqual(['收起']);

    const [query] = await Promise.all([
      page.waitForRequest(
        (request) =>
          request.url().endsWith('/zhgd/project/withOfficeName') && /华南分公司/.test(request.postData() ?? ''),
      ),
      picker.getByText('华南分公司', { exact: true }).click(),
    ]);
    expect(JSON.parse(query.postData() ?? '{}')).toMatchObject({
      limit: 999,
      pageNum: 1,
      conditions: [{ condition: '=', fieldName: 'OFFICE_NAME', key: 'OFFICE_NAME', value: '华南分公司' }],
    });
    await poll(async () => (await cells()).map((row) => row[0]).sort()).toEqual([
      '城市快速路改造工程',
      '沿海高速公路工程',
    ]);
    await screenshot(page, `shell-project-picker-${width}`);
    await context.close();
  });

  it('用户管理 fits the window: 角色, 状态 and 创建时间 in view without scrolling sideways', async () => {
    const { context, page } = await loggedIn(width);
    await page.goto('/app/systemProject/user');
    const screen = page.getByTestId('crud-user');
    await poll(() => screen.locator('tbody tr').count()).toBeGreaterThan(2);
    await screenshot(page, `shell-users-${width}`);
    const table = screen.locator('.arco-table-content-inner, .arco-table-body').first();
    expect(await table.evaluate((element) => element.scrollWidth - element.clientWidth)).toBeLessThanOrEqual(1);
    // The demo users' rows show their whole text (姓名, 部门, 创建时间); longer values of other tests' users may end in
    // an ellipsis. No element of those rows overflows its box.
    const demoRows = screen.locator('tbody tr').filter({ hasText: /^(admin|manager|staff)\b/ });
    await poll(() => demoRows.count()).toBe(3);
    const cut = await demoRows
      .locator('td:not(.arco-table-col-fixed-right)')
      .evaluateAll((cells) =>
        cells.flatMap((cell) =>
          [cell, ...cell.querySelectorAll('*')]
            .filter((element) => element.scrollWidth > element.clientWidth + 1)
            .map(() => cell.textContent ?? ''),
        ),
      );
    expect(cut).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    for (const title of ['登录名', '姓名', '部门', '角色', '状态', '创建时间', '操作']) {
      const box = await screen.locator('thead th', { hasText: title }).first().boundingBox();
      expect(box, title).not.toBeNull();
      expect(box!.x + box!.width, title).toBeLessThanOrEqual(width);
    }
    // 手机号 and 公司 come back where there is room for them; the row actions are never cut.
    expect(await screen.locator('thead th', { hasText: '手机号' }).count()).toBe(width >= 1440 ? 1 : 0);
    expect(await screen.locator('thead th', { hasText: '公司' }).count()).toBe(width >= 1600 ? 1 : 0);
    const actions = screen.locator('tbody tr').first().locator('td').last();
    expect(await actions.evaluate((cell) => cell.scrollWidth - cell.clientWidth)).toBeLessThanOrEqual(1);
    await context.close();
  });
});

describe('a menu created in 菜单管理 can be granted in 角色管理', () => {
  it('the new menu is in the role dialog’s menu tree', async () => {
    const { context, page } = await loggedIn(1280);
    await page.goto('/app/systemProject/menu');
    const menus = page.getByTestId('crud-menu');
    await menus.locator('.arco-table').waitFor();
    const name = `新菜单${Date.now().toString(36).slice(-4)}`;
    await menus.getByRole('button', { name: '新增', exact: true }).click();
    const form = page.getByTestId('crud-dialog-form');
    await form.locator('form').waitFor();
    const parent = page.locator('#admin-menu_parentId');
    await parent.click();
    await parent.locator('input').fill('系统管理');
    await page.getByRole('option', { name: '系统管理', exact: true }).click();
    await page.locator('#admin-menu_name').fill(name);
    await page.locator('#admin-menu_href').fill('/systemProject/newMenu');
    await form.getByRole('button', { name: '保存', exact: true }).click();
    await page.getByText('保存成功').first().waitFor();

    await page.goto('/app/systemProject/role');
    const roles = page.getByTestId('crud-role');
    await roles.locator('.arco-table').waitFor();
    await roles.getByRole('button', { name: '新增', exact: true }).click();
    const tree = page.locator('.sf-tree-check');
    await tree.waitFor();
    const created = tree.locator('.arco-tree-node-title', { hasText: name });
    const sysNode = tree.locator('.arco-tree-node', { has: page.getByText('系统管理', { exact: true }) });
    await poll(async () => {
      const switcher = sysNode.locator('.arco-tree-node-switcher');
      if ((await created.count()) === 0 && !/expanded/.test((await switcher.getAttribute('class')) ?? '')) {
        await switcher.click();
      }
      return created.count();
    }).toBe(1);
    await screenshot(page, 'shell-role-new-menu');
    await context.close();
  });
});

describe('whitespace-only input and the change-password confirmation', () => {
  it('a dictionary label of spaces shows the label’s required message; the password form still asks for the confirmation', async () => {
    const { context, page } = await loggedIn(1280);
    await page.goto('/app/systemProject/dictionary');
    const screen = page.getByTestId('crud-dictionary');
    await screen.locator('.arco-table').waitFor();
    await screen.getByRole('button', { name: '新增', exact: true }).click();
    const form = page.getByTestId('crud-dialog-form');
    await form.locator('form').waitFor();
    await page.locator('#admin-dictionary_type').fill('blank_label');
    await page.locator('#admin-dictionary_label').fill('    ');
    await page.locator('#admin-dictionary_value').fill('1');
    let posted = false;
    page.on('request', (request) => {
      if (request.method() === 'POST' && request.url().endsWith('/api/system/dictionary')) posted = true;
    });
    await form.getByRole('button', { name: '保存', exact: true }).click();
    await poll(() => page.locator('#admin-dictionary_label__error').textContent()).toBe('请输入标签');
    expect(posted).toBe(false);
    await page.keyboard.press('Escape');

    await page.goto('/app/work-bench');
    await page.getByTestId('header-user').click();
    await page.getByTestId('change-password').click();
    await page.locator('#change-password_oldPassword').fill(demoUsers.admin.password);
    await page.locator('#change-password_newPassword').fill('Another2026');
    await page.getByRole('button', { name: '确定' }).click();
    await poll(() => page.locator('#change-password_againPassword__error').textContent()).toBe('请再次输入密码确认');
    expect(await page.locator('.arco-modal-close-icon').first().getAttribute('aria-label')).toBe('关闭');
    await context.close();
  });
});
