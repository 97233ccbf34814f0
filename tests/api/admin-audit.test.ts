/** The audit log: every API write lands in sys_log with secrets removed; reads do not; a logging failure is harmless. */
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { MsgCode } from '../../src/shared/envelope.js';
import { encryptedPassword, useCallers, type PageData } from './admin-helpers.js';
import { login, useTestApp } from './test-app.js';

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

const t = useTestApp();
const as = useCallers(t);

async function logs(query = ''): Promise<LogRow[]> {
  await t.app.services.admin.auditLog.flush();
  const body = await as.admin.call<PageData<LogRow>>('GET', `/api/system/test/systemLog/list?pageSize=200${query}`);
  expect(body.msgCode).toBe(0);
  return body.data!.dataList;
}

describe('audit log', () => {
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
