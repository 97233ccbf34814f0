/**
 * The age rule per company (劳务管理 / 年龄规则): each company sets its own limits, and the gate, registration and the
 * registration form's check judge a worker by the rule of the company of the worker's project; a company without a
 * rule of its own follows the module settings. The limits are checked with the form's Chinese messages, a company's
 * user reads and sets only their own company's rule, and a reset brings the defaults back.
 */
import { randomBytes } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import type { GatePass } from '../../modules/labour/server/gate-pass.js';
import { signDeviceCall } from '../../src/server/module-api.js';
import { chinaDate } from '../../src/server/lib/china-time.js';
import { useCallers } from './admin-helpers.js';
import { educated } from './labour-helpers.js';
import { addOutsiderProject, OTHER_COMPANY_PROJECT } from './outsider-project.js';
import { idNumber, json, useTestApp } from './test-app.js';

const OWN_PROJECT = 'project-highway';
const OWN_COMPANY = 'office-company';
const OTHER_COMPANY = 'office-outsider';
const SECRET = 'AgeRuleGate0123456789abcdefGHIJKLMNO';

type Row = Record<string, unknown> & { id: string; version: number };
interface Rule {
  companyId: string;
  min: number;
  maleMax: number;
  femaleMax: number;
  specialMaleMax: number;
  specialFemaleMax: number;
  refuseRegistration: boolean;
  custom: boolean;
  updatedBy: string | null;
}

const t = useTestApp();
const who = useCallers(t);

const YEAR = Number(chinaDate(new Date()).slice(0, 4));
const born = (age: number) => `${YEAR - age}0101`;
const yesterday = chinaDate(new Date(Date.now() - 86_400_000));

let order = 600;
const man = (age: number) => idNumber(born(age), String((order += 2) + 1), '510102');
const gates: Record<string, string> = {};

const DEFAULTS = { min: 18, maleMax: 60, femaleMax: 50, specialMaleMax: 55, specialFemaleMax: 50 };

/** A worker registered on a project (by the administrator, who may register on every company's project). */
async function register(projectId: string, name: string, idCardNumber: string) {
  return who.admin.call<Row>('POST', '/api/data/labour-worker', {
    projectId,
    name,
    idCardNumber,
    team: '年龄规则班',
    trade: 'rebar',
    entryDate: '2026-01-05',
  });
}

async function passIn(projectId: string, worker: Row) {
  const gateId = gates[projectId];
  const ts = String(Date.now());
  const nonce = randomBytes(12).toString('hex');
  const pass: GatePass = {
    workerId: worker.id,
    time: new Date(`${yesterday}T07:40:00+08:00`).toISOString(),
    direction: 'in',
  };
  const body = JSON.stringify(pass);
  const path = '/api/labour/gate/pass';
  const response = await t.app.inject({
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
  return json<{ code?: string }>(response);
}

const rulePath = (companyId?: string) => `/api/labour/v1.0/age-rule${companyId ? `/${companyId}` : ''}`;

beforeAll(async () => {
  await addOutsiderProject(t.db);
  for (const projectId of [OWN_PROJECT, OTHER_COMPANY_PROJECT]) {
    const gate = await who.admin.call<Row>('POST', '/api/data/labour-gate', {
      projectId,
      name: '年龄规则闸机',
      secret: SECRET,
      enabled: true,
    });
    expect(gate.msgCode, gate.errMsg).toBe(0);
    gates[projectId] = gate.data!.id;
  }
});

describe('a company without its own rule', () => {
  it('follows the module settings', async () => {
    const own = await who.manager.call<Rule>('GET', rulePath());
    expect(own.data).toMatchObject({ companyId: OWN_COMPANY, ...DEFAULTS, refuseRegistration: false, custom: false });
    const other = await who.admin.call<Rule>('GET', rulePath(OTHER_COMPANY));
    expect(other.data).toMatchObject({ companyId: OTHER_COMPANY, ...DEFAULTS, custom: false, updatedBy: null });
  });
});

describe('two companies, two rules, one age', () => {
  it('judges the same 62-year-old man by the rule of his project’s company', async () => {
    const saved = await who.admin.call<Rule>('PUT', rulePath(OTHER_COMPANY), {
      ...DEFAULTS,
      maleMax: 65,
      femaleMax: 55,
      refuseRegistration: true,
    });
    expect(saved).toMatchObject({ msgCode: 0, errMsg: '保存成功' });
    expect(saved.data).toMatchObject({ maleMax: 65, custom: true, updatedBy: '系统管理员' });

    const idCard = man(62);
    const own = await register(OWN_PROJECT, '六十二岁甲', idCard);
    expect(own.data).toMatchObject({ ageWarning: '年龄62岁，超过男性60周岁的上限，不符合进场年龄规定' });
    const other = await register(OTHER_COMPANY_PROJECT, '六十二岁乙', idCard);
    expect(other.msgCode, other.errMsg).toBe(0);
    expect(other.data!.ageWarning).toBeUndefined();

    // The form's check says the same, project by project.
    const check = (projectId: string) =>
      who.admin.call<{ warning: string; max: number; refuses: boolean }>('POST', '/api/labour/worker/age-check', {
        projectId,
        idCardNumber: idCard,
        trade: 'rebar',
      });
    expect((await check(OWN_PROJECT)).data).toMatchObject({ max: 60, refuses: false });
    expect((await check(OTHER_COMPANY_PROJECT)).data).toMatchObject({ warning: '', max: 65, refuses: true });

    // The other company refuses registration outside its rule; the own company only warns.
    const older = man(66);
    expect(await register(OTHER_COMPANY_PROJECT, '六十六岁', older)).toMatchObject({
      msgCode: -400,
      errMsg: '年龄66岁，超过男性65周岁的上限，按公司规定不予登记',
    });
    expect((await register(OWN_PROJECT, '六十六岁', older)).msgCode).toBe(0);

    await educated(t.db, [own.data!, other.data!]);
    expect(await passIn(OWN_PROJECT, own.data!)).toMatchObject({
      msgCode: -403,
      errMsg: '年龄62岁，超过男性60周岁的上限，禁止通行',
      data: { code: 'age-out-of-range' },
    });
    const admitted = await passIn(OTHER_COMPANY_PROJECT, other.data!);
    expect(admitted.msgCode, admitted.errMsg).toBe(0);
  });

  it('follows a company’s change at once, and its reset to the defaults', async () => {
    const ownWorker = await who.manager.call<{ dataList: Row[] }>(
      'GET',
      `/api/data/labour-worker?projectId=${OWN_PROJECT}&name=${encodeURIComponent('六十二岁甲')}`,
    );
    const worker = ownWorker.data!.dataList[0];
    expect(worker.ageWarning).toBeDefined();

    const saved = await who.manager.call<Rule>('PUT', rulePath(), { ...DEFAULTS, maleMax: 63 });
    expect(saved).toMatchObject({ msgCode: 0, errMsg: '保存成功', data: { maleMax: 63, custom: true } });
    const listed = await who.manager.call<Row>('GET', `/api/data/labour-worker/${worker.id}`);
    expect(listed.data!.ageWarning).toBeUndefined();
    const admitted = await passIn(OWN_PROJECT, worker);
    expect(admitted.msgCode, admitted.errMsg).toBe(0);

    const reset = await who.manager.call<Rule>('DELETE', rulePath());
    expect(reset).toMatchObject({ msgCode: 0, errMsg: '已恢复默认年龄规则', data: { ...DEFAULTS, custom: false } });
    expect(await passIn(OWN_PROJECT, worker)).toMatchObject({ msgCode: -403, data: { code: 'age-out-of-range' } });
  });
});

describe('the limits are checked, in Chinese', () => {
  it.each([
    [{ min: 13 }, 'min', '最低年龄不能小于14周岁'],
    [{ min: 71 }, 'min', '最低年龄不能大于70周岁'],
    [{ maleMax: 71 }, 'maleMax', '男性最高年龄不能大于70周岁'],
    [{ min: 40, femaleMax: 35 }, 'femaleMax', '女性最高年龄不能小于最低年龄'],
    [{ specialMaleMax: 55.5 }, 'specialMaleMax', '特种作业男性最高年龄须为整数'],
    [{ specialFemaleMax: undefined }, 'specialFemaleMax', '请输入特种作业女性最高年龄'],
  ])('%j', async (change, field, message) => {
    const answer = await who.manager.call('PUT', rulePath(), { ...DEFAULTS, ...change });
    expect(answer).toMatchObject({ msgCode: -400, errMsg: message });
    expect(JSON.stringify(answer.data)).toContain(field);
  });
});

describe('scope', () => {
  it('lets a company’s user read and set only their own company’s rule', async () => {
    const list = await who.manager.call<{ dataList: Rule[] }>('GET', '/api/labour/v1.0/age-rules');
    expect(list.data!.dataList.map((rule) => rule.companyId)).toEqual([OWN_COMPANY]);
    expect(await who.manager.call('GET', rulePath(OTHER_COMPANY))).toMatchObject({
      msgCode: -403,
      errMsg: '只能查看和修改本公司的年龄规则',
    });
    expect(await who.manager.call('PUT', rulePath(OTHER_COMPANY), DEFAULTS)).toMatchObject({ msgCode: -403 });
    expect(await who.manager.call('DELETE', rulePath(OTHER_COMPANY))).toMatchObject({ msgCode: -403 });
    // Untouched by the refused calls.
    expect((await who.admin.call<Rule>('GET', rulePath(OTHER_COMPANY))).data).toMatchObject({ maleMax: 65 });
  });

  it('lets the system administrator pick any company, and asks which one', async () => {
    const list = await who.admin.call<{ dataList: Rule[] }>('GET', '/api/labour/v1.0/age-rules');
    expect(list.data!.dataList.map((rule) => rule.companyId)).toEqual(
      expect.arrayContaining([OWN_COMPANY, OTHER_COMPANY]),
    );
    expect(await who.admin.call('GET', rulePath())).toMatchObject({ msgCode: -400, errMsg: '请选择公司' });
    expect(await who.admin.call('GET', rulePath('office-east'))).toMatchObject({ msgCode: -404 });
  });
});
