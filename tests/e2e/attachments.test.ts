/**
 * Attachments in Chromium: the manager starts a 材料采购申请 with a PDF, a Word file and a DWG drawing chosen from
 * disk; the approval lists them by the names they had, with their kinds; 预览 draws the PDF in the page with pdf.js
 * (its page on a canvas), the Word file and the drawing offer 下载 only, and a file the server does not take (a
 * script called .pdf) is refused with the server's reason, losing none of the files already attached. At 1280 and
 * 1920.
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DWG, officePackage, pdf } from '../api/upload-helpers';
import { launchBrowser, screenshot } from './browser';
import { logIn, poll, typeDate, WIDTHS } from './screen-helpers';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const field = (name: string) => `#process-form-material-purchase_${name}`;

describe('attachments', () => {
  for (const viewport of WIDTHS)
    it(`an approval's PDF, Word and DWG files: attached, listed by name, the PDF previewed (${viewport.width})`, async () => {
      const { page, context } = await logIn(browser, 'manager', viewport);
      try {
        await page.goto('/app/process/category');
        await page.getByTestId('start-material-purchase').click();
        const form = page.getByTestId('process-start-form');
        await form.locator(field('materialName')).waitFor();
        await form.locator(field('materialName')).fill(`C30商品混凝土${viewport.width}`);
        await form.locator(field('quantity')).fill('60');
        await form.locator(field('unit')).fill('立方米');
        await form.locator(field('amount')).fill('28000');
        await typeDate(page, field('neededDate').slice(1), '2026-12-20');

        const files = page.getByTestId('process-attachments-files');
        await files.setInputFiles([
          { name: '混凝土浇筑方案.pdf', mimeType: 'application/pdf', buffer: pdf('Pour plan') },
          {
            name: '技术交底.docx',
            mimeType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
            buffer: await officePackage(['word/document.xml']),
          },
        ]);
        const rows = form.getByTestId('attachment-row');
        await poll(() => rows.count()).toBe(2);
        // A script dressed as a PDF: the server's reason shows, the two files stay.
        await files.setInputFiles([{ name: '恶意.pdf', mimeType: 'application/pdf', buffer: Buffer.from('<script>') }]);
        await poll(() => form.getByRole('alert').allInnerTexts()).toContain(
          '只能上传PDF、Word、Excel、PPT、DWG 图纸或图片',
        );
        await files.setInputFiles([{ name: '总平面图.dwg', mimeType: '', buffer: DWG }]);
        await poll(() => rows.allInnerTexts()).toEqual([
          expect.stringContaining('混凝土浇筑方案.pdf'),
          expect.stringContaining('技术交底.docx'),
          expect.stringContaining('总平面图.dwg'),
        ]);
        await screenshot(page, `attachments-start-${viewport.width}`);

        await form.getByRole('button', { name: '提交', exact: true }).click();
        await page.waitForURL(/\/app\/process\/started\/[0-9a-f-]{36}$/);
        const section = page.getByTestId('approval-attachments');
        const listed = section.getByTestId('attachment-row');
        await poll(() => listed.count()).toBe(3);
        expect((await listed.nth(0).innerText()).replace(/\s+/g, ' ')).toContain('PDF 混凝土浇筑方案.pdf 预览 下载');
        expect(await listed.nth(1).getByText('预览').count()).toBe(0);
        expect(await listed.nth(2).innerText()).toContain('DWG 图纸');
        const download = listed.nth(2).getByRole('link', { name: '下载 总平面图.dwg' });
        expect(await download.getAttribute('href')).toMatch(/\.dwg\?name=.+&download=1$/);
        // The Word file's link saves it under its own name.
        const saved = await Promise.all([
          page.waitForEvent('download'),
          listed.nth(1).getByRole('link', { name: '下载 技术交底.docx' }).click(),
        ]);
        expect(saved[0].suggestedFilename()).toBe('技术交底.docx');

        await listed.nth(0).getByRole('button', { name: '预览 混凝土浇筑方案.pdf' }).first().click();
        const preview = page.getByTestId('attachment-pdf');
        await poll(() => preview.getByRole('status').textContent()).toBe('共 1 页');
        const canvas = preview.locator('canvas');
        expect(await canvas.count()).toBe(1);
        // The page is drawn: some of its pixels are dark (the text), not a blank canvas.
        const inked = await canvas.evaluate((element: HTMLCanvasElement) => {
          const data = element.getContext('2d')!.getImageData(0, 0, element.width, element.height / 4).data;
          let dark = 0;
          for (let i = 0; i < data.length; i += 4) if (data[i]! < 100) dark++;
          return dark;
        });
        expect(inked).toBeGreaterThan(50);
        await screenshot(page, `attachments-preview-${viewport.width}`);
      } finally {
        await context.close();
      }
    });
});
