/**
 * Project selection (spec sections 2, 4 and 6) and common applications, in Chromium against the real server:
 * only project departments can be chosen, the current project is a no-op, another type resets the open menus
 * and lands on the work bench; the picker insists on a choice; a star toggles a common application both ways.
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoUsers, launchBrowser, logInThroughForm, newPage, screenshot } from './browser';

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('project selector', () => {
  it('type 3 only, the same project does nothing, another type resets the tabs and goes to the work bench', async () => {
    const { context, page } = await newPage(browser);
    await logInThroughForm(page, demoUsers.admin.username, demoUsers.admin.password);
    await page.goto('/app/process/todo');
    await page.evaluate(() =>
      localStorage.setItem(
        'openMenuTabs',
        JSON.stringify([
          { id: 'work-bench', name: '工作台', href: '/work-bench' },
          { id: 'process-todo', name: '待办', href: '/process/todo' },
        ]),
      ),
    );
    await page.reload();
    const header = page.getByTestId('header-project');
    await expect.poll(() => header.textContent()).toBe('滨江花园住宅工程');
    expect(await page.getByTestId('open-tab').count()).toBe(2);

    await header.click();
    const popover = page.getByTestId('project-popover');
    await popover.getByText('中建智慧建设集团有限公司').click();
    await expect.poll(() => header.textContent()).toBe('滨江花园住宅工程');
    await popover.getByText('滨江花园住宅项目部').click();
    await expect.poll(() => popover.isVisible()).toBe(false);
    expect(page.url()).toContain('/app/process/todo');
    await screenshot(page, 'project-same');

    await header.click();
    await page.getByTestId('project-popover').getByText('沿海高速公路项目部').click();
    await page.waitForURL('**/app/work-bench');
    await expect.poll(() => page.getByTestId('header-project').textContent()).toBe('沿海高速公路工程');
    expect(await page.getByTestId('open-tab').allTextContents()).toEqual(['工作台']);
    const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('selectInfo') ?? '{}'));
    expect(stored).toMatchObject({ projectName: '沿海高速公路工程', projectType: '3' });
    await context.close();
  });

  it('the picker (1280px) says 请选择项目 until a project is chosen', async () => {
    const { context, page } = await newPage(browser, { width: 1440, height: 900 });
    await logInThroughForm(page, demoUsers.admin.username, demoUsers.admin.password);
    await page.goto('/app/work-bench');
    await page.getByTestId('header-project').click();
    await page.getByRole('button', { name: '更多项目…' }).click();
    const picker = page.getByTestId('project-picker');
    await picker.waitFor();
    const width = await page
      .locator('.arco-modal')
      .filter({ has: picker })
      .evaluate((modal) => (modal as HTMLElement).offsetWidth);
    expect(width).toBe(1280);
    await page.getByTestId('project-confirm').click();
    await page.getByText('请选择项目').first().waitFor();
    await picker.getByText('城市快速路改造工程').first().click();
    await screenshot(page, 'project-picker');
    await page.getByTestId('project-confirm').click();
    await page.waitForURL('**/app/work-bench');
    await expect.poll(() => page.getByTestId('header-project').textContent()).toBe('城市快速路改造工程');
    await context.close();
  });
});

describe('common applications', () => {
  it('a star adds an app (功能添加成功) and removes it again (功能取消成功)', async () => {
    const { context, page } = await newPage(browser);
    await logInThroughForm(page, demoUsers.manager.username, demoUsers.manager.password);
    await page.goto('/app/work-bench');
    await page.getByTestId('side-entry').filter({ hasText: '消息中心' }).hover();
    const preview = page.getByTestId('side-preview');
    const star = preview.getByRole('button', { name: /常用：系统通知/ });
    await expect.poll(() => star.getAttribute('aria-pressed')).toBe('false');
    await star.click();
    await page.getByText('功能添加成功').first().waitFor();
    await expect.poll(() => star.getAttribute('aria-pressed')).toBe('true');
    await page
      .getByTestId('panel-apps')
      .getByText('系统通知')
      .waitFor({ timeout: 10_000 })
      .catch(() => undefined);
    await star.click();
    await page.getByText('功能取消成功').first().waitFor();
    await expect.poll(() => star.getAttribute('aria-pressed')).toBe('false');
    await context.close();
  });
});
