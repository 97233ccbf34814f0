/**
 * 思维导图 in Chromium against the real server, at 1280 and 1920 wide, as a project manager uses it: the project's
 * demo maps listed, a map made, a branch added in the editor and saved by itself (已保存), kept after a reload,
 * exported as Markdown and PNG, undone and redone; a second editor's late save refused with who saved first; the
 * read-only share link opened by a colleague and taken back; a map deleted after its confirmation.
 */
import { copyFileSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SCREENSHOT_DIR, launchBrowser, screenshot } from './browser';
import { WIDTHS, logIn, poll, row } from './screen-helpers';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const saveState = (page: Page) => page.getByTestId('mindmap-save-state');
const topics = (page: Page) => page.getByTestId('mindmap-canvas').locator('me-tpc');

/** Opens the list and makes a map of this title through the 新建导图 dialog. */
async function newMap(page: Page, title: string): Promise<void> {
  await page.goto('/app/mindMap/index');
  const screen = page.getByTestId('crud-mindmap-list');
  await screen.locator('tbody tr').first().waitFor();
  await screen.getByRole('button', { name: '新建导图', exact: true }).click();
  const dialog = page.getByTestId('crud-dialog-form');
  await dialog.locator('#mind-map_title').fill(title);
  await dialog.getByRole('button', { name: '保存', exact: true }).click();
  await dialog.waitFor({ state: 'detached' });
  await poll(() => row(screen, title).count()).toBe(1);
}

async function openMap(page: Page, title: string): Promise<void> {
  const screen = page.getByTestId('crud-mindmap-list');
  await row(screen, title).getByRole('button', { name: '打开', exact: true }).click();
  await page.getByTestId('mindmap-canvas').locator('me-root').waitFor();
}

/** Adds a child to the node showing `parent` through the tool bar, and types its text. */
async function addChild(page: Page, parent: string, text: string): Promise<void> {
  await topics(page).filter({ hasText: parent }).first().click();
  await page.getByRole('button', { name: '添加子节点', exact: true }).click();
  const input = page.locator('#input-box');
  await input.waitFor();
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.type(text);
  await page.keyboard.press('Enter');
  await input.waitFor({ state: 'detached' });
}

describe('思维导图', () => {
  for (const viewport of WIDTHS) {
    it(`lists the demo maps and edits one that keeps its edit after a reload at ${viewport.width} wide`, async () => {
      const { context, page } = await logIn(browser, 'manager', viewport);
      // mind-elixir's code comes with the editor, not with the portal or the list.
      const scripts: Promise<string>[] = [];
      page.on('response', (response) => {
        if (response.url().endsWith('.js')) scripts.push(response.text().catch(() => ''));
      });
      const loadedMindElixir = async () =>
        (await Promise.all(scripts)).some((text) => text.includes('mind-elixir-toolbar'));
      await page.goto('/app/mindMap/index');
      const screen = page.getByTestId('crud-mindmap-list');
      await screen.locator('tbody tr').first().waitFor();
      expect(await page.getByText('该功能暂未开放').count()).toBe(0);
      expect(await page.getByTestId('menu-trail').textContent()).toBe('思维导图 / 项目导图');
      for (const title of ['施工组织设计要点', '安全管理体系', '质量控制要点'])
        expect(await row(screen, title).count()).toBe(1);
      await screenshot(page, `mindmap-list-${viewport.width}`);
      expect(await loadedMindElixir()).toBe(false);

      await openMap(page, '施工组织设计要点');
      expect(await loadedMindElixir()).toBe(true);
      await poll(() => topics(page).filter({ hasText: '主要施工方法' }).count()).toBe(1);
      await expect(saveState(page).textContent()).resolves.toBe('已保存');
      await screenshot(page, `mindmap-editor-${viewport.width}`);

      const added = `塔吊附着验收-${viewport.width}`;
      await addChild(page, '专项方案清单', added);
      await poll(() => saveState(page).textContent()).toBe('已保存');
      await page.reload();
      await page.getByTestId('mindmap-canvas').locator('me-root').waitFor();
      await poll(() => topics(page).filter({ hasText: added }).count()).toBe(1);
      expect(await page.getByText('该功能暂未开放').count()).toBe(0);
      await screenshot(page, `mindmap-editor-reloaded-${viewport.width}`);
      await context.close();
    });
  }

  it('makes a map, undoes and redoes, exports Markdown and PNG, and deletes it after its confirmation', async () => {
    const { context, page } = await logIn(browser, 'manager', WIDTHS[0]);
    await newMap(page, '测试导图-草稿');
    // 改名: the record's name; its content (a root of the old name) stays until edited.
    const list = page.getByTestId('crud-mindmap-list');
    await row(list, '测试导图-草稿').getByRole('button', { name: '改名', exact: true }).click();
    const rename = page.getByTestId('crud-dialog-form');
    await rename.locator('#mind-map_title').fill('测试导图-导出');
    await screenshot(page, 'mindmap-rename-1280');
    await rename.getByRole('button', { name: '保存', exact: true }).click();
    await rename.waitFor({ state: 'detached' });
    await poll(() => row(list, '测试导图-导出').count()).toBe(1);
    await openMap(page, '测试导图-导出');
    await addChild(page, '测试导图-草稿', '模板工程');
    await addChild(page, '模板工程', '拆模强度');
    await poll(() => saveState(page).textContent()).toBe('已保存');

    // Undo takes the last branch away (and saves that), redo brings it back.
    await page.getByRole('button', { name: '撤销', exact: true }).click();
    await poll(() => topics(page).filter({ hasText: '拆模强度' }).count()).toBe(0);
    await poll(() => saveState(page).textContent()).toBe('已保存');
    await page.getByRole('button', { name: '重做', exact: true }).click();
    await poll(() => topics(page).filter({ hasText: '拆模强度' }).count()).toBe(1);
    await poll(() => saveState(page).textContent()).toBe('已保存');

    const [markdown] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: '导出 Markdown', exact: true }).click(),
    ]);
    expect(markdown.suggestedFilename()).toBe('测试导图-导出.md');
    const text = readFileSync((await markdown.path()) as string, 'utf8');
    expect(text).toBe('# 测试导图-草稿\n\n## 模板工程\n\n- 拆模强度\n');

    const [png] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: '导出 PNG', exact: true }).click(),
    ]);
    expect(png.suggestedFilename()).toBe('测试导图-导出.png');
    const picture = readFileSync((await png.path()) as string);
    expect(picture.subarray(1, 4).toString('latin1')).toBe('PNG');
    expect(picture.length).toBeGreaterThan(2000);
    // Kept beside the screenshots, to be looked at.
    mkdirSync(SCREENSHOT_DIR, { recursive: true });
    copyFileSync((await png.path()) as string, join(SCREENSHOT_DIR, 'mindmap-export-png-1280.png'));

    await page.getByRole('button', { name: '返回列表', exact: true }).click();
    const screen = page.getByTestId('crud-mindmap-list');
    await row(screen, '测试导图-导出').getByRole('button', { name: '删除', exact: true }).click();
    const confirm = page.locator('.arco-popconfirm');
    await confirm.getByText('确定删除这张导图吗？删除后无法恢复，分享链接也随之失效。').waitFor();
    await page.waitForTimeout(400); // the pop-up's fade-in, for the screenshot
    await screenshot(page, 'mindmap-delete-confirm-1280');
    await page.locator('.arco-popconfirm').getByRole('button', { name: '删除', exact: true }).click();
    await poll(() => row(screen, '测试导图-导出').count()).toBe(0);
    await context.close();
  });

  it("refuses a second editor's late save, saying who saved first, and loads the newer content", async () => {
    const first = await logIn(browser, 'manager', WIDTHS[0]);
    const second = await logIn(browser, 'staff', WIDTHS[1]);
    await newMap(first.page, '测试导图-冲突');
    await openMap(first.page, '测试导图-冲突');
    await second.page.goto('/app/mindMap/index');
    await openMap(second.page, '测试导图-冲突');

    await addChild(first.page, '测试导图-冲突', '经理的修改');
    await poll(() => saveState(first.page).textContent()).toBe('已保存');
    await addChild(second.page, '测试导图-冲突', '施工员的修改');
    const conflict = second.page.getByTestId('mindmap-conflict');
    await conflict.waitFor();
    expect(await conflict.textContent()).toMatch(/这张导图已由张经理于 \d{2}-\d{2} \d{2}:\d{2} 保存了新内容/);
    expect(await saveState(second.page).textContent()).toBe('未保存：内容已被他人更新');
    await screenshot(second.page, 'mindmap-conflict-1920');

    await conflict.getByRole('button', { name: '加载最新内容', exact: true }).click();
    await poll(() => topics(second.page).filter({ hasText: '经理的修改' }).count()).toBe(1);
    expect(await topics(second.page).filter({ hasText: '施工员的修改' }).count()).toBe(0);
    await poll(() => saveState(second.page).textContent()).toBe('已保存');
    await first.context.close();
    await second.context.close();
  });

  it('shares a map read-only with a colleague by a link, and takes the link back', async () => {
    const { context, page } = await logIn(browser, 'manager', WIDTHS[1]);
    await page.goto('/app/mindMap/index');
    await page.getByTestId('crud-mindmap-list').locator('tbody tr').first().waitFor();
    await openMap(page, '安全管理体系');
    await page.getByRole('button', { name: '分享', exact: true }).click();
    const dialog = page.getByTestId('mindmap-share-dialog');
    await dialog.getByRole('button', { name: '生成分享链接', exact: true }).click();
    const input = dialog.getByTestId('mindmap-share-link');
    await poll(() => input.inputValue()).toMatch(/\/app\/mindMap\/share\?token=/);
    const link = await input.inputValue();
    await screenshot(page, 'mindmap-share-dialog-1920');

    for (const viewport of WIDTHS) {
      const colleague = await logIn(browser, 'staff', viewport);
      await colleague.page.goto(link);
      const shared = colleague.page.getByTestId('mindmap-shared');
      await shared.locator('me-root').waitFor();
      expect(await shared.locator('.mindmap-title').textContent()).toBe('安全管理体系');
      expect(await shared.getByText('只读', { exact: true }).count()).toBe(1);
      await poll(() => shared.locator('me-tpc').filter({ hasText: '隐患排查治理' }).count()).toBe(1);
      // Read-only: no editing tools, and a double click opens no text box.
      expect(await colleague.page.getByRole('button', { name: '添加子节点' }).count()).toBe(0);
      await shared.locator('me-tpc').filter({ hasText: '隐患排查治理' }).dblclick();
      expect(await colleague.page.locator('#input-box').count()).toBe(0);
      expect(await colleague.page.getByText('该功能暂未开放').count()).toBe(0);
      await screenshot(colleague.page, `mindmap-shared-${viewport.width}`);
      await colleague.context.close();
    }

    await dialog.getByRole('button', { name: '取消分享', exact: true }).click();
    await page.locator('.arco-popconfirm').getByRole('button', { name: '确定', exact: true }).click();
    await dialog.getByRole('button', { name: '生成分享链接', exact: true }).waitFor();
    const colleague = await logIn(browser, 'staff', WIDTHS[0]);
    await colleague.page.goto(link);
    await colleague.page.getByText('分享链接无效或已被取消').waitFor();
    await screenshot(colleague.page, 'mindmap-shared-revoked-1280');
    await colleague.context.close();
    await context.close();
  });
});
