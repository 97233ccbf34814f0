import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIXED_CAPTCHA, startServer } from './global-setup';
import { demoUsers, launchBrowser, logInThroughForm, newPage, screenshot } from './browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('signing in and out', () => {
  it('an anonymous visit to a protected route lands on the gateway page, tiles listed', async () => {
    const { context, page } = await newPage(browser);
    await page.goto('/app/work-bench');
    await page.waitForURL('**/app/gateway-page');
    await expect.poll(() => page.locator('[data-testid=gateway-tiles] li').count()).toBe(16);
    await expect(page.getByTestId('gateway-login').isVisible()).resolves.toBe(true);
    await screenshot(page, 'gateway-anonymous');
    await context.close();
  });

  it('the root path goes to the gateway page when not logged in, and the tokenless exceptions stay', async () => {
    const { context, page } = await newPage(browser);
    await page.goto('/app/');
    await page.waitForURL('**/app/gateway-page');
    for (const path of ['/app/ldf/task', '/app/ldf/fill_data', '/app/ldv/chart_viewer']) {
      await page.goto(path);
      await page.waitForLoadState('networkidle');
      expect(new URL(page.url()).pathname).toBe(path);
    }
    await context.close();
  });

  it('logs in with the captcha: Enter moves from account to password, Enter in password submits', async () => {
    const { context, page } = await newPage(browser);
    await page.goto('/app/login');
    const captcha = page.getByTestId('captcha-image');
    await expect.poll(() => captcha.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBeGreaterThan(0);
    await screenshot(page, 'login');

    await page.locator('#login_username').fill(demoUsers.admin.username);
    await page.locator('#login_username').press('Enter');
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('login_password');
    await page.locator('#login_validateCode').fill(FIXED_CAPTCHA);
    await page.locator('#login_password').fill(demoUsers.admin.password);
    await page.locator('#login_password').press('Enter');
    await page.waitForURL('**/app/gateway-page');

    const stored = await page.evaluate(() => ({
      token: JSON.parse(localStorage.getItem('tokenInfo') ?? '{}'),
      user: JSON.parse(localStorage.getItem('userInfo') ?? '{}'),
    }));
    expect(stored.token.access_token).toBeTruthy();
    expect(stored.token.refresh_token).toBeTruthy();
    expect(stored.user.loginName).toBe('admin');
    await expect(page.getByTestId('gateway-user').textContent()).resolves.toContain(stored.user.name);
    await expect.poll(() => page.locator('[data-testid=gateway-tiles] li').count()).toBe(16);
    await screenshot(page, 'gateway-logged-in');
    await context.close();
  });

  it('arrives prerendered: typing works before the scripts run, Enter waits for them, the typed text logs in', async () => {
    const { context, page } = await newPage(browser);
    const consoleErrors: string[] = [];
    page.on('console', (message) => message.type() === 'error' && consoleErrors.push(message.text()));
    // Hold the main script back: what the user sees meanwhile is the build's prerendered HTML.
    let releaseScripts = () => {};
    const scriptsHeld = new Promise<void>((resolve) => (releaseScripts = resolve));
    await page.route(/\/app\/assets\/index-[^/]*\.js$/, async (route) => {
      await scriptsHeld;
      await route.continue();
    });
    await page.goto('/app/login', { waitUntil: 'commit' });
    const account = page.locator('#login_username');
    await account.waitFor();
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('login_username');
    await account.pressSequentially(demoUsers.admin.username);
    await page.locator('#login_password').pressSequentially(demoUsers.admin.password);
    const submit = page.getByTestId('login-form').locator('button[type=submit]');
    expect(await submit.isDisabled()).toBe(true);
    await page.locator('#login_password').press('Enter');
    expect(page.url()).not.toContain('login_password');
    await screenshot(page, 'login-prerendered');

    releaseScripts();
    await page.getByTestId('captcha-image').waitFor();
    await expect.poll(() => submit.isEnabled()).toBe(true);
    expect(await account.inputValue()).toBe(demoUsers.admin.username);
    await page.locator('#login_validateCode').fill(FIXED_CAPTCHA);
    await page.locator('#login_validateCode').press('Enter');
    await page.waitForURL('**/app/gateway-page');
    expect(consoleErrors.filter((text) => /hydrat/i.test(text))).toEqual([]);
    await context.close();
  });

  it('an empty submit shows the messages of the schema file', async () => {
    const { context, page } = await newPage(browser);
    await page.goto('/app/login');
    await page.getByRole('button', { name: '登录', exact: true }).click();
    await expect
      .poll(() => page.getByRole('alert').allTextContents())
      .toEqual(['请输入账号', '请输入密码', '请输入验证码']);
    await screenshot(page, 'login-empty-submit');
    await context.close();
  });

  it('a wrong password says so, clears the code and shows a new captcha', async () => {
    const { context, page } = await newPage(browser);
    await page.goto('/app/login');
    const captcha = page.getByTestId('captcha-image');
    await expect.poll(() => captcha.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBeGreaterThan(0);
    const firstSource = await captcha.getAttribute('src');
    await page.locator('#login_username').fill(demoUsers.staff.username);
    await page.locator('#login_password').fill('Wrong@2026');
    await page.locator('#login_validateCode').fill(FIXED_CAPTCHA);
    await page.locator('#login_validateCode').press('Enter');
    await expect(page.getByText('账号或密码错误').waitFor()).resolves.toBeUndefined();
    await expect.poll(() => page.locator('#login_validateCode').inputValue()).toBe('');
    await expect.poll(() => captcha.getAttribute('src')).not.toBe(firstSource);
    expect(new URL(page.url()).pathname).toBe('/app/login');
    await screenshot(page, 'login-wrong-password');
    await context.close();
  });

  it('a deep route survives a reload, the login page sends a logged-in user on, and logging out clears storage', async () => {
    const { context, page } = await newPage(browser);
    await logInThroughForm(page, demoUsers.manager.username, demoUsers.manager.password);

    await page.goto('/app/detachmodel/index');
    await page.getByTestId('model-split').waitFor();
    await page.reload();
    await page.getByTestId('model-split').waitFor();
    await expect(page.getByTestId('header-user').textContent()).resolves.toContain('manager');
    await screenshot(page, 'deep-route-reloaded');

    await page.goto('/app/work-bench');
    await page.getByTestId('workbench').waitFor();
    await page.reload();
    await page.getByTestId('workbench').waitFor();

    await page.goto('/app/login');
    await page.waitForURL('**/app/work-bench');

    await page.getByTestId('header-user').click();
    await page.getByTestId('logout').click();
    await page.waitForURL('**/app/login');
    // The login page fetches the public base config again at once; nothing of the session is left.
    const storage = await page.evaluate(() => ({ local: Object.keys(localStorage), session: sessionStorage.length }));
    expect(storage.local.filter((key) => key !== 'baseConfig')).toEqual([]);
    expect(storage.session).toBe(0);
    await page.goto('/app/work-bench');
    await page.waitForURL('**/app/gateway-page');
    await context.close();
  });

  it('a login sent before its captcha image arrived waits for it, and succeeds', async () => {
    const { context, page } = await newPage(browser);
    // The image (and the cookie that binds the code to this browser) comes late, as on a busy first start.
    let releaseCaptcha = () => {};
    const captchaHeld = new Promise<void>((resolve) => (releaseCaptcha = resolve));
    await page.route(/\/api\/getCaptchaImg/, async (route) => {
      await captchaHeld;
      await route.continue();
    });
    await page.goto('/app/login');
    await page.locator('#login_username').fill(demoUsers.staff.username);
    await page.locator('#login_password').fill(demoUsers.staff.password);
    await page.locator('#login_validateCode').fill(FIXED_CAPTCHA);
    const login = page.waitForRequest(/\/api\/login$/);
    await page.locator('#login_validateCode').press('Enter');
    // Nothing is sent while the captcha is on its way.
    await expect(Promise.race([login.then(() => 'sent'), page.waitForTimeout(800).then(() => 'held')])).resolves.toBe(
      'held',
    );
    releaseCaptcha();
    await page.waitForURL('**/app/gateway-page');
    await context.close();
  });

  it('a session the server ended brings the user to the login page, which says why', async () => {
    const { context, page } = await newPage(browser);
    await logInThroughForm(page, demoUsers.manager.username, demoUsers.manager.password);
    // The refresh token used twice: the server ends the whole session (-10014), as for a stolen token.
    await page.evaluate(async () => {
      const { refresh_token: refreshToken } = JSON.parse(localStorage.getItem('tokenInfo') ?? '{}');
      for (let i = 0; i < 2; i += 1)
        await fetch('/api/token/refresh', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ refreshToken }),
        });
    });
    await page.goto('/app/work-bench');
    await page.waitForURL('**/app/login');
    await expect(page.getByTestId('login-notice').textContent()).resolves.toBe('登录状态已失效，请重新登录');
    await screenshot(page, 'login-session-ended');
    // Said once: a later visit to the login page shows the form alone.
    await page.reload();
    await page.locator('#login_username').waitFor();
    await expect(page.getByTestId('login-notice').count()).resolves.toBe(0);
    await context.close();
  });
});

describe('the first seconds of a first start', () => {
  it('a login made as soon as the new server answers succeeds', async () => {
    const server = await startServer();
    const context = await browser.newContext({ locale: 'zh-CN', baseURL: server.baseUrl });
    try {
      const page = await context.newPage();
      await page.goto('/app/login', { waitUntil: 'commit' });
      await page.locator('#login_username').fill(demoUsers.admin.username);
      await page.locator('#login_password').fill(demoUsers.admin.password);
      await page.locator('#login_validateCode').fill(FIXED_CAPTCHA);
      // Enter as soon as the page's code runs (the prerendered form waits for it), not for the captcha image.
      const submit = page.getByTestId('login-form').locator('button[type=submit]');
      await expect.poll(() => submit.isEnabled(), { interval: 20 }).toBe(true);
      await page.locator('#login_validateCode').press('Enter');
      await page.waitForURL('**/app/gateway-page');
    } finally {
      await context.close();
      await server.stop();
    }
  });
});
