/**
 * Account flows in Chromium against the real server (spec sections 4 and 5): personal registration, forgot
 * password, change password, company registration with the manager's phone login and its countdown, single
 * sign-on, the AI library's SMS check, and the forced password change of a fresh install. SMS codes are read
 * from the server's outbox file.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { mintSsoTicket } from '../../src/server/accounts/single-sign-on';
import { captchaShown, launchBrowser, newPage, screenshot, usableAfterNavigation } from './browser';
import { E2E_SSO_SECRET, FIXED_CAPTCHA, startServer } from './global-setup';
import { nextCode, sentCount } from './sms-outbox';

let browser: Browser;
const dataDir = () => inject('dataDir');

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const person = { name: '张三', idCard: '11010519491231002X', phone: '13912345671' };
const passwords = { first: 'Passw0rd2026', second: 'Secur3Pass', third: 'Thirdpass99' };

async function accountLogin(page: Page, username: string, password: string) {
  await page.goto('/app/login');
  await captchaShown(page);
  await page.locator('#login_username').fill(username);
  await page.locator('#login_password').fill(password);
  await page.locator('#login_validateCode').fill(FIXED_CAPTCHA);
  await page.locator('#login_validateCode').press('Enter');
  await page.waitForURL('**/app/gateway-page');
}

async function chooseNation(page: Page, fieldId: string) {
  await page.locator(`#${fieldId}`).click();
  await page.getByRole('option', { name: '汉族', exact: true }).click();
}

/** Clicks the send button of a code field and returns the code that reached the outbox. */
async function sendCode(page: Page, fieldId: string, phone: string, purpose: string): Promise<string> {
  const before = sentCount(dataDir(), phone, purpose);
  const button = page.getByTestId(`${fieldId}-send`);
  await expect(button.isEnabled()).resolves.toBe(true);
  await button.click();
  await page.getByText('60秒后重新发送').or(page.getByText('59秒后重新发送')).waitFor();
  return nextCode(dataDir(), phone, purpose, before);
}

describe('personal account', () => {
  it('closing the registration dialog resets form, countdown and step', async () => {
    const { context, page } = await newPage(browser);
    await page.goto('/app/login');
    await page.getByTestId('entry-register').click();
    await page.locator('#register_name').fill('李四');
    await page.locator('#register_phoneNumber').fill('13912345672');
    await page.getByTestId('register_verificationCode-send').click();
    await page.getByText('60秒后重新发送').or(page.getByText('59秒后重新发送')).waitFor();
    await page.locator('.arco-modal-close-icon').click();
    await page.locator('#register_name').waitFor({ state: 'detached' });
    await page.getByTestId('entry-register').click();
    await expect.poll(() => page.locator('#register_name').inputValue()).toBe('');
    expect(await page.getByTestId('register_verificationCode-send').textContent()).toBe('发送验证码');
    await context.close();
  });

  it('registers: the ID number fills sex and birthday, the SMS code is checked, the success page shows', async () => {
    const { context, page } = await newPage(browser);
    await page.goto('/app/login');
    await page.getByTestId('entry-register').click();
    await page.locator('#register_name').fill(person.name);
    await page.locator('#register_idCardNumber').fill(person.idCard);
    await expect.poll(() => page.getByLabel('女').isChecked()).toBe(true);
    await expect.poll(() => page.locator('#register_birthday').inputValue()).toBe('1949-12-31');
    await chooseNation(page, 'register_nation');
    await page.locator('#register_phoneNumber').fill(person.phone);
    const code = await sendCode(page, 'register_verificationCode', person.phone, 'register');
    await page.locator('#register_verificationCode').fill(code);
    await page.locator('#register_password').fill(passwords.first);
    await page.locator('#register_passwordAgain').fill('Mismatch2026');
    await page.getByRole('button', { name: '注册', exact: true }).click();
    await page.getByText('两次输入的密码不一致，请重新输入').waitFor();
    await page.locator('#register_passwordAgain').fill(passwords.first);
    await screenshot(page, 'register-form');
    await page.getByRole('button', { name: '注册', exact: true }).click();
    await page.getByText('恭喜，注册已完成！请使用手机号和密码登录。').waitFor();
    await screenshot(page, 'register-done');
    await page.getByRole('button', { name: '去登录' }).click();
    await accountLogin(page, person.phone, passwords.first);
    await context.close();
  });

  it('resets a forgotten password with an SMS code, in two steps', async () => {
    const { context, page } = await newPage(browser);
    await page.goto('/app/login');
    await page.getByTestId('entry-forgot-password').click();
    await page.locator('#forgot-password-verify_phoneNumber').fill(person.phone);
    await page.locator('#forgot-password-verify_code').fill('999999');
    await page.getByRole('button', { name: '下一步' }).click();
    await page.getByText('验证码已失效，请重新获取').or(page.getByText('验证码错误')).first().waitFor();
    const code = await sendCode(page, 'forgot-password-verify_code', person.phone, 'reset');
    await page.locator('#forgot-password-verify_code').fill(code);
    await page.getByRole('button', { name: '下一步' }).click();
    await page.locator('#forgot-password-reset_password').fill(passwords.second);
    await page.locator('#forgot-password-reset_passwordAgain').fill(passwords.second);
    await screenshot(page, 'forgot-password-reset');
    await page.getByRole('button', { name: '确定' }).click();
    await page.getByText('新密码修改成功！').waitFor();
    await accountLogin(page, person.phone, passwords.second);
    await context.close();
  });

  it('changes the password from the header: SM2 on the wire, then logged out', async () => {
    const { context, page } = await newPage(browser);
    await accountLogin(page, person.phone, passwords.second);
    await page.goto('/app/work-bench');
    let body = '';
    page.on('request', (request) => {
      if (request.url().includes('validateChangePassword')) body = request.postData() ?? '';
    });
    await page.getByTestId('header-user').click();
    await page.getByTestId('change-password').click();
    await page.locator('#change-password_oldPassword').fill(passwords.second);
    await page.locator('#change-password_newPassword').fill(passwords.third);
    await page.locator('#change-password_againPassword').fill(passwords.third);
    await screenshot(page, 'change-password');
    await page.getByRole('button', { name: '确定' }).click();
    await page.getByText('密码修改成功，请使用新密码重新登录').waitFor();
    await page.waitForURL('**/app/login');
    const sent = JSON.parse(body) as Record<string, string>;
    expect(sent.newPassword).toMatch(/^04[0-9a-f]+$/);
    expect(body).not.toContain(passwords.third);
    await accountLogin(page, person.phone, passwords.third);
    await context.close();
  });
});

describe('company registration', () => {
  const company = { unitName: '华建测试工程有限公司', creditCode: '91310000MA1K00000X', manager: '赵六' };
  const managerPhone = '13712345670';

  it('registers a company in three steps, and its manager logs in by phone with the countdown', async () => {
    const { context, page } = await newPage(browser);
    await page.goto('/app/login');
    await page.getByTestId('entry-company-register').click();
    await page.locator('#company-info_unitName').fill(company.unitName);
    await page.locator('#company-info_creditCode').fill('bad-code');
    await page.locator('#company-info_legalRepresentative').fill('王建国');
    await page.locator('#company-info_address').fill('上海市浦东新区测试路8号');
    await page.getByRole('button', { name: '下一步' }).click();
    await page.getByText('统一社会信用代码格式不正确').waitFor();
    await page.locator('#company-info_creditCode').fill(company.creditCode);
    await page.getByRole('button', { name: '下一步' }).click();

    await page.locator('#company-manager_name').fill(company.manager);
    await page.getByRole('button', { name: '上一步' }).click();
    await expect.poll(() => page.locator('#company-info_unitName').inputValue()).toBe(company.unitName);
    await page.getByRole('button', { name: '下一步' }).click();
    await expect.poll(() => page.locator('#company-manager_name').inputValue()).toBe(company.manager);
    await page.locator('#company-manager_idCardNumber').fill('110105198001010016');
    await expect.poll(() => page.getByLabel('男').isChecked()).toBe(true);
    expect(await page.getByLabel('男').isDisabled()).toBe(true);
    await expect.poll(() => page.locator('#company-manager_birthday').inputValue()).toBe('1980-01-01');
    await chooseNation(page, 'company-manager_nation');
    await page.locator('#company-manager_phoneNumber').fill(managerPhone);
    const code = await sendCode(page, 'company-manager_code', managerPhone, 'register');
    await page.locator('#company-manager_code').fill(code);
    await screenshot(page, 'company-register-manager');
    await page.getByRole('button', { name: '确认' }).click();
    await page.getByText('企业与管理员账号已创建。管理员可使用注册手机号通过手机号登录进入平台。').waitFor();
    await screenshot(page, 'company-register-done');
    await page.getByRole('button', { name: '去登录' }).click();

    await page.getByTestId('entry-phone-login').click();
    const send = page.getByTestId('phone-login_smsCode-send');
    expect(await send.isDisabled()).toBe(true);
    await page.locator('#phone-login_phone').fill(managerPhone);
    const before = sentCount(dataDir(), managerPhone, 'login');
    await send.click();
    await page.getByText('60秒后重新发送').waitFor();
    expect(await send.isDisabled()).toBe(true);
    await page.getByText('59秒后重新发送').waitFor({ timeout: 3000 });
    await screenshot(page, 'phone-login-countdown');
    const loginCode = await nextCode(dataDir(), managerPhone, 'login', before);
    await page.locator('#phone-login_smsCode').fill(loginCode);
    await page.locator('#phone-login_smsCode').press('Enter');
    await page.waitForURL('**/app/work-bench');
    expect(await page.getByTestId('header-user').textContent()).toContain(managerPhone);
    await context.close();
  });
});

describe('single sign-on', () => {
  it('a signed ticket logs the user in and routes by role; it cannot be used twice', async () => {
    const { context, page } = await newPage(browser);
    const ticket = mintSsoTicket(E2E_SSO_SECRET, 'admin', new Date());
    await page.goto(`/app/cas?token=${encodeURIComponent(ticket)}`);
    await page.waitForURL('**/app/work-bench');
    expect(await page.getByTestId('header-user').textContent()).toContain('admin');
    await context.close();

    const second = await newPage(browser);
    await second.page.goto(`/app/cas?token=${encodeURIComponent(ticket)}`);
    await second.page.getByRole('status').getByText('统一身份认证失败').waitFor();
    await screenshot(second.page, 'cas-failed');
    await second.page.waitForURL('**/app/login');
    expect(await second.page.evaluate(() => localStorage.getItem('tokenInfo'))).toBeNull();
    await second.context.close();
  });

  it('a forged ticket fails', async () => {
    const { context, page } = await newPage(browser);
    const forged = mintSsoTicket('not-the-secret', 'admin', new Date());
    await page.goto(`/app/cas?token=${encodeURIComponent(forged)}`);
    await page.getByRole('status').getByText('统一身份认证失败').waitFor();
    await page.waitForURL('**/app/login');
    await context.close();
  });
});

describe('AI drawing library', () => {
  it('asks for an SMS code, then opens the signed address in a new window', async () => {
    const { context, page } = await newPage(browser);
    await accountLogin(page, 'admin', 'Admin@2026');
    await page.getByRole('button', { name: 'AI图库', exact: true }).click();
    await page.getByText('AI图库访问验证').waitFor();
    await page.getByRole('button', { name: '确定' }).click();
    await page.getByText('验证码不能为空').waitFor();
    const code = await sendCode(page, 'ai-sms_smsCode', '13800000001', 'ai');
    await page.locator('#ai-sms_smsCode').fill(code);
    await screenshot(page, 'ai-sms');
    const [popup] = await Promise.all([
      context.waitForEvent('page'),
      page.getByRole('button', { name: '确定' }).click(),
    ]);
    await popup.waitForURL(/sign=/);
    const url = new URL(popup.url());
    expect(url.searchParams.get('account')).toBe('admin');
    expect(url.searchParams.get('sign')).toMatch(/^[0-9a-f]{64}$/);
    await context.close();
  });
});

describe('a fresh install without demo data', () => {
  it('the initial administrator must change the one-time password before anything else', async () => {
    const server = await startServer({ PORTAL_DEMO: '0' });
    try {
      const oneTime = /初始管理员 admin 的一次性密码：(\S+)/.exec(server.output())?.[1];
      expect(oneTime).toBeTruthy();
      const context = usableAfterNavigation(await browser.newContext({ locale: 'zh-CN', baseURL: server.baseUrl }));
      const page = await context.newPage();
      await page.goto('/app/login');
      await captchaShown(page);
      await page.locator('#login_username').fill('admin');
      await page.locator('#login_password').fill(oneTime!);
      await page.locator('#login_validateCode').fill(FIXED_CAPTCHA);
      await page.locator('#login_validateCode').press('Enter');
      await page.locator('#change-password_oldPassword').waitFor();
      expect(await page.locator('.arco-modal-close-icon').count()).toBe(0);
      await page.keyboard.press('Escape');
      await page.locator('#change-password_oldPassword').fill(oneTime!);
      await page.locator('#change-password_newPassword').fill('Brandnew2026');
      await page.locator('#change-password_againPassword').fill('Brandnew2026');
      await screenshot(page, 'forced-change-password');
      await page.getByRole('button', { name: '确定' }).click();
      await page.getByText('密码修改成功，请使用新密码重新登录').waitFor();
      // Logging out reloads the login page: wait for the new page, not the one the dialog was on.
      await page.locator('#change-password_oldPassword').waitFor({ state: 'detached' });
      await page.waitForLoadState('load');
      await captchaShown(page);
      await page.locator('#login_username').fill('admin');
      await page.locator('#login_password').fill('Brandnew2026');
      await page.locator('#login_validateCode').fill(FIXED_CAPTCHA);
      await page.locator('#login_validateCode').press('Enter');
      await page.waitForURL('**/app/gateway-page');
      await context.close();
    } finally {
      await server.stop();
    }
  });
});
