/** The AI library hand-over (prepare, check, returnUrl) and single sign-on tickets (POST /api/pub/cas/exchange). */
import { createHmac } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import type { CurrentUser, TokenPair } from '../../src/shared/envelope.js';
import { mintSsoTicket } from '../../src/server/accounts/single-sign-on.js';
import { hashPassword } from '../../src/server/accounts/passwords.js';
import { DEMO, MINUTE, SECOND, json, lastCode, loginTokens, testClock, useTestApp, type TestApp } from './test-app.js';

const AI_SECRET = 'ai-shared-secret';
const AI_URL = 'https://ai.example.com/library?from=portal';

const clock = testClock();
const t = useTestApp({ now: clock.now, aiUrl: AI_URL, aiSecret: AI_SECRET });

const hmacHex = (text: string) => createHmac('sha256', AI_SECRET).update(text).digest('hex');

interface Prepared {
  mobileVerify: boolean;
  requestBody: string;
  sign: string;
  aiUrl?: string;
}

describe('AI library', () => {
  const prepare = (account: string, token?: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/pub/ai/prepare',
      headers: token ? { 'access-token': token } : {},
      payload: { account },
    });
  const check = (account: string, smsCode: string) =>
    t.app.inject({ method: 'POST', url: '/api/pub/ai/check', payload: { account, smsCode } });
  const returnUrl = (query: Record<string, string>) =>
    t.app.inject({ method: 'GET', url: '/api/pub/ai/returnUrl', query });

  async function accessCodeFor(account: string, phone: string): Promise<string> {
    clock.advance(2 * MINUTE);
    expect(
      json(await t.app.inject({ method: 'GET', url: '/api/system/sendCode/getCode', query: { phone, purpose: 'ai' } }))
        .msgCode,
    ).toBe(0);
    const body = json<{ accessCode: string }>(await check(account, await lastCode(t, phone, 'ai')));
    expect(body.msgCode).toBe(0);
    return body.data!.accessCode;
  }

  /** The URL's own signature, as the AI library checks it. */
  function expectSignedUrl(aiUrl: string, account: string): void {
    const url = new URL(aiUrl);
    expect(`${url.origin}${url.pathname}`).toBe('https://ai.example.com/library');
    expect(url.searchParams.get('from')).toBe('portal');
    expect(url.searchParams.get('account')).toBe(account);
    const [ts, nonce] = [url.searchParams.get('ts')!, url.searchParams.get('nonce')!];
    expect(Number(ts)).toBe(clock.now().getTime());
    expect(url.searchParams.get('sign')).toBe(hmacHex(`account=${account}&ts=${ts}&nonce=${nonce}`));
  }

  it('runs the whole flow: prepare, SMS code, access code, signed URL', async () => {
    const prepared = json<Prepared>(await prepare('admin'));
    expect(prepared).toEqual({
      msgCode: 0,
      errMsg: '',
      data: { mobileVerify: true, requestBody: expect.any(String), sign: expect.any(String) },
    });
    const { requestBody, sign } = prepared.data!;
    expect(sign).toBe(hmacHex(requestBody));
    expect(JSON.parse(Buffer.from(requestBody, 'base64url').toString())).toEqual({
      account: 'admin',
      ts: clock.now().getTime(),
      nonce: expect.any(String),
    });

    const accessCode = await accessCodeFor('admin', '13800000001');
    const answer = json<{ aiUrl: string }>(await returnUrl({ accessCode, requestBody, sign }));
    expect(answer.msgCode).toBe(0);
    expectSignedUrl(answer.data!.aiUrl, 'admin');
    // The access code is single use.
    expect(json(await returnUrl({ accessCode, requestBody, sign }))).toEqual({
      msgCode: -400,
      errMsg: '访问码无效或已过期',
      data: { errors: [{ field: 'accessCode', message: '访问码无效或已过期' }] },
    });
  });

  it('refuses a tampered sign or request body', async () => {
    const { requestBody, sign } = json<Prepared>(await prepare('admin')).data!;
    const accessCode = await accessCodeFor('admin', '13800000001');
    const flipped = `${sign.slice(0, -1)}${sign.endsWith('0') ? '1' : '0'}`;
    expect(json(await returnUrl({ accessCode, requestBody, sign: flipped })).errMsg).toBe('签名无效');
    expect(json(await returnUrl({ accessCode, requestBody, sign: 'nothex' })).errMsg).toBe('签名无效');
    const forged = Buffer.from(JSON.stringify({ account: 'staff', ts: clock.now().getTime(), nonce: 'x' })).toString(
      'base64url',
    );
    expect(json(await returnUrl({ accessCode, requestBody: forged, sign })).errMsg).toBe('签名无效');
    expect(json(await returnUrl({ accessCode, requestBody })).errMsg).toBe('签名无效');
    // Still usable with the right pair: failed attempts did not spend it.
    expect(json(await returnUrl({ accessCode, requestBody, sign })).msgCode).toBe(0);
  });

  it('refuses a request older than 10 minutes, and an access code older than 5', async () => {
    const old = json<Prepared>(await prepare('admin')).data!;
    const accessCode = await accessCodeFor('admin', '13800000001');
    clock.advance(10 * MINUTE);
    expect(json(await returnUrl({ accessCode, requestBody: old.requestBody, sign: old.sign })).errMsg).toBe(
      '请求已过期，请重新打开AI图库',
    );
    const fresh = json<Prepared>(await prepare('admin')).data!;
    expect(json(await returnUrl({ accessCode, requestBody: fresh.requestBody, sign: fresh.sign })).errMsg).toBe(
      '访问码无效或已过期',
    );
  });

  it('binds the access code to its account', async () => {
    const forStaff = json<Prepared>(await prepare('staff')).data!;
    const adminCode = await accessCodeFor('admin', '13800000001');
    expect(
      json(await returnUrl({ accessCode: adminCode, requestBody: forStaff.requestBody, sign: forStaff.sign })).errMsg,
    ).toBe('访问码无效或已过期');
  });

  it('answers an unknown account like a known one, and checks its code as missing', async () => {
    const prepared = json<Prepared>(await prepare('nobody'));
    expect(Object.keys(prepared.data!).sort()).toEqual(['mobileVerify', 'requestBody', 'sign']);
    expect(json(await check('nobody', '123456'))).toEqual({
      msgCode: -400,
      errMsg: '验证码已失效，请重新获取',
      data: { errors: [{ field: 'smsCode', message: '验证码已失效，请重新获取' }] },
    });
    expect(json(await check('admin', '')).errMsg).toBe('验证码不能为空');
    expect(json(await t.app.inject({ method: 'POST', url: '/api/pub/ai/prepare', payload: {} })).errMsg).toBe(
      '请输入账号',
    );
  });

  it('skips the SMS step with PORTAL_AI_MOBILE_VERIFY=0 for the logged-in account only', async () => {
    const direct = await t.sibling({ now: clock.now, aiUrl: AI_URL, aiSecret: AI_SECRET, aiMobileVerify: false });
    const admin = await loginTokens(direct, DEMO.admin.username, DEMO.admin.password);
    const mine = json<Prepared>(
      await direct.inject({
        method: 'POST',
        url: '/api/pub/ai/prepare',
        headers: { 'access-token': admin.access_token },
        payload: { account: 'admin' },
      }),
    );
    expect(mine.data?.mobileVerify).toBe(false);
    expectSignedUrl(mine.data!.aiUrl!, 'admin');
    const others = json<Prepared>(
      await direct.inject({
        method: 'POST',
        url: '/api/pub/ai/prepare',
        headers: { 'access-token': admin.access_token },
        payload: { account: 'staff' },
      }),
    );
    expect(others.data).toEqual({ mobileVerify: true, requestBody: expect.any(String), sign: expect.any(String) });
    const anonymous = json<Prepared>(
      await direct.inject({ method: 'POST', url: '/api/pub/ai/prepare', payload: { account: 'admin' } }),
    );
    expect(anonymous.data?.mobileVerify).toBe(true);
    // Without the setting a valid token changes nothing.
    expect(json<Prepared>(await prepare('admin', admin.access_token)).data?.mobileVerify).toBe(true);
  });
});

describe('single sign-on', () => {
  const SSO_SECRET = 'sso-shared-secret';
  let sso: TestApp['app'];
  beforeAll(async () => {
    sso = await t.sibling({ now: clock.now, ssoSecret: SSO_SECRET });
  });

  const exchange = (token: unknown, app = sso) =>
    app.inject({ method: 'POST', url: '/api/pub/cas/exchange', payload: { token } as object });
  const FAILED = { msgCode: -1, errMsg: '统一身份认证失败' };

  it('exchanges a good ticket for a session of its user, once', async () => {
    const ticket = mintSsoTicket(SSO_SECRET, 'manager', clock.now());
    const body = json<TokenPair>(await exchange(ticket));
    expect(body.msgCode).toBe(0);
    const me = json<CurrentUser>(
      await sso.inject({
        method: 'GET',
        url: '/api/user/getCurrentUser',
        headers: { 'access-token': body.data!.access_token },
      }),
    );
    expect(me.data?.loginName).toBe('manager');
    expect(json(await exchange(ticket))).toEqual(FAILED);
  });

  it('refuses an expired ticket', async () => {
    const ticket = mintSsoTicket(SSO_SECRET, 'manager', clock.now());
    clock.advance(5 * MINUTE);
    expect(json(await exchange(ticket))).toEqual(FAILED);
    const nearlyExpired = mintSsoTicket(SSO_SECRET, 'manager', clock.now());
    clock.advance(5 * MINUTE - SECOND);
    expect(json(await exchange(nearlyExpired)).msgCode).toBe(0);
  });

  it('refuses a bad signature, another secret, a too long lifetime, and malformed tickets', async () => {
    const ticket = mintSsoTicket(SSO_SECRET, 'admin', clock.now());
    const [first, signature] = ticket.split('.');
    const forged = Buffer.from(
      JSON.stringify({ ...JSON.parse(Buffer.from(first, 'base64url').toString()), sub: 'staff' }),
    ).toString('base64url');
    expect(json(await exchange(`${forged}.${signature}`))).toEqual(FAILED);
    expect(json(await exchange(mintSsoTicket('other-secret', 'admin', clock.now())))).toEqual(FAILED);
    expect(json(await exchange(mintSsoTicket(SSO_SECRET, 'admin', clock.now(), { ttlSeconds: 301 })))).toEqual(FAILED);
    expect(json(await exchange('not-a-ticket'))).toEqual(FAILED);
    expect(json(await exchange(''))).toEqual(FAILED);
    expect(json(await exchange(42))).toEqual(FAILED);
    expect(json(await sso.inject({ method: 'POST', url: '/api/pub/cas/exchange', payload: {} }))).toEqual(FAILED);
  });

  it('refuses unknown and disabled users', async () => {
    expect(json(await exchange(mintSsoTicket(SSO_SECRET, 'nobody', clock.now())))).toEqual(FAILED);
    await t.db
      .insertInto('sys_user')
      .values({
        id: 'user-sso-off',
        login_name: 'ssooff',
        name: '停用',
        password_hash: await hashPassword('Sso@2026'),
        login_flag: '0',
      })
      .execute();
    expect(json(await exchange(mintSsoTicket(SSO_SECRET, 'ssooff', clock.now())))).toEqual(FAILED);
  });

  it('applies the -16001 rule', async () => {
    await t.db
      .insertInto('sys_user')
      .values({
        id: 'user-sso-must',
        login_name: 'ssomust',
        name: '必改',
        password_hash: await hashPassword('Sso@2026'),
        password_must_change: true,
      })
      .execute();
    const body = json<TokenPair>(await exchange(mintSsoTicket(SSO_SECRET, 'ssomust', clock.now())));
    expect(body.msgCode).toBe(-16001);
    expect(body.data?.access_token).toBeTruthy();
  });

  it('uses the generated key of app_key when PORTAL_SSO_SECRET is unset', async () => {
    const stored = await t.db
      .selectFrom('app_key')
      .select('value')
      .where('id', '=', 'sso-secret')
      .executeTakeFirstOrThrow();
    const secret = Buffer.from((JSON.parse(stored.value) as { secret: string }).secret, 'base64');
    expect(json(await exchange(mintSsoTicket(secret, 'staff', clock.now()), t.app)).msgCode).toBe(0);
    expect(json(await exchange(mintSsoTicket(SSO_SECRET, 'staff', clock.now()), t.app))).toEqual(FAILED);
  });
});
