/**
 * SMS codes through their endpoints and the real outbox file: format, storage, throttles (60 s, 10 a day), single
 * use, 5 wrong entries, binding to phone and purpose, expiry, replacement, concurrent use.
 */
import { describe, expect, it } from 'vitest';
import type { TokenPair } from '../../src/shared/envelope.js';
import { chinaDate } from '../../src/server/lib/id-card.js';
import { DAY, MINUTE, SECOND, json, lastCode, outbox, testClock, useTestApp } from './test-app.js';

const clock = testClock();
const t = useTestApp({ now: clock.now });

const ADMIN_PHONE = '13800000001';
const MANAGER_PHONE = '13800000002';
const STAFF_PHONE = '13800000003';

/** Each test starts well past every 60-second window of the one before. */
const nextMinute = () => clock.advance(2 * MINUTE);

const getCode = (phone: string, purpose?: string) =>
  t.app.inject({ method: 'GET', url: '/api/system/sendCode/getCode', query: purpose ? { phone, purpose } : { phone } });
const phoneLogin = (phone: string, smsCode: string) =>
  t.app.inject({ method: 'POST', url: '/api/login', payload: { phone, smsCode } });
const sendSms = (phoneNumber: string, purpose?: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/register/sendSMS',
    payload: purpose ? { phoneNumber, purpose } : { phoneNumber },
  });
const verifySms = (phoneNumber: string, code: string, purpose?: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/register/verifySms',
    payload: { phoneNumber, code, ...(purpose ? { purpose } : {}) },
  });

describe('sending', () => {
  it('appends {phone, code, purpose, at} to the outbox and stores only a hash', async () => {
    nextMinute();
    expect(json(await getCode(ADMIN_PHONE))).toEqual({ msgCode: 0, errMsg: '验证码已发送' });
    const line = (await outbox(t)).at(-1);
    expect(line).toEqual({
      phone: ADMIN_PHONE,
      code: expect.stringMatching(/^[1-9]\d{5}$/),
      purpose: 'login',
      at: clock.now().toISOString(),
    });
    const rows = await t.db.selectFrom('sms_code').selectAll().where('phone', '=', ADMIN_PHONE).execute();
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) expect(JSON.stringify(row)).not.toContain(line!.code);
  });

  it('validates the phone with the phone-login form rule', async () => {
    expect(json(await getCode('12345'))).toEqual({
      msgCode: -400,
      errMsg: '请输入正确的手机号',
      data: { errors: [{ field: 'phone', message: '请输入正确的手机号' }] },
    });
    expect(json(await t.app.inject({ method: 'GET', url: '/api/system/sendCode/getCode' })).errMsg).toBe(
      '请输入手机号',
    );
    expect(json(await getCode(ADMIN_PHONE, 'register')).msgCode).toBe(-400);
  });

  it('answers the same for a phone without an account, without sending, and throttles it the same way', async () => {
    nextMinute();
    const before = (await outbox(t)).length;
    expect(json(await getCode('13999999999'))).toEqual({ msgCode: 0, errMsg: '验证码已发送' });
    expect((await outbox(t)).length).toBe(before);
    expect(json(await getCode('13999999999'))).toEqual({ msgCode: -429, errMsg: '验证码发送过于频繁，请60秒后再试' });
  });

  it('sends at most one code per phone and purpose per 60 seconds', async () => {
    nextMinute();
    expect(json(await getCode(MANAGER_PHONE)).msgCode).toBe(0);
    clock.advance(59 * SECOND);
    expect(json(await getCode(MANAGER_PHONE))).toEqual({ msgCode: -429, errMsg: '验证码发送过于频繁，请60秒后再试' });
    // Another purpose has its own send button and countdown.
    expect(json(await sendSms(MANAGER_PHONE, 'reset')).msgCode).toBe(0);
    clock.advance(1 * SECOND);
    expect(json(await getCode(MANAGER_PHONE)).msgCode).toBe(0);
  });

  it('sends at most 10 codes per phone per day (China time), then again the next day', async () => {
    // 09:00 China time on the next day, so ten sends a minute apart stay within one day.
    const tomorrow = new Date(`${chinaDate(new Date(clock.now().getTime() + DAY))}T09:00:00+08:00`);
    clock.set(tomorrow);
    const phone = '13700000000';
    for (let i = 0; i < 10; i += 1) {
      expect(json(await getCode(phone)).msgCode).toBe(0);
      clock.advance(61 * SECOND);
    }
    expect(json(await getCode(phone))).toEqual({ msgCode: -429, errMsg: '该手机号今日获取验证码次数已达上限' });
    clock.set(new Date(tomorrow.getTime() + DAY));
    expect(json(await getCode(phone)).msgCode).toBe(0);
  });
});

describe('using a code', () => {
  it('is single use', async () => {
    nextMinute();
    await getCode(STAFF_PHONE);
    const code = await lastCode(t, STAFF_PHONE, 'login');
    expect(json<TokenPair>(await phoneLogin(STAFF_PHONE, code)).msgCode).toBe(0);
    expect(json(await phoneLogin(STAFF_PHONE, code))).toEqual({
      msgCode: -400,
      errMsg: '验证码已失效，请重新获取',
      data: { errors: [{ field: 'smsCode', message: '验证码已失效，请重新获取' }] },
    });
  });

  it('burns after 5 wrong entries, even for the right code afterwards', async () => {
    nextMinute();
    await getCode(STAFF_PHONE);
    const code = await lastCode(t, STAFF_PHONE, 'login');
    const wrong = code === '111111' ? '222222' : '111111';
    for (let i = 0; i < 4; i += 1) expect(json(await phoneLogin(STAFF_PHONE, wrong)).errMsg).toBe('验证码错误');
    expect(json(await phoneLogin(STAFF_PHONE, wrong))).toMatchObject({
      msgCode: -400,
      errMsg: '验证码错误次数过多，请重新获取',
    });
    expect(json(await phoneLogin(STAFF_PHONE, code)).errMsg).toBe('验证码错误次数过多，请重新获取');
    nextMinute();
    await getCode(STAFF_PHONE);
    expect(json(await phoneLogin(STAFF_PHONE, await lastCode(t, STAFF_PHONE, 'login'))).msgCode).toBe(0);
  });

  it('is bound to its purpose and its phone', async () => {
    nextMinute();
    await getCode(STAFF_PHONE);
    const code = await lastCode(t, STAFF_PHONE, 'login');
    expect(json(await verifySms(STAFF_PHONE, code, 'reset')).errMsg).toBe('验证码已失效，请重新获取');
    expect(json(await phoneLogin(ADMIN_PHONE, code)).msgCode).toBe(-400);
    expect(json(await phoneLogin(STAFF_PHONE, code)).msgCode).toBe(0);
  });

  it('expires after 5 minutes', async () => {
    nextMinute();
    await getCode(STAFF_PHONE);
    const code = await lastCode(t, STAFF_PHONE, 'login');
    clock.advance(5 * MINUTE);
    expect(json(await phoneLogin(STAFF_PHONE, code)).errMsg).toBe('验证码已失效，请重新获取');
  });

  it('is replaced by a newer code of the same purpose', async () => {
    nextMinute();
    await getCode(STAFF_PHONE);
    const first = await lastCode(t, STAFF_PHONE, 'login');
    nextMinute();
    await getCode(STAFF_PHONE);
    const second = await lastCode(t, STAFF_PHONE, 'login');
    if (first !== second) expect(json(await phoneLogin(STAFF_PHONE, first)).errMsg).toBe('验证码错误');
    expect(json(await phoneLogin(STAFF_PHONE, second)).msgCode).toBe(0);
  });

  it('verify checks without using up; consumeVerified then uses it once', async () => {
    nextMinute();
    await sendSms(STAFF_PHONE, 'reset');
    const code = await lastCode(t, STAFF_PHONE, 'reset');
    const codes = t.app.services.smsCodes;
    expect(await codes.consumeVerified(STAFF_PHONE, 'reset')).toBe(false);
    expect(json(await verifySms(STAFF_PHONE, code, 'reset'))).toEqual({ msgCode: 0, errMsg: '验证成功' });
    expect(json(await verifySms(STAFF_PHONE, code, 'reset')).msgCode).toBe(0);
    expect(json(await verifySms(STAFF_PHONE, '999999', 'reset')).errMsg).toMatch(/^验证码错误/);
    expect(await codes.consumeVerified(STAFF_PHONE, 'register')).toBe(false);
    expect(await codes.consumeVerified(STAFF_PHONE, 'reset')).toBe(true);
    expect(await codes.consumeVerified(STAFF_PHONE, 'reset')).toBe(false);
    expect(json(await verifySms(STAFF_PHONE, code, 'reset')).errMsg).toBe('验证码已失效，请重新获取');
  });

  it('lets only one of two concurrent uses win', async () => {
    nextMinute();
    await getCode(STAFF_PHONE);
    const code = await lastCode(t, STAFF_PHONE, 'login');
    const codes = t.app.services.smsCodes;
    const results = await Promise.allSettled([
      codes.consume(STAFF_PHONE, 'login', code, 'smsCode'),
      codes.consume(STAFF_PHONE, 'login', code, 'smsCode'),
      codes.consume(STAFF_PHONE, 'login', code, 'smsCode'),
    ]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
  });

  it('lets only one of two concurrent sends pass the 60-second throttle', async () => {
    nextMinute();
    const answers = await Promise.all([getCode(ADMIN_PHONE), getCode(ADMIN_PHONE), getCode(ADMIN_PHONE)]);
    expect(answers.map((a) => json(a).msgCode).sort()).toEqual([-429, -429, 0]);
  });

  it('answers -400 验证码错误 naming the field on verifySms', async () => {
    nextMinute();
    await sendSms('13600000000');
    const code = await lastCode(t, '13600000000', 'register');
    const wrong = code === '123456' ? '654321' : '123456';
    expect(json(await verifySms('13600000000', wrong))).toEqual({
      msgCode: -400,
      errMsg: '验证码错误',
      data: { errors: [{ field: 'code', message: '验证码错误' }] },
    });
    expect(json(await verifySms('13600000000', code)).msgCode).toBe(0);
  });
});
