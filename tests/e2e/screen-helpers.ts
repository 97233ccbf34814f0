/**
 * What the browser tests of schema screens do again and again: the two widths they check, waiting for a value,
 * a logged-in page, a table row by its text, and filling Arco selects and date fields as a user does.
 */
import type { Browser, Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { demoUsers, logInThroughForm, newPage } from './browser';

/** The narrowest desktop the portal supports, and a common wide one. */
export const WIDTHS = [
  { width: 1280, height: 860 },
  { width: 1920, height: 1080 },
] as const;

/** A 1×1 PNG, the photo the tests upload. */
export const PNG_1PX = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

/** Waits until what `read` answers matches (a screen that loads, a list that refreshes). */
export function poll<T>(read: () => T | Promise<T>, timeout = 15_000) {
  return expect.poll(read, { timeout });
}

/** A new page of `browser`, logged in through the login screen as a demo user. */
export async function logIn(
  browser: Browser,
  who: keyof typeof demoUsers,
  viewport: { width: number; height: number } = WIDTHS[0],
) {
  const { context, page } = await newPage(browser, viewport);
  await logInThroughForm(page, demoUsers[who].username, demoUsers[who].password);
  return { context, page };
}

/** The row of a table that shows `text` in one of its cells. */
export function row(scope: Locator, text: string): Locator {
  return scope.locator('tbody tr').filter({ has: scope.page().getByText(text, { exact: true }) });
}

/** Picks an option of a select; `search` types into it first (a long list, such as the project's workers). */
export async function choose(page: Page, fieldId: string, option: string, search?: string): Promise<void> {
  const select = page.locator(`#${fieldId}`);
  await select.click();
  if (search) await page.keyboard.type(search);
  // The options of this select's own popup (another select's may still be fading out).
  const popup = page.locator(`[id="${await select.getAttribute('aria-controls')}"]`);
  await popup.getByRole('option', { name: option, exact: true }).first().click();
  await poll(() => select.locator('.arco-select-view-value').textContent()).toBe(option);
}

/** Types a date into a date field and confirms it. */
export async function typeDate(page: Page, fieldId: string, date: string): Promise<void> {
  const input = page.locator(`#${fieldId}`);
  await input.click();
  await input.fill(date);
  await input.press('Enter');
  await poll(() => input.inputValue()).toBe(date);
}

export interface ApiAnswer<T> {
  msgCode: number;
  errMsg: string;
  data?: T;
}

/** A call with the session of the page (fixtures the screens cannot make, and what the server holds afterwards). */
export async function callApi<T = { id: string }>(
  page: Page,
  method: string,
  url: string,
  body?: unknown,
): Promise<ApiAnswer<T>> {
  return page.evaluate(
    async ({ method, url, body }) => {
      const token = (JSON.parse(localStorage.getItem('tokenInfo') ?? '{}') as { access_token?: string }).access_token;
      const response = await fetch(url, {
        method,
        headers: {
          'Access-Token': token ?? '',
          ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return (await response.json()) as ApiAnswer<T>;
    },
    { method, url, body },
  );
}

/** The project the demo users start on, which the other browser tests expect. */
export const DEMO_PROJECT = '滨江花园住宅工程';

/**
 * Switches the header's project as a user does (a module's menus show on the project types they serve). The choice
 * is saved with the user on the server: a test that switches switches back (`restoreDemoProject`), since the browser
 * tests share one server.
 */
export async function chooseProject(page: Page, name: string): Promise<void> {
  await page.goto('/app/work-bench');
  await page.getByTestId('header-project').click();
  await page.getByRole('button', { name: '更多项目…' }).click();
  await page.getByTestId('project-picker').getByText(name).first().click();
  await page.getByTestId('project-confirm').click();
  // A locator's wait, not expect.poll: restoreDemoProject runs in afterAll, outside any test.
  await page.locator('[data-testid="header-project"]', { hasText: name }).waitFor();
}

/** Puts the user back on the demo project, for the test files that run after. */
export async function restoreDemoProject(browser: Browser, user: 'admin' | 'manager' | 'staff'): Promise<void> {
  const { context, page } = await logIn(browser, user, WIDTHS[0]);
  await chooseProject(page, DEMO_PROJECT);
  await context.close();
}
