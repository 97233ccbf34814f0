/**
 * Phone login, the lockout after 5 failures, GET /api/system/sendCode/getMobile, and the -16001 rules (password
 * age, initial administrator).
 */
import { describe, expect, it } from 'vitest';
import type { CurrentUser, TokenPair } from '../../src/shared/envelope.js';
import { ensureInitialAdmin } from '../../src/server/seed/initial-admin.js';
import { hashPassword } from '../../src/server/accounts/passwords.js';
import {
  CAPTCHA_TEXT,
  DAY,
  DEMO,
  MINUTE,
  createTestApp,
  encryptLikeBrowser,
  json,
  lastCode,
  login,
  publicKeys,
  sm2LikeBrowser,
  testClock,
  useTestApp,
  type TestApp,
} from './test-app.js';

const clock = testClock();
const t = useTestApp({ now: clock.now });

const currentUser = (app: TestApp['app'], token: string) =>
  app.inject({ method: 'GET', url: '/api/user/getCurrentUser', headers: { 'access-token': token } });

async function addUser(
  id: string,
  loginName: string,
  password: string,
  extra: { mobile?: string } = {},
): Promise<void> {
  await t.db
    .insertInto('sys_user')
    .values({
      id,
      login_name: loginName,
      name: '测试',
      password_hash: await hashPassword(password),
      mobile: extra.mobile ?? null,
      password_changed_at: clock.now(),
    })
    .execute();
}

describe('phone login', () => {
  const phoneLogin = (payload: unknown) =>
    t.app.inject({ method: 'POST', url: '/api/login', payload: payload as object });

  it('logs the user with that mobile in', async () => {
    clock.advance(2 * MINUTE);
    await t.app.inject({
      method: 'GET',
      url: '/api/system/sendCode/getCode',
      query: { phone: '13800000002', purpose: 'login' },
    });
    const body = json<TokenPair>(
      await phoneLogin({ phone: '13800000002', smsCode: await lastCode(t, '13800000002', 'login') }),
    );
    expect(body.msgCode).toBe(0);
    expect(json<CurrentUser>(await currentUser(t.app, body.data!.access_token)).data?.loginName).toBe('manager');
  });

  it('validates with the phone-login form', async () => {
    expect(json(await phoneLogin({ phone: '', smsCode: '' }))).toEqual({
      msgCode: -400,
      errMsg: '请输入手机号',
      data: {
        errors: [
          { field: 'phone', message: '请输入手机号' },
          { field: 'smsCode', message: '请输入验证码' },
        ],
      },
    });
    expect(json(await phoneLogin({ phone: '12800000002', smsCode: '123456' })).errMsg).toBe('请输入正确的手机号');
  });

  it('answers -1 手机号或验证码错误 when the user was disabled after the code was sent', async () => {
    await addUser('user-phone-off', 'phoneoff', 'Phone@2026', { mobile: '13500000009' });
    clock.advance(2 * MINUTE);
    await t.app.inject({ method: 'GET', url: '/api/system/sendCode/getCode', query: { phone: '13500000009' } });
    const code = await lastCode(t, '13500000009', 'login');
    await t.db.updateTable('sys_user').set({ login_flag: '0' }).where('id', '=', 'user-phone-off').execute();
    expect(json(await phoneLogin({ phone: '13500000009', smsCode: code }))).toEqual({
      msgCode: -1,
      errMsg: '手机号或验证码错误',
    });
  });
});

describe('lockout', () => {
  const LOCKED = { msgCode: -429, errMsg: '登录失败次数过多，请15分钟后再试' };

  it('locks an account for 15 minutes after 5 failures, even for the right password', async () => {
    await addUser('user-lock', 'lockme', 'Lock@2026');
    for (let i = 0; i < 5; i += 1)
      expect(json(await login(t.app, 'lockme', 'Wrong@2026'))).toEqual({ msgCode: -1, errMsg: '账号或密码错误' });
    expect(json(await login(t.app, 'lockme', 'Lock@2026'))).toEqual(LOCKED);
    clock.advance(15 * MINUTE - 1000);
    expect(json(await login(t.app, 'lockme', 'Lock@2026'))).toEqual(LOCKED);
    clock.advance(1000);
    expect(json(await login(t.app, 'lockme', 'Lock@2026')).msgCode).toBe(0);
  });

  it('leaves SMS login open to an account whose password login is locked, and keeps the lock', async () => {
    await addUser('user-sms-lock', 'smslock', 'SmsLock@2026', { mobile: '13500000009' });
    for (let i = 0; i < 5; i += 1) await login(t.app, 'smslock', 'Wrong@2026');
    expect(json(await login(t.app, 'smslock', 'SmsLock@2026'))).toEqual(LOCKED);
    clock.advance(2 * MINUTE);
    await t.app.inject({
      method: 'GET',
      url: '/api/system/sendCode/getCode',
      query: { phone: '13500000009', purpose: 'login' },
    });
    const smsCode = await lastCode(t, '13500000009', 'login');
    const phoneLogin = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { phone: '13500000009', smsCode },
    });
    expect(json(phoneLogin).msgCode).toBe(0);
    expect(json(await login(t.app, 'smslock', 'SmsLock@2026'))).toEqual(LOCKED);
  });

  it('treats unknown names the same way', async () => {
    for (let i = 0; i < 5; i += 1)
      expect(json(await login(t.app, 'ghost', 'Wrong@2026'))).toEqual({ msgCode: -1, errMsg: '账号或密码错误' });
    expect(json(await login(t.app, 'ghost', 'Wrong@2026'))).toEqual(LOCKED);
  });

  it('counts only failures within 15 minutes', async () => {
    await addUser('user-slow', 'slowfail', 'Slow@2026');
    for (let i = 0; i < 4; i += 1) await login(t.app, 'slowfail', 'Wrong@2026');
    clock.advance(15 * MINUTE);
    for (let i = 0; i < 4; i += 1) expect(json(await login(t.app, 'slowfail', 'Wrong@2026')).msgCode).toBe(-1);
    expect(json(await login(t.app, 'slowfail', 'Slow@2026')).msgCode).toBe(0);
  });

  it('does not count a wrong captcha, and a success clears the count', async () => {
    await addUser('user-captcha', 'captchafail', 'Captcha@2026');
    for (let i = 0; i < 6; i += 1) {
      expect(json(await login(t.app, 'captchafail', 'Captcha@2026', { validateCode: 'zzzz' })).errMsg).toBe(
        '验证码错误或已失效',
      );
    }
    for (let i = 0; i < 4; i += 1) await login(t.app, 'captchafail', 'Wrong@2026');
    expect(json(await login(t.app, 'captchafail', 'Captcha@2026')).msgCode).toBe(0);
    for (let i = 0; i < 4; i += 1) await login(t.app, 'captchafail', 'Wrong@2026');
    expect(json(await login(t.app, 'captchafail', 'Captcha@2026')).msgCode).toBe(0);
    expect(json(await login(t.app, 'captchafail', 'Captcha@2026', { validateCode: CAPTCHA_TEXT })).msgCode).toBe(0);
  });
});

describe('getMobile', () => {
  const getMobile = async (loginName: string, password: string) => {
    const keys = await publicKeys(t.app);
    return t.app.inject({
      method: 'GET',
      url: `/api/system/sendCode/getMobile?loginName=${encodeURIComponent(loginName)}&password=${encodeURIComponent(encryptLikeBrowser(keys.rsaPublicKey, password))}`,
    });
  };

  it('answers the masked mobile for the right password', async () => {
    expect(json(await getMobile(DEMO.admin.username, DEMO.admin.password))).toEqual({
      msgCode: 0,
      errMsg: '',
      item: { mobile: '138****0001' },
    });
  });

  it('refuses a wrong password like login, counting towards the lockout', async () => {
    await addUser('user-mobile-lock', 'mobilelock', 'Mobile@2026', { mobile: '13500000008' });
    for (let i = 0; i < 5; i += 1)
      expect(json(await getMobile('mobilelock', 'Wrong@2026'))).toEqual({ msgCode: -1, errMsg: '账号或密码错误' });
    expect(json(await getMobile('mobilelock', 'Mobile@2026')).msgCode).toBe(-429);
    expect(json(await login(t.app, 'mobilelock', 'Mobile@2026')).msgCode).toBe(-429);
  });

  it('validates its parameters', async () => {
    expect(json(await t.app.inject({ method: 'GET', url: '/api/system/sendCode/getMobile' })).errMsg).toBe(
      '请输入账号',
    );
    const garbage = await t.app.inject({
      method: 'GET',
      url: '/api/system/sendCode/getMobile?loginName=admin&password=bm90',
    });
    expect(json(garbage)).toMatchObject({ msgCode: -400, errMsg: '密码解密失败，请刷新页面后重试' });
  });
});

describe('password must change (-16001)', () => {
  it('applies to a password older than PORTAL_PASSWORD_MAX_AGE_DAYS; the token then only changes the password', async () => {
    const aging = await t.sibling({ now: clock.now, passwordMaxAgeDays: 90 });
    await addUser('user-aging', 'aging', 'Aging@2026');
    expect(json(await login(aging, 'aging', 'Aging@2026')).msgCode).toBe(0);
    clock.advance(90 * DAY);
    const forced = json<TokenPair>(await login(aging, 'aging', 'Aging@2026'));
    expect(forced).toMatchObject({ msgCode: -16001, errMsg: '密码需要修改，请先修改密码' });
    expect(json(await currentUser(aging, forced.data!.access_token))).toEqual({
      msgCode: -403,
      errMsg: '请先修改密码',
    });
    const keys = await publicKeys(aging);
    const change = await aging.inject({
      method: 'POST',
      url: '/api/user/v1.0/validateChangePassword',
      headers: { 'access-token': forced.data!.access_token },
      payload: {
        oldPassword: sm2LikeBrowser(keys.sm2PublicKey, 'Aging@2026'),
        newPassword: sm2LikeBrowser(keys.sm2PublicKey, 'Younger2026'),
        againPassword: sm2LikeBrowser(keys.sm2PublicKey, 'Younger2026'),
      },
    });
    expect(json(change)).toEqual({ msgCode: 0, errMsg: '密码修改成功，请使用新密码重新登录' });
    expect(json(await login(aging, 'aging', 'Younger2026')).msgCode).toBe(0);
    // The same clock, without the limit: no forced change.
    expect(json(await login(t.app, 'aging', 'Younger2026')).msgCode).toBe(0);
  });

  it('applies to the initial administrator of an install without demo data', async () => {
    const bare = await createTestApp({ demo: false });
    try {
      const password = await ensureInitialAdmin(bare.db);
      expect(password).toMatch(/^(?=.*[A-Za-z])(?=.*\d)[A-Za-z0-9]{14}$/);
      expect(await ensureInitialAdmin(bare.db)).toBeUndefined();
      const forced = json<TokenPair>(await login(bare.app, 'admin', password!));
      expect(forced.msgCode).toBe(-16001);
      const keys = await publicKeys(bare.app);
      const change = await bare.app.inject({
        method: 'POST',
        url: '/api/user/v1.0/validateChangePassword',
        headers: { 'access-token': forced.data!.access_token },
        payload: {
          oldPassword: sm2LikeBrowser(keys.sm2PublicKey, password!),
          newPassword: sm2LikeBrowser(keys.sm2PublicKey, 'Admin2026x'),
          againPassword: sm2LikeBrowser(keys.sm2PublicKey, 'Admin2026x'),
        },
      });
      expect(json(change).msgCode).toBe(0);
      const tokens = json<TokenPair>(await login(bare.app, 'admin', 'Admin2026x'));
      expect(tokens.msgCode).toBe(0);
      const me = json<CurrentUser>(await currentUser(bare.app, tokens.data!.access_token));
      expect(me.data?.roles.map((r) => r.enname)).toEqual(['admin']);
      const menus = json<{ pcMenu: { childList: { id: string }[] } }>(
        await bare.app.inject({
          method: 'POST',
          url: '/api/zhgd/menu/roleMenuList',
          headers: { 'access-token': tokens.data!.access_token },
          payload: { type: '' },
        }),
      );
      expect(menus.data?.pcMenu.childList.map((m) => m.id)).toContain('sys');
    } finally {
      await bare.close();
    }
  });

  it('is not created when users exist', async () => {
    expect(await ensureInitialAdmin(t.db)).toBeUndefined();
  });
});
