/**
 * Excel import of a collection (src/server/collections/import-*.ts) through the labour module's workers: the
 * template, an upload that answers a job id at once, the job's progress, good rows created with labels turned
 * into values, bad rows reported with the collection file's own messages and their row numbers, the failed rows
 * as a workbook, and the refusals (another company's project, no edit permission, a file that is no .xlsx).
 */
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useCallers, type PageData } from './admin-helpers.js';
import type { CollectionFile } from '../../src/shared/collections.js';
import { loadModules, type PortalModule } from '../../src/server/modules/module-files.js';
import { addOutsiderProject, OTHER_COMPANY_PROJECT } from './outsider-project.js';
import { createTestApp, idNumber, type TestApp } from './test-app.js';

const PROJECT = 'project-binjiang';
const BASE = '/api/data/labour-worker';

interface Progress {
  jobId: string;
  state: 'waiting' | 'running' | 'done' | 'failed';
  total: number;
  done: number;
  created: number;
  failed: number;
  errors: { row: number; field: string; title: string; message: string }[];
  message?: string;
}

/** A collection that refers to a worker (by name, or name and ID number) and to a user: its import resolves both. */
const ROSTER: CollectionFile = {
  kind: 'collection',
  id: 'test-roster',
  title: '班前教育',
  permissions: { view: 'labour:worker:view', edit: 'labour:worker:edit' },
  schema: {
    type: 'object',
    required: ['worker'],
    properties: {
      worker: { type: 'string', title: '工人', errorMessage: { required: '请选择工人' } },
      leader: { type: 'string', title: '带班人' },
      hours: { type: 'integer', title: '学时', minimum: 1, errorMessage: { minimum: '学时至少为1' } },
    },
  },
  references: { worker: { collection: 'labour-worker', labelField: 'name' }, leader: { to: 'user' } },
};
const ROSTER_MODULE: PortalModule = {
  manifest: { kind: 'module', id: 'test-roster', title: '班前教育' },
  dir: '/nonexistent',
  collections: [ROSTER],
  forms: [],
  seeds: [],
  demoMessages: [],
  icons: [],
  processes: [],
  alerts: [],
};

let t: TestApp;
const app = {
  get app() {
    return t.app;
  },
};
beforeAll(async () => {
  t = await createTestApp({ jobPollMs: 20 }, { modules: [...loadModules(), ROSTER_MODULE] });
  await addOutsiderProject(t.db);
  // Site staff read the workers but may not change them here: their roles lose the edit grant.
  const staffRoles = t.db
    .selectFrom('sys_user_role')
    .innerJoin('sys_user', 'sys_user.id', 'sys_user_role.user_id')
    .select('sys_user_role.role_id')
    .where('sys_user.login_name', '=', 'staff');
  await t.db
    .deleteFrom('sys_role_menu')
    .where('role_id', 'in', staffRoles)
    .where('menu_id', 'in', t.db.selectFrom('sys_menu').select('id').where('permission', '=', 'labour:worker:edit'))
    .execute();
}, 60_000);
afterAll(async () => t?.close());
const who = useCallers(app);

async function workbook(rows: (string | number | Date | null)[][], headers?: string[]): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('劳务人员');
  sheet.addRow(headers ?? ['姓名*', '身份证号*', '手机号', '班组*', '工种*', '进场日期*', '黑名单']);
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await book.xlsx.writeBuffer());
}

async function upload(token: string | undefined, projectId: string, file: Buffer, name = 'workers.xlsx', base = BASE) {
  const boundary = '----portal-import-boundary';
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\n` +
        'Content-Type: application/octet-stream\r\n\r\n',
    ),
    file,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const response = await t.app.inject({
    method: 'POST',
    url: `${base}/import?projectId=${projectId}`,
    payload,
    headers: {
      'content-type': `multipart/form-data; boundary=${boundary}`,
      ...(token ? { 'access-token': token } : {}),
    },
  });
  return response.json<{ msgCode: number; errMsg: string; data?: { jobId: string } }>();
}

async function finished(jobId: string, base = BASE): Promise<Progress> {
  for (let i = 0; i < 1500; i++) {
    const answer = await who.manager.call<Progress>('GET', `${base}/import/${jobId}`);
    expect(answer.msgCode).toBe(0);
    const progress = answer.data as Progress;
    if (progress.state === 'done' || progress.state === 'failed') return progress;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error('the import did not finish');
}

describe('collection import', () => {
  it('offers a template with the fields’ titles, required ones marked, choices as labels', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: `${BASE}/import/template`,
      headers: { 'access-token': who.manager.token ?? '' },
    });
    expect(response.headers['content-type']).toContain('spreadsheetml');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(response.rawPayload as unknown as ExcelJS.Buffer);
    const header = (book.worksheets[0].getRow(1).values as unknown[]).slice(1);
    expect(header).toEqual(expect.arrayContaining(['姓名*', '身份证号*', '班组*', '工种*', '进场日期*', '手机号']));
    expect(header).not.toContain('状态');
    expect(header).not.toContain('照片');
    const tradeColumn = header.indexOf('工种*') + 1;
    const validation = book.worksheets[0].getCell(2, tradeColumn).dataValidation;
    expect(validation.formulae?.[0]).toContain('钢筋工');
  });

  it('creates the good rows and reports each bad one with its row number, column and the schema’s message', async () => {
    const existing = idNumber('19800101', '555', '110101');
    expect(
      (
        await who.manager.call('POST', BASE, {
          projectId: PROJECT,
          name: '已登记',
          idCardNumber: existing,
          team: '木工班',
          trade: 'formwork',
          entryDate: '2026-08-01',
        })
      ).msgCode,
    ).toBe(0);
    const good1 = idNumber('19900307', '201', '410102');
    const good2 = idNumber('19920511', '202', '320102');
    const file = await workbook([
      ['王导入', good1, '13912340001', '钢筋一班', '钢筋工', new Date(Date.UTC(2026, 8, 1)), '否'],
      ['李导入', good2, '', '模板二班', '模板工', '2026/9/2', ''],
      ['坏身份证', '12345', '', '钢筋一班', '钢筋工', '2026-09-03', ''],
      ['', idNumber('19900101', '203', '110101'), '', '钢筋一班', '钢筋工', '2026-09-03', ''],
      ['错工种', idNumber('19900101', '204', '110101'), '', '钢筋一班', '飞行员', '2026-09-03', ''],
      ['重复行', good1, '', '钢筋一班', '钢筋工', '2026-09-03', ''],
      ['已有人', existing, '', '钢筋一班', '钢筋工', '2026-09-03', ''],
    ]);
    const answer = await upload(who.manager.token, PROJECT, file);
    expect(answer).toMatchObject({ msgCode: 0, data: { jobId: expect.any(String) } });
    const progress = await finished(answer.data!.jobId);
    expect(progress).toMatchObject({ state: 'done', total: 7, done: 7, created: 2, failed: 5 });
    expect(progress.errors).toEqual([
      { row: 4, field: 'idCardNumber', title: '身份证号', message: '身份证号码格式不正确' },
      { row: 5, field: 'name', title: '姓名', message: '请输入姓名' },
      { row: 6, field: 'trade', title: '工种', message: '找不到工种“飞行员”' },
      { row: 7, field: 'idCardNumber', title: '身份证号', message: '身份证号与第 2 行重复' },
      { row: 8, field: 'idCardNumber', title: '身份证号', message: '该身份证号已在本项目登记' },
    ]);

    const list = await who.manager.call<PageData<Record<string, unknown>>>(
      'GET',
      `${BASE}?projectId=${PROJECT}&name=导入&pageNo=1&pageSize=10`,
    );
    const rows = (list.data as PageData<Record<string, unknown>>).dataList;
    expect(rows.map((row) => row.name).sort()).toEqual(['李导入', '王导入']);
    const wang = rows.find((row) => row.name === '王导入')!;
    expect(wang).toMatchObject({
      trade: 'rebar',
      tradeLabel: '钢筋工',
      entryDate: '2026-09-01',
      status: 'onSite',
      sex: '男',
      blacklisted: false,
      createdByName: '张经理',
    });
    expect(rows.find((row) => row.name === '李导入')).toMatchObject({ entryDate: '2026-09-02', trade: 'formwork' });
    // The step of the timeline a create records.
    const history = await who.manager.call<{ actionLabel: string }[]>('GET', `${BASE}/${String(wang.id)}/history`);
    expect((history.data as { actionLabel: string }[]).map((step) => step.actionLabel)).toEqual(['新建']);

    const failed = await t.app.inject({
      method: 'GET',
      url: `${BASE}/import/${answer.data!.jobId}/errors`,
      headers: { 'access-token': who.manager.token ?? '' },
    });
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(failed.rawPayload as unknown as ExcelJS.Buffer);
    const sheet = book.worksheets[0];
    expect((sheet.getRow(1).values as unknown[]).slice(1)).toEqual([
      '原行号',
      '姓名',
      '身份证号',
      '手机号',
      '班组',
      '工种',
      '进场日期',
      '黑名单',
      '错误原因',
    ]);
    expect(sheet.rowCount).toBe(6);
    expect((sheet.getRow(2).values as unknown[]).slice(1)).toEqual([
      4,
      '坏身份证',
      '12345',
      '',
      '钢筋一班',
      '钢筋工',
      '2026-09-03',
      '',
      '身份证号码格式不正确',
    ]);
  });

  it('fails the whole import with a clear message when required columns are missing', async () => {
    const answer = await upload(who.manager.token, PROJECT, await workbook([['某人']], ['姓名']));
    const progress = await finished(answer.data!.jobId);
    expect(progress).toMatchObject({ state: 'failed', created: 0 });
    expect(progress.message).toBe('缺少必填列：身份证号、班组、工种、进场日期，请使用下载的导入模板');
  });

  it('refuses a file that is no .xlsx, another company’s project, and a caller without edit', async () => {
    const text = await upload(who.manager.token, PROJECT, Buffer.from('姓名,身份证号\n张三,1'), 'workers.csv');
    expect(text).toMatchObject({ msgCode: -400, errMsg: '请上传 .xlsx 格式的 Excel 文件（可先下载导入模板）' });
    const file = await workbook([
      ['外人', idNumber('19900101', '301', '110101'), '', '班', '钢筋工', '2026-09-01', ''],
    ]);
    expect((await upload(who.manager.token, OTHER_COMPANY_PROJECT, file)).msgCode).toBe(-403);
    expect((await upload(who.staff.token, PROJECT, file)).msgCode).toBe(-403);
    expect((await who.staff.call('GET', `${BASE}/import/template`)).msgCode).toBe(-403);
    // Another collection's path does not reach this import's job.
    const answer = await upload(who.manager.token, PROJECT, file);
    await finished(answer.data!.jobId);
    expect((await who.manager.call('GET', `/api/data/safety-hazard/import/${answer.data!.jobId}`)).msgCode).toBe(-404);
    expect((await who.manager.call('GET', `${BASE}/import/no-such-job`)).msgCode).toBe(-404);
  });

  it('turns a referenced record’s label (or label and ID number) and a user’s name into their ids', async () => {
    const create = async (name: string, order: string) => {
      const answer = await who.manager.call<{ id: string }>('POST', BASE, {
        projectId: PROJECT,
        name,
        idCardNumber: idNumber('19880808', order, '110101'),
        team: '教育班',
        trade: 'rebar',
        entryDate: '2026-09-01',
      });
      return (answer.data as { id: string }).id;
    };
    const single = await create('独一', '401');
    await create('同名', '402');
    const second = await create('同名', '403');
    const file = await workbook(
      [
        ['独一', '张经理', 2],
        ['同名', '', 1],
        [`同名（${idNumber('19880808', '403', '110101')}）`, '', 1],
        ['无此人', '', 1],
        ['独一', '', 0],
      ],
      ['工人*', '带班人', '学时'],
    );
    const roster = '/api/data/test-roster';
    const answer = await upload(who.manager.token, PROJECT, file, 'roster.xlsx', roster);
    const progress = await finished(answer.data!.jobId, roster);
    expect(progress).toMatchObject({ state: 'done', total: 5, created: 2, failed: 3 });
    expect(progress.errors).toEqual([
      { row: 3, field: 'worker', title: '工人', message: '有多个名为“同名”的工人，请写作 名称（身份证号）' },
      { row: 5, field: 'worker', title: '工人', message: '找不到工人“无此人”' },
      { row: 6, field: 'hours', title: '学时', message: '学时至少为1' },
    ]);
    const list = await who.manager.call<PageData<Record<string, unknown>>>(
      'GET',
      `${roster}?projectId=${PROJECT}&pageNo=1&pageSize=10`,
    );
    const rows = (list.data as PageData<Record<string, unknown>>).dataList;
    expect(rows.map((row) => [row.worker, row.workerLabel, row.leaderLabel ?? '']).sort()).toEqual(
      [
        [single, '独一', '张经理'],
        [second, '同名', ''],
      ].sort(),
    );
  });
});
