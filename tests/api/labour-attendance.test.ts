/**
 * 考勤统计 of the labour module: attendance records (manual entry through the collection API, and the signed
 * gate device call), headcount by team and trade (the aggregate call), the month sheet and its Excel export
 * (values, totals, project scope), and the workbench figures computed from the labour registry.
 */
import { randomBytes } from 'node:crypto';
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import type { GatePass } from '../../modules/labour/server/gate-pass.js';
import { signDeviceCall } from '../../src/server/module-api.js';
import type { MonthSheet } from '../../src/server/collections/records.js';
import { chinaDate } from '../../src/server/lib/china-time.js';
import { educated } from './labour-helpers.js';
import { useCallers } from './admin-helpers.js';
import { addOtherCompany, OTHER } from './portal-helpers.js';
import { idNumber, json, useTestApp } from './test-app.js';

const PROJECT = 'project-highway';
const MONTH = '2026-03';
const SECRET = 'Gate0123456789abcdefGHIJKLMNOPQRstuv';

type Row = Record<string, unknown> & { id: string; version: number };

const t = useTestApp();
const who = useCallers(t);

let gateId = '';
const workers: Record<string, Row> = {};

async function addWorker(key: string, overrides: Record<string, unknown>): Promise<Row> {
  const created = await who.manager.call<Row>('POST', '/api/data/labour-worker', {
    projectId: PROJECT,
    name: key,
    idCardNumber: idNumber('19880101', String(100 + Object.keys(workers).length), '510102'),
    team: '考勤测试一班',
    trade: 'rebar',
    entryDate: '2026-01-05',
    ...overrides,
  });
  expect(created.msgCode, created.errMsg).toBe(0);
  workers[key] = created.data as Row;
  return workers[key];
}

beforeAll(async () => {
  await addOtherCompany(t.db);
  await addWorker('赵一', {});
  await addWorker('钱二', { team: '考勤测试二班', trade: 'welder' });
  await addWorker('孙三', { blacklisted: true, blacklistReason: '违规动火' });
  const left = await addWorker('李四', {});
  const exit = await who.manager.call<Row>('POST', `/api/data/labour-worker/${left.id}/transition`, {
    action: 'exit',
    version: left.version,
    exitReason: '合同期满',
    exitDate: '2026-02-01',
  });
  expect(exit.msgCode, exit.errMsg).toBe(0);
  // The gate lets through only workers with 三级安全教育 (kept by the safety module) and, for a welder, a valid
  // special-operation certificate.
  await educated(t.db, Object.values(workers));
  const certificate = await who.manager.call('POST', '/api/data/labour-certificate', {
    projectId: PROJECT,
    worker: workers['钱二'].id,
    type: 'special-safety',
    operation: '焊接与热切割作业',
    number: 'T51010219880101',
    expiryDate: '2030-12-31',
  });
  expect(certificate.msgCode, certificate.errMsg).toBe(0);
  const gate = await who.manager.call<Row>('POST', '/api/data/labour-gate', {
    projectId: PROJECT,
    name: '1号门闸机',
    secret: SECRET,
    enabled: true,
  });
  expect(gate.msgCode, gate.errMsg).toBe(0);
  gateId = (gate.data as Row).id;
});

interface PassCall {
  pass: GatePass;
  secret?: string;
  nonce?: string;
  timestamp?: number;
  gate?: string;
}

async function gatePass({ pass, secret = SECRET, nonce, timestamp, gate }: PassCall) {
  const id = gate ?? gateId;
  const ts = String(timestamp ?? Date.now());
  const n = nonce ?? randomBytes(12).toString('hex');
  const body = JSON.stringify(pass);
  const path = '/api/labour/gate/pass';
  const response = await t.app.inject({
    method: 'POST',
    url: path,
    headers: {
      'content-type': 'application/json',
      'x-device-id': id,
      'x-timestamp': ts,
      'x-nonce': n,
      'x-signature': signDeviceCall(secret, { method: 'POST', path, deviceId: id, timestamp: ts, nonce: n, body }),
    },
    payload: body,
  });
  return json<{ worker: string; date: string; clockIn: string | null; clockOut: string | null }>(response);
}

const YESTERDAY = chinaDate(new Date(Date.now() - 86_400_000));
// Passes of yesterday: a gate may send what it buffered offline, never a time in the future.
const at = (hhmm: string, day = YESTERDAY) => new Date(`${day}T${hhmm}:00+08:00`).toISOString();

describe('attendance records', () => {
  it('a manual record takes the worker’s name, team and trade, and its hours from the clock times', async () => {
    const created = await who.manager.call<Row>('POST', '/api/data/labour-attendance', {
      projectId: PROJECT,
      worker: workers['赵一'].id,
      date: `${MONTH}-02`,
      clockIn: '08:00',
      clockOut: '17:30',
      source: 'manual',
      reason: '闸机故障，手工补录',
    });
    expect(created.msgCode, created.errMsg).toBe(0);
    expect(created.data).toMatchObject({
      workerLabel: '赵一',
      workerName: '赵一',
      team: '考勤测试一班',
      trade: 'rebar',
      tradeLabel: '钢筋工',
      hours: 9.5,
      sourceLabel: '手工',
    });
  });

  it('refuses a second record of the same worker and day, and an empty body with the file’s messages', async () => {
    const again = await who.manager.call('POST', '/api/data/labour-attendance', {
      projectId: PROJECT,
      worker: workers['赵一'].id,
      date: `${MONTH}-02`,
      source: 'manual',
      reason: '闸机故障，手工补录',
    });
    expect(again).toMatchObject({ msgCode: -409, errMsg: '该人员当天已有考勤记录，请编辑原记录' });
    const empty = await who.manager.call<{ errors: { message: string }[] }>('POST', '/api/data/labour-attendance', {
      projectId: PROJECT,
    });
    expect(empty.msgCode).toBe(-400);
    expect(empty.data?.errors.map((e) => e.message)).toEqual(
      expect.arrayContaining(['请选择劳务人员', '请选择考勤日期']),
    );
    const badTime = await who.manager.call('POST', '/api/data/labour-attendance', {
      projectId: PROJECT,
      worker: workers['钱二'].id,
      date: `${MONTH}-02`,
      clockIn: '8点',
      source: 'manual',
      reason: '闸机故障，手工补录',
    });
    expect(badTime).toMatchObject({ msgCode: -400, errMsg: '请按 08:00 的格式填写上班时间' });
  });

  it('filters by date range, team, trade and worker name', async () => {
    const list = await who.staff.call<{ dataList: Row[]; total: number }>(
      'GET',
      `/api/data/labour-attendance?projectId=${PROJECT}&dateFrom=${MONTH}-01&dateTo=${MONTH}-31&team=${encodeURIComponent('考勤测试一班')}&trade=rebar&workerName=${encodeURIComponent('赵')}`,
    );
    expect(list.msgCode).toBe(0);
    expect(list.data?.dataList.map((row) => row.workerName)).toEqual(['赵一']);
  });
});

describe('the gate device call', () => {
  it('a pass in then a pass out make the day’s clock-in and clock-out', async () => {
    const idCard = String(workers['钱二'].idCardNumber);
    const first = await gatePass({ pass: { idCardNumber: idCard, time: at('07:58'), direction: 'in' } });
    expect(first.msgCode, first.errMsg).toBe(0);
    expect(first.data).toMatchObject({ clockIn: '07:58', clockOut: null, date: YESTERDAY });
    // A later pass in keeps the first clock-in; the last pass out is the clock-out.
    await gatePass({ pass: { workerId: workers['钱二'].id, time: at('12:40'), direction: 'in' } });
    await gatePass({ pass: { idCardNumber: idCard, time: at('12:00'), direction: 'out' } });
    const last = await gatePass({ pass: { idCardNumber: idCard, time: at('18:10'), direction: 'out' } });
    expect(last.data).toMatchObject({ clockIn: '07:58', clockOut: '18:10' });
    const list = await who.manager.call<{ dataList: Row[] }>(
      'GET',
      `/api/data/labour-attendance?projectId=${PROJECT}&worker=${workers['钱二'].id}`,
    );
    expect(list.data?.dataList).toHaveLength(1);
    expect(list.data?.dataList[0]).toMatchObject({
      source: 'gate',
      gate: '1号门闸机',
      hours: 10.2,
      team: '考勤测试二班',
    });
  });

  it('refuses a bad signature, a stale timestamp, an unknown gate and a replayed call', async () => {
    const pass: GatePass = { workerId: workers['赵一'].id, time: at('08:01'), direction: 'in' };
    expect(await gatePass({ pass, secret: 'wrong-secret-wrong-secret-wrong-secret' })).toMatchObject({
      msgCode: -401,
      errMsg: '签名不正确',
    });
    expect(await gatePass({ pass, timestamp: Date.now() - 3600_000 })).toMatchObject({
      msgCode: -401,
      errMsg: '请求时间与服务器时间相差超过5分钟，请校准设备时钟',
    });
    expect(await gatePass({ pass, gate: 'no-such-gate' })).toMatchObject({
      msgCode: -401,
      errMsg: '设备未登记或未生成密钥',
    });
    const unsigned = json(await t.app.inject({ method: 'POST', url: '/api/labour/gate/pass', payload: { ...pass } }));
    expect(unsigned.msgCode).toBe(-401);
    const nonce = randomBytes(12).toString('hex');
    const timestamp = Date.now();
    expect((await gatePass({ pass, nonce, timestamp })).msgCode).toBe(0);
    expect(await gatePass({ pass, nonce, timestamp })).toMatchObject({
      msgCode: -409,
      errMsg: '重复的请求（随机串已使用），已拒绝',
    });
  });

  it('refuses an unknown, a blacklisted and a departed worker with the reason', async () => {
    const time = at('08:05');
    expect(
      await gatePass({ pass: { idCardNumber: idNumber('19700101', '999', '110101'), time, direction: 'in' } }),
    ).toMatchObject({
      msgCode: -404,
      errMsg: '未在本项目实名登记的人员，禁止通行',
    });
    expect(await gatePass({ pass: { workerId: workers['孙三'].id, time, direction: 'in' } })).toMatchObject({
      msgCode: -403,
      errMsg: '该人员已列入黑名单（违规动火），禁止通行',
    });
    expect(await gatePass({ pass: { workerId: workers['李四'].id, time, direction: 'in' } })).toMatchObject({
      msgCode: -403,
      errMsg: '该人员已退场，禁止通行',
    });
    // A worker of another project is unknown to this gate.
    const other = await who.manager.call<{ dataList: Row[] }>(
      'GET',
      '/api/data/labour-worker?projectId=project-binjiang&pageSize=1&status=onSite',
    );
    const stranger = other.data!.dataList[0];
    expect((await gatePass({ pass: { workerId: stranger.id, time, direction: 'in' } })).msgCode).toBe(-404);
    const refused = await who.manager.call<{ dataList: Row[] }>(
      'GET',
      `/api/data/labour-gate-pass?projectId=${PROJECT}&result=refused&pageSize=50`,
    );
    expect(refused.data!.dataList.map((row) => row.reason)).toContain('该人员已退场，禁止通行');
  });

  it('refuses a pass from long ago and a nonce that is not a random string, and stores no attendance for them', async () => {
    const worker = workers['赵一'].id;
    for (const time of ['1970-01-01T00:00:00Z', new Date(Date.now() - 8 * 86_400_000).toISOString()])
      expect(await gatePass({ pass: { workerId: worker, time, direction: 'out' } })).toMatchObject({
        msgCode: -400,
        errMsg: '通行时间早于7天前，闸机不能再补传，请手工登记考勤',
      });
    for (const nonce of ['1', 'x', 'a'.repeat(65), 'has space!'])
      expect(await gatePass({ pass: { workerId: worker, time: at('09:00'), direction: 'in' }, nonce })).toMatchObject({
        msgCode: -400,
        errMsg: '随机串须为8至64位字母、数字、下划线或连字符',
      });
    const old = await who.manager.call<{ dataList: Row[] }>(
      'GET',
      `/api/data/labour-attendance?projectId=${PROJECT}&worker=${worker}&dateTo=2026-01-01`,
    );
    expect(old.data?.dataList).toEqual([]);
  });
});

describe('headcount and the month sheet', () => {
  beforeAll(async () => {
    const add = async (worker: string, day: string, clockIn?: string, clockOut?: string) => {
      const created = await who.manager.call('POST', '/api/data/labour-attendance', {
        projectId: PROJECT,
        worker: workers[worker].id,
        date: `${MONTH}-${day}`,
        source: 'manual',
        reason: '闸机故障，手工补录',
        ...(clockIn ? { clockIn } : {}),
        ...(clockOut ? { clockOut } : {}),
      });
      expect(created.msgCode, created.errMsg).toBe(0);
    };
    await add('赵一', '03', '08:00', '16:00');
    await add('钱二', '02', '07:30', '17:30');
    await add('钱二', '31', '08:00');
  });

  it('counts a day’s people by team and by trade', async () => {
    const base = `/api/data/labour-attendance/aggregate?projectId=${PROJECT}&op=count&dateFrom=${MONTH}-02&dateTo=${MONTH}-02`;
    const byTeam = await who.staff.call<{ name: string; value: number }[]>('GET', `${base}&groupBy=team`);
    expect(byTeam.data).toEqual([
      { name: '考勤测试一班', value: 1 },
      { name: '考勤测试二班', value: 1 },
    ]);
    const byTrade = await who.staff.call<{ name: string; value: number }[]>('GET', `${base}&groupBy=trade`);
    expect(byTrade.data).toEqual(
      expect.arrayContaining([
        { name: '钢筋工', value: 1 },
        { name: '电焊工', value: 1 },
      ]),
    );
  });

  const sheetQuery = `projectId=${PROJECT}&month=${MONTH}&rowBy=worker&dateField=date&op=sum&field=hours&rowFields=team`;

  it('is people by days with hours, totals per person and per day', async () => {
    const answer = await who.staff.call<MonthSheet>('GET', `/api/data/labour-attendance/sheet?${sheetQuery}`);
    expect(answer.msgCode, answer.errMsg).toBe(0);
    const sheet = answer.data!;
    expect(sheet.dayCount).toBe(31);
    // Rows by team (in pinyin order: 二 before 一), then name.
    expect(sheet.rows.map((row) => [row.label, row.fields.team, row.days, row.total])).toEqual([
      ['钱二', '考勤测试二班', 2, 10],
      ['赵一', '考勤测试一班', 2, 17.5],
    ]);
    const zhao = sheet.rows[1];
    expect(zhao.cells[1]).toBe(9.5);
    expect(zhao.cells[2]).toBe(8);
    expect(zhao.cells[0]).toBeNull();
    // 31 March: present without a clock-out, 0 hours but a day of attendance.
    expect(sheet.rows[0].cells[30]).toBe(0);
    expect(sheet.dayRows.slice(0, 3)).toEqual([0, 2, 1]);
    expect(sheet.dayTotals.slice(0, 3)).toEqual([0, 19.5, 8]);
    expect(sheet.total).toBe(27.5);
    const filtered = await who.staff.call<MonthSheet>(
      'GET',
      `/api/data/labour-attendance/sheet?${sheetQuery}&team=${encodeURIComponent('考勤测试二班')}`,
    );
    expect(filtered.data!.rows.map((row) => row.label)).toEqual(['钱二']);
  });

  it('exports exactly that sheet to Excel', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/data/labour-attendance/sheet/export?${sheetQuery}&display=mark&title=${encodeURIComponent('月度考勤表')}&rowTitle=${encodeURIComponent('姓名')}&daysTitle=${encodeURIComponent('出勤天数')}&dayRowsTitle=${encodeURIComponent('出勤人数')}`,
      headers: { 'access-token': who.manager.token ?? '' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('spreadsheetml');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const ws = workbook.worksheets[0];
    expect(ws.getCell('A1').value).toBe('月度考勤表 2026-03');
    expect(ws.getRow(2).values).toEqual([
      undefined,
      '姓名',
      '班组',
      ...Array.from({ length: 31 }, (_, i) => String(i + 1)),
      '出勤天数',
      '合计工时',
    ]);
    expect(ws.getRow(4).getCell(1).value).toBe('赵一');
    expect(ws.getRow(4).getCell(2 + 33).value).toBe(17.5);
    expect(ws.getRow(4).getCell(2 + 2).value).toBe('✓');
    expect(ws.getRow(4).getCell(2 + 3).value).toBe('✓');
    expect(ws.getRow(4).getCell(2 + 1).value).toBe('');
    expect(ws.getRow(4).getCell(2 + 32).value).toBe(2);
    expect(ws.getRow(5).getCell(1).value).toBe('出勤人数');
    expect(ws.getRow(5).getCell(2 + 2).value).toBe(2);
    expect(ws.getRow(6).getCell(1).value).toBe('每日工时');
    expect(ws.getRow(6).getCell(2 + 33).value).toBe(27.5);
  });

  it('is never read for a project the caller cannot see, and refuses a field the collection lacks', async () => {
    const hidden = await who.manager.call(
      'GET',
      `/api/data/labour-attendance/sheet?${sheetQuery.replace(PROJECT, OTHER.projectId)}`,
    );
    expect(hidden.msgCode).toBe(-403);
    const exported = await who.manager.call(
      'GET',
      `/api/data/labour-attendance/sheet/export?${sheetQuery.replace(PROJECT, OTHER.projectId)}`,
    );
    expect(exported.msgCode).not.toBe(0);
    expect((await who.none.call('GET', `/api/data/labour-attendance/sheet?${sheetQuery}`)).msgCode).toBe(-401);
    const bad = await who.manager.call(
      'GET',
      `/api/data/labour-attendance/sheet?${sheetQuery.replace('rowBy=worker', 'rowBy=salary')}`,
    );
    expect(bad).toMatchObject({ msgCode: -400, errMsg: '没有字段 salary' });
  });
});

describe('the workbench figures', () => {
  it('come from the registry and today’s attendance of the selected project', async () => {
    const stats = await t.app.inject({
      method: 'POST',
      url: '/api/zhgd/projectstatistics/project',
      headers: { 'access-token': who.manager.token ?? '' },
      payload: { projectName: '沿海高速公路工程' },
    });
    const body = json<{ personnel: Record<string, number>; ageDistribution: { value: number }[] }>(stats);
    expect(body.msgCode, body.errMsg).toBe(0);
    const list = await who.manager.call<{ total: number }>('GET', `/api/data/labour-worker?projectId=${PROJECT}`);
    const onSite = await who.manager.call<{ total: number }>(
      'GET',
      `/api/data/labour-worker?projectId=${PROJECT}&status=onSite`,
    );
    const today = chinaDate(new Date());
    const present = await who.manager.call<{ dataList: Row[] }>(
      'GET',
      `/api/data/labour-attendance?projectId=${PROJECT}&dateFrom=${today}&dateTo=${today}&pageSize=2000`,
    );
    const onSiteIds = new Set(
      (
        await who.manager.call<{ dataList: Row[] }>(
          'GET',
          `/api/data/labour-worker?projectId=${PROJECT}&status=onSite&pageSize=2000`,
        )
      ).data!.dataList.map((row) => row.id),
    );
    const clockedIn = present.data!.dataList.filter((row) => row.clockIn && onSiteIds.has(String(row.worker)));
    expect(body.data!.personnel).toMatchObject({
      registered: list.data!.total,
      onSite: onSite.data!.total,
      onSiteToday: clockedIn.length,
      // One in the demo registry, and 孙三 of these tests.
      blacklisted: 2,
    });
    expect(body.data!.ageDistribution.reduce((sum, bucket) => sum + bucket.value, 0)).toBe(onSite.data!.total);
  });
});

describe('the OpenAPI description', () => {
  it('describes the gate call and the month sheet', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/pub/openapi.json' })).json<{
      paths: Record<string, Record<string, { summary?: string }>>;
    }>();
    expect(doc.paths['/api/labour/gate/pass']?.post?.summary).toBe('A pass through a gate (device call)');
    expect(doc.paths['/api/data/labour-attendance/sheet']?.get).toBeDefined();
    expect(doc.paths['/api/data/labour-attendance/sheet/export']?.get).toBeDefined();
  });
});
