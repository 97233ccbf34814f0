/**
 * 搜索监控 and 词库分析 in Chromium against the real server, at 1280 and 1920 wide: a search in the side menu's
 * preview (one that finds nothing, then one whose app is opened) shows up on 搜索统计 among the top searches, the
 * searches that found nothing and the pages opened, and in 搜索记录; 词库分析 shows the words of knowledge searches,
 * and an administrator adds a word to the custom dictionary, which the knowledge segmenter then cuts as one word.
 */
import { copyFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, SCREENSHOT_DIR, screenshot } from './browser';
import { WIDTHS, callApi, choose, logIn, poll, row } from './screen-helpers';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** The screenshots, also where the people reviewing this screen look for them. */
async function shot(page: Page, name: string): Promise<void> {
  await screenshot(page, name);
  const dir = join(import.meta.dirname, '../../.tmp/shots/search');
  mkdirSync(dir, { recursive: true });
  copyFileSync(join(SCREENSHOT_DIR, `${name}.png`), join(dir, `${name}.png`));
}

/** The side menu's preview of the apps of `entry`, with its search box. */
async function sideMenuPreview(page: Page, entry: string) {
  await page.getByTestId('side-entry').filter({ hasText: entry }).hover();
  const preview = page.getByTestId('side-preview');
  await preview.waitFor();
  return preview;
}

describe('搜索监控 and 词库分析', () => {
  for (const viewport of WIDTHS) {
    it(`search and see it in the monitor at ${viewport.width} wide`, async () => {
      const { context, page } = await logIn(browser, 'admin', viewport);
      const nothing = `没有这个功能${viewport.width}`;
      try {
        await page.goto('/app/work-bench');
        await page.getByTestId('workbench').waitFor();

        // A search that finds nothing: recorded once the typing rests.
        const preview = await sideMenuPreview(page, '流程审批');
        const recorded = page.waitForResponse((answer) => answer.url().endsWith('/api/search/record'));
        await preview.getByPlaceholder('请输入应用名称').fill(nothing);
        await preview.getByText('未查询到功能，请核对后重新输入').waitFor();
        expect((await recorded).ok()).toBe(true);
        // A search whose app is opened: recorded at once, with the page.
        const opened = page.waitForResponse((answer) => answer.url().endsWith('/api/search/record'));
        await preview.getByPlaceholder('请输入应用名称').fill('已办');
        await preview.locator('.side-preview-app', { hasText: '已办' }).click();
        await page.waitForURL('**/app/process/finished');
        expect((await opened).ok()).toBe(true);

        await page.goto('/app/searchMonitor/index');
        expect(await page.getByText('该功能暂未开放').count()).toBe(0);
        await poll(() => page.getByTestId('panel-nothing').innerText()).toContain(nothing);
        expect(await page.getByTestId('panel-nothing').innerText()).toContain('侧边菜单');
        await poll(() => page.getByTestId('panel-top').innerText()).toContain('已办');
        await poll(() => page.getByTestId('panel-targets').innerText()).toContain('/process/finished');
        await page.getByTestId('panel-daily').getByTestId('echart').locator('svg').first().waitFor();
        await page.getByTestId('panel-sources').getByTestId('echart').locator('svg').first().waitFor();
        await poll(() => page.getByTestId('panel-figures').innerText()).toContain('搜索次数');
        await poll(() => page.locator('.dashboard-filter').innerText()).toContain('近30天');
        await shot(page, `search-monitor-${viewport.width}`);

        await page.getByRole('tab', { name: '搜索记录' }).click();
        const records = page.getByTestId('crud-search-monitor-records');
        await row(records, nothing).waitFor();
        await records.locator('#search-monitor-records-filter_query').waitFor();
        expect(await row(records, '已办').first().innerText()).toContain('侧边菜单');
        await shot(page, `search-records-${viewport.width}`);

        // 词库分析: the words of knowledge searches, and the dictionary kept here.
        const word = `智慧巡检仪${viewport.width === 1280 ? '甲' : '乙'}`;
        const found = await callApi(page, 'GET', `/api/knowledge/v1.0/articles?q=${encodeURIComponent('塔吊附着')}`);
        expect(found.msgCode).toBe(0);
        await page.goto('/app/searchLexiconAnalysis/index');
        await poll(() => page.getByTestId('panel-words').innerText()).toContain('塔吊');
        await poll(() => page.locator('.dashboard-filter').innerText()).toContain('近30天');
        await page.getByTestId('panel-top-words').getByTestId('echart').locator('svg').first().waitFor();
        await shot(page, `search-lexicon-${viewport.width}`);

        await page.getByRole('tab', { name: '自定义词典' }).click();
        const words = page.getByTestId('crud-search-lexicon-words');
        await words.locator('tbody tr').first().waitFor();
        await words.locator('#search-lexicon-words-filter_word').waitFor();
        await words.getByRole('button', { name: '新增词条' }).click();
        const form = page.locator('form').filter({ has: page.locator('#search-lexicon-word_word') });
        await form.locator('#search-lexicon-word_word').fill(word);
        await shot(page, `search-lexicon-word-dialog-${viewport.width}`);
        await choose(page, 'search-lexicon-word_tag', '专有名词 nz');
        await form.getByRole('button', { name: '保存' }).click();
        await row(words, word).waitFor();
        expect(await row(words, word).innerText()).toContain('专有名词');
        const cut = await callApi<{ words: string[] }>(
          page,
          'GET',
          `/api/knowledge/v1.0/segment?text=${encodeURIComponent(word)}`,
        );
        expect(cut.data?.words).toEqual([word]);
        await shot(page, `search-lexicon-words-${viewport.width}`);

        await page.getByRole('tab', { name: '同义词' }).click();
        const synonyms = page.getByTestId('crud-search-lexicon-synonyms');
        // 27 seeded groups over three pages: the search form finds the one of 塔吊.
        await synonyms.locator('#search-lexicon-synonyms-filter_word').fill('塔吊');
        await synonyms.getByRole('button', { name: '查询', exact: true }).click();
        await row(synonyms, '塔式起重机、塔吊、塔机').waitFor();
        await shot(page, `search-lexicon-synonyms-${viewport.width}`);

        // Put back: the word leaves the dictionary again.
        await page.getByRole('tab', { name: '自定义词典' }).click();
        await row(words, word).getByRole('button', { name: '删除', exact: true }).click();
        const confirm = page.locator('.arco-popconfirm').filter({ hasText: '确定删除该词条吗' });
        await confirm.waitFor();
        await confirm.getByRole('button', { name: '删除', exact: true }).click();
        await poll(() => row(words, word).count()).toBe(0);
      } finally {
        await context.close();
      }
    });
  }
});
