import { hashPassword } from '../../src/server/accounts/passwords.js';
import { describe, expect, it } from 'vitest';
import type { CurrentUser, TokenPair } from '../../src/shared/envelope.js';
import {
  CAPTCHA_TEXT,
  DEMO,
  encryptLikeBrowser,
  getCaptchaCookie,
  json,
  login,
  loginTokens,
  publicKeys,
  useTestApp,
} from './test-app.js';

const t = useTestApp();

const currentUser = (token?: string) =>
  t.app.inject({ method: 'GET', url: '/api/user/getCurrentUser', headers: token ? { 'access-token': token } : {} });

describe('captcha', () => {
  it('is a PNG, never cached, bound by an HttpOnly cookie', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/getCaptchaImg' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/png');
    expect(response.headers['cache-control']).toBe('no-store');
    expect([...response.rawPayload.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    const cookie = response.cookies.find((c) => c.name === 'captcha_id');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/api' });
    const stored = await t.db
      .selectFrom('captcha')
      .select('answer_hash')
      .where('id', '=', cookie!.value)
      .executeTakeFirstOrThrow();
    expect(stored.answer_hash).not.toContain(CAPTCHA_TEXT);
  });
});

describe('login', () => {
  it('answers a token pair for the right password (captcha case-insensitive)', async () => {
    const body = json<TokenPair>(
      await login(t.app, DEMO.admin.username, DEMO.admin.password, { validateCode: CAPTCHA_TEXT.toUpperCase() }),
    );
    expect(body).toMatchObject({ msgCode: 0, errMsg: '' });
    expect(body.data?.access_token).toMatch(/^[\w-]+\.[\w-]+$/);
    expect(body.data?.refresh_token).toMatch(/^[\w-]{43}$/);
  });

  it('clears the captcha cookie after use', async () => {
    const response = await login(t.app, DEMO.staff.username, DEMO.staff.password);
    const cleared = response.cookies.find((c) => c.name === 'captcha_id');
    expect(cleared?.value).toBe('');
  });

  it('refuses a wrong password with -1, and the captcha cannot be reused', async () => {
    const cookie = await getCaptchaCookie(t.app);
    const wrong = json(await login(t.app, DEMO.admin.username, 'Wrong@2026', { cookie }));
    expect(wrong).toEqual({ msgCode: -1, errMsg: '账号或密码错误' });
    const retry = json(await login(t.app, DEMO.admin.username, DEMO.admin.password, { cookie }));
    expect(retry).toEqual({ msgCode: -1, errMsg: '验证码错误或已失效' });
  });

  it('gives unknown users the same message as a wrong password', async () => {
    expect(json(await login(t.app, 'nobody', 'Whatever@1'))).toEqual({ msgCode: -1, errMsg: '账号或密码错误' });
  });

  it('refuses a wrong captcha, and consumes it', async () => {
    const cookie = await getCaptchaCookie(t.app);
    expect(
      json(await login(t.app, DEMO.admin.username, DEMO.admin.password, { cookie, validateCode: 'xxxx' })),
    ).toEqual({
      msgCode: -1,
      errMsg: '验证码错误或已失效',
    });
    expect(json(await login(t.app, DEMO.admin.username, DEMO.admin.password, { cookie })).msgCode).toBe(-1);
  });

  it('refuses a login after a successful one with the same captcha', async () => {
    const cookie = await getCaptchaCookie(t.app);
    expect(json(await login(t.app, DEMO.admin.username, DEMO.admin.password, { cookie })).msgCode).toBe(0);
    expect(json(await login(t.app, DEMO.admin.username, DEMO.admin.password, { cookie }))).toEqual({
      msgCode: -1,
      errMsg: '验证码错误或已失效',
    });
  });

  it('refuses a login without the captcha cookie', async () => {
    const keys = await publicKeys(t.app);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: {
        username: 'admin',
        password: encryptLikeBrowser(keys.rsaPublicKey, 'Admin@2026'),
        validateCode: CAPTCHA_TEXT,
      },
    });
    expect(json(response)).toEqual({ msgCode: -1, errMsg: '验证码错误或已失效' });
  });

  it('refuses an expired captcha', async () => {
    const cookie = await getCaptchaCookie(t.app);
    await t.db
      .updateTable('captcha')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('id', '=', cookie.split('=')[1])
      .execute();
    expect(json(await login(t.app, DEMO.admin.username, DEMO.admin.password, { cookie })).errMsg).toBe(
      '验证码错误或已失效',
    );
  });

  it('validates with the form schema messages (-400, data.errors)', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { username: '', validateCode: '' },
    });
    expect(response.statusCode).toBe(200);
    expect(json(response)).toEqual({
      msgCode: -400,
      errMsg: '请输入账号',
      data: {
        errors: [
          { field: 'username', message: '请输入账号' },
          { field: 'password', message: '请输入密码' },
          { field: 'validateCode', message: '请输入验证码' },
        ],
      },
    });
    const onlyCode = json(
      await t.app.inject({
        method: 'POST',
        url: '/api/login',
        payload: { username: 'admin', password: 'x'.repeat(10) },
      }),
    );
    expect(onlyCode.errMsg).toBe('请输入验证码');
  });

  it('validates the decrypted password against the form (maxLength) and reports undecryptable passwords', async () => {
    const keys = await publicKeys(t.app);
    const cookie = await getCaptchaCookie(t.app);
    const tooLong = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { cookie },
      payload: {
        username: 'admin',
        password: encryptLikeBrowser(keys.rsaPublicKey, 'x'.repeat(65)),
        validateCode: CAPTCHA_TEXT,
      },
    });
    expect(json(tooLong)).toMatchObject({ msgCode: -400, errMsg: '密码不能超过64个字符' });
    const garbage = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { cookie },
      payload: { username: 'admin', password: 'bm90IGVuY3J5cHRlZA==', validateCode: CAPTCHA_TEXT },
    });
    expect(json(garbage)).toMatchObject({ msgCode: -400, errMsg: '密码解密失败，请刷新页面后重试' });
  });

  it('decrypts non-ASCII passwords (UTF-8)', async () => {
    await t.db
      .insertInto('sys_user')
      .values({ id: 'user-utf8', login_name: 'utf8', name: '测试', password_hash: await hashPassword('密码Pass1') })
      .execute();
    expect(json(await login(t.app, 'utf8', '密码Pass1')).msgCode).toBe(0);
  });

  it('refuses a disabled user', async () => {
    await t.db
      .insertInto('sys_user')
      .values({
        id: 'user-disabled',
        login_name: 'disabled',
        name: '停用',
        password_hash: await hashPassword('Disabled@2026'),
        login_flag: '0',
      })
      .execute();
    expect(json(await login(t.app, 'disabled', 'Disabled@2026'))).toEqual({ msgCode: -1, errMsg: '账号已被禁用' });
  });

  it('answers -16001 with a password-only token when the password must change', async () => {
    await t.db
      .insertInto('sys_user')
      .values({
        id: 'user-must-change',
        login_name: 'mustchange',
        name: '王必改',
        password_hash: await hashPassword('Change@2026'),
        password_must_change: true,
      })
      .execute();
    const body = json<TokenPair>(await login(t.app, 'mustchange', 'Change@2026'));
    expect(body.msgCode).toBe(-16001);
    expect(body.errMsg).toBe('密码需要修改，请先修改密码');
    expect(body.data?.access_token).toBeTruthy();
    expect(body.data?.refresh_token).toBeTruthy();
    expect(json(await currentUser(body.data!.access_token))).toEqual({ msgCode: -403, errMsg: '请先修改密码' });
    // Refreshing keeps the restriction.
    const refreshed = json<TokenPair>(
      await t.app.inject({
        method: 'POST',
        url: '/api/token/refresh',
        payload: { refreshToken: body.data!.refresh_token },
      }),
    );
    expect(refreshed.msgCode).toBe(0);
    expect(json(await currentUser(refreshed.data!.access_token)).msgCode).toBe(-403);
  });
});

describe('current user', () => {
  it('answers the user with roles and office', async () => {
    const tokens = await loginTokens(t.app, DEMO.manager.username, DEMO.manager.password);
    const body = json<CurrentUser>(await currentUser(tokens.access_token));
    expect(body).toEqual({
      msgCode: 0,
      errMsg: '',
      data: {
        id: 'user-manager',
        name: '张经理',
        loginName: 'manager',
        mobile: '13800000002',
        roles: [{ id: 'role-company-manager', name: '公司管理员', enname: 'companyManager' }],
        office: { id: 'office-east', name: '华东分公司' },
        skinType: 'default',
      },
    });
  });

  it('needs a token (-401) and rejects bad ones (-10014)', async () => {
    expect(json(await currentUser())).toEqual({ msgCode: -401, errMsg: '请先登录' });
    expect(json(await currentUser('garbage'))).toEqual({ msgCode: -10014, errMsg: '登录状态已失效，请重新登录' });
    const tokens = await loginTokens(t.app, DEMO.staff.username, DEMO.staff.password);
    const [body, signature] = tokens.access_token.split('.');
    const forged = Buffer.from(
      JSON.stringify({ ...JSON.parse(Buffer.from(body, 'base64url').toString()), sub: 'user-admin' }),
    ).toString('base64url');
    expect(json(await currentUser(`${forged}.${signature}`)).msgCode).toBe(-10014);
  });

  it('ends the access of a disabled user within the user cache TTL', async () => {
    const uncached = await t.sibling({ userCacheTtlMs: 0 });
    await t.db
      .insertInto('sys_user')
      .values({
        id: 'user-to-disable',
        login_name: 'todisable',
        name: '将停用',
        password_hash: await hashPassword('Disable@2026'),
      })
      .execute();
    const tokens = await loginTokens(uncached, 'todisable', 'Disable@2026');
    const me = () =>
      uncached.inject({
        method: 'GET',
        url: '/api/user/getCurrentUser',
        headers: { 'access-token': tokens.access_token },
      });
    expect(json(await me()).msgCode).toBe(0);
    await t.db.updateTable('sys_user').set({ login_flag: '0' }).where('id', '=', 'user-to-disable').execute();
    expect(json(await me())).toEqual({ msgCode: -10014, errMsg: '账号已被禁用' });
    expect(
      json(
        await uncached.inject({
          method: 'POST',
          url: '/api/token/refresh',
          payload: { refreshToken: tokens.refresh_token },
        }),
      ).msgCode,
    ).toBe(-10014);
  });

  it('answers -10005 for an expired access token', async () => {
    const shortLived = await t.sibling({ accessTtlSeconds: 0 });
    const tokens = await loginTokens(shortLived, DEMO.staff.username, DEMO.staff.password);
    expect(json(await currentUser(tokens.access_token))).toEqual({ msgCode: -10005, errMsg: '访问令牌已过期' });
  });
});

describe('refresh and logout', () => {
  const refresh = (refreshToken: string) =>
    t.app.inject({ method: 'POST', url: '/api/token/refresh', payload: { refreshToken } });

  it('rotates; reusing a spent token revokes the whole family', async () => {
    const first = await loginTokens(t.app, DEMO.staff.username, DEMO.staff.password);
    const second = json<TokenPair>(await refresh(first.refresh_token));
    expect(second.msgCode).toBe(0);
    expect(second.data!.refresh_token).not.toBe(first.refresh_token);
    expect(json(await currentUser(second.data!.access_token)).msgCode).toBe(0);

    expect(json(await refresh(first.refresh_token))).toEqual({ msgCode: -10014, errMsg: '登录状态已失效，请重新登录' });
    // The family is revoked: the newest refresh token and the access tokens stop working too.
    expect(json(await refresh(second.data!.refresh_token)).msgCode).toBe(-10014);
    expect(json(await currentUser(second.data!.access_token)).msgCode).toBe(-10014);
  });

  it('refuses unknown and expired refresh tokens', async () => {
    expect(json(await refresh('unknown-token')).msgCode).toBe(-10014);
    const tokens = await loginTokens(t.app, DEMO.staff.username, DEMO.staff.password);
    await t.db
      .updateTable('refresh_token')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('revoked_at', 'is', null)
      .execute();
    expect(json(await refresh(tokens.refresh_token)).msgCode).toBe(-10014);
  });

  it('requires refreshToken (-400)', async () => {
    expect(json(await t.app.inject({ method: 'POST', url: '/api/token/refresh', payload: {} }))).toMatchObject({
      msgCode: -400,
      errMsg: '缺少刷新令牌',
    });
  });

  it('logout revokes the session', async () => {
    const tokens = await loginTokens(t.app, DEMO.admin.username, DEMO.admin.password);
    const out = await t.app.inject({
      method: 'POST',
      url: '/api/logout',
      headers: { 'access-token': tokens.access_token },
      payload: { refreshToken: tokens.refresh_token },
    });
    expect(json(out)).toEqual({ msgCode: 0, errMsg: '' });
    expect(json(await refresh(tokens.refresh_token)).msgCode).toBe(-10014);
    expect(json(await currentUser(tokens.access_token)).msgCode).toBe(-10014);
  });

  it('logout with only the refresh token, or with nothing valid, answers 0', async () => {
    const tokens = await loginTokens(t.app, DEMO.admin.username, DEMO.admin.password);
    expect(
      json(await t.app.inject({ method: 'POST', url: '/api/logout', payload: { refreshToken: tokens.refresh_token } }))
        .msgCode,
    ).toBe(0);
    expect(json(await refresh(tokens.refresh_token)).msgCode).toBe(-10014);
    expect(
      json(await t.app.inject({ method: 'POST', url: '/api/logout', headers: { 'access-token': 'bad' } })).msgCode,
    ).toBe(0);
  });
});
