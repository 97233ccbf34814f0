/** Debian's Chromium driven by playwright-core (browsers cannot be downloaded on our machines). */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { inject } from 'vitest';
import { FIXED_CAPTCHA } from './global-setup';
import { captchaShown } from '../../scripts/chromium';
export { captchaShown };

export const SCREENSHOT_DIR = join(import.meta.dirname, '../../test-results/screenshots');

export { launchChromium as launchBrowser } from '../../scripts/chromium';

export async function newPage(
  browser: Browser,
  viewport = { width: 1440, height: 900 },
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport, locale: 'zh-CN', baseURL: inject('baseUrl') });
  const page = await context.newPage();
  return { context, page };
}

export async function screenshot(page: Page, name: string): Promise<void> {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  await page.screenshot({ path: join(SCREENSHOT_DIR, `${name}.png`), fullPage: true });
}

/** Logs in through the login screen as a user would (the captcha text is fixed for tests). */
export async function logInThroughForm(page: Page, username: string, password: string): Promise<void> {
  await page.goto('/app/login');
  await captchaShown(page);
  await page.locator('#login_username').fill(username);
  await page.locator('#login_password').fill(password);
  await page.locator('#login_validateCode').fill(FIXED_CAPTCHA);
  await page.locator('#login_validateCode').press('Enter');
  await page.waitForURL('**/app/gateway-page');
}

export const demoUsers = {
  admin: { username: 'admin', password: 'Admin@2026' },
  manager: { username: 'manager', password: 'Manager@2026' },
  staff: { username: 'staff', password: 'Staff@2026' },
} as const;
