/**
 * 知识库 in Chromium against the real server, at 1280 and 1920 wide: the company's library listed, an article
 * searched by a colloquial word (塔吊 finds 塔式起重机) with the words found marked, opened with its body and related
 * articles, and the knowledge graph browsed from a standard to its articles and on to one of them; an editor writes
 * an article with tags, a standard and rich text, finds it by a word of its body, and deletes it after confirming.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, screenshot } from './browser';
import { WIDTHS, choose, logIn, poll, row } from './screen-helpers';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const list = (page: Page) => page.getByTestId('crud-knowledge-list');
const JGJ196 = 'JGJ 196-2010《建筑施工塔式起重机安装、使用、拆卸安全技术规程》';

async function search(page: Page, words: string): Promise<void> {
  const form = list(page).getByTestId('crud-search');
  await form.locator('#search-knowledge_q').fill(words);
  await form.getByRole('button', { name: '检索', exact: true }).click();
}

describe('知识库', () => {
  for (const viewport of WIDTHS) {
    it(`searches, reads an article and browses the graph at ${viewport.width} wide`, async () => {
      const { context, page } = await logIn(browser, 'staff', viewport);
      await page.goto('/app/knowledgeMap/index');
      await list(page).locator('tbody tr').first().waitFor();
      expect(await page.getByText('该功能暂未开放').count()).toBe(0);
      expect(await page.getByTestId('menu-trail').textContent()).toBe('知识图谱 / 知识库');
      await poll(() => list(page).getByText('共 50 条').count()).toBe(1);
      await list(page).locator('#search-knowledge_q').waitFor();
      await screenshot(page, `knowledge-list-${viewport.width}`);

      // 塔吊 is how the site says 塔式起重机: the search widens it and marks what it found.
      await search(page, '塔吊附着');
      await poll(() => list(page).getByText('共 50 条').count()).toBe(0);
      await poll(() => row(list(page), JGJ196).count()).toBe(1);
      expect(await list(page).locator('tbody mark').count()).toBeGreaterThan(0);
      await screenshot(page, `knowledge-search-${viewport.width}`);

      // The article opened is where the search led (搜索监控's pages opened).
      const led = page.waitForResponse((answer) => /\/api\/search\/record\/[^/]+\/target$/.test(answer.url()));
      await row(list(page), JGJ196).getByRole('button', { name: JGJ196, exact: true }).click();
      const noted = await led;
      expect(noted.request().postDataJSON()).toEqual({
        path: '/knowledgeMap/index/knowledge-std-jgj196',
        name: JGJ196,
      });
      expect((await noted.json()).msgCode).toBe(0);
      const detail = page.getByTestId('detail-knowledge-detail');
      await detail.waitFor();
      await page.waitForURL('**/app/knowledgeMap/index/knowledge-std-jgj196');
      await poll(() => detail.getByText('顶升加节过程中严禁进行起升、回转、变幅等操作', { exact: false }).count()).toBe(
        1,
      );
      const related = page.getByTestId('detail-related-相关知识（相同的标签或引用同一标准）');
      await poll(() => related.getByText('塔式起重机安装拆卸安全技术交底').count()).toBe(1);
      await screenshot(page, `knowledge-detail-${viewport.width}`);

      // The graph: a standard's articles, and on to one of them.
      await page.goto('/app/knowledgeMap/graph');
      const graph = page.getByTestId('knowledge-graph');
      await graph.waitFor();
      await poll(() => page.getByTestId('knowledge-graph-canvas').locator('svg text').count()).toBeGreaterThan(10);
      expect(await page.getByTestId('menu-trail').textContent()).toBe('知识图谱 / 知识图谱');
      await page.waitForTimeout(1500); // the force layout settles, for the picture
      await screenshot(page, `knowledge-graph-${viewport.width}`);

      // A hub of the panel selects its node in the graph (clicking the moving, overlapping labels of a force
      // layout is not something a test can do reliably).
      await page.getByTestId('knowledge-hub-高处作业').click();
      await poll(() => page.getByTestId('knowledge-selected').textContent()).toBe('标签 · 高处作业');
      await page.getByRole('button', { name: '返回', exact: true }).click();

      await page.getByTestId('knowledge-hub-JGJ 130-2011').click();
      const panel = page.getByTestId('knowledge-graph-panel');
      await poll(() => page.getByTestId('knowledge-selected').textContent()).toBe('标准 · JGJ 130-2011');
      expect(await panel.locator('.knowledge-standard-title').textContent()).toBe(
        '《建筑施工扣件式钢管脚手架安全技术规范》',
      );
      await page.waitForTimeout(500);
      await screenshot(page, `knowledge-graph-standard-${viewport.width}`);
      await panel.getByRole('button', { name: '外架拆除作业安全技术交底', exact: true }).click();
      await page.waitForURL('**/app/knowledgeMap/index/knowledge-brief-scaffold-dismantle');
      await poll(() =>
        page.getByTestId('detail-knowledge-detail').getByText('连墙件必须随脚手架逐层拆除', { exact: false }).count(),
      ).toBeGreaterThan(0);
      await context.close();
    });
  }

  it('lets an editor write an article with tags, a standard and rich text, find it and delete it', async () => {
    const { context, page } = await logIn(browser, 'manager', WIDTHS[0]);
    await page.goto('/app/knowledgeMap/index');
    await list(page).locator('tbody tr').first().waitFor();
    await list(page).getByRole('button', { name: '新建文章', exact: true }).click();
    const dialog = page.getByTestId('crud-dialog-form');
    await dialog.locator('#knowledge-article_title').fill('测试-基坑雨季排水交底');
    await choose(page, 'knowledge-article_category', '安全技术交底');
    const tags = dialog.locator('#knowledge-article_tags input');
    await tags.fill('深基坑');
    await tags.press('Enter');
    await tags.fill('雨季施工');
    await tags.press('Enter');
    const standards = dialog.locator('#knowledge-article_standards input');
    await standards.fill('JGJ120-2012');
    await standards.press('Enter');
    await dialog.locator('#knowledge-article_body').click();
    await page.keyboard.type('暴雨前检查坑顶截水沟与集水井抽水泵，坑底积水及时排出。');
    await page.waitForTimeout(300);
    await screenshot(page, 'knowledge-new-1280');
    await dialog.getByRole('button', { name: '保存', exact: true }).click();
    await dialog.waitFor({ state: 'detached' });

    await search(page, '截水沟');
    await poll(() => row(list(page), '测试-基坑雨季排水交底').count()).toBe(1);
    const found = row(list(page), '测试-基坑雨季排水交底');
    expect(await found.locator('mark').first().textContent()).toBe('截水沟');
    await found.getByRole('button', { name: '测试-基坑雨季排水交底', exact: true }).click();
    const detail = page.getByTestId('detail-knowledge-detail');
    await detail.waitFor();
    // The code typed without its space (JGJ120-2012) is kept as standards are cited; the tags as typed.
    await poll(() => detail.getByText('JGJ 120-2012', { exact: true }).count()).toBe(1);
    expect(await detail.getByText('深基坑、雨季施工', { exact: true }).count()).toBe(1);
    await screenshot(page, 'knowledge-new-detail-1280');

    await page.goBack();
    await list(page).locator('tbody tr').first().waitFor();
    await search(page, '截水沟');
    await poll(() => row(list(page), '测试-基坑雨季排水交底').count()).toBe(1);

    await found.getByRole('button', { name: '删除', exact: true }).click();
    const confirm = page.locator('.arco-popconfirm');
    await confirm.getByText('确定删除这篇知识文章吗？删除后全公司都将无法查阅。').waitFor();
    await confirm.getByRole('button', { name: '删除', exact: true }).click();
    await poll(() => row(list(page), '测试-基坑雨季排水交底').count()).toBe(0);
    await context.close();
  });
});
