/** Excel import of users: the template, 1,000 good rows in one go, and a file with bad rows (nothing imported). */
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { MsgCode } from '../../src/shared/envelope.js';
import { useCallers, type Who } from './admin-helpers.js';
import { json, useTestApp } from './test-app.js';

const t = useTestApp();
const as = useCallers(t);

const HEADER = ['登录名*', '姓名*', '初始密码*', '所属机构*', '手机号', '邮箱', '电话', '工号', '角色', '备注'];

async function xlsx(rows: (string | number)[][], header = HEADER): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('用户');
  sheet.addRow(header);
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

function multipart(file: Buffer, name = 'users.xlsx'): { payload: Buffer; headers: Record<string, string> } {
  const boundary = '----portal-test-boundary';
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\n` +
      'Content-Type: application/vnd.openxmlformats-officedocument.spreadsheetml.sheet\r\n\r\n',
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return {
    payload: Buffer.concat([head, file, tail]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

async function upload(who: Who, file: Buffer) {
  const { payload, headers } = multipart(file);
  const token = as[who].token;
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/user/v1.0/importUserInfo',
    payload,
    headers: { ...headers, ...(token ? { 'access-token': token } : {}) },
  });
  return json<{ imported?: number; errors?: { row: number; field: string; message: string }[] }>(response);
}

async function userCount(): Promise<number> {
  const row = await t.db
    .selectFrom('sys_user')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

describe('user import', () => {
  it('serves the template, whose header the import accepts', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/user/v1.0/importTemplate',
      headers: { 'access-token': as.admin.token! },
    });
    expect(response.headers['content-type']).toContain('spreadsheetml');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ExcelJS.Buffer);
    const header = (workbook.worksheets[0].getRow(1).values as unknown[]).slice(1);
    expect(header).toEqual(HEADER);
  });

  it('imports 1,000 valid rows in one transaction, each with a password to change', async () => {
    const before = await userCount();
    const rows = Array.from({ length: 1000 }, (_, i) => [
      `bulk${String(i).padStart(4, '0')}`,
      `批量用户${i}`,
      // A handful of distinct initial passwords, as batches usually have.
      `Init${i % 5}abcd`,
      i % 2 === 0 ? 'ZJZH-HD-01' : '城市快速路改造项目部',
      `139${String(10000000 + i)}`,
      `bulk${i}@example.com`,
      '',
      i,
      'siteStaff',
      '',
    ]);
    const started = performance.now();
    const body = await upload('admin', await xlsx(rows));
    const elapsed = performance.now() - started;
    console.info(`imported 1,000 users in ${Math.round(elapsed)} ms`);
    expect(body).toMatchObject({ msgCode: 0, errMsg: '成功导入1000个用户', data: { imported: 1000 } });
    expect(elapsed).toBeLessThan(30_000);
    expect(await userCount()).toBe(before + 1000);
    const sample = await t.db
      .selectFrom('sys_user')
      .selectAll()
      .where('login_name', '=', 'bulk0001')
      .executeTakeFirstOrThrow();
    expect(sample).toMatchObject({
      office_id: 'office-pd-expressway',
      company_id: 'office-company',
      password_must_change: true,
      no: '1',
      mobile: '13910000001',
    });
    const roles = await t.db.selectFrom('sys_user_role').select('role_id').where('user_id', '=', sample.id).execute();
    expect(roles).toEqual([{ role_id: 'role-site-staff' }]);
  });

  it('a file with bad rows imports nothing and names every error with its row number', async () => {
    const before = await userCount();
    const good = (n: number) => [`good${n}`, `好用户${n}`, 'Init1234a', 'ZJZH-HD-01', '', '', '', '', '', ''];
    const body = await upload(
      'admin',
      await xlsx([
        good(1), // row 2
        ['nameless', '', 'Init1234a', 'ZJZH-HD-01'], // row 3: no name
        ['badmobile', '坏手机', 'Init1234a', 'ZJZH-HD-01', '12345'], // row 4
        ['nooffice', '无机构', 'Init1234a', '不存在的机构'], // row 5
        ['good1', '重复', 'Init1234a', 'ZJZH-HD-01'], // row 6: login name repeats row 2
        ['admin', '已存在', 'Init1234a', 'ZJZH-HD-01'], // row 7: taken
        ['badrole', '坏角色', 'Init1234a', 'ZJZH-HD-01', '', '', '', '', 'nosuchrole'], // row 8
        ['weak', '弱密码', '12345678', 'ZJZH-HD-01'], // row 9
        [], // row 10: empty, skipped
        good(2), // row 11
      ]),
    );
    expect(body.msgCode).toBe(MsgCode.invalidInput);
    expect(body.errMsg).toBe('导入失败：7行数据有误，未导入任何用户');
    expect(body.data!.errors).toEqual([
      { row: 3, field: 'name', message: '请输入姓名' },
      { row: 4, field: 'mobile', message: '请输入正确的手机号' },
      { row: 5, field: 'officeId', message: '所属机构不存在' },
      { row: 6, field: 'loginName', message: '登录名与第2行重复' },
      { row: 7, field: 'loginName', message: '登录名已存在' },
      { row: 8, field: 'roleIds', message: '角色“nosuchrole”不存在' },
      { row: 9, field: 'password', message: '必须包含英文字母、数字，不小于8位' },
    ]);
    expect(await userCount()).toBe(before);
  });

  it('refuses a wrong template, a file that is not Excel, and roles a company manager may not give', async () => {
    expect((await upload('admin', await xlsx([['a']], ['名字']))).errMsg).toBe(
      '导入模板不正确，缺少列：登录名、姓名、初始密码、所属机构',
    );
    expect((await upload('admin', Buffer.from('not a spreadsheet'))).errMsg).toBe(
      '无法读取文件，请上传 .xlsx 格式的 Excel 文件',
    );
    const body = await upload(
      'manager',
      await xlsx([['mgr1', '经理导入', 'Init1234a', 'ZJZH-HD-01', '', '', '', '', 'admin']]),
    );
    expect(body.data!.errors).toEqual([{ row: 2, field: 'roleIds', message: '无权分配角色“admin”' }]);
    expect((await upload('staff', await xlsx([]))).msgCode).toBe(MsgCode.forbidden);
  });
});
