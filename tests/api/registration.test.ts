/**
 * Registration: ID numbers (getBirthAndSex), nations, personal registration and company registration with their
 * public listing, and the OpenAPI summaries of every account route.
 */
import { describe, expect, it } from 'vitest';
import type { CurrentUser, TokenPair } from '../../src/shared/envelope.js';
import { parseIdCard } from '../../src/server/lib/id-card.js';
import {
  MINUTE,
  encryptLikeBrowser,
  idNumber,
  json,
  lastCode,
  login,
  publicKeys,
  testClock,
  useTestApp,
} from './test-app.js';

const clock = testClock(new Date('2026-03-02T02:00:00Z'));
const t = useTestApp({ now: clock.now });

const post = (url: string, payload: unknown) => t.app.inject({ method: 'POST', url, payload: payload as object });
const currentUser = (token: string) =>
  t.app.inject({ method: 'GET', url: '/api/user/getCurrentUser', headers: { 'access-token': token } });

async function registerCode(phone: string): Promise<string> {
  clock.advance(2 * MINUTE);
  const sent = json(await post('/api/register/sendSMS', { phoneNumber: phone }));
  if (sent.msgCode !== 0) throw new Error(`sendSMS: ${sent.errMsg}`);
  return lastCode(t, phone, 'register');
}

describe('ID numbers', () => {
  const lookup = (idCard: string) => post('/api/pub/getBirthAndSex', { idCard });

  it('gives sex (odd 17th digit male) and birthday', async () => {
    expect(json(await lookup(idNumber('19900307', '123')))).toEqual({
      msgCode: 0,
      errMsg: '',
      data: { sex: '男', birthday: '1990-03-07' },
    });
    expect(json(await lookup(idNumber('20000229', '124')))).toEqual({
      msgCode: 0,
      errMsg: '',
      data: { sex: '女', birthday: '2000-02-29' },
    });
  });

  it('accepts the check character X in either case', () => {
    // 11010519491231002X is the standard's own example.
    expect(parseIdCard('11010519491231002X', clock.now())).toMatchObject({ sex: '女', birthday: '1949-12-31' });
    expect(parseIdCard('11010519491231002x', clock.now())?.normalized).toBe('11010519491231002X');
  });

  it('refuses a wrong check digit, an impossible or future date, and wrong shapes', async () => {
    const good = idNumber('19900307', '123');
    const wrongCheck = `${good.slice(0, 17)}${good[17] === '0' ? '1' : '0'}`;
    for (const bad of [
      wrongCheck,
      idNumber('19900230'),
      idNumber('20260303'),
      good.slice(0, 17),
      `${good}1`,
      '01010119900307123X',
    ]) {
      expect(json(await lookup(bad))).toEqual({
        msgCode: -400,
        errMsg: '身份证号码格式不正确',
        data: { errors: [{ field: 'idCard', message: '身份证号码格式不正确' }] },
      });
    }
    expect(json(await lookup(idNumber('20260302'))).msgCode).toBe(0);
    expect(json(await post('/api/pub/getBirthAndSex', {})).errMsg).toBe('请输入身份证号码');
  });
});

describe('nations', () => {
  it('lists dictionary nation as [{label, value}] in sort order', async () => {
    const body = json<{ label: string; value: string }[]>(
      await t.app.inject({ method: 'POST', url: '/api/register/getNation' }),
    );
    expect(body.msgCode).toBe(0);
    expect(body.data).toHaveLength(56);
    expect(body.data![0]).toEqual({ label: '汉族', value: '01' });
  });
});

describe('personal registration', () => {
  const PHONE = '13900000001';
  const ID = idNumber('19900307', '123');

  async function register(overrides: Record<string, string> = {}) {
    const keys = await publicKeys(t.app);
    const password = overrides.password ?? 'Person2026';
    return post('/api/register/register', {
      name: '王小明',
      idCardNumber: ID,
      sex: '男',
      nation: '汉族',
      birthday: '1990-03-07',
      phoneNumber: PHONE,
      verificationCode: '123456',
      ...overrides,
      password: encryptLikeBrowser(keys.rsaPublicKey, password),
      passwordAgain: encryptLikeBrowser(keys.rsaPublicKey, overrides.passwordAgain ?? password),
    });
  }

  it('checks sex, birthday and nation against the ID number and the dictionary, before the code', async () => {
    const cases: [Record<string, string>, string, string][] = [
      [{ sex: '女' }, 'sex', '性别与身份证号码不符'],
      [{ birthday: '1990-03-08' }, 'birthday', '出生日期与身份证号码不符'],
      [{ birthday: '2026-03-03' }, 'birthday', '出生日期不能晚于今天'],
      [{ idCardNumber: `${ID.slice(0, 17)}${ID[17] === '1' ? '2' : '1'}` }, 'idCardNumber', '身份证号码格式不正确'],
      [{ nation: '火星族' }, 'nation', '请选择民族'],
    ];
    for (const [overrides, field, message] of cases) {
      expect(json(await register(overrides))).toEqual({
        msgCode: -400,
        errMsg: message,
        data: { errors: [{ field, message }] },
      });
    }
    expect(json(await register({ passwordAgain: 'Other2026' })).errMsg).toBe('两次输入的密码不一致，请重新输入');
    expect(json(await register({ verificationCode: '012345' })).errMsg).toBe('验证码格式不正确');
  });

  it('refuses a wrong code, counting it and creating nothing', async () => {
    const code = await registerCode(PHONE);
    const wrong = code === '123456' ? '654321' : '123456';
    expect(json(await register({ verificationCode: wrong }))).toEqual({
      msgCode: -400,
      errMsg: '验证码错误',
      data: { errors: [{ field: 'verificationCode', message: '验证码错误' }] },
    });
    const row = await t.db
      .selectFrom('sms_code')
      .select('attempts')
      .where('phone', '=', PHONE)
      .where('used_at', 'is', null)
      .executeTakeFirstOrThrow();
    expect(row.attempts).toBe(1);
    expect(
      await t.db.selectFrom('sys_user').select('id').where('login_name', '=', PHONE).executeTakeFirst(),
    ).toBeUndefined();
  });

  it('registers a personal user who then logs in with phone number and password', async () => {
    const code = await registerCode(PHONE);
    expect(json(await register({ verificationCode: code }))).toEqual({ msgCode: 0, errMsg: '注册成功' });
    const row = await t.db.selectFrom('sys_user').selectAll().where('login_name', '=', PHONE).executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      mobile: PHONE,
      name: '王小明',
      sex: '男',
      nation: '汉族',
      birthday: '1990-03-07',
      id_card_number: ID,
      user_type: 'personal',
    });
    expect(row.password_hash).toMatch(/^\$argon2id\$/);
    const tokens = json<TokenPair>(await login(t.app, PHONE, 'Person2026'));
    expect(tokens.msgCode).toBe(0);
    const me = json<CurrentUser>(await currentUser(tokens.data!.access_token));
    expect(me.data?.roles).toEqual([{ id: 'role-personal', name: '个人用户', enname: 'personal' }]);
    const menus = json<{ pcMenu: { childList: { id: string }[] } }>(
      await t.app.inject({
        method: 'POST',
        url: '/api/zhgd/menu/roleMenuList',
        headers: { 'access-token': tokens.data!.access_token },
        payload: { type: '' },
      }),
    );
    expect(menus.data?.pcMenu.childList.map((m) => m.id)).toEqual(['work-bench']);
  });

  it('refuses a phone or an ID number already registered (-409), and a code for a registered phone', async () => {
    expect(json(await post('/api/register/sendSMS', { phoneNumber: PHONE }))).toEqual({
      msgCode: -409,
      errMsg: '该手机号已注册',
    });
    expect(json(await post('/api/register/sendSMS', { phoneNumber: '13800000001', purpose: 'register' })).msgCode).toBe(
      -409,
    );
    expect(json(await register())).toEqual({ msgCode: -409, errMsg: '该手机号已注册' });
    const code = await registerCode('13900000002');
    expect(
      json(await register({ phoneNumber: '13900000002', idCardNumber: ID.toLowerCase(), verificationCode: code })),
    ).toEqual({
      msgCode: -409,
      errMsg: '该身份证号码已注册',
    });
  });
});

describe('company registration', () => {
  const PHONE = '13900000011';
  const MANAGER_ID = idNumber('19851120', '135', '330106');
  const company = {
    unitName: '杭州测试建设有限公司',
    creditCode: '91330100MA2AB3CD4E',
    legalRepresentative: '王五',
    legalRepresentativePhone: '13900000012',
    address: '杭州市西湖区文三路 1 号',
  };
  const manager = (code: string, overrides: Record<string, string> = {}) => ({
    name: '赵六六',
    idCardNumber: MANAGER_ID,
    sex: '女',
    birthday: '2000-01-01',
    nation: '汉族',
    phoneNumber: PHONE,
    code,
    remarks: '项目负责人',
    ...overrides,
  });
  const save = (companylMessageVo: unknown, userManagementVo: unknown) =>
    post('/api/register/company/save', { companylMessageVo, userManagementVo });
  let companyId = '';

  it('reports field errors under the part they belong to', async () => {
    expect(json(await save({ ...company, unitName: '', creditCode: 'abc' }, manager('1')))).toEqual({
      msgCode: -400,
      errMsg: '请输入公司名称',
      data: {
        errors: [
          { field: 'companylMessageVo.unitName', message: '请输入公司名称' },
          { field: 'companylMessageVo.creditCode', message: '统一社会信用代码格式不正确' },
        ],
      },
    });
    expect(json(await save(company, manager('1', { phoneNumber: '12345' }))).data).toEqual({
      errors: [{ field: 'userManagementVo.phoneNumber', message: '手机号格式不正确' }],
    });
    expect(json(await save(company, manager('1', { nation: '无' }))).data).toEqual({
      errors: [{ field: 'userManagementVo.nation', message: '请选择民族' }],
    });
    expect(json(await post('/api/register/company/save', {})).errMsg).toBe('请填写公司信息');
  });

  it('registers the company and its manager, who logs in by phone', async () => {
    const code = await registerCode(PHONE);
    expect(json(await post('/api/register/verifySms', { phoneNumber: PHONE, code })).msgCode).toBe(0);
    const saved = json<{ id: string }>(await save(company, manager(code)));
    expect(saved).toEqual({ msgCode: 0, errMsg: '注册成功', data: { id: expect.any(String) } });
    companyId = saved.data!.id;

    const office = await t.db
      .selectFrom('sys_office')
      .selectAll()
      .where('id', '=', companyId)
      .executeTakeFirstOrThrow();
    expect(office).toMatchObject({
      parent_id: '0',
      type: '1',
      name: company.unitName,
      credit_code: company.creditCode,
      legal_representative: '王五',
      legal_representative_phone: '13900000012',
      appointed_agent: null,
      address: company.address,
    });
    const user = await t.db
      .selectFrom('sys_user')
      .selectAll()
      .where('login_name', '=', PHONE)
      .executeTakeFirstOrThrow();
    // Sex and birthday come from the ID number, not from what was sent.
    expect(user).toMatchObject({
      office_id: companyId,
      company_id: companyId,
      sex: '男',
      birthday: '1985-11-20',
      mobile: PHONE,
      remarks: '项目负责人',
    });

    expect(json(await login(t.app, PHONE, 'anything1'))).toEqual({ msgCode: -1, errMsg: '账号或密码错误' });
    clock.advance(2 * MINUTE);
    await t.app.inject({ method: 'GET', url: '/api/system/sendCode/getCode', query: { phone: PHONE } });
    const tokens = json<TokenPair>(
      await post('/api/login', { phone: PHONE, smsCode: await lastCode(t, PHONE, 'login') }),
    );
    expect(tokens.msgCode).toBe(0);
    const me = json<CurrentUser>(await currentUser(tokens.data!.access_token));
    expect(me.data).toMatchObject({ loginName: PHONE, office: { id: companyId, name: company.unitName } });
    expect(me.data?.roles.map((r) => r.enname)).toEqual(['companyManager']);
  });

  it('lists the company publicly, masked', async () => {
    expect(json(await t.app.inject({ method: 'GET', url: `/api/register/company/${companyId}/list` }))).toEqual({
      msgCode: 0,
      errMsg: '',
      data: {
        company: {
          id: companyId,
          unitName: company.unitName,
          creditCode: '9133**********CD4E',
          address: company.address,
        },
        managers: [{ name: '赵**', phoneNumber: '139****0011' }],
      },
    });
    expect(json(await t.app.inject({ method: 'GET', url: '/api/register/company/nope/list' }))).toEqual({
      msgCode: -404,
      errMsg: '公司不存在',
    });
  });

  it('refuses a registered credit code, phone or ID number (-409)', async () => {
    expect(json(await save(company, manager('1', { phoneNumber: '13900000013' })))).toEqual({
      msgCode: -409,
      errMsg: '该统一社会信用代码已注册',
    });
    const other = { ...company, creditCode: '91330100MA2AB3CD4F' };
    expect(json(await save(other, manager('1')))).toEqual({ msgCode: -409, errMsg: '该手机号已注册' });
    expect(json(await save(other, manager('1', { phoneNumber: '13900000013' })))).toEqual({
      msgCode: -409,
      errMsg: '该身份证号码已注册',
    });
  });

  it('needs the register code of the manager phone', async () => {
    const other = { ...company, creditCode: '91330100MA2AB3CD4G' };
    const fresh = manager('123456', {
      phoneNumber: '13900000014',
      idCardNumber: idNumber('19851121', '135', '330106'),
    });
    expect(json(await save(other, fresh))).toEqual({
      msgCode: -400,
      errMsg: '验证码已失效，请重新获取',
      data: { errors: [{ field: 'userManagementVo.code', message: '验证码已失效，请重新获取' }] },
    });
    const code = await registerCode('13900000014');
    expect(json(await save(other, { ...fresh, code })).msgCode).toBe(0);
  });
});

describe('OpenAPI', () => {
  it('describes every account route with a summary', async () => {
    const spec = (await t.app.inject({ method: 'GET', url: '/api/pub/openapi.json' })).json<{
      paths: Record<string, Record<string, { summary?: string }>>;
    }>();
    const routes = [
      ['get', '/api/system/sendCode/getCode'],
      ['get', '/api/system/sendCode/getMobile'],
      ['post', '/api/login'],
      ['post', '/api/user/v1.0/validateChangePassword'],
      ['post', '/api/device/base/v1.0/loginFlag'],
      ['post', '/api/register/sendSMS'],
      ['post', '/api/register/verifySms'],
      ['post', '/api/register/passwardUpdate'],
      ['post', '/api/register/register'],
      ['post', '/api/register/getNation'],
      ['post', '/api/pub/getBirthAndSex'],
      ['post', '/api/register/company/save'],
      ['get', '/api/register/company/{id}/list'],
      ['post', '/api/pub/ai/prepare'],
      ['post', '/api/pub/ai/check'],
      ['get', '/api/pub/ai/returnUrl'],
      ['post', '/api/pub/cas/exchange'],
    ];
    for (const [method, url] of routes) expect(spec.paths[url]?.[method]?.summary, `${method} ${url}`).toBeTruthy();
  });
});
