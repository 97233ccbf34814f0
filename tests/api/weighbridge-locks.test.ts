/**
 * 智能地磅, what keeps a weighing honest: the weights a weighbridge measured are locked (no edit of them, no delete,
 * no record typed in as if the device made it); a correction is its own approval (磅单更正申请) that writes the
 * corrected weights back and keeps the originals, while a rejected one changes nothing; the anti-cheating flags
 * (皮重异常, 频繁过磅, 出场超载) judged at write; supplier reconciliation (delivered vs ordered by supplier, material
 * and month) with 商品混凝土 settled in m³; and the demo data showing all of it.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { deviceHeaders } from '../support/device-calls.js';
import { useCallers, type PageData } from './admin-helpers.js';
import { json, useTestApp } from './test-app.js';
import { approve, detail, start } from './workflow-helpers.js';

const PROJECT = 'project-binjiang';
const PASSES = '/api/weighbridge/v1.0/passes';
type Row = Record<string, unknown> & { id: string; version: number };

const t = useTestApp();
const who = useCallers(t);

let scale: { id: string; deviceId: string; secret: string };

beforeAll(async () => {
  const created = await who.manager.call<{ id: string }>('POST', '/api/data/iot-device', {
    projectId: PROJECT,
    name: '锁定测试地磅',
    deviceType: 'weighbridge',
    serial: 'TEST-WB-LOCK',
    location: '1号门',
  });
  expect(created.msgCode, created.errMsg).toBe(0);
  const issued = await who.manager.call<{ deviceId: string; secret: string }>(
    'POST',
    `/api/iot/v1.0/devices/${created.data!.id}/secret`,
  );
  expect(issued.msgCode, issued.errMsg).toBe(0);
  scale = { id: created.data!.id, ...issued.data! };
});

async function pass(body: Record<string, unknown>) {
  const raw = JSON.stringify(body);
  const response = await t.app.inject({
    method: 'POST',
    url: PASSES,
    headers: deviceHeaders(scale, PASSES, raw),
    payload: raw,
  });
  return json<{ recordId: string; state: string; netWeight: number | null }>(response);
}

/** A weighing the weighbridge made: a loaded truck in, then out empty. */
async function deviceWeighing(plateNo: string, gross: number, tare: number): Promise<Row> {
  const first = await pass({ plateNo, weight: gross, material: 'rebar', supplier: '杭钢集团物资供应有限公司' });
  expect(first.msgCode, first.errMsg).toBe(0);
  const second = await pass({ plateNo, weight: tare });
  expect(second.data).toMatchObject({ state: 'complete' });
  return read(first.data!.recordId);
}

async function read(id: string): Promise<Row> {
  const body = await who.staff.call<Row>('GET', `/api/data/weighbridge-record/${id}`);
  expect(body.msgCode, body.errMsg).toBe(0);
  return body.data!;
}

const LOCKED = '地磅采集的重量不能直接修改，请提交磅单更正申请';

/** The record's own fields as its edit form sends them back, with some changed (the data API takes whole forms). */
const OWN = [
  'plateNo',
  'axles',
  'material',
  'direction',
  'supplier',
  'receiver',
  'weighDate',
  'grossWeight',
  'grossTime',
  'tareWeight',
  'tareTime',
  'deduction',
  'deliveryNoteNo',
  'deliveryNoteWeight',
  'density',
  'deviceId',
  'operatorId',
  'state',
  'source',
  'remark',
  'originalGrossWeight',
  'originalTareWeight',
  'correctionReason',
];
function edit(record: Row, changes: Record<string, unknown>) {
  const kept = Object.fromEntries(
    OWN.filter((field) => record[field] !== undefined && record[field] !== null).map((field) => [field, record[field]]),
  );
  return { ...kept, ...changes, version: record.version };
}

/** A field the API leaves out when empty. */
const value = (row: Row | undefined, field: string) => row?.[field] ?? null;

describe('weights from the weighbridge are locked', () => {
  it('refuses an edit of a measured weight, time or plate, and lets the rest be edited', async () => {
    const record = await deviceWeighing('浙A71001', 45.2, 15.4);
    expect(record).toMatchObject({ source: 'device', grossWeight: 45.2, tareWeight: 15.4, netWeight: 29.8 });
    for (const change of [{ grossWeight: 46 }, { tareWeight: 14.9 }, { plateNo: '浙A71002' }, { tareTime: '06:00' }]) {
      const refused = await who.staff.call('PUT', `/api/data/weighbridge-record/${record.id}`, edit(record, change));
      expect(refused, JSON.stringify(change)).toMatchObject({ msgCode: -403, errMsg: LOCKED });
    }
    // The whole form saved with the weights as they are: only the fields the device did not know change.
    const edited = await who.staff.call<Row>(
      'PUT',
      `/api/data/weighbridge-record/${record.id}`,
      edit(record, { material: 'steel', remark: '型钢，非钢筋', deliveryNoteNo: 'HG-0091' }),
    );
    expect(edited.msgCode, edited.errMsg).toBe(0);
    expect(edited.data).toMatchObject({ material: 'steel', grossWeight: 45.2, tareWeight: 15.4, netWeight: 29.8 });
  });

  it('refuses to delete a weighing the weighbridge made, and a record typed in as if it had', async () => {
    const record = await deviceWeighing('浙A71003', 40.1, 14.8);
    const removed = await who.manager.call('DELETE', `/api/data/weighbridge-record/${record.id}`);
    expect(removed).toMatchObject({ msgCode: -403, errMsg: '地磅采集的过磅记录不能删除，如有错误请提交磅单更正申请' });
    expect((await read(record.id)).grossWeight).toBe(40.1);
    const forged = await who.staff.call('POST', '/api/data/weighbridge-record', {
      projectId: PROJECT,
      plateNo: '浙A71004',
      material: 'rebar',
      direction: 'in',
      weighDate: '2026-03-02',
      grossWeight: 40,
      tareWeight: 15,
      source: 'device',
    });
    expect(forged).toMatchObject({
      msgCode: -403,
      errMsg: '地磅上传的过磅记录只能由地磅产生，手工录入的记录来源须为手工录入',
    });
    // A record typed by hand stays editable and deletable, but never says it came from the device or was corrected.
    const manual = await who.staff.call<Row>('POST', '/api/data/weighbridge-record', {
      projectId: PROJECT,
      plateNo: '浙A71004',
      material: 'rebar',
      direction: 'in',
      weighDate: '2026-03-02',
      grossWeight: 40,
      tareWeight: 15,
    });
    expect(manual.msgCode, manual.errMsg).toBe(0);
    const faked = await who.staff.call(
      'PUT',
      `/api/data/weighbridge-record/${manual.data!.id}`,
      edit(manual.data!, { originalGrossWeight: 41 }),
    );
    expect(faked).toMatchObject({ msgCode: -403, errMsg: '原始重量和更正原因只能由审批通过的磅单更正申请写入' });
    const fixed = await who.staff.call(
      'PUT',
      `/api/data/weighbridge-record/${manual.data!.id}`,
      edit(manual.data!, { grossWeight: 40.5 }),
    );
    expect(fixed.msgCode, fixed.errMsg).toBe(0);
    expect(await who.staff.call('DELETE', `/api/data/weighbridge-record/${manual.data!.id}`)).toMatchObject({
      msgCode: 0,
    });
  });
});

describe('磅单更正申请', () => {
  it('writes the corrected weights back when approved and keeps the original ones, twice corrected or not', async () => {
    const record = await deviceWeighing('浙A72001', 44.6, 15.6);
    const id = await start(who.staff, 'weighing-correction', {
      weighingId: record.id,
      grossWeight: 44.6,
      tareWeight: 15.3,
      reason: '皮重时驾驶员未下车，复磅空车 15.30 t',
    });
    // Nothing changes while it waits.
    expect(await read(record.id)).toMatchObject({ tareWeight: 15.6, version: record.version });
    await approve(who.manager, id, '已核对复磅单');
    expect((await detail(who.staff, id)).status).toBe('approved');
    const corrected = await read(record.id);
    expect(corrected).toMatchObject({
      grossWeight: 44.6,
      tareWeight: 15.3,
      netWeight: 29.3,
      settledWeight: 29.3,
      originalGrossWeight: 44.6,
      originalTareWeight: 15.6,
      originalNetWeight: 29,
      correctionReason: '皮重时驾驶员未下车，复磅空车 15.30 t',
      corrected: true,
      source: 'device',
    });
    const timeline = await who.staff.call<{ actionLabel: string; remark: string; data: Row }[]>(
      'GET',
      `/api/data/weighbridge-record/${record.id}/history`,
    );
    expect(timeline.msgCode, timeline.errMsg).toBe(0);
    expect(timeline.data!.at(-1)).toMatchObject({
      actionLabel: '审批变更',
      remark: expect.stringContaining('磅单更正申请已通过'),
      data: { tareWeight: 15.3, originalTareWeight: 15.6 },
    });
    // A second correction keeps the weights first measured as the originals.
    const again = await start(who.staff, 'weighing-correction', {
      weighingId: record.id,
      grossWeight: 44.8,
      tareWeight: 15.3,
      reason: '毛重复核为 44.80 t（后轴未完全上磅）',
    });
    await approve(who.manager, again);
    expect(await read(record.id)).toMatchObject({
      grossWeight: 44.8,
      netWeight: 29.5,
      originalGrossWeight: 44.6,
      originalTareWeight: 15.6,
      correctionReason: '毛重复核为 44.80 t（后轴未完全上磅）',
    });
    // Still locked after the correction.
    const after = await read(record.id);
    expect(
      await who.staff.call('PUT', `/api/data/weighbridge-record/${record.id}`, edit(after, { grossWeight: 50 })),
    ).toMatchObject({ msgCode: -403, errMsg: LOCKED });
  });

  it('changes nothing when rejected', async () => {
    const record = await deviceWeighing('浙A72002', 43.9, 15.1);
    const id = await start(who.staff, 'weighing-correction', {
      weighingId: record.id,
      grossWeight: 44.9,
      tareWeight: 15.1,
      reason: '司机称毛重偏轻',
    });
    const task = (await detail(who.manager, id)).myTaskId;
    const rejected = await who.manager.call('POST', `/api/workflow/tasks/${task}/reject`, {
      to: 'starter',
      comment: '无复磅记录，不予更正',
    });
    expect(rejected.msgCode, rejected.errMsg).toBe(0);
    expect((await detail(who.staff, id)).status).toBe('rejected');
    const after = await read(record.id);
    expect(after).toMatchObject({ grossWeight: 43.9, tareWeight: 15.1, version: record.version, corrected: false });
    expect(after.originalGrossWeight ?? null).toBeNull();
  });

  it('needs a reason and a tare not above the gross, and a weighing of the project', async () => {
    const record = await deviceWeighing('浙A72003', 42, 15);
    const post = (form: Record<string, unknown>) =>
      who.staff.call('POST', '/api/workflow/instances', { processId: 'weighing-correction', projectId: PROJECT, form });
    expect(await post({ weighingId: record.id, grossWeight: 42, tareWeight: 14 })).toMatchObject({
      msgCode: -400,
      errMsg: '请输入更正原因',
    });
    expect(
      await post({ weighingId: record.id, grossWeight: 42, tareWeight: 43, reason: '皮重复核有误差' }),
    ).toMatchObject({ msgCode: -400, errMsg: '皮重不能大于毛重' });
    const elsewhere = await post({
      weighingId: 'weighing-highway-0010',
      grossWeight: 42,
      tareWeight: 14,
      reason: '皮重复核有误差',
    });
    expect(elsewhere).toMatchObject({ errMsg: '所选过磅记录不存在或不属于本项目' });
  });
});

describe('anti-cheating flags', () => {
  const manual = (values: Record<string, unknown>) =>
    who.staff.call<Row>('POST', '/api/data/weighbridge-record', {
      projectId: 'project-highway',
      material: 'gravel',
      direction: 'in',
      axles: 6,
      ...values,
    });

  it('flags a tare off the truck’s usual tare by more than the tolerance (0.5 t)', async () => {
    for (const [day, tare] of [
      ['2026-02-02', 15.1],
      ['2026-02-03', 15.3],
      ['2026-02-04', 15.2],
    ] as const) {
      const made = await manual({
        plateNo: '闽D80001',
        weighDate: day,
        grossWeight: 45,
        grossTime: '08:00',
        tareWeight: tare,
        tareTime: '08:30',
      });
      expect(value(made.data, 'cheatFlags')).toBeNull();
    }
    const within = await manual({
      plateNo: '闽D80001',
      weighDate: '2026-02-05',
      grossWeight: 45,
      grossTime: '08:00',
      tareWeight: 15.6,
      tareTime: '08:30',
    });
    expect(value(within.data, 'cheatFlags')).toBeNull();
    expect(within.data).toMatchObject({ usualTare: 15.2 });
    const light = await manual({
      plateNo: '闽D80001',
      weighDate: '2026-02-06',
      grossWeight: 45,
      grossTime: '08:00',
      tareWeight: 14.5,
      tareTime: '08:30',
    });
    expect(light.data).toMatchObject({
      cheatFlags: 'tare',
      usualTare: 15.25,
      cheatIssue: '皮重异常：皮重 14.5 t，该车常用皮重 15.25 t，相差 -0.75 t（允许 ±0.5 t）',
    });
    const found = await who.staff.call<PageData<Row>>(
      'GET',
      '/api/data/weighbridge-record?projectId=project-highway&cheatFlags=tare&plateNo=' +
        encodeURIComponent('闽D80001'),
    );
    expect(found.data!.dataList.map((row) => row.id)).toEqual([light.data!.id]);
  });

  it('flags a second weighing of the truck within 30 minutes of the last', async () => {
    const first = await manual({
      plateNo: '闽D80002',
      weighDate: '2026-02-10',
      grossWeight: 45,
      grossTime: '09:00',
      tareWeight: 15,
      tareTime: '09:20',
    });
    expect(value(first.data, 'cheatFlags')).toBeNull();
    const soon = await manual({
      plateNo: '闽D80002',
      weighDate: '2026-02-10',
      grossWeight: 45.1,
      grossTime: '09:35',
      tareWeight: 15,
      tareTime: '09:50',
    });
    expect(soon.data).toMatchObject({
      cheatFlags: 'repeat',
      cheatIssue: '频繁过磅：距该车上次过磅（2026-02-10 09:20）仅 15 分钟（不足 30 分钟）',
    });
    const later = await manual({
      plateNo: '闽D80002',
      weighDate: '2026-02-10',
      grossWeight: 45,
      grossTime: '11:00',
      tareWeight: 15,
      tareTime: '11:20',
    });
    expect(value(later.data, 'cheatFlags')).toBeNull();
  });

  it('flags an outgoing truck over the GB 1589 limit of its axles, not an incoming one', async () => {
    const out = await manual({
      plateNo: '闽D80003',
      material: 'earthwork',
      direction: 'out',
      axles: 4,
      weighDate: '2026-02-12',
      tareWeight: 14,
      tareTime: '10:00',
      grossWeight: 33.5,
      grossTime: '10:30',
    });
    expect(out.data).toMatchObject({
      cheatFlags: 'overload',
      cheatIssue: '出场超载：毛重 33.5 t 超过 4 轴车辆总质量限值 31 t（GB 1589-2016），超出 2.5 t',
    });
    const legal = await manual({
      plateNo: '闽D80004',
      material: 'earthwork',
      direction: 'out',
      axles: 4,
      weighDate: '2026-02-12',
      tareWeight: 14,
      grossWeight: 31,
    });
    expect(value(legal.data, 'cheatFlags')).toBeNull();
    // An edit that unloads the truck clears the flag.
    const unloaded = await who.staff.call<Row>(
      'PUT',
      `/api/data/weighbridge-record/${out.data!.id}`,
      edit(out.data!, { grossWeight: 30.8 }),
    );
    expect(unloaded.msgCode, unloaded.errMsg).toBe(0);
    expect([value(unloaded.data, 'cheatFlags'), value(unloaded.data, 'cheatIssue')]).toEqual([null, null]);
  });
});

describe('supplier reconciliation and m³ settlement', () => {
  const PROJECT_HW = 'project-highway';
  const SUPPLIER = '对账测试建材有限公司';
  const order = (values: Record<string, unknown>) =>
    who.staff.call<Row>('POST', '/api/data/weighbridge-purchase-order', {
      projectId: PROJECT_HW,
      supplier: SUPPLIER,
      period: '2026-01',
      ...values,
    });
  const weigh = (values: Record<string, unknown>) =>
    who.staff.call<Row>('POST', '/api/data/weighbridge-record', {
      projectId: PROJECT_HW,
      supplier: SUPPLIER,
      direction: 'in',
      weighDate: '2026-01-15',
      ...values,
    });

  it('settles ready-mix in m³ by its density (2.4 t/m³ unless the weighing says)', async () => {
    const standard = await weigh({ plateNo: '闽D81001', material: 'ready-mix', grossWeight: 38, tareWeight: 14 });
    expect(standard.data).toMatchObject({ netWeight: 24, density: 2.4, netVolume: 10 });
    const declared = await weigh({
      plateNo: '闽D81002',
      material: 'ready-mix',
      grossWeight: 25.75,
      tareWeight: 14,
      density: 2.35,
    });
    expect(declared.data).toMatchObject({ netWeight: 11.75, density: 2.35, netVolume: 5 });
    const rebar = await weigh({ plateNo: '闽D81003', material: 'rebar', grossWeight: 46.5, tareWeight: 16 });
    expect(rebar.data).toMatchObject({ netWeight: 30.5 });
    expect(value(rebar.data, 'netVolume')).toBeNull();
  });

  it('sums deliveries against orders by supplier, material and month, with the shortfall', async () => {
    expect(await order({ orderNo: 'DZ-001', material: 'ready-mix', quantity: 12, unit: 'm3' })).toMatchObject({
      msgCode: 0,
    });
    expect(await order({ orderNo: 'DZ-002', material: 'ready-mix', quantity: 8, unit: 'm3' })).toMatchObject({
      msgCode: 0,
    });
    expect(await order({ orderNo: 'DZ-003', material: 'rebar', quantity: 60, unit: 't' })).toMatchObject({
      msgCode: 0,
    });
    expect(
      await order({ orderNo: 'DZ-004', material: 'cement', quantity: 30, unit: 't', period: '2026-02' }),
    ).toMatchObject({ msgCode: 0 });
    // Not a delivery: out, and a first pass still waiting.
    await weigh({ plateNo: '闽D81004', material: 'rebar', direction: 'out', grossWeight: 30, tareWeight: 16 });
    await weigh({ plateNo: '闽D81005', material: 'rebar', grossWeight: 46, tareWeight: 16, weighDate: '2026-01-20' });
    const body = await who.staff.call<PageData<Row>>(
      'GET',
      `/api/weighbridge/v1.0/reconciliation?projectId=${PROJECT_HW}&supplier=${encodeURIComponent('对账测试')}&pageSize=50`,
    );
    expect(body.msgCode, body.errMsg).toBe(0);
    const rows = body.data!.dataList;
    expect(rows).toEqual([
      expect.objectContaining({
        period: '2026-02',
        material: 'cement',
        materialLabel: '水泥',
        ordered: 30,
        delivered: 0,
        shortfall: 30,
        rate: 0,
        vehicles: 0,
      }),
      expect.objectContaining({
        period: '2026-01',
        material: 'ready-mix',
        unit: 'm3',
        unitLabel: 'm³',
        orderNos: 'DZ-001、DZ-002',
        ordered: 20,
        delivered: 15,
        shortfall: 5,
        rate: 75,
        vehicles: 2,
        short: '欠 5 m³',
      }),
      expect.objectContaining({
        period: '2026-01',
        material: 'rebar',
        unit: 't',
        ordered: 60,
        delivered: 60.5,
        shortfall: -0.5,
        vehicles: 2,
      }),
    ]);
    const month = await who.staff.call<PageData<Row>>(
      'GET',
      `/api/weighbridge/v1.0/reconciliation?projectId=${PROJECT_HW}&supplier=${encodeURIComponent('对账测试')}&period=2026-02`,
    );
    expect(month.data!.dataList.map((row) => row.material)).toEqual(['cement']);
    expect((await who.none.call('GET', `/api/weighbridge/v1.0/reconciliation?projectId=${PROJECT_HW}`)).msgCode).toBe(
      -401,
    );
  });

  it('exports the reconciliation to Excel as the page shows it', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/system/export/weighbridge-reconciliation?projectId=${PROJECT_HW}&supplier=${encodeURIComponent('对账测试')}`,
      headers: { 'access-token': who.staff.token ?? '' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('spreadsheetml');
  });
});

describe('the demo data', () => {
  async function all(collection: string, projectId: string): Promise<Row[]> {
    const body = await who.manager.call<PageData<Row>>(
      'GET',
      `/api/data/${collection}?projectId=${projectId}&pageSize=1000`,
    );
    expect(body.msgCode, body.errMsg).toBe(0);
    return body.data!.dataList;
  }

  it('shows on every demo project locked weighings, flags, an approved correction and purchase orders short', async () => {
    for (const project of ['project-binjiang', 'project-expressway', 'project-highway']) {
      const rows = await all('weighbridge-record', project);
      expect(rows.filter((row) => row.source === 'device').length, project).toBeGreaterThan(100);
      const flags = rows.map((row) => String(row.cheatFlags ?? ''));
      expect(
        flags.some((kinds) => kinds.includes('tare')),
        `${project} 皮重异常`,
      ).toBe(true);
      expect(
        flags.some((kinds) => kinds.includes('overload')),
        `${project} 出场超载`,
      ).toBe(true);
      const corrected = rows.filter((row) => row.corrected === true && row.id.startsWith('weighing-'));
      expect(corrected.length, project).toBe(1);
      expect(corrected[0].originalTareWeight).toBeCloseTo(Number(corrected[0].tareWeight) + 0.15, 5);
      const body = await who.manager.call<PageData<Row>>(
        'GET',
        `/api/weighbridge/v1.0/reconciliation?projectId=${project}&pageSize=500`,
      );
      expect(body.data!.dataList.some((row) => Number(row.shortfall) > 0 && Number(row.ordered) > 0)).toBe(true);
    }
    const pending = await who.manager.call<PageData<Row>>('GET', '/workflow/process/todoList?pageSize=100');
    expect(pending.msgCode, pending.errMsg).toBe(0);
    expect(JSON.stringify(pending.data)).toContain('磅单更正申请');
  });
});
