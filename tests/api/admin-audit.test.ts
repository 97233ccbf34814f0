/**
 * The audit log: every API write lands in sys_log with secrets removed, under a Chinese title; reads (POST reads
 * included) do not; a logging failure is harmless.
 */
import type { FastifyContextConfig } from 'fastify';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { auditTitle, isAudited } from '../../src/server/plugins/audit-log.js';
import { MsgCode } from '../../src/shared/envelope.js';
import { encryptedPassword, useCallers, type PageData } from './admin-helpers.js';
import { DEMO, login, useTestApp } from './test-app.js';

interface LogRow {
  title: string;
  method: string;
  requestUri: string;
  params: string;
  msgCode: number | null;
  durationMs: number;
  remoteAddr: string;
  createBy: string;
  createByName: string;
  createDate: string;
  type: string;
}

interface RouteSeen {
  methods: string[];
  url: string;
  config: FastifyContextConfig | undefined;
  schema: unknown;
}

/** Every route of the app as it was registered. */
const routes: RouteSeen[] = [];
const t = useTestApp(
  {},
  {
    onRoute: (route) => {
      const methods = Array.isArray(route.method) ? route.method : [route.method];
      routes.push({ methods, url: route.url, config: route.config, schema: route.schema });
    },
  },
);
const as = useCallers(t);

/** POST routes that only read: never in the audit log. */
const POST_READS = [
  '/api/pub/getBirthAndSex',
  '/api/register/getNation',
  '/api/zhgd/menu/roleMenuList',
  '/api/zhgd/MyCommonMenu/getAll',
  '/api/zhgd/RecentlyUsed/getAll',
  '/api/zhgd/workbench/approvalSummary',
  '/api/zhgd/workbench/myMessage',
  '/api/zhgd/projectstatistics/project',
  '/api/zhgd/projectstatistics/contract',
  '/zhgd/project/withOfficeName',
  '/api/device/base/v2.0/companyTree',
  '/api/device/base/v1.0/devWarnData',
  '/api/provideLDF/weather/:id/:type',
  '/api/provideLDF/weather/:id',
  '/api/system/office/v1.2/treeData',
];

const HAN = /\p{Script=Han}/u;

async function logs(query = ''): Promise<LogRow[]> {
  await t.app.services.admin.auditLog.flush();
  const body = await as.admin.call<PageData<LogRow>>('GET', `/api/system/test/systemLog/list?pageSize=200${query}`);
  expect(body.msgCode).toBe(0);
  return body.data!.dataList;
}

describe('audit log', () => {
  it('gives every audited route a Chinese title and leaves the POST reads out', () => {
    const audited = routes.flatMap((route) =>
      route.methods
        .filter((method) => isAudited(method, route.url, route.config))
        .map((method) => ({
          route: `${method} ${route.url}`,
          title: auditTitle(method, route.url, route.config, route.schema),
        })),
    );
    expect(audited.length).toBeGreaterThan(40);
    expect(audited.filter((entry) => !HAN.test(entry.title))).toEqual([]);
    expect(audited).toContainEqual({ route: 'POST /api/login', title: '登录' });
    expect(audited).toContainEqual({ route: 'POST /api/user', title: '新增用户' });
    expect(audited).toContainEqual({ route: 'GET /api/system/logo/v1.0/delete/:id', title: '删除Logo' });

    for (const url of POST_READS) {
      const route = routes.find((r) => r.url === url && r.methods.includes('POST'));
      expect(route, url).toBeDefined();
      expect(route!.config?.audit, url).toBe(false);
      expect(isAudited('POST', url, route!.config), url).toBe(false);
    }
  });

  it('records a login as 登录 and not the menu read that follows', async () => {
    const tokens = await login(t.app, DEMO.staff.username, DEMO.staff.password);
    const accessToken = tokens.json<{ data: { access_token: string } }>().data.access_token;
    const menus = await t.app.inject({
      method: 'POST',
      url: '/api/zhgd/menu/roleMenuList',
      headers: { 'access-token': accessToken },
      payload: { type: '' },
    });
    expect(menus.json<{ msgCode: number }>().msgCode).toBe(0);

    const logins = await logs('&requestUri=/api/login');
    expect(logins.some((r) => r.title === '登录' && r.createByName === DEMO.staff.username && r.msgCode === 0)).toBe(
      true,
    );
    expect(await logs('&requestUri=roleMenuList')).toEqual([]);
  });

  it('keeps the row of a refused request whose user name, login name or phone carries a NUL', async () => {
    const calls = [
      { url: '/api/login', payload: { username: 'nul\u0000login', password: 'x', validateCode: 'x' } },
      { url: '/api/login', payload: { phone: '1380000\u00000001', smsCode: '123456' } },
      { url: '/api/register/register', payload: { loginName: 'nul\u0000reset' } },
    ];
    for (const call of calls) {
      const response = await t.app.inject({ method: 'POST', ...call });
      expect(response.json<{ msgCode: number }>().msgCode).toBe(-400);
    }
    const rows = await logs('&requestUri=/api/');
    const names = rows.map((row) => row.createByName);
    expect(names).toEqual(expect.arrayContaining(['nul\uFFFDlogin', '1380000\uFFFD0001', 'nul\uFFFDreset']));
  });

  it('records writes with who, what, result and duration, without passwords, codes or tokens', async () => {
    const created = await as.admin.call<{ id: string }>('POST', '/api/user', {
      loginName: 'audited',
      name: '审计',
      password: await encryptedPassword(t.app, 'Secret123'),
      officeId: 'office-east',
    });
    expect(created.msgCode).toBe(0);
    await as.staff.call('POST', '/api/system/office', { name: '越权' });
    await login(t.app, 'admin', 'wrong-password1');

    const rows = await logs();
    const create = rows.find((r) => r.title === '新增用户');
    expect(create).toMatchObject({
      method: 'POST',
      requestUri: '/api/user',
      msgCode: 0,
      createByName: 'admin',
      createBy: 'user-admin',
      type: '1',
    });
    expect(create!.remoteAddr).not.toBe('');
    expect(create!.durationMs).toBeGreaterThanOrEqual(0);
    // The form's default (loginFlag) is filled in; the password is gone.
    expect(JSON.parse(create!.params)).toEqual({
      loginName: 'audited',
      name: '审计',
      officeId: 'office-east',
      loginFlag: '1',
    });
    expect(rows.find((r) => r.title === '新增机构')).toMatchObject({
      msgCode: MsgCode.forbidden,
      createByName: 'staff',
    });
    const failedLogin = rows.find((r) => r.requestUri === '/api/login');
    expect(failedLogin).toMatchObject({ msgCode: MsgCode.loginFailed, createByName: 'admin' });
    expect(failedLogin!.params).not.toMatch(/password|validateCode/);
    // Every row is free of secrets.
    for (const row of rows) expect(row.params).not.toMatch(/password|Secret123|validateCode|refresh|token/i);
    // The logins of the test setup are writes too; the list itself (a read) is not logged.
    expect(rows.some((r) => r.requestUri.startsWith('/api/system/test/systemLog'))).toBe(false);
  });

  it('logs the GET delete of a logo and filters by title, URI and date', async () => {
    await as.admin.call('GET', '/api/system/logo/v1.0/delete/no-such-logo');
    const deleted = await logs(`&title=${encodeURIComponent('删除Logo')}`);
    expect(deleted).toEqual([
      expect.objectContaining({
        method: 'GET',
        requestUri: '/api/system/logo/v1.0/delete/no-such-logo',
        msgCode: MsgCode.notFound,
      }),
    ]);
    expect((await logs('&requestUri=/api/login')).every((r) => r.requestUri === '/api/login')).toBe(true);
    const today = new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10);
    expect((await logs(`&createDateBegin=${today}&createDateEnd=${today}`)).length).toBeGreaterThan(0);
    expect(await logs('&createDateEnd=2000-01-01')).toEqual([]);
    expect(
      await as.admin.call('GET', '/api/system/test/systemLog/list?createDateBegin=2026-13-01T00:00:00Z'),
    ).toMatchObject({ msgCode: MsgCode.invalidInput, errMsg: '日期格式不正确' });
  });

  it('a failing log write never breaks the request', async () => {
    await sql`alter table sys_log rename to sys_log_away`.execute(t.db);
    try {
      const body = await as.admin.call('POST', '/api/system/dictionary', {
        type: 'auditTest',
        label: '甲',
        value: '1',
      });
      expect(body.msgCode).toBe(0);
      await t.app.services.admin.auditLog.flush();
    } finally {
      await sql`alter table sys_log_away rename to sys_log`.execute(t.db);
    }
    expect((await as.admin.call('GET', '/api/system/dictionary/list?type=auditTest')).msgCode).toBe(0);
  });
});
