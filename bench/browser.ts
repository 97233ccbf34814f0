/** Debian's Chromium through playwright-core (browsers cannot be downloaded here: see STACK-NOTES.md). */
import type { Browser, BrowserContext } from 'playwright-core';
import { captchaShown } from '../scripts/chromium';
import { CAPTCHA } from './server';

export { launchChromium as launchBrowser } from '../scripts/chromium';

export const LOGIN_PATH = '/app/login';
/** The login form's account input: rjsf ids are idPrefix (the form id, `login`) + `_` + field name. */
export const LOGIN_INPUT = '[data-testid=login-form] input#login_username';
/** Enabled once the page's scripts run (the prerendered login page shows it disabled until they hydrate it). */
export const LOGIN_SUBMIT = '[data-testid=login-form] button[type=submit]';

export const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
export const verdict = (met: boolean) => (met ? 'MET' : 'NOT MET');

export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

export type StorageState = Awaited<ReturnType<BrowserContext['storageState']>>;

/** Logs in as admin through the login form; the storage it leaves is every load's starting point. */
export async function loggedInState(browser: Browser, origin: string): Promise<StorageState> {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    await page.goto(`${origin}${LOGIN_PATH}`);
    await captchaShown(page);
    await page.locator(LOGIN_INPUT).fill('admin');
    await page.locator('[data-testid=login-form] input#login_password').fill('Admin@2026');
    await page.locator('[data-testid=login-form] input#login_validateCode').fill(CAPTCHA);
    await page.locator('[data-testid=login-form] input#login_validateCode').press('Enter');
    await page.waitForURL('**/app/gateway-page', { timeout: 60_000 });
    return await context.storageState();
  } finally {
    await context.close();
  }
}
