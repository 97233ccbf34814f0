/**
 * The gate's rules of the real-name system and the wage ledger: a signed gate call refuses, with the Chinese text
 * the gate shows and a stable code, a blacklisted worker, one who has left, one without 三级安全教育, a special trade
 * without a valid special-operation certificate (several certificates per worker, the latest counts) and anyone
 * outside the age rule; each refusal is kept and listed by code. The age rule follows the company's settings
 * (PORTAL_LABOUR_AGE_*), and registration warns on it, or refuses when the settings say so. A night shift's pass out
 * after midnight closes the day before's record with the hours across midnight; a hand-entered record needs its
 * reason. The wage ledger counts 工日 from attendance, works out the wage due, refuses a payment outside the wage
 * account, and exports the 工资发放表 with its signature column.
 */
import { randomBytes } from 'node:crypto';
import ExcelJS from 'exceljs';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import type { GatePass } from '../../modules/labour/server/gate-pass.js';
import { setEducationMissing } from '../../modules/labour/server/public.js';
import { signDeviceCall } from '../../src/server/module-api.js';
import { chinaDate } from '../../src/server/lib/china-time.js';
import { caller, useCallers } from './admin-helpers.js';
import { educated } from './labour-helpers.js';
import { idNumber, json, useTestApp } from './test-app.js';

const PROJECT = 'project-highway';
const SECRET = 'GateRules0123456789abcdefGHIJKLMNOPQ';

type Row = Record<string, unknown> & { id: string; version: number };
type Refusal = { code: string; reason: string };

const t = useTestApp();
const who = useCallers(t);

const TODAY = chinaDate(new Date());
const YEAR = Number(TODAY.slice(0, 4));
/** The birth date (yyyyMMdd) of someone `age` years old today (born on 1 January, so no birthday is pending). */
const born = (age: number) => `${YEAR - age}0101`;
const dayBefore = (days: number) => chinaDate(new Date(Date.now() - days * 86_400_000));
const at = (day: string, hhmm: string) => new Date(`${day}T${hhmm}:00+08:00`).toISOString();

let gateId = '';
let order = 200;
const workers: Record<string, Row> = {};

/** A man (odd 17th digit) or a woman (even) of this age, registered on the project. */
async function register(name: string, age: number, male: boolean, fields: Record<string, unknown> = {}) {
  order += 2;
  const created = await who.manager.call<Row>('POST', '/api/data/labour-worker', {
    projectId: PROJECT,
    name,
    idCardNumber: idNumber(born(age), String(order + (male ? 1 : 0)), '510102'),
    team: '规则测试班',
    trade: 'rebar',
    entryDate: '2026-01-05',
    ...fields,
  });
  expect(created.msgCode, created.errMsg).toBe(0);
  workers[name] = created.data!;
  return created;
}

async function certificate(worker: string, expiryDate: string, operation = '建筑电工') {
  const created = await who.manager.call('POST', '/api/data/labour-certificate', {
    projectId: PROJECT,
    worker: workers[worker].id,
    type: 'special-building',
    operation,
    number: `T${randomBytes(4).toString('hex')}`,
    authority: '四川省住房和城乡建设厅',
    issueDate: '2020-01-01',
    expiryDate,
  });
  expect(created.msgCode, created.errMsg).toBe(0);
}

async function gatePass(pass: GatePass, app: FastifyInstance = t.app) {
  const ts = String(Date.now());
  const nonce = randomBytes(12).toString('hex');
  const body = JSON.stringify(pass);
  const path = '/api/labour/gate/pass';
  const response = await app.inject({
    method: 'POST',
    url: path,
    headers: {
      'content-type': 'application/json',
      'x-device-id': gateId,
      'x-timestamp': ts,
      'x-nonce': nonce,
      'x-signature': signDeviceCall(SECRET, { method: 'POST', path, deviceId: gateId, timestamp: ts, nonce, body }),
    },
    payload: body,
  });
  return json<{ date: string; clockIn: string | null; clockOut: string | null } | Refusal>(response);
}

const passIn = (name: string, app?: FastifyInstance) =>
  gatePass({ workerId: workers[name].id, time: at(dayBefore(1), '07:40'), direction: 'in' }, app);

beforeAll(async () => {
  await register('合格', 35, true);
  await register('黑名单', 35, true, { blacklisted: true, blacklistReason: '违规动火' });
  await register('已退场', 35, true);
  await register('未教育', 35, true);
  await register('电工过期', 40, true, { trade: 'electrician' });
  await register('电工无证', 40, true, { trade: 'electrician' });
  await register('电工两证', 40, true, { trade: 'electrician' });
  await register('超龄男', 61, true);
  await register('超龄女', 51, false);
  await register('特种超龄', 56, true, { trade: 'welder' });
  await register('特种女', 49, false, { trade: 'welder' });
  await register('未成年', 17, true);
  await register('夜班', 30, true, { trade: 'concrete' });
  const left = workers['已退场'];
  const exit = await who.manager.call('POST', `/api/data/labour-worker/${left.id}/transition`, {
    action: 'exit',
    version: left.version,
    exitDate: '2026-02-01',
    exitReason: '合同期满',
  });
  expect(exit.msgCode, exit.errMsg).toBe(0);
  await educated(t.db, Object.values(workers));
  await setEducationMissing(t.db, new Map([[workers['未教育'].id, true]]));
  await certificate('电工过期', dayBefore(3));
  // Two certificates, one lapsed and one renewed: the valid one counts.
  await certificate('电工两证', '2021-06-30');
  await certificate('电工两证', '2031-06-30');
  await certificate('特种超龄', '2031-06-30', '焊接与热切割作业');
  await certificate('特种女', '2031-06-30', '焊接与热切割作业');
  const gate = await who.manager.call<Row>('POST', '/api/data/labour-gate', {
    projectId: PROJECT,
    name: '规则测试闸机',
    secret: SECRET,
    enabled: true,
  });
  expect(gate.msgCode, gate.errMsg).toBe(0);
  gateId = gate.data!.id;
});

describe('the gate refuses, with a reason it can show and a stable code', () => {
  it('lets a worker in who meets every rule', async () => {
    const answer = await passIn('合格');
    expect(answer.msgCode, answer.errMsg).toBe(0);
    expect((await passIn('电工两证')).msgCode).toBe(0);
    expect((await passIn('特种女')).msgCode).toBe(0);
  });

  it.each([
    ['黑名单', 'blacklisted', '该人员已列入黑名单（违规动火），禁止通行'],
    ['已退场', 'left-site', '该人员已退场，禁止通行'],
    ['未教育', 'no-safety-education', '未完成三级安全教育，禁止通行'],
    ['电工无证', 'certificate-missing', '特种作业人员无特种作业操作证，禁止通行'],
    ['超龄男', 'age-out-of-range', '年龄61岁，超过男性60周岁的上限，禁止通行'],
    ['超龄女', 'age-out-of-range', '年龄51岁，超过女性50周岁的上限，禁止通行'],
    ['特种超龄', 'age-out-of-range', '年龄56岁，超过男性特种作业人员55周岁的上限，禁止通行'],
    ['未成年', 'age-out-of-range', '年龄17岁，未满18周岁，禁止通行'],
  ])('%s: %s', async (name, code, reason) => {
    const answer = await passIn(name);
    expect(answer).toMatchObject({ msgCode: -403, errMsg: reason, data: { code, reason } });
  });

  it('names the date an expired special-operation certificate lapsed', async () => {
    const answer = await passIn('电工过期');
    expect(answer).toMatchObject({
      msgCode: -403,
      errMsg: `特种作业证（建筑电工）已于${dayBefore(3)}过期，禁止通行`,
      data: { code: 'certificate-expired' },
    });
  });

  it('keeps each refusal with its code, and lists them filtered by code, gate and time', async () => {
    const unknown = await gatePass({
      idCardNumber: idNumber('19800101', '991', '110101'),
      time: at(dayBefore(1), '07:45'),
      direction: 'in',
    });
    expect(unknown).toMatchObject({ msgCode: -404, data: { code: 'unknown-worker' } });
    const base = `/api/data/labour-gate-pass?projectId=${PROJECT}&result=refused&gate=${gateId}&pageSize=50`;
    const all = await who.staff.call<{ dataList: Row[] }>('GET', base);
    expect(all.msgCode, all.errMsg).toBe(0);
    const codes = all.data!.dataList.map((row) => row.code);
    for (const code of [
      'blacklisted',
      'left-site',
      'no-safety-education',
      'certificate-missing',
      'certificate-expired',
      'age-out-of-range',
      'unknown-worker',
    ])
      expect(codes).toContain(code);
    const aged = await who.staff.call<{ dataList: Row[] }>('GET', `${base}&code=age-out-of-range`);
    expect(aged.data!.dataList.map((row) => row.workerLabel).sort()).toEqual(
      ['未成年', '特种超龄', '超龄女', '超龄男'].sort(),
    );
    expect(aged.data!.dataList[0]).toMatchObject({ codeLabel: '年龄不符', gateLabel: '规则测试闸机' });
    const none = await who.staff.call<{ dataList: Row[] }>('GET', `${base}&timeTo=${dayBefore(5)}`);
    expect(none.data!.dataList).toEqual([]);
  });
});

describe('the age rule at registration', () => {
  it('warns on a worker outside it and still registers them, and the form’s check says the same', async () => {
    const created = await register('登记超龄', 62, true);
    expect(created.data).toMatchObject({ ageWarning: '年龄62岁，超过男性60周岁的上限，不符合进场年龄规定' });
    const check = await who.manager.call<{ warning: string; age: number; max: number; refuses: boolean }>(
      'POST',
      '/api/labour/worker/age-check',
      { projectId: PROJECT, idCardNumber: idNumber(born(57), '301', '510102'), trade: 'scaffold' },
    );
    expect(check.data).toEqual({
      warning: '年龄57岁，超过男性特种作业人员55周岁的上限，不符合进场年龄规定',
      age: 57,
      min: 18,
      max: 55,
      refuses: false,
    });
    const fine = await who.manager.call<{ warning: string }>('POST', '/api/labour/worker/age-check', {
      projectId: PROJECT,
      idCardNumber: idNumber(born(57), '301', '510102'),
      trade: 'rebar',
    });
    expect(fine.data?.warning).toBe('');
    const list = await who.staff.call<{ dataList: Row[] }>(
      'GET',
      `/api/data/labour-worker?projectId=${PROJECT}&name=${encodeURIComponent('合格')}`,
    );
    expect(list.data!.dataList[0].ageWarning).toBeUndefined();
  });

  it('follows the company’s settings: other limits, and refusal at registration', async () => {
    const strict = await t.sibling({
      environment: {
        PORTAL_MQTT_PORT: 'off',
        PORTAL_LABOUR_AGE_MALE_MAX: '65',
        PORTAL_LABOUR_AGE_FEMALE_MAX: '55',
        PORTAL_LABOUR_AGE_REFUSE: 'on',
      },
    });
    // A new instance recomputes the 三级安全教育 flags at start (the safety module's own): set them again.
    await educated(
      t.db,
      Object.values(workers).filter((worker) => worker !== workers['未教育']),
    );
    const manager = caller(strict, who.manager.token);
    // Inside the company's wider limits, the 61-year-old man and the 51-year-old woman pass its gate.
    const older = await passIn('超龄男', strict);
    expect(older.msgCode, older.errMsg).toBe(0);
    const woman = await passIn('超龄女', strict);
    expect(woman.msgCode, woman.errMsg).toBe(0);
    const refused = await manager.call('POST', '/api/data/labour-worker', {
      projectId: PROJECT,
      name: '拒绝登记',
      idCardNumber: idNumber(born(66), '411', '510102'),
      team: '规则测试班',
      trade: 'rebar',
      entryDate: '2026-01-05',
    });
    expect(refused).toMatchObject({
      msgCode: -400,
      errMsg: '年龄66岁，超过男性65周岁的上限，按公司规定不予登记',
    });
    const check = await manager.call<{ warning: string; refuses: boolean }>('POST', '/api/labour/worker/age-check', {
      idCardNumber: idNumber(born(62), '411', '510102'),
      trade: 'rebar',
    });
    expect(check.data).toMatchObject({ warning: '', refuses: true });
  });
});

describe('attendance', () => {
  it('closes a night shift after midnight on the day it began, with the hours across midnight', async () => {
    const start = dayBefore(3);
    const end = dayBefore(2);
    const worker = workers['夜班'].id;
    const into = await gatePass({ workerId: worker, time: at(start, '20:00'), direction: 'in' });
    expect(into.msgCode, into.errMsg).toBe(0);
    const out = await gatePass({ workerId: worker, time: at(end, '06:00'), direction: 'out' });
    expect(out).toMatchObject({ msgCode: 0, data: { date: start, clockIn: '20:00', clockOut: '06:00' } });
    const records = await who.staff.call<{ dataList: Row[] }>(
      'GET',
      `/api/data/labour-attendance?projectId=${PROJECT}&worker=${worker}`,
    );
    expect(records.data!.dataList.map((row) => [row.date, row.hours])).toEqual([[start, 10]]);
  });

  it('refuses a hand-entered record without its reason, and marks it as hand-entered', async () => {
    const body = {
      projectId: PROJECT,
      worker: workers['夜班'].id,
      date: '2026-03-10',
      clockIn: '20:30',
      clockOut: '05:30',
      source: 'manual',
    };
    expect(await who.manager.call('POST', '/api/data/labour-attendance', body)).toMatchObject({
      msgCode: -400,
      errMsg: '手工补录的考勤须填写补录原因',
    });
    expect(await who.manager.call('POST', '/api/data/labour-attendance', { ...body, reason: ' ' })).toMatchObject({
      msgCode: -400,
    });
    const saved = await who.manager.call<Row>('POST', '/api/data/labour-attendance', {
      ...body,
      reason: '闸机断电，班组长确认后补录',
    });
    expect(saved.msgCode, saved.errMsg).toBe(0);
    expect(saved.data).toMatchObject({ sourceLabel: '手工', reason: '闸机断电，班组长确认后补录', hours: 9 });
  });
});

describe('the wage ledger', () => {
  const MONTH = '2026-04';
  let account = '';

  beforeAll(async () => {
    const created = await who.manager.call<Row>('POST', '/api/data/labour-wage-account', {
      projectId: PROJECT,
      bank: '中国农业银行成都分行',
      accountName: '四川路桥建设集团有限公司项目部',
      accountNumber: '22810401040012345',
    });
    expect(created.msgCode, created.errMsg).toBe(0);
    account = created.data!.id;
    const current = await who.manager.call<Row>('GET', `/api/data/labour-worker/${workers['合格'].id}`);
    const card = await who.manager.call('PUT', `/api/data/labour-worker/${workers['合格'].id}`, {
      ...current.data!,
      bankName: '中国农业银行',
      bankCard: '6228480402564890018',
    });
    expect(card.msgCode, card.errMsg).toBe(0);
    for (const [date, clockIn, clockOut] of [
      ['2026-04-01', '07:30', '17:30'],
      ['2026-04-02', '07:30', '17:30'],
      ['2026-04-03', '20:00', '06:00'],
      ['2026-05-01', '07:30', '17:30'],
    ]) {
      const record = await who.manager.call('POST', '/api/data/labour-attendance', {
        projectId: PROJECT,
        worker: workers['合格'].id,
        date,
        clockIn,
        clockOut,
        source: 'import',
      });
      expect(record.msgCode, record.errMsg).toBe(0);
    }
  });

  it('counts 工日 from attendance, works out the wage due and what is unpaid', async () => {
    const saved = await who.manager.call<Row>('POST', '/api/data/labour-wage', {
      projectId: PROJECT,
      worker: workers['合格'].id,
      month: MONTH,
      wageType: 'daily',
      wageRate: 380,
      paid: 1000,
      payDate: '2026-05-15',
      account,
    });
    expect(saved.msgCode, saved.errMsg).toBe(0);
    expect(saved.data).toMatchObject({
      workerName: '合格',
      team: '规则测试班',
      bankCard: '6228480402564890018',
      workDays: 3,
      hours: 30,
      due: 1140,
      unpaid: 140,
      accountLabel: '中国农业银行成都分行',
    });
    const monthly = await who.manager.call<Row>('PUT', `/api/data/labour-wage/${saved.data!.id}`, {
      ...saved.data!,
      wageType: 'monthly',
      wageRate: 9000,
      paid: 9000,
    });
    expect(monthly.data).toMatchObject({ workDays: 3, due: 9000, unpaid: 0 });
  });

  it('refuses a payment that does not go through the wage account', async () => {
    expect(
      await who.manager.call('POST', '/api/data/labour-wage', {
        projectId: PROJECT,
        worker: workers['夜班'].id,
        month: MONTH,
        wageType: 'daily',
        wageRate: 330,
        paid: 330,
      }),
    ).toMatchObject({ msgCode: -400, errMsg: '实发工资须经项目的农民工工资专用账户代发，请选择代发账户' });
  });

  it('exports the 工资发放表 a regulator asks for, with its signature column', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/system/export/labour-wage-ledger?projectId=${PROJECT}&month=${MONTH}`,
      headers: { 'access-token': String(who.manager.token) },
    });
    expect(response.statusCode).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const rows: string[][] = [];
    workbook.worksheets[0].eachRow((row) => {
      rows.push((row.values as unknown[]).slice(1).map((value) => String(value ?? '')));
    });
    expect(rows[0]).toEqual([
      '月份',
      '姓名',
      '身份证号',
      '班组',
      '工种',
      '出勤天数（工日）',
      '工时',
      '应发工资（元）',
      '实发工资（元）',
      '银行卡号',
      '发放日期',
      '签字',
    ]);
    expect(rows.slice(1)).toEqual([
      [
        MONTH,
        '合格',
        String(workers['合格'].idCardNumber),
        '规则测试班',
        '钢筋工',
        '3',
        '30',
        '9000',
        '9000',
        '6228480402564890018',
        '2026-05-15',
        '',
      ],
    ]);
  });
});
