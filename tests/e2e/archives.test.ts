/**
 * 电子档案 in Chromium: the archivist (the manager) opens 档案管理, finds the demo 卷内文件 by class, registers a new
 * file (著录), uploads its PDF in the detail page through the resumable upload widget (tus) and sees version 1 with
 * its SHA-256; previews the PDF drawn by pdf.js in the page and downloads it under its own name; the demo 借阅登记
 * shows the file that is out. At 1280 and 1920.
 */
import { createHash } from 'node:crypto';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pdf } from '../api/upload-helpers';
import { launchBrowser, screenshot } from './browser';
import { choose, logIn, poll, row, WIDTHS } from './screen-helpers';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('电子档案', () => {
  for (const viewport of WIDTHS)
    it(`registers a file, uploads its PDF as version 1, previews and downloads it (${viewport.width})`, async () => {
      const { page, context } = await logIn(browser, 'manager', viewport);
      const fileNo = `BJ-C-SG-77-${viewport.width}`;
      const bytes = pdf(`Archive ${viewport.width}`);
      try {
        await page.goto('/app/vueptms/archive');
        const list = page.getByTestId('crud-archive-file-list');
        await row(list, '项目立项批复文件').waitFor();
        await screenshot(page, `archives-list-${viewport.width}`);

        // 著录: the catalogue entry first.
        await list.getByRole('button', { name: '著录文件' }).click();
        const form = page.locator('form').filter({ has: page.locator('#archive-file_fileNo') });
        await form.locator('#archive-file_fileNo').fill(fileNo);
        await form.locator('#archive-file_title').fill('地下室防水工程隐蔽验收记录');
        await choose(page, 'archive-file_category', '施工文件');
        await choose(page, 'archive-file_retention', '长期');
        await choose(page, 'archive-file_secrecy', '公开');
        await form.locator('#archive-file_pages').fill('2');
        await form.getByRole('button', { name: '保存' }).click();
        await row(list, fileNo).waitFor();
        await row(list, fileNo).getByRole('button', { name: fileNo }).click();

        // The electronic file, through the resumable upload.
        const versions = page.getByTestId('detail-related-版本记录');
        await versions.waitFor();
        await page.getByRole('button', { name: '上传新版本' }).click();
        await page.getByTestId('archive-version-upload_upload-file').setInputFiles({
          name: '防水隐蔽验收记录.pdf',
          mimeType: 'application/pdf',
          buffer: bytes,
        });
        await poll(() => page.getByTestId('archive-version-upload_upload-upload').getAttribute('data-phase')).toBe(
          'done',
        );
        await screenshot(page, `archives-upload-${viewport.width}`);
        await page.getByRole('button', { name: '保存' }).click();
        const sha256 = createHash('sha256').update(bytes).digest('hex');
        await poll(() => versions.innerText()).toContain(sha256);
        expect(await versions.innerText()).toContain('防水隐蔽验收记录.pdf');

        // Preview in the page, download under its own name.
        const entry = versions.getByTestId('attachment-row').first();
        await entry.getByRole('button', { name: '预览 防水隐蔽验收记录.pdf' }).first().click();
        await poll(() => page.getByTestId('attachment-pdf').getByRole('status').textContent()).toBe('共 1 页');
        await screenshot(page, `archives-preview-${viewport.width}`);
        await page.keyboard.press('Escape');
        const [download] = await Promise.all([
          page.waitForEvent('download'),
          entry.getByRole('link', { name: '下载 防水隐蔽验收记录.pdf' }).click(),
        ]);
        expect(download.suggestedFilename()).toBe('防水隐蔽验收记录.pdf');

        // 借阅登记: the demo's borrowing that is still out.
        await page.goto('/app/vueptms/archive');
        await page.getByRole('tab', { name: '借阅登记' }).click();
        const borrows = page.getByTestId('crud-archive-borrow-list');
        await row(borrows, '结构施工图（竣工图）').waitFor();
        expect(await row(borrows, '结构施工图（竣工图）').innerText()).toContain('借出中');
        await screenshot(page, `archives-borrows-${viewport.width}`);
      } finally {
        await context.close();
      }
    });
});
