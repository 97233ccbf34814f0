/** Debian's Chromium driven by playwright-core (browsers cannot be downloaded on our machines). */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { inject } from 'vitest';
import { FIXED_CAPTCHA } from './global-setup';
import { captchaShown } from '../../scripts/chromium';
import { FIRST_SCREEN_TOKEN_COOKIE } from '../../src/shared/first-screen';
export { captchaShown };

export const SCREENSHOT_DIR = join(import.meta.dirname, '../../test-results/screenshots');

export { launchChromium as launchBrowser } from '../../scripts/chromium';

/** The server's first screen, while the page's code has not replaced it (src/shared/first-screen.ts). */
export const FIRST_SCREEN = '#root > .first-screen';

function navigatesWhenUsable(page: Page): void {
  const goto = page.goto.bind(page);
  const reload = page.reload.bind(page);
  const usable = async <T>(response: T, options?: { waitUntil?: string }): Promise<T> => {
    if (!options?.waitUntil) await page.locator(FIRST_SCREEN).waitFor({ state: 'detached' });
    return response;
  };
  page.goto = async (url, options) => usable(await goto(url, options), options);
  page.reload = async (options) => usable(await reload(options), options);
}

/**
 * Every page of `context` resolves a navigation (`goto`, `reload`) once the page's code has replaced the server's
 * first screen: until then the screen is seen, not usable, as a user's first click has to wait too (a file set on
 * one of its inputs would be lost with it). With `waitUntil` given, a navigation resolves as Playwright's own.
 */
export function usableAfterNavigation(context: BrowserContext): BrowserContext {
  context.pages().forEach(navigatesWhenUsable);
  context.on('page', navigatesWhenUsable);
  return context;
}

export async function newPage(
  browser: Browser,
  viewport = { width: 1440, height: 900 },
): Promise<{ context: BrowserContext; page: Page }> {
  const context = usableAfterNavigation(
    await browser.newContext({ viewport, locale: 'zh-CN', baseURL: inject('baseUrl') }),
  );
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

/**
 * The next document of a logged-in route comes without the server's first screen (src/shared/first-screen.ts), as
 * when the server had none to give in time: the browser then loads, asks and renders it all itself.
 */
export async function withoutFirstScreen(context: BrowserContext): Promise<void> {
  await context.clearCookies({ name: FIRST_SCREEN_TOKEN_COOKIE });
}

export const demoUsers = {
  admin: { username: 'admin', password: 'Admin@2026' },
  manager: { username: 'manager', password: 'Manager@2026' },
  staff: { username: 'staff', password: 'Staff@2026' },
} as const;
