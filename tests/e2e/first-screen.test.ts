/**
 * The first screen of a logged-in link, rendered by the server (src/shared/first-screen.ts), in Chromium against
 * the real server: the rows are in the document, readable before any script has run and inert until the page's
 * code replaces them; the code takes over with the answers the document carries instead of asking again; the
 * session's cookies follow the stored session, and without a session the server accepts the document is the
 * plain page.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  FIRST_SCREEN_ANSWERS_ID,
  FIRST_SCREEN_PROJECT_COOKIE,
  FIRST_SCREEN_TOKEN_COOKIE,
} from '../../src/shared/first-screen';
import { demoUsers, FIRST_SCREEN, launchBrowser, logInThroughForm, newPage, screenshot } from './browser';

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const DICTIONARY = '/app/systemProject/dictionary';

/** The API paths the page asks for from now on. */
function apiCalls(page: Page): string[] {
  const calls: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith('/api/')) calls.push(url.pathname + url.search);
  });
  return calls;
}

/**
 * Waits until the server renders first screens: its renderer starts with the login page's document and takes a
 * moment to load, documents meanwhile going without.
 */
async function rendererReady(page: Page): Promise<void> {
  const deadline = Date.now() + 20_000;
  while (!(await (await page.request.get(DICTIONARY)).text()).includes(FIRST_SCREEN_ANSWERS_ID)) {
    if (Date.now() > deadline) throw new Error('the server rendered no first screen in 20 s');
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

describe('the first screen of a logged-in link', () => {
  it('is in the document: rows readable before any script runs, inert until the code has replaced them', async () => {
    const { context, page } = await newPage(browser);
    await logInThroughForm(page, demoUsers.admin.username, demoUsers.admin.password);
    await rendererReady(page);
    await page.route('**/app/assets/*.js', (route) => route.abort());

    // No script runs: the first screen stays (the navigation resolves on load, not when the code took over).
    const answer = await page.goto(DICTIONARY, { waitUntil: 'load' });
    const document = (await answer?.text()) ?? '';
    expect(answer?.headers()['cache-control']).toBe('no-store');
    expect(document).toContain(`id="${FIRST_SCREEN_ANSWERS_ID}"`);
    const firstScreen = page.locator(`${FIRST_SCREEN}[inert]`);
    await firstScreen.getByText('C15', { exact: true }).first().waitFor();
    await expect(firstScreen.getByText('字典管理').count()).resolves.toBeGreaterThan(0);
    await expect(firstScreen.getByText('共 178 条').count()).resolves.toBe(1);
    // The user's own menus and name, and the search button disabled while no code runs.
    await expect(firstScreen.getByTestId('header-user').textContent()).resolves.toContain('admin');
    await expect(firstScreen.locator('nav.side-menu').textContent()).resolves.toContain('系统管理');
    await expect(firstScreen.getByTestId('crud-search').locator('button[type=submit]').isDisabled()).resolves.toBe(
      true,
    );
    await screenshot(page, 'first-screen-without-scripts');
    await context.close();
  });

  it('is taken over by the code without asking again for what the document answered; later calls ask the server', async () => {
    const { context, page } = await newPage(browser);
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    await logInThroughForm(page, demoUsers.admin.username, demoUsers.admin.password);
    await rendererReady(page);
    const calls = apiCalls(page);

    // The navigation resolves once the code has replaced the first screen (tests/e2e/browser.ts).
    await page.goto(DICTIONARY);
    expect(await page.locator(FIRST_SCREEN).count()).toBe(0);
    await page.getByTestId('crud-dictionary').getByText('C15', { exact: true }).first().waitFor();
    expect(calls.filter((call) => call.startsWith('/api/system/dictionary/list'))).toEqual([]);
    expect(calls.filter((call) => call.startsWith('/api/zhgd/menu/roleMenuList'))).toEqual([]);
    expect(calls.filter((call) => call.startsWith('/api/user/current/permissions'))).toEqual([]);
    expect(await page.locator(`#${FIRST_SCREEN_ANSWERS_ID}`).count()).toBe(0);

    // Searching is the page's own call, answered by the server.
    const search = page.getByTestId('crud-search');
    await search.locator('input').first().fill('sex');
    await search.locator('button[type=submit]').click();
    await page.getByTestId('crud-dictionary').locator('tbody tr').first().getByText('sex', { exact: true }).waitFor();
    expect(calls.filter((call) => call.startsWith('/api/system/dictionary/list'))).toHaveLength(1);
    expect(errors).toEqual([]);
    await screenshot(page, 'first-screen-taken-over');
    await context.close();
  });

  it('comes with the session cookies, which stay with documents, follow the session and leave with it', async () => {
    const { context, page } = await newPage(browser);
    await logInThroughForm(page, demoUsers.admin.username, demoUsers.admin.password);
    await page.goto(DICTIONARY);
    await page.getByTestId('crud-dictionary').waitFor();
    const cookies = await context.cookies();
    const token = cookies.find((cookie) => cookie.name === FIRST_SCREEN_TOKEN_COOKIE);
    const project = cookies.find((cookie) => cookie.name === FIRST_SCREEN_PROJECT_COOKIE);
    const stored = await page.evaluate(() => ({
      token: (JSON.parse(localStorage.getItem('tokenInfo') ?? '{}') as { access_token?: string }).access_token,
      project: (JSON.parse(localStorage.getItem('selectInfo') ?? '{}') as { projectId?: string }).projectId,
    }));
    expect(token).toMatchObject({ value: stored.token, path: '/app', sameSite: 'Strict' });
    expect(project).toMatchObject({ value: stored.project, path: '/app', sameSite: 'Strict' });
    // The API authenticates by header: the cookies are not sent there.
    const apiCookies = await context.cookies(new URL('/api/pub/ping', page.url()).href);
    expect(apiCookies.map((cookie) => cookie.name)).not.toContain(FIRST_SCREEN_TOKEN_COOKIE);

    await page.getByTestId('header-user').click();
    await page.getByTestId('logout').click();
    await page.waitForURL('**/app/login');
    const left = (await context.cookies()).map((cookie) => cookie.name);
    expect(left).not.toContain(FIRST_SCREEN_TOKEN_COOKIE);
    expect(left).not.toContain(FIRST_SCREEN_PROJECT_COOKIE);
    await context.close();
  });

  it('is not rendered for a token the server does not accept: the document is the plain page', async () => {
    const { context, page } = await newPage(browser);
    await page.goto('/app/login');
    const origin = new URL(page.url()).origin;
    await context.addCookies([
      { name: FIRST_SCREEN_TOKEN_COOKIE, value: 'not-a-token', url: `${origin}/app/`, sameSite: 'Strict' },
    ]);
    const answer = await page.request.get(`${origin}${DICTIONARY}`);
    const document = await answer.text();
    expect(answer.status()).toBe(200);
    expect(document).not.toContain(FIRST_SCREEN_ANSWERS_ID);
    expect(document).toContain('<div id="root"></div>');
    await context.close();
  });
});
