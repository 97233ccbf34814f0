/**
 * The concrete module against the real server and database: pours with their rules (schema messages, sensors of
 * the pour's own project and type, the span a slab or beam needs), the strength estimated by the maturity method
 * (datum 0 ℃) from readings stored through the IoT platform's store (a worked example to 0.1 MPa), the
 * formwork-removal strength by member and span (GB 50666-2011 表4.5.2), the temperature screen's GB 50496 figures,
 * and the project scope (a user never reads a pour of a project they cannot see).
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
        curveText: 'S = -47.61 + 8.69·ln(M)，R² = 0.9994',
        datumTemperature: 0,
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
  it('a worked example: 20 ℃ for 72 h is 1,440 ℃·h, 15.6 MPa on the C30 curve, a 6 m slab’s 75 % in 88 hours', async () => {
    // The surface is the coolest probe (20 ℃): it governs.
    const id = await sensor('T-CT-01', 72, () => ({ core: 24, middle: 22, surface: 20, ambient: 15 }));
    const created = await who.manager.call<Row>(
      'POST',
      '/api/data/concrete-pour',
      pour(72, { name: '7号楼三层楼板', member: 'floor-slab', span: 6, sensorIds: [id] }),
    );
    expect(created.msgCode, created.errMsg).toBe(0);
    const answer = await who.staff.call<Strength>('GET', `/api/concrete/v1.0/strength?pourId=${created.data!.id}`);
    expect(answer.msgCode, answer.errMsg).toBe(0);
    const { summary, strength, maturity, pours } = answer.data!;
    // C30 curve by least squares over ln M: a = −47.607, b = 8.687; at 1,440 ℃·h: 15.57 MPa. A slab of 2 to 8 m
    // loses its bottom forms at 75 % of C30: 22.5 MPa.
    expect(summary).toMatchObject({
      name: '7号楼三层楼板',
      maturity: 1440,
      strength: 15.6,
      designStrength: 30,
      formworkStrength: 22.5,
      formworkPercent: 75,
      datum: 0,
      stateLabel: '未达拆模强度',
      curveText: 'S = -47.61 + 8.69·ln(M)，R² = 0.9994',
    });
    expect(summary.maturityText).toBe('1,440 ℃·h（基准温度 0℃，表面）');
    // 22.5 MPa needs 3,197.5 ℃·h: 1,757.5 more at 20 ℃·h an hour is 87.88 hours.
    const formworkAt = Date.parse(String(summary.formworkAt));
    expect((formworkAt - clock.now().getTime()) / HOUR).toBeCloseTo(87.88, 2);
    expect(summary.formworkText).toMatch(
      /^22\.5 MPa（75%，板，跨度 6 m，GB 50666-2011 表4\.5\.2）：预计 .*（约 3天15小时后）$/,
    );
    expect(strength.filter((r) => r.series === '推定强度').at(-1)!.value).toBe(15.6);
    expect(strength.some((r) => r.series === '预测强度')).toBe(true);
    expect(strength.filter((r) => r.series === '设计强度 30MPa').map((r) => r.value)).toEqual([30, 30]);
    expect(strength.filter((r) => r.series === '拆模强度 22.5MPa（75%）').map((r) => r.value)).toEqual([22.5, 22.5]);
    expect(maturity.filter((r) => r.series === '中心').at(-1)!.value).toBe(1728);
    expect(maturity.filter((r) => r.series === '表面').at(-1)!.value).toBe(1440);
    expect(pours.map((p) => p.tag)).toContain('未达拆模强度');
  });

  it('takes the removal strength by member and span, the design’s own first; a raft has side forms only', async () => {
    const removal = async (overrides: Record<string, unknown>) => {
      const created = await who.manager.call<Row>('POST', '/api/data/concrete-pour', pour(10, overrides));
      expect(created.msgCode, created.errMsg).toBe(0);
      const answer = await who.staff.call<Strength>('GET', `/api/concrete/v1.0/strength?pourId=${created.data!.id}`);
      expect(answer.msgCode, answer.errMsg).toBe(0);
      return answer.data!.summary;
    };
    expect(await removal({ name: '雨篷板', member: 'floor-slab', span: 1.8 })).toMatchObject({
      formworkPercent: 50,
      formworkStrength: 15,
    });
    expect(await removal({ name: '大跨楼板', member: 'floor-slab', span: 9 })).toMatchObject({ formworkPercent: 100 });
    expect(await removal({ name: '框架梁', member: 'beam', span: 7.2 })).toMatchObject({ formworkPercent: 75 });
    expect(await removal({ name: '转换梁', member: 'beam', span: 12 })).toMatchObject({ formworkPercent: 100 });
    expect(await removal({ name: '挑檐', member: 'cantilever' })).toMatchObject({ formworkPercent: 100 });
    expect(await removal({ name: '设计要求楼板', member: 'floor-slab', span: 6, formworkPercent: 90 })).toMatchObject({
      formworkPercent: 90,
      formworkStrength: 27,
    });
    const raft = await removal({ name: '8号楼筏板', member: 'raft' });
    expect(raft).toMatchObject({ formworkPercent: null, formworkStrength: null });
    expect(raft.formworkText).toBe('不适用：无底模，侧模以混凝土表面及棱角不受损伤为准（GB 50666-2011 第4.5.3条）');
    // A slab or a beam without its span cannot be judged: the form asks for it.
    const spanless = await who.manager.call('POST', '/api/data/concrete-pour', pour(10, { member: 'beam' }));
    expect(spanless).toMatchObject({
      msgCode: -400,
      errMsg: '板、梁、拱、壳须填写跨度，底模拆除强度按构件跨度确定（GB 50666-2011 表4.5.2）',
    });
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
      // The core read 62 ℃ from its first hour and only cooled since: no rise over its placing temperature.
      riseText: '0℃（入模约 62℃），未超过 50℃',
      surfaceAirText: '10℃，未超过 20℃',
      ageText: '2天0小时',
    });
  });

  it('says when the core rises more than 50 ℃ over its placing temperature and the surface 20 ℃ over the air', async () => {
    // Placed at 18 ℃ (recorded on the pour), the core climbs to 72 ℃; the surface at 30 ℃ under 5 ℃ air.
    const id = await sensor('T-CT-03', 48, (ago) => ({
      core: 72 - (54 * ago) / 48,
      middle: 50,
      surface: 30,
      ambient: 5,
    }));
    const created = await who.manager.call<Row>(
      'POST',
      '/api/data/concrete-pour',
      pour(48, { name: '9号楼承台', sensorIds: [id], member: 'cap', placingTemperature: 18 }),
    );
    expect(created.msgCode, created.errMsg).toBe(0);
    const answer = await who.staff.call<Temperature>(
      'GET',
      `/api/concrete/v1.0/temperature?pourId=${created.data!.id}`,
    );
    expect(answer.msgCode, answer.errMsg).toBe(0);
    // The last hour's mean core: 72 − 54 × 0.583 / 48 = 71.3 ℃, 53.3 ℃ over the 18 ℃ placed.
    expect(answer.data!.summary).toMatchObject({
      riseText: '53.3℃（入模 18℃），超过 50℃',
      surfaceAirText: '25℃，超过 20℃',
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
