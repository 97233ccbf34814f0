/**
 * The concrete module against the real server and database: pours with their rules (schema messages, sensors of
 * the pour's own project and type), the strength estimated by the maturity method from readings stored through
 * the IoT platform's store (a worked example to 0.1 MPa), the temperature screen's GB 50496 figures, and the
 * project scope (a user never reads a pour of a project they cannot see).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { TelemetryStore } from '../../modules/iot/server/telemetry-store.js';
import { chinaDateTime } from '../../src/server/lib/china-time.js';
import { useCallers, type PageData } from './admin-helpers.js';
import { addOutsiderProject, OTHER_COMPANY_PROJECT } from './outsider-project.js';
import { testClock, useTestApp } from './test-app.js';

const PROJECT = 'project-binjiang';
const HOUR = 3600_000;
// A whole hour, so the pour and its readings fall on hour rollups exactly.
const clock = testClock(new Date(Math.floor(Date.now() / HOUR) * HOUR));
const t = useTestApp({ now: clock.now });
const who = useCallers(t);

type Row = Record<string, unknown> & { id: string };
type Chart = { name: string; value: number; series: string }[];
interface Strength {
  summary: Record<string, unknown>;
  strength: Chart;
  maturity: Chart;
  pours: { id: string; title: string; tag: string }[];
}
interface Temperature {
  summary: Record<string, unknown>;
  temperatures: Chart;
  difference: Chart;
  cooling: Chart;
  warnings: { title: string }[];
}

beforeAll(async () => {
  await addOutsiderProject(t.db);
});

/** A concrete-temperature device of the project, with `hours` of readings every 10 minutes up to now. */
async function sensor(serial: string, hours: number, values: (hoursAgo: number) => Record<string, number>) {
  const created = await who.manager.call<Row>('POST', '/api/data/iot-device', {
    projectId: PROJECT,
    name: `测温点 ${serial}`,
    deviceType: 'concrete-temperature',
    serial,
  });
  expect(created.msgCode, created.errMsg).toBe(0);
  const store = new TelemetryStore(t.db);
  const end = clock.now().getTime();
  const readings = [];
  for (let at = end - hours * HOUR; at < end; at += 10 * 60_000)
    readings.push({ ts: new Date(at), values: values((end - at) / HOUR) });
  for (let i = 0; i < readings.length; i += 200) await store.store(created.data!.id, readings.slice(i, i + 200));
  return created.data!.id;
}

/** A pour cast `hoursAgo` hours before the clock, as the form sends it. */
function pour(hoursAgo: number, overrides: Record<string, unknown> = {}) {
  const [day, time] = chinaDateTime(new Date(clock.now().getTime() - hoursAgo * HOUR)).split(' ');
  return {
    projectId: PROJECT,
    name: '7号楼筏板',
    member: 'raft',
    pourDate: day,
    pourTime: time.slice(0, 5),
    grade: 'C30',
    mixId: 'concrete-mix-bj-c30',
    volume: 860,
    status: 'curing',
    ...overrides,
  };
}

describe('pours', () => {
  it('lists the demo pour with its sensors and mix', async () => {
    const page = await who.staff.call<PageData<Row>>('GET', `/api/data/concrete-pour?projectId=${PROJECT}`);
    expect(page.msgCode).toBe(0);
    expect(page.data!.dataList[0]).toMatchObject({
      name: '5号楼筏板基础',
      gradeLabel: 'C35',
      mixIdLabel: 'C35-P.O42.5-02',
      sensorIdsLabel: '筏板基础测温点 1、筏板基础测温点 2',
      statusLabel: '养护中',
    });
  });

  it("refuses an empty pour with the file's messages, and sensors that are not this project's thermometers", async () => {
    const empty = await who.manager.call('POST', '/api/data/concrete-pour', { projectId: PROJECT });
    expect(empty.msgCode).toBe(-400);
    expect(empty.errMsg).toBe('请输入浇筑部位');
    const bad = await who.manager.call('POST', '/api/data/concrete-pour', pour(5, { pourTime: '8点' }));
    expect(bad.errMsg).toBe('请按 时:分 输入，如 08:30');
    // The expressway's thermometer, and a crane of this project.
    for (const sensorIds of [['iot-ex-03'], ['iot-bj-01']]) {
      const refused = await who.manager.call('POST', '/api/data/concrete-pour', pour(5, { sensorIds }));
      expect(refused).toMatchObject({ msgCode: -400, errMsg: '测温设备须为本项目的大体积混凝土测温设备' });
    }
    const otherMix = await who.manager.call(
      'POST',
      '/api/data/concrete-pour',
      pour(5, { mixId: 'concrete-mix-ex-c30' }),
    );
    expect(otherMix).toMatchObject({ msgCode: -400, errMsg: '配合比不存在或不属于本项目' });
  });
});

describe('mixes', () => {
  it('lists a mix with its calibration points and the curve fitted to them; a point needs its figures', async () => {
    const page = await who.staff.call<PageData<Row>>('GET', `/api/data/concrete-mix?projectId=${PROJECT}&grade=C30`);
    expect(page.data!.dataList).toEqual([
      expect.objectContaining({
        name: 'C30-P.O42.5-01',
        pointCount: 6,
        curveText: 'S = -46.66 + 8.45·ln(M)，R² = 0.9998',
      }),
    ]);
    const empty = await who.manager.call('POST', '/api/data/concrete-mix-point', {
      projectId: PROJECT,
      mixId: 'concrete-mix-bj-c30',
    });
    expect(empty).toMatchObject({ msgCode: -400, errMsg: '请输入成熟度' });
    const zero = await who.manager.call('POST', '/api/data/concrete-mix-point', {
      projectId: PROJECT,
      mixId: 'concrete-mix-bj-c30',
      maturity: 0,
      strength: 1,
    });
    expect(zero.errMsg).toBe('成熟度应大于0');
  });
});

describe('strength by the maturity method', () => {
  it('a worked example: 20 ℃ for 72 h is 2,160 ℃·h, 18.2 MPa on the C30 curve, formwork strength in 28 hours', async () => {
    // The surface is the coolest probe (20 ℃): it governs.
    const id = await sensor('T-CT-01', 72, () => ({ core: 24, middle: 22, surface: 20, ambient: 15 }));
    const created = await who.manager.call<Row>('POST', '/api/data/concrete-pour', pour(72, { sensorIds: [id] }));
    expect(created.msgCode, created.errMsg).toBe(0);
    const answer = await who.staff.call<Strength>('GET', `/api/concrete/v1.0/strength?pourId=${created.data!.id}`);
    expect(answer.msgCode, answer.errMsg).toBe(0);
    const { summary, strength, maturity, pours } = answer.data!;
    // C30 curve by least squares over ln M: a = −46.657, b = 8.450; at 2,160 ℃·h: 18.22 MPa.
    expect(summary).toMatchObject({
      name: '7号楼筏板',
      maturity: 2160,
      strength: 18.2,
      designStrength: 30,
      formworkStrength: 21,
      stateLabel: '未达拆模强度',
      curveText: 'S = -46.66 + 8.45·ln(M)，R² = 0.9998',
    });
    expect(summary.maturityText).toBe('2,160 ℃·h（表面）');
    // 21 MPa needs 3,000.8 ℃·h: 840.8 more at 30 ℃·h an hour is 28.03 hours.
    const formworkAt = Date.parse(String(summary.formworkAt));
    expect((formworkAt - clock.now().getTime()) / HOUR).toBeCloseTo(28.03, 2);
    expect(summary.formworkText).toMatch(/^21 MPa（70%）：预计 .*（约 1天4小时后）$/);
    expect(strength.filter((r) => r.series === '推定强度').at(-1)!.value).toBe(18.2);
    expect(strength.some((r) => r.series === '预测强度')).toBe(true);
    expect(strength.filter((r) => r.series === '设计强度 30MPa').map((r) => r.value)).toEqual([30, 30]);
    expect(maturity.filter((r) => r.series === '中心').at(-1)!.value).toBe(2448);
    expect(maturity.filter((r) => r.series === '表面').at(-1)!.value).toBe(2160);
    expect(pours.map((p) => p.tag)).toContain('未达拆模强度');
  });

  it("answers the project's latest pour when none is named", async () => {
    const answer = await who.manager.call<Strength>('GET', '/api/concrete/v1.0/strength?projectId=project-expressway');
    expect(answer.msgCode).toBe(0);
    // The simulator does not run in tests: the demo pour has no readings here.
    expect(answer.data!.summary).toMatchObject({ name: '3号墩承台', stateLabel: '暂无测温数据' });
    expect(answer.data!.pours).toEqual([
      expect.objectContaining({ title: '3号墩承台 C40 养护中', tag: '暂无测温数据' }),
    ]);
  });
});

describe('temperatures under GB 50496', () => {
  it('charts the probes, the core-to-surface difference against 25 ℃ and the cooling per day against 2 ℃', async () => {
    // The core cools from 62 ℃ a day ago to 50 ℃ now, the surface stays at 22 ℃ (28 ℃ apart now).
    const id = await sensor('T-CT-02', 48, (ago) => ({
      core: ago >= 24 ? 62 : 50 + (12 * ago) / 24,
      middle: 40,
      surface: 22,
      ambient: 12,
    }));
    const created = await who.manager.call<Row>(
      'POST',
      '/api/data/concrete-pour',
      pour(48, { name: '8号楼承台', sensorIds: [id] }),
    );
    expect(created.msgCode, created.errMsg).toBe(0);
    const answer = await who.staff.call<Temperature>(
      'GET',
      `/api/concrete/v1.0/temperature?pourId=${created.data!.id}`,
    );
    expect(answer.msgCode, answer.errMsg).toBe(0);
    const { summary, temperatures, difference, cooling } = answer.data!;
    expect(new Set(temperatures.map((r) => r.series))).toEqual(
      new Set(['中心温度', '中部温度', '表面温度', '环境温度']),
    );
    expect(temperatures.filter((r) => r.series === '中心温度')).toHaveLength(48);
    expect(difference.filter((r) => r.series === '里表温差').at(-1)!.value).toBe(28.3);
    expect(difference.filter((r) => r.series === '控制值 25℃').map((r) => r.value)).toEqual([25, 25]);
    // The last hour's mean (50.3 ℃) against the same hour a day before (62 ℃).
    expect(cooling.filter((r) => r.series === '中心降温速率').at(-1)!.value).toBe(11.7);
    expect(cooling.filter((r) => r.series === '控制值 2℃/d')).toHaveLength(2);
    expect(summary).toMatchObject({
      name: '8号楼承台',
      differenceText: '28.3℃，超过 25℃',
      coolingText: '11.7℃/d，超过 2℃/d',
      ageText: '2天0小时',
    });
  });
});

describe('project scope', () => {
  it("never shows a pour of another company's project", async () => {
    const mix = await who.admin.call<Row>('POST', '/api/data/concrete-mix', {
      projectId: OTHER_COMPANY_PROJECT,
      name: 'C30-外单位',
      grade: 'C30',
    });
    expect(mix.msgCode, mix.errMsg).toBe(0);
    // A point of this project's mix cannot go to the other company's mix.
    const stray = await who.admin.call('POST', '/api/data/concrete-mix-point', {
      projectId: PROJECT,
      mixId: mix.data!.id,
      maturity: 1000,
      strength: 10,
    });
    expect(stray).toMatchObject({ msgCode: -400, errMsg: '配合比不存在或不属于本项目' });
    const created = await who.admin.call<Row>('POST', '/api/data/concrete-pour', {
      ...pour(10),
      projectId: OTHER_COMPANY_PROJECT,
      mixId: mix.data!.id,
    });
    expect(created.msgCode, created.errMsg).toBe(0);
    const id = created.data!.id;
    for (const caller of [who.manager, who.staff]) {
      for (const call of ['strength', 'temperature']) {
        expect((await caller.call('GET', `/api/concrete/v1.0/${call}?pourId=${id}`)).msgCode).toBe(-404);
        expect(
          (await caller.call('GET', `/api/concrete/v1.0/${call}?projectId=${OTHER_COMPANY_PROJECT}`)).msgCode,
        ).toBe(-403);
      }
      expect((await caller.call('GET', `/api/data/concrete-pour/${id}`)).msgCode).toBe(-404);
      expect((await caller.call('GET', `/api/data/concrete-pour?projectId=${OTHER_COMPANY_PROJECT}`)).msgCode).toBe(
        -403,
      );
    }
    expect((await who.none.call('GET', `/api/concrete/v1.0/strength?pourId=${id}`)).msgCode).toBe(-401);
    expect((await who.admin.call('GET', `/api/concrete/v1.0/strength?pourId=${id}`)).msgCode).toBe(0);
  });
});
