/** Excel export of administration pages: what the list shows, every page of it, as the caller may see it. */
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { MsgCode } from '../../src/shared/envelope.js';
import { useCallers, type Who } from './admin-helpers.js';
import { json, useTestApp } from './test-app.js';

const t = useTestApp();
const as = useCallers(t);

async function exported(who: Who, url: string) {
  const token = as[who].token;
  return t.app.inject({ method: 'GET', url, headers: token ? { 'access-token': token } : {} });
}

async function sheetRows(body: Buffer): Promise<string[][]> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(body as unknown as ArrayBuffer);
  const rows: string[][] = [];
  workbook.worksheets[0].eachRow((row) => {
    rows.push((row.values as unknown[]).slice(1).map((value) => String(value ?? '')));
  });
  return rows;
}

describe('page export', () => {
  it('writes the user list with the page file’s column titles and the screen’s cell texts', async () => {
    const response = await exported('admin', '/api/system/export/user');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('spreadsheetml');
    expect(String(response.headers['content-disposition'])).toContain(encodeURIComponent('用户列表.xlsx'));
    const rows = await sheetRows(response.rawPayload);
    expect(rows[0]).toEqual(expect.arrayContaining(['登录名', '姓名', '角色', '状态']));
    const admin = rows.find((row) => row[0] === 'admin');
    expect(admin).toEqual(expect.arrayContaining(['系统管理员', '正常']));
    expect(admin?.some((cell) => /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/.test(cell))).toBe(true);
  });

  it('applies the filters of the query string, whatever page size it names', async () => {
    for (let i = 0; i < 12; i += 1) {
      const made = await as.admin.call('POST', '/api/system/dictionary', {
        type: 'export_kind',
        label: `导出${i}`,
        value: String(i),
      });
      expect(made.msgCode).toBe(0);
    }
    const response = await exported('admin', '/api/system/export/dictionary?type=export_kind&pageSize=5');
    const rows = await sheetRows(response.rawPayload);
    expect(rows).toHaveLength(13);
    expect(rows.slice(1).every((row) => row.includes('export_kind'))).toBe(true);
  });

  it('flattens a tree page', async () => {
    const rows = await sheetRows((await exported('admin', '/api/system/export/area')).rawPayload);
    const names = rows.map((row) => row[0]);
    expect(names).toEqual(expect.arrayContaining(['中国', '浙江省', '杭州市', '滨江区']));
  });

  it('is refused without a login, without the page’s permission, and for a page without an export', async () => {
    expect(json((await exported('none', '/api/system/export/user')) as never).msgCode).toBe(MsgCode.notLoggedIn);
    expect(json((await exported('staff', '/api/system/export/user')) as never).msgCode).toBe(MsgCode.forbidden);
    expect(json((await exported('manager', '/api/system/export/menu')) as never).msgCode).toBe(MsgCode.forbidden);
    expect(json((await exported('admin', '/api/system/export/logo')) as never).msgCode).toBe(MsgCode.notFound);
    expect(json((await exported('admin', '/api/system/export/nope')) as never).msgCode).toBe(MsgCode.notFound);
  });

  it('a company manager’s export holds only the users of the own company', async () => {
    const rows = await sheetRows((await exported('manager', '/api/system/export/user')).rawPayload);
    const loginNames = rows.slice(1).map((row) => row[0]);
    expect(loginNames).toContain('manager');
    expect(loginNames).not.toContain('admin');
  });

  it('is audited as 导出数据', async () => {
    await exported('admin', '/api/system/export/role');
    await t.app.services.admin.auditLog.flush();
    const entry = await t.db
      .selectFrom('sys_log')
      .select(['title', 'request_uri'])
      .where('request_uri', '=', '/api/system/export/role')
      .executeTakeFirst();
    expect(entry?.title).toBe('导出数据');
  });
});
