/** Changing a password, forgotten password (sendSMS reset, verifySms, passwardUpdate), and loginFlag. */
import { describe, expect, it } from 'vitest';
import type { TokenPair } from '../../src/shared/envelope.js';
import { hashPassword } from '../../src/server/accounts/passwords.js';
import {
  DEMO,
  MINUTE,
  encryptLikeBrowser,
  json,
  lastCode,
  login,
  loginTokens,
  outbox,
  publicKeys,
  sm2LikeBrowser,
  testClock,
  useTestApp,
} from './test-app.js';

const clock = testClock();
const t = useTestApp({ now: clock.now });

const currentUser = (token: string) =>
  t.app.inject({ method: 'GET', url: '/api/user/getCurrentUser', headers: { 'access-token': token } });
const refresh = (refreshToken: string) =>
  t.app.inject({ method: 'POST', url: '/api/token/refresh', payload: { refreshToken } });

async function addUser(id: string, loginName: string, password: string, mobile: string | null = null): Promise<void> {
  await t.db
    .insertInto('sys_user')
    .values({
      id,
      login_name: loginName,
      name: '测试',
      password_hash: await hashPassword(password),
      mobile,
      password_changed_at: clock.now(),
    })
    .execute();
}

async function changePassword(token: string, oldPassword: string, newPassword: string, againPassword = newPassword) {
  const keys = await publicKeys(t.app);
  return t.app.inject({
    method: 'POST',
    url: '/api/user/v1.0/validateChangePassword',
    headers: { 'access-token': token },
    payload: {
      oldPassword: sm2LikeBrowser(keys.sm2PublicKey, oldPassword),
      newPassword: sm2LikeBrowser(keys.sm2PublicKey, newPassword),
      againPassword: sm2LikeBrowser(keys.sm2PublicKey, againPassword),
    },
  });
}

describe('change password', () => {
  it('refuses a wrong old password and an unchanged one, naming the field', async () => {
    await addUser('user-cp1', 'changer1', 'Change@2026');
    const tokens = await loginTokens(t.app, 'changer1', 'Change@2026');
    expect(json(await changePassword(tokens.access_token, 'Wrong@2026', 'Newer2026'))).toEqual({
      msgCode: -400,
      errMsg: '旧密码不正确',
      data: { errors: [{ field: 'oldPassword', message: '旧密码不正确' }] },
    });
    expect(json(await changePassword(tokens.access_token, 'Change@2026', 'Change@2026'))).toEqual({
      msgCode: -400,
      errMsg: '新密码不能与旧密码相同',
      data: { errors: [{ field: 'newPassword', message: '新密码不能与旧密码相同' }] },
    });
  });

  it('applies the form rules after decrypting (letters and digits, the same twice)', async () => {
    const tokens = await loginTokens(t.app, 'changer1', 'Change@2026');
    expect(json(await changePassword(tokens.access_token, 'Change@2026', 'short1')).errMsg).toBe(
      '必须包含英文字母、数字，不小于8位',
    );
    expect(json(await changePassword(tokens.access_token, 'Change@2026', 'Newer2026', 'Other2026')).errMsg).toBe(
      '两次输入的新密码不一致，请重新输入。',
    );
    const empty = await t.app.inject({
      method: 'POST',
      url: '/api/user/v1.0/validateChangePassword',
      headers: { 'access-token': tokens.access_token },
      payload: {},
    });
    expect(json(empty).errMsg).toBe('请输入旧密码');
    const plain = await t.app.inject({
      method: 'POST',
      url: '/api/user/v1.0/validateChangePassword',
      headers: { 'access-token': tokens.access_token },
      payload: { oldPassword: 'Change@2026', newPassword: 'Newer2026', againPassword: 'Newer2026' },
    });
    expect(json(plain).errMsg).toBe('旧密码解密失败，请刷新页面后重试');
  });

  it('needs a token', async () => {
    expect(
      json(await t.app.inject({ method: 'POST', url: '/api/user/v1.0/validateChangePassword', payload: {} })).msgCode,
    ).toBe(-401);
  });

  it('stores a new argon2id hash, clears the forced change and ends every session of the user', async () => {
    await addUser('user-cp2', 'changer2', 'Change@2026');
    await t.db.updateTable('sys_user').set({ password_must_change: true }).where('id', '=', 'user-cp2').execute();
    const forced = json<TokenPair>(await login(t.app, 'changer2', 'Change@2026'));
    expect(forced.msgCode).toBe(-16001);
    await t.db.updateTable('sys_user').set({ password_must_change: false }).where('id', '=', 'user-cp2').execute();
    const other = await loginTokens(t.app, 'changer2', 'Change@2026');
    await t.db.updateTable('sys_user').set({ password_must_change: true }).where('id', '=', 'user-cp2').execute();
    clock.advance(MINUTE);

    expect(json(await changePassword(forced.data!.access_token, 'Change@2026', 'Newer2026'))).toEqual({
      msgCode: 0,
      errMsg: '密码修改成功，请使用新密码重新登录',
    });
    const row = await t.db.selectFrom('sys_user').selectAll().where('id', '=', 'user-cp2').executeTakeFirstOrThrow();
    expect(row.password_hash).toMatch(/^\$argon2id\$/);
    expect(row.password_must_change).toBe(false);
    expect(row.password_changed_at?.getTime()).toBe(clock.now().getTime());

    expect(json(await currentUser(other.access_token)).msgCode).toBe(-10014);
    // The password-only token is refused as a session now, not just as a scope.
    expect(json(await changePassword(forced.data!.access_token, 'Newer2026', 'Newest2026')).msgCode).toBe(-10014);
    for (const token of [forced.data!, other]) expect(json(await refresh(token.refresh_token)).msgCode).toBe(-10014);
    expect(json(await login(t.app, 'changer2', 'Change@2026'))).toEqual({ msgCode: -1, errMsg: '账号或密码错误' });
    expect(json(await login(t.app, 'changer2', 'Newer2026')).msgCode).toBe(0);
  });
});

describe('change password: the contract of spec section 7', () => {
  it('accepts exactly oldPassword and newPassword; a confirmation that is sent must still match', async () => {
    await addUser('user-cp3', 'changer3', 'Change@2026');
    const tokens = await loginTokens(t.app, 'changer3', 'Change@2026');
    const keys = await publicKeys(t.app);
    const send = (payload: Record<string, string>) =>
      t.app.inject({
        method: 'POST',
        url: '/api/user/v1.0/validateChangePassword',
        headers: { 'access-token': tokens.access_token },
        payload,
      });
    const sm2 = (text: string) => sm2LikeBrowser(keys.sm2PublicKey, text);
    expect(
      json(
        await send({ oldPassword: sm2('Change@2026'), newPassword: sm2('Newer2026'), againPassword: sm2('Other2026') }),
      ),
    ).toMatchObject({ msgCode: -400, errMsg: '两次输入的新密码不一致，请重新输入。' });
    expect(json(await send({ oldPassword: sm2('Change@2026') }))).toMatchObject({
      msgCode: -400,
      errMsg: '请输入新密码',
    });
    expect(json(await send({ oldPassword: sm2('Change@2026'), newPassword: sm2('Newer2026') }))).toEqual({
      msgCode: 0,
      errMsg: '密码修改成功，请使用新密码重新登录',
    });
    expect(json(await login(t.app, 'changer3', 'Newer2026')).msgCode).toBe(0);
  });

  it("a new password of spaces is no password: the field's required message", async () => {
    await addUser('user-cp4', 'changer4', 'Change@2026');
    const tokens = await loginTokens(t.app, 'changer4', 'Change@2026');
    expect(json(await changePassword(tokens.access_token, 'Change@2026', '        '))).toMatchObject({
      msgCode: -400,
      errMsg: '请输入新密码',
    });
  });
});

describe('forgot password', () => {
  const PHONE = '13500000001';
  const sendSms = (phoneNumber: string) =>
    t.app.inject({ method: 'POST', url: '/api/register/sendSMS', payload: { phoneNumber, purpose: 'reset' } });
  const verify = (phoneNumber: string, code: string) =>
    t.app.inject({ method: 'POST', url: '/api/register/verifySms', payload: { phoneNumber, code, purpose: 'reset' } });
  const update = async (username: string, password: string, passwordAgain = password) => {
    const keys = await publicKeys(t.app);
    return t.app.inject({
      method: 'POST',
      url: '/api/register/passwardUpdate',
      payload: {
        username,
        password: encryptLikeBrowser(keys.rsaPublicKey, password),
        passwordAgain: encryptLikeBrowser(keys.rsaPublicKey, passwordAgain),
      },
    });
  };

  it('resets the password after the code was verified, ending every session', async () => {
    await addUser('user-forgot', 'forgetful', 'Forgot@2026', PHONE);
    const session = await loginTokens(t.app, 'forgetful', 'Forgot@2026');
    clock.advance(2 * MINUTE);
    expect(json(await sendSms(PHONE))).toEqual({ msgCode: 0, errMsg: '验证码已发送' });
    const code = await lastCode(t, PHONE, 'reset');
    expect(json(await update(PHONE, 'Remember2026'))).toEqual({
      msgCode: -400,
      errMsg: '请先完成手机验证码校验',
      data: { errors: [{ field: 'username', message: '请先完成手机验证码校验' }] },
    });
    expect(json(await verify(PHONE, code))).toEqual({ msgCode: 0, errMsg: '验证成功' });
    expect(json(await update(PHONE, 'Remember2026', 'Different2026')).errMsg).toBe('两次输入的密码不一致，请重新输入');
    expect(json(await update(PHONE, 'Remember2026'))).toEqual({ msgCode: 0, errMsg: '新密码修改成功！' });
    expect(json(await refresh(session.refresh_token)).msgCode).toBe(-10014);
    expect(json(await login(t.app, 'forgetful', 'Remember2026')).msgCode).toBe(0);
    // The verified code is used up.
    expect(json(await update(PHONE, 'Another2026')).errMsg).toBe('请先完成手机验证码校验');
  });

  it('needs the verification within the code lifetime', async () => {
    clock.advance(2 * MINUTE);
    await sendSms(PHONE);
    expect(json(await verify(PHONE, await lastCode(t, PHONE, 'reset'))).msgCode).toBe(0);
    clock.advance(5 * MINUTE);
    expect(json(await update(PHONE, 'Another2026')).errMsg).toBe('请先完成手机验证码校验');
  });

  it('answers the same for a phone without an account, without sending', async () => {
    clock.advance(2 * MINUTE);
    const before = (await outbox(t)).length;
    expect(json(await sendSms('13500000999'))).toEqual({ msgCode: 0, errMsg: '验证码已发送' });
    expect((await outbox(t)).length).toBe(before);
    expect(json(await update('13500000999', 'Another2026')).errMsg).toBe('请先完成手机验证码校验');
  });

  it('validates the phone (username) and the passwords', async () => {
    expect(json(await update('12345', 'Another2026'))).toMatchObject({ msgCode: -400, errMsg: '手机号格式不正确' });
    expect(json(await sendSms('abc')).errMsg).toBe('手机号格式不正确');
    expect(json(await t.app.inject({ method: 'POST', url: '/api/register/passwardUpdate', payload: {} })).errMsg).toBe(
      '请输入手机号',
    );
  });
});

describe('loginFlag', () => {
  const setFlag = (token: string, id: string, loginFlag: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/device/base/v1.0/loginFlag',
      headers: { 'access-token': token },
      payload: { id, loginFlag },
    });

  it("lets an administrator forbid a login, ending that user's sessions at once", async () => {
    await addUser('user-flag', 'flagged', 'Flag@2026');
    const admin = await loginTokens(t.app, DEMO.admin.username, DEMO.admin.password);
    const victim = await loginTokens(t.app, 'flagged', 'Flag@2026');
    expect(json(await currentUser(victim.access_token)).msgCode).toBe(0);

    expect(json(await setFlag(admin.access_token, 'user-flag', '0'))).toEqual({
      msgCode: 0,
      errMsg: '已禁止该用户登录',
      data: { id: 'user-flag', loginFlag: '0' },
    });
    expect(json(await currentUser(victim.access_token)).msgCode).toBe(-10014);
    expect(json(await refresh(victim.refresh_token)).msgCode).toBe(-10014);
    expect(json(await login(t.app, 'flagged', 'Flag@2026'))).toEqual({ msgCode: -1, errMsg: '账号已被禁用' });

    expect(json(await setFlag(admin.access_token, 'user-flag', '1')).errMsg).toBe('已允许该用户登录');
    expect(json(await login(t.app, 'flagged', 'Flag@2026')).msgCode).toBe(0);
  });

  it('is for administrators only', async () => {
    const manager = await loginTokens(t.app, DEMO.manager.username, DEMO.manager.password);
    expect(json(await setFlag(manager.access_token, 'user-staff', '0'))).toEqual({
      msgCode: -403,
      errMsg: '没有权限执行此操作',
    });
    expect(
      json(
        await t.app.inject({
          method: 'POST',
          url: '/api/device/base/v1.0/loginFlag',
          payload: { id: 'x', loginFlag: '0' },
        }),
      ).msgCode,
    ).toBe(-401);
  });

  it('refuses unknown users, bad flags and disabling oneself', async () => {
    const admin = await loginTokens(t.app, DEMO.admin.username, DEMO.admin.password);
    expect(json(await setFlag(admin.access_token, 'nobody', '0'))).toEqual({ msgCode: -404, errMsg: '用户不存在' });
    expect(json(await setFlag(admin.access_token, 'user-staff', '2'))).toMatchObject({
      msgCode: -400,
      errMsg: '登录标志只能是0或1',
    });
    expect(json(await setFlag(admin.access_token, 'user-admin', '0'))).toMatchObject({
      msgCode: -400,
      errMsg: '不能禁用当前登录的账号',
    });
  });
});
