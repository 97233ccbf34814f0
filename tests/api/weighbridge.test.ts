/**
 * 智能地磅 (module weighbridge): weighing records through the collection API (the plate rule with new-energy
 * plates, gross ≥ tare, the net / settled weight / note deviation computed at write, 磅差超差 beyond the material's
 * tolerance flagged, counted and sent once to the people answering for the weighbridge), the home page's figures and
 * the aggregate its charts read, the Excel export, the project scope, and the signed passes a weighbridge reports
 * (two passes of a plate make one record).
 */
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { deviceHeaders } from '../support/device-calls.js';
import { chinaDate } from '../../src/server/lib/china-time.js';
import { useCallers, type PageData } from './admin-helpers.js';
import { addOutsiderProject, OTHER_COMPANY_PROJECT } from './outsider-project.js';
import { json, useTestApp } from './test-app.js';

const PROJECT = 'project-expressway';
const DAY = '2026-03-10';

type Row = Record<string, unknown> & { id: string; version: number };

const t = useTestApp();
const who = useCallers(t);

beforeAll(async () => {
  await addOutsiderProject(t.db);
});

function weighing(overrides: Record<string, unknown> = {}) {
  return {
    projectId: PROJECT,
    plateNo: '粤B12345',
    material: 'gravel',
    direction: 'in',
    supplier: '惠州博罗石场',
    weighDate: DAY,
    grossWeight: 48.6,
    grossTime: '08:10',
    tareWeight: 16.25,
    tareTime: '08:42',
    deduction: 0.3,
    deliveryNoteNo: 'B0012345',
    deliveryNoteWeight: 32.5,
    ...overrides,
  };
}

describe('weighing records', () => {
  it('stores a weighing with net = gross − tare, settled = net − deduction and the deviation from the note', async () => {
    const created = await who.staff.call<Row>('POST', '/api/data/weighbridge-record', weighing());
    expect(created.msgCode, created.errMsg).toBe(0);
    expect(created.data).toMatchObject({
      plateNo: '粤B12345',
      materialLabel: '石',
      directionLabel: '进场',
      netWeight: 32.35,
      settledWeight: 32.05,
      noteDeviation: -0.15,
      state: 'complete',
      stateLabel: '已完成',
      source: 'manual',
      sourceLabel: '手工录入',
    });
    const row = created.data as Row;
    // An edit of the tare alone computes the net again from the body.
    const edited = await who.staff.call<Row>('PUT', `/api/data/weighbridge-record/${row.id}`, {
      ...weighing({ tareWeight: 15.6 }),
      version: row.version,
    });
    expect(edited.msgCode, edited.errMsg).toBe(0);
    expect(edited.data).toMatchObject({ netWeight: 33, settledWeight: 32.7, noteDeviation: 0.5 });
  });

  it.each([
    ['粤B12345', true],
    ['浙A1234挂', true],
    ['粤BD12345', true],
    ['粤B12345F', true],
    ['粤BFA1234', true],
    ['粤BF1A234', false],
    ['粤BD123A5', false],
    ['粤B1234', false],
    ['粤BI2345', false],
    ['沪O12345', false],
    ['AB12345', false],
    ['粤B123456', false],
  ])('the plate %s is accepted: %s', async (plateNo, accepted) => {
    const answer = await who.staff.call('POST', '/api/data/weighbridge-record', weighing({ plateNo }));
    if (accepted) expect(answer.msgCode, answer.errMsg).toBe(0);
    else {
      expect(answer.msgCode).toBe(-400);
      expect(answer.errMsg).toBe('请输入正确的车牌号（如 浙A12345，新能源 浙AD12345）');
    }
  });

  it('refuses a tare above the gross, and missing fields, with the messages of the file', async () => {
    const heavier = await who.staff.call('POST', '/api/data/weighbridge-record', weighing({ tareWeight: 50 }));
    expect(heavier).toMatchObject({ msgCode: -400, errMsg: '皮重不能大于毛重' });
    const equal = await who.staff.call('POST', '/api/data/weighbridge-record', weighing({ tareWeight: 48.6 }));
    expect(equal.msgCode, equal.errMsg).toBe(0);
    expect(equal.data).toMatchObject({ netWeight: 0 });
    const empty = await who.staff.call<{ errors: { message: string }[] }>('POST', '/api/data/weighbridge-record', {
      projectId: PROJECT,
    });
    expect(empty.msgCode).toBe(-400);
    const messages = (empty.data?.errors ?? []).map((error) => error.message);
    expect(messages).toEqual(
      expect.arrayContaining(['请输入车牌号', '请选择材料', '请选择过磅日期', '请输入毛重', '请输入皮重']),
    );
    const negative = await who.staff.call('POST', '/api/data/weighbridge-record', weighing({ grossWeight: -1 }));
    expect(negative).toMatchObject({ msgCode: -400, errMsg: '毛重不能小于0' });
  });

  it('filters by plate, material, direction and date', async () => {
    await who.staff.call(
      'POST',
      '/api/data/weighbridge-record',
      weighing({ plateNo: '粤S67890', material: 'earthwork', direction: 'out', weighDate: '2026-03-11' }),
    );
    const byPlate = await who.staff.call<PageData<Row>>(
      'GET',
      `/api/data/weighbridge-record?projectId=${PROJECT}&plateNo=${encodeURIComponent('S678')}`,
    );
    expect(byPlate.data?.dataList.map((row) => row.plateNo)).toEqual(['粤S67890']);
    const out = await who.staff.call<PageData<Row>>(
      'GET',
      `/api/data/weighbridge-record?projectId=${PROJECT}&direction=out&material=earthwork&weighDateFrom=2026-03-11&weighDateTo=2026-03-11`,
    );
    expect(out.data?.total).toBe(1);
    expect(out.data?.dataList[0]).toMatchObject({ plateNo: '粤S67890', directionLabel: '出场', materialLabel: '土方' });
  });

  it('sums the net tonnes by material and direction for the charts, and gives the day and month figures', async () => {
    const sums = await who.staff.call<{ name: string; value: number; series?: string }[]>(
      'GET',
      `/api/data/weighbridge-record/aggregate?projectId=${PROJECT}&op=sum&field=netWeight&groupBy=material&seriesBy=direction&weighDateFrom=2026-03-11&weighDateTo=2026-03-11`,
    );
    expect(sums.msgCode, sums.errMsg).toBe(0);
    expect(sums.data).toEqual([expect.objectContaining({ name: '土方', series: '出场', value: 32.35 })]);
    const summary = await who.staff.call<Record<string, Record<string, number>>>(
      'GET',
      `/api/weighbridge/v1.0/summary?projectId=${PROJECT}&day=2026-03-11`,
    );
    expect(summary.msgCode, summary.errMsg).toBe(0);
    expect(summary.data?.day).toEqual({ vehicles: 1, netIn: 0, netOut: 32.35, pending: 0, deviations: 0 });
    // The month holds the weighings of the tests above on the 10th (all in) and the one out on the 11th.
    expect(summary.data?.month.vehicles).toBeGreaterThanOrEqual(7);
    expect(summary.data?.month.netOut).toBe(32.35);
  });

  it('flags a weighing off its delivery note beyond its tolerance, counts it and tells the 司磅员 once', async () => {
    type Message = { title: string; content: string; link: string };
    const deviationMessages = async () => {
      const list = await who.manager.call<{ dataList: Message[] }>(
        'GET',
        '/api/MC/McMessageUser/v1.0/list?kind=weighbridge-deviation&pageNo=1&pageSize=50',
      );
      expect(list.msgCode, list.errMsg).toBe(0);
      return (list.data?.dataList ?? []).filter((m) => m.title.includes('闽D24680'));
    };
    const rebar = weighing({
      plateNo: '闽D24680',
      material: 'rebar',
      weighDate: '2026-03-12',
      grossWeight: 45.5,
      tareWeight: 15.2,
      deduction: 0,
      deliveryNoteNo: 'GT-0312',
      deliveryNoteWeight: 30.5,
      operatorId: 'user-manager',
    });
    // 30.3 t weighed against 30.5 t on the note: −0.66 %, beyond the ±0.5 % of rebar.
    const created = await who.staff.call<Row>('POST', '/api/data/weighbridge-record', rebar);
    expect(created.msgCode, created.errMsg).toBe(0);
    expect(created.data).toMatchObject({
      netWeight: 30.3,
      noteDeviation: -0.2,
      noteDeviationRate: -0.66,
      deviationIssue: '磅差 -0.66% 超出送货单重量的 ±0.5%',
    });
    const row = created.data as Row;
    const sent = await deviationMessages();
    expect(sent).toEqual([
      expect.objectContaining({
        title: '磅差超差：闽D24680 钢筋',
        link: `/weighbridge/records/${row.id}`,
        content: expect.stringContaining('净重 30.30 t，送货单重量 30.50 t'),
      }),
    ]);
    // Saving it again (a remark) keeps the flag and sends nothing more.
    const again = await who.staff.call<Row>('PUT', `/api/data/weighbridge-record/${row.id}`, {
      ...rebar,
      remark: '已联系供应商复核',
      version: row.version,
    });
    expect(again.msgCode, again.errMsg).toBe(0);
    expect(again.data?.deviationIssue).toBe('磅差 -0.66% 超出送货单重量的 ±0.5%');
    expect(await deviationMessages()).toHaveLength(1);
    const flagged = await who.staff.call<Record<string, Record<string, number>>>(
      'GET',
      `/api/weighbridge/v1.0/summary?projectId=${PROJECT}&day=2026-03-12`,
    );
    expect(flagged.data?.day).toMatchObject({ vehicles: 1, deviations: 1 });

    // A corrected note clears it; gravel −0.8 % is within the ±1 % of sand and gravel.
    const corrected = await who.staff.call<Row>('PUT', `/api/data/weighbridge-record/${row.id}`, {
      ...rebar,
      deliveryNoteWeight: 30.35,
      version: Number(again.data?.version),
    });
    expect(corrected.msgCode, corrected.errMsg).toBe(0);
    expect(corrected.data).toMatchObject({ noteDeviationRate: -0.16 });
    expect(corrected.data?.deviationIssue ?? null).toBeNull();
    const gravel = await who.staff.call<Row>('POST', '/api/data/weighbridge-record', {
      ...rebar,
      plateNo: '闽D24681',
      material: 'gravel',
      deliveryNoteWeight: 30.54,
    });
    expect(gravel.data).toMatchObject({ noteDeviationRate: -0.79 });
    expect(gravel.data?.deviationIssue ?? null).toBeNull();
    const cleared = await who.staff.call<Record<string, Record<string, number>>>(
      'GET',
      `/api/weighbridge/v1.0/summary?projectId=${PROJECT}&day=2026-03-12`,
    );
    expect(cleared.data?.day).toMatchObject({ vehicles: 2, deviations: 0 });
    expect(await deviationMessages()).toHaveLength(1);
  });

  it('shows the demo weighings of today (China time) on the home figures', async () => {
    const summary = await who.manager.call<Record<string, Record<string, number>>>(
      'GET',
      `/api/weighbridge/v1.0/summary?projectId=${PROJECT}`,
    );
    expect(summary.msgCode, summary.errMsg).toBe(0);
    expect(summary.data?.day.vehicles).toBeGreaterThan(0);
    expect(summary.data?.day.pending).toBe(2);
    const today = await who.manager.call<PageData<Row>>(
      'GET',
      `/api/data/weighbridge-record?projectId=${PROJECT}&state=pending&weighDateFrom=${chinaDate(new Date())}`,
    );
    expect(today.data?.total).toBe(2);
    const first = today.data?.dataList[0];
    expect(first).toMatchObject({ stateLabel: '待二次过磅' });
    expect(first?.netWeight ?? null).toBeNull();
  });

  it('exports the filtered list with the columns and cell texts the screen shows', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/system/export/weighbridge-records?projectId=${PROJECT}&weighDateFrom=2026-03-11&weighDateTo=2026-03-11`,
      headers: { 'access-token': who.staff.token ?? '' },
    });
    expect(response.statusCode).toBe(200);
    expect(String(response.headers['content-disposition'])).toContain(encodeURIComponent('过磅记录.xlsx'));
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const rows: string[][] = [];
    workbook.worksheets[0].eachRow((row) => {
      rows.push((row.values as unknown[]).slice(1).map((value) => String(value ?? '')));
    });
    expect(rows[0]).toEqual(
      expect.arrayContaining(['过磅日期', '车牌号', '方向', '材料', '毛重（t）', '皮重（t）', '净重（t）']),
    );
    expect(rows).toHaveLength(2);
    expect(rows[1]).toEqual(expect.arrayContaining(['2026-03-11', '粤S67890', '出场', '土方', '32.35']));
  });

  it('keeps records to the projects the caller may see', async () => {
    const stranger = await who.manager.call(
      'POST',
      '/api/data/weighbridge-record',
      weighing({ projectId: OTHER_COMPANY_PROJECT }),
    );
    expect(stranger.msgCode).toBe(-403);
    const list = await who.manager.call('GET', `/api/data/weighbridge-record?projectId=${OTHER_COMPANY_PROJECT}`);
    expect(list.msgCode).toBe(-403);
    const figures = await who.manager.call('GET', `/api/weighbridge/v1.0/summary?projectId=${OTHER_COMPANY_PROJECT}`);
    expect(figures.msgCode).toBe(-403);
    for (const day of ['2026-02-30', '2026-13-45'])
      expect(
        await who.manager.call('GET', `/api/weighbridge/v1.0/summary?projectId=${PROJECT}&day=${day}`),
      ).toMatchObject({
        msgCode: -400,
        errMsg: '请选择正确的日期',
      });
    const anonymous = await who.none.call('GET', `/api/weighbridge/v1.0/summary?projectId=${PROJECT}`);
    expect(anonymous.msgCode).toBe(-401);
  });
});

describe('passes reported by a weighbridge', () => {
  let scale: { id: string; deviceId: string; secret: string };
  const PASSES = '/api/weighbridge/v1.0/passes';

  beforeAll(async () => {
    const created = await who.manager.call<{ id: string }>('POST', '/api/data/iot-device', {
      projectId: PROJECT,
      name: '测试地磅',
      deviceType: 'weighbridge',
      serial: 'TEST-WB-01',
      location: '2号门',
    });
    expect(created.msgCode, created.errMsg).toBe(0);
    const issued = await who.manager.call<{ deviceId: string; secret: string }>(
      'POST',
      `/api/iot/v1.0/devices/${created.data!.id}/secret`,
    );
    expect(issued.msgCode, issued.errMsg).toBe(0);
    scale = { id: created.data!.id, ...issued.data! };
  });

  async function pass(body: Record<string, unknown>, headers: Record<string, string> = {}) {
    const raw = JSON.stringify(body);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/weighbridge/v1.0/passes',
      headers: { ...deviceHeaders(scale, PASSES, raw), ...headers },
      payload: raw,
    });
    return json<{ recordId: string; state: string; netWeight: number | null }>(response);
  }

  it('pairs two passes of a plate into one record: a delivery comes in heavy and leaves light', async () => {
    const first = await pass({
      plateNo: '粤BF12345',
      weight: 46.8,
      material: 'cement',
      supplier: '华润水泥（深圳）有限公司',
    });
    expect(first.msgCode, first.errMsg).toBe(0);
    expect(first.data).toMatchObject({ state: 'pending', netWeight: null });
    const other = await pass({ plateNo: '粤B55555', weight: 15.1 });
    expect(other.data?.state).toBe('pending');
    const second = await pass({
      plateNo: '粤BF12345',
      weight: 15.3,
      deliveryNoteNo: 'HR-778',
      deliveryNoteWeight: 31.6,
    });
    expect(second.msgCode, second.errMsg).toBe(0);
    expect(second.data).toMatchObject({ recordId: first.data!.recordId, state: 'complete', netWeight: 31.5 });
    const record = await who.staff.call<Row>('GET', `/api/data/weighbridge-record/${first.data!.recordId}`);
    expect(record.data).toMatchObject({
      plateNo: '粤BF12345',
      direction: 'in',
      materialLabel: '水泥',
      supplier: '华润水泥（深圳）有限公司',
      grossWeight: 46.8,
      tareWeight: 15.3,
      netWeight: 31.5,
      noteDeviation: -0.1,
      deliveryNoteNo: 'HR-778',
      deviceId: scale.id,
      deviceIdLabel: '测试地磅',
      state: 'complete',
      source: 'device',
      sourceLabel: '地磅上传',
      weighDate: chinaDate(new Date()),
    });
    // A third pass of the plate is a new trip.
    const again = await pass({ plateNo: '粤BF12345', weight: 16 });
    expect(again.data?.state).toBe('pending');
    expect(again.data?.recordId).not.toBe(first.data!.recordId);
  });

  it('takes a truck that came in empty and left loaded as hauling out (出场)', async () => {
    await pass({ plateNo: '粤B55555', weight: 41.2, material: 'earthwork' });
    const list = await who.staff.call<PageData<Row>>(
      'GET',
      `/api/data/weighbridge-record?projectId=${PROJECT}&plateNo=${encodeURIComponent('粤B55555')}`,
    );
    expect(list.data?.dataList).toEqual([
      expect.objectContaining({
        direction: 'out',
        grossWeight: 41.2,
        tareWeight: 15.1,
        netWeight: 26.1,
        state: 'complete',
      }),
    ]);
  });

  it("sends a delivery off its note to the weighbridge's 负责人 when the second pass completes it", async () => {
    const responsible = await who.manager.call<Row>('GET', `/api/data/iot-device/${scale.id}`);
    const assigned = await who.manager.call('PUT', `/api/data/iot-device/${scale.id}`, {
      ...Object.fromEntries(
        ['projectId', 'name', 'deviceType', 'serial', 'location'].map((field) => [field, responsible.data?.[field]]),
      ),
      responsibleId: 'user-staff',
      version: responsible.data?.version,
    });
    expect(assigned.msgCode, assigned.errMsg).toBe(0);
    await pass({ plateNo: '粤B77777', weight: 40.2, material: 'cement' });
    const done = await pass({ plateNo: '粤B77777', weight: 12.2, deliveryNoteNo: 'HR-779', deliveryNoteWeight: 28.5 });
    expect(done.data).toMatchObject({ state: 'complete', netWeight: 28 });
    const record = await who.staff.call<Row>('GET', `/api/data/weighbridge-record/${done.data!.recordId}`);
    expect(record.data).toMatchObject({
      noteDeviationRate: -1.75,
      deviationIssue: '磅差 -1.75% 超出送货单重量的 ±0.5%',
    });
    const messages = await who.staff.call<{ dataList: { title: string; link: string }[] }>(
      'GET',
      '/api/MC/McMessageUser/v1.0/list?kind=weighbridge-deviation&pageNo=1&pageSize=50',
    );
    expect(messages.data?.dataList.filter((m) => m.title.includes('粤B77777'))).toEqual([
      expect.objectContaining({
        title: '磅差超差：粤B77777 水泥',
        link: `/weighbridge/records/${done.data!.recordId}`,
      }),
    ]);
  });

  it('refuses a bad plate or weight with the file’s messages, and unsigned, replayed or foreign calls', async () => {
    expect(await pass({ plateNo: '粤B1234', weight: 20 })).toMatchObject({
      msgCode: -400,
      errMsg: '请输入正确的车牌号（如 浙A12345，新能源 浙AD12345）',
    });
    expect(await pass({ plateNo: '粤B12345', weight: -3 })).toMatchObject({ msgCode: -400, errMsg: '重量不能小于0' });
    expect(await pass({ plateNo: '粤B12345', weight: 20 }, { 'x-signature': '0'.repeat(64) })).toMatchObject({
      msgCode: -401,
      errMsg: '签名不正确',
    });
    const raw = JSON.stringify({ plateNo: '粤B24680', weight: 20 });
    const headers = deviceHeaders(scale, PASSES, raw);
    const once = await t.app.inject({ method: 'POST', url: '/api/weighbridge/v1.0/passes', headers, payload: raw });
    expect(json(once).msgCode).toBe(0);
    const twice = await t.app.inject({ method: 'POST', url: '/api/weighbridge/v1.0/passes', headers, payload: raw });
    expect(json(twice)).toMatchObject({ msgCode: -409, errMsg: '重复的请求（随机串已使用），已拒绝' });
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/api/weighbridge/v1.0/passes',
      headers: deviceHeaders({ deviceId: 'NO-SUCH-WB', secret: scale.secret }, PASSES, raw),
      payload: raw,
    });
    expect(json(unknown).msgCode).toBe(-401);
  });
});
