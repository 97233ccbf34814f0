/**
 * 数据可视化 beyond the collections (modules/data-visual with modules/iot): the IoT telemetry rollups as a data set,
 * whose figures for a time range equal the raw readings' own (a count, a sum, an average, by day and by device), also
 * through a release link only; and the big screens designed as dashboards: /screen's design call answers the shipped
 * screen until a configurator saves one (a panel moved, one resized, one removed, a chart of a data set added), then
 * that one, with the modules' panels as they ship and the chart's figures for whoever watches; a stale revision, a
 * panel the screen does not have and a caller not logged in are refused; a reset brings back the shipped.
 */
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { telemetryHeaders } from '../support/device-calls.js';
import { useCallers } from './admin-helpers.js';
import { json, useTestApp } from './test-app.js';

const PROJECT = 'project-binjiang';
const DAY_MS = 86_400_000;
const t = useTestApp();
const who = useCallers(t);

interface Row {
  name: string;
  value: number;
  series?: string;
}
interface Panel {
  id: string;
  title: string;
  widget: string;
  span?: number;
  rowSpan?: number;
  api?: { url: string };
  refreshOn?: string[];
  permission?: string;
  options?: { query: Record<string, unknown> };
}
interface ScreenFile {
  kind: 'dashboard';
  id: string;
  title: string;
  theme: string;
  columns: number;
  panels: Panel[];
}
interface Designed {
  revision: number;
  designed: boolean;
  file: ScreenFile;
  shipped: ScreenFile;
}

/** The China day `days` before today, YYYY-MM-DD. */
const chinaDay = (days: number) => new Date(Date.now() + 8 * 3600_000 - days * DAY_MS).toISOString().slice(0, 10);

const round = (value: number) => Math.round(value * 100) / 100;

describe('telemetry rollups as a data set', () => {
  let deviceName = '';

  beforeAll(async () => {
    deviceName = '汇总测试扬尘仪';
    const created = await who.manager.call<{ id: string }>('POST', '/api/data/iot-device', {
      projectId: PROJECT,
      name: deviceName,
      deviceType: 'environment',
      serial: 'ENV-DATASET',
    });
    expect(created.msgCode, created.errMsg).toBe(0);
    const id = created.data!.id;
    const issued = await who.manager.call<{ secret: string }>('POST', `/api/iot/v1.0/devices/${id}/secret`);
    // A reading every 23 minutes over the last three days: several per hour, across China days.
    const start = Date.now() - 3 * DAY_MS;
    const readings = Array.from({ length: 180 }, (_, i) => ({
      ts: start + i * 23 * 60_000,
      values: {
        pm25: 20 + (i % 9),
        pm10: 40 + ((i * 17) % 60) + 0.5,
        noise: 48 + (i % 13),
        temperature: 10 + (i % 5),
        humidity: 55,
        windSpeed: 2.5,
        windDirection: 180,
      },
    }));
    for (let i = 0; i < readings.length; i += 100) {
      const raw = JSON.stringify({ readings: readings.slice(i, i + 100) });
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/iot/v1.0/telemetry',
        headers: telemetryHeaders(id, issued.data!.secret, raw),
        payload: raw,
      });
      expect(json(response).msgCode, json(response).errMsg).toBe(0);
    }
  });

  const preview = (query: Record<string, unknown>, widget = 'bar') =>
    who.manager.call<Row[]>('POST', '/api/ldview/v1.0/preview', {
      projectId: PROJECT,
      widget,
      query: { dataset: 'iot-telemetry', ...query },
    });

  it('is offered beside the collections, with its dimensions, hour buckets and filters', async () => {
    const sets = await who.manager.call<{ id: string; buckets: string[]; dimensions: { field: string }[] }[]>(
      'GET',
      '/api/ldview/v1.0/datasets',
    );
    const rollups = sets.data!.find((set) => set.id === 'iot-telemetry');
    expect(rollups).toMatchObject({ buckets: ['hour', 'day', 'week', 'month'] });
    expect(rollups!.dimensions.map((field) => field.field)).toEqual(['deviceType', 'metric', 'device']);
    // A collection groups by day, week or month only.
    expect(sets.data!.find((set) => set.id === 'safety-hazard')?.buckets).toEqual(['day', 'week', 'month']);
    expect(
      await who.manager.call('POST', '/api/ldview/v1.0/preview', {
        projectId: PROJECT,
        widget: 'line',
        query: { dataset: 'safety-hazard', bucket: 'hour', dateField: 'createdAt', measures: [{ op: 'count' }] },
      }),
    ).toMatchObject({ msgCode: -400, errMsg: '该数据集不能按所选的时间粒度分组' });
  });

  it("answers a time range's count, sum and average by day equal to the raw readings'", async () => {
    const from = chinaDay(2);
    const to = chinaDay(1);
    const { rows: raw } = await sql<{ day: string; count: string; sum: number; avg: number }>`
      select to_char(r.ts at time zone 'Asia/Shanghai', 'YYYY-MM-DD') as day, count(*) as count, sum(r.value) as sum,
        avg(r.value) as avg
      from iot_reading r join c_iot_device d on d.id = r.device_id
      where d.project_id = ${PROJECT} and r.metric = 'pm10'
        and r.ts >= ${new Date(`${from}T00:00:00+08:00`)} and r.ts < ${new Date(new Date(`${to}T00:00:00+08:00`).getTime() + DAY_MS)}
      group by 1 order by 1`.execute(t.db);
    // Both whole days hold readings (ours at least: one every 23 minutes).
    expect(raw.map((row) => row.day)).toEqual([from, to]);
    expect(Number(raw[0].count)).toBeGreaterThanOrEqual(60);
    const range = { bucket: 'day', dateField: 'time', filters: { metric: 'pm10', timeFrom: from, timeTo: to } };
    const count = await preview({ ...range, measures: [{ op: 'count' }] }, 'line');
    expect(count.data).toEqual(raw.map((row) => ({ name: row.day, value: Number(row.count) })));
    const sum = await preview({ ...range, measures: [{ op: 'sum', field: 'value' }] }, 'line');
    expect(sum.data).toEqual(raw.map((row) => ({ name: row.day, value: round(Number(row.sum)) })));
    const avg = await preview({ ...range, measures: [{ op: 'avg', field: 'value' }] }, 'line');
    expect(avg.data).toEqual(raw.map((row) => ({ name: row.day, value: round(Number(row.avg)) })));
  });

  it("answers an average by device and a count by metric over a range equal to the raw readings'", async () => {
    const from = chinaDay(3);
    const to = chinaDay(0);
    const window = sql`d.project_id = ${PROJECT} and r.ts >= ${new Date(`${from}T00:00:00+08:00`)}
      and r.ts < ${new Date(new Date(`${to}T00:00:00+08:00`).getTime() + DAY_MS)}`;
    const { rows: byDevice } = await sql<{ name: string; avg: number }>`select d.name, avg(r.value) as avg
      from iot_reading r join c_iot_device d on d.id = r.device_id
      where ${window} and r.metric = 'noise' group by 1 order by 1`.execute(t.db);
    expect(byDevice.map((row) => row.name)).toContain(deviceName);
    const avg = await preview({
      groupBy: 'device',
      measures: [{ op: 'avg', field: 'value' }],
      filters: { metric: 'noise', timeFrom: from, timeTo: to },
    });
    expect([...avg.data!].sort((a, b) => a.name.localeCompare(b.name))).toEqual(
      byDevice.map((row) => ({ name: row.name, value: round(Number(row.avg)) })),
    );
    const { rows: byMetric } = await sql<{ metric: string; count: string }>`select r.metric, count(*) as count
      from iot_reading r join c_iot_device d on d.id = r.device_id
      where ${window} and d.device_type = 'environment' group by 1`.execute(t.db);
    const counts = await preview({
      groupBy: 'metric',
      measures: [{ op: 'count' }],
      filters: { deviceType: 'environment', timeFrom: from, timeTo: to },
    });
    // Labelled as users read them: PM10（μg/m³）.
    expect(counts.data!.find((row) => row.name === 'PM10（μg/m³）')?.value).toBe(
      Number(byMetric.find((row) => row.metric === 'pm10')?.count),
    );
    expect(counts.data!.reduce((total, row) => total + row.value, 0)).toBe(
      byMetric.reduce((total, row) => total + Number(row.count), 0),
    );
  });

  it('gives its figures without a login only through a release link of a dashboard charting it', async () => {
    const made = await who.manager.call<{ id: string }>('POST', '/api/data/ldview-dashboard', {
      projectId: PROJECT,
      title: '扬尘读数看板',
    });
    const id = made.data!.id;
    const query = { dataset: 'iot-telemetry', groupBy: 'metric', measures: [{ op: 'count' }], filters: {} };
    const saved = await who.manager.call('PUT', `/api/ldview/v1.0/dashboards/${id}/file`, {
      revision: 0,
      file: {
        kind: 'dashboard',
        id: 'ldview-new',
        title: '扬尘读数看板',
        columns: 6,
        rowHeight: 240,
        panels: [{ id: 'by-metric', title: '各指标读数', widget: 'bar', span: 3, rowSpan: 1, options: { query } }],
      },
    });
    expect(saved.msgCode, saved.errMsg).toBe(0);
    const release = await who.manager.call<{ token: string }>('POST', `/api/ldview/v1.0/dashboards/${id}/release`);
    const figures = await who.none.call<Row[]>(
      'GET',
      `/api/ldview/v1.0/release/${encodeURIComponent(release.data!.token)}/panels/by-metric`,
    );
    expect(figures.msgCode).toBe(0);
    expect(figures.data).toEqual((await preview({ groupBy: 'metric', measures: [{ op: 'count' }] })).data);
    // No data set call opens without a login.
    expect((await who.none.call('GET', '/api/ldview/v1.0/datasets')).msgCode).toBe(-401);
  });
});

describe('the big screens designed in 数据可视化', () => {
  const design = () =>
    who.manager.call<{ file: ScreenFile; designed: boolean }>('GET', '/api/zhgd/screenDesign/project-screen');
  const open = (id = 'project-screen') => who.manager.call<Designed>('GET', `/api/ldview/v1.0/screens/${id}`);

  it("serves /screen the shipped screen with the modules' panels until a design is saved", async () => {
    const shipped = await design();
    expect(shipped.msgCode).toBe(0);
    expect(shipped.data!.designed).toBe(false);
    const ids = shipped.data!.file.panels.map((panel) => panel.id);
    expect(ids.slice(0, 3)).toEqual(['overview', 'pm25', 'pm10']);
    expect(ids).toContain('open-alerts');
    const screens = await who.manager.call<{ id: string; title: string; revision: number }[]>(
      'GET',
      '/api/ldview/v1.0/screens',
    );
    expect(screens.data).toEqual([
      { id: 'company-screen', title: '智慧工地公司大屏', revision: 0, designed: false },
      { id: 'project-screen', title: '智慧工地项目大屏', revision: 0, designed: false },
    ]);
    expect((await who.none.call('GET', '/api/zhgd/screenDesign/project-screen')).msgCode).toBe(-401);
    expect((await who.manager.call('GET', '/api/zhgd/screenDesign/workbench')).msgCode).toBe(-404);
  });

  it('saves a design and /screen draws it: moved, resized, removed, a chart of a data set added', async () => {
    const opened = await open();
    expect(opened.data).toMatchObject({ revision: 0, designed: false });
    const [overview, pm25, ...rest] = opened.data!.file.panels;
    const panels: Panel[] = [
      // 项目概况 moved after PM2.5 and made wider; 待处理提醒 removed; a chart of the telemetry rollups added.
      pm25,
      { ...overview, span: 3, rowSpan: 2 },
      ...rest.filter((panel) => panel.id !== 'open-alerts'),
      {
        id: 'pm10-daily',
        title: 'PM10 日均值',
        widget: 'line',
        span: 2,
        rowSpan: 1,
        options: {
          query: {
            dataset: 'iot-telemetry',
            bucket: 'day',
            dateField: 'time',
            measures: [{ op: 'avg', field: 'value' }],
            filters: { metric: 'pm10' },
          },
        },
      },
    ];
    const saved = await who.manager.call<{ revision: number }>('PUT', '/api/ldview/v1.0/screens/project-screen/file', {
      revision: 0,
      file: { ...opened.data!.file, panels },
    });
    expect(saved).toMatchObject({ msgCode: 0, errMsg: '大屏设计已保存，大屏将按新设计显示', data: { revision: 1 } });

    const drawn = await design();
    expect(drawn.data!.designed).toBe(true);
    const ids = drawn.data!.file.panels.map((panel) => panel.id);
    expect(ids.slice(0, 2)).toEqual(['pm25', 'overview']);
    expect(ids).not.toContain('open-alerts');
    expect(ids.at(-1)).toBe('pm10-daily');
    const byId = new Map(drawn.data!.file.panels.map((panel) => [panel.id, panel]));
    expect(byId.get('overview')).toMatchObject({ span: 3, rowSpan: 2, title: '项目概况' });
    // A module's panel keeps its call and its live updates as it ships.
    expect(byId.get('pm25')).toMatchObject({
      refreshOn: ['iot.reading'],
      api: { url: '/api/iot/v1.0/monitoring/overview' },
    });
    expect(drawn.data!.file).toMatchObject({ theme: 'screen', columns: 6, title: '智慧工地项目大屏' });
    const chart = byId.get('pm10-daily')!;
    expect(chart).toMatchObject({
      permission: 'iot:device:view',
      refreshMinutes: 5,
      api: { url: '/api/ldview/v1.0/screens/project-screen/panels/pm10-daily' },
    });
    // Whoever watches the screen reads the chart's figures in the chosen project: those of the data set.
    const figures = await who.manager.call<Row[]>(
      'GET',
      `/api/ldview/v1.0/screens/project-screen/panels/pm10-daily?projectId=${PROJECT}`,
    );
    expect(figures.msgCode, figures.errMsg).toBe(0);
    expect(figures.data!.length).toBeGreaterThanOrEqual(3);
    expect(figures.data).toEqual(
      (
        await who.manager.call<Row[]>('POST', '/api/ldview/v1.0/preview', {
          projectId: PROJECT,
          widget: 'line',
          query: chart.options!.query,
        })
      ).data,
    );
    expect((await who.manager.call('GET', '/api/ldview/v1.0/screens/project-screen/panels/pm10-daily')).errMsg).toBe(
      '请选择项目',
    );
    expect((await who.manager.call('GET', '/api/ldview/v1.0/screens/project-screen/panels/overview')).msgCode).toBe(
      -404,
    );
    const versions = await who.manager.call<{ revision: number; savedByName: string }[]>(
      'GET',
      '/api/ldview/v1.0/screens/project-screen/versions',
    );
    expect(versions.data!.map((version) => version.revision)).toEqual([1]);
  });

  it('refuses a stale revision, a panel the screen does not have and a caller not logged in', async () => {
    const opened = await open();
    const { file } = opened.data!;
    expect(
      await who.manager.call('PUT', '/api/ldview/v1.0/screens/project-screen/file', { revision: 0, file }),
    ).toMatchObject({ msgCode: -409 });
    const foreign = { ...file, panels: [...file.panels, { id: 'alien', title: '外来面板', widget: 'list' }] };
    expect(
      await who.manager.call('PUT', '/api/ldview/v1.0/screens/project-screen/file', { revision: 1, file: foreign }),
    ).toMatchObject({ msgCode: -400, errMsg: '面板“外来面板”不是大屏可用的面板' });
    expect(
      await who.manager.call('PUT', '/api/ldview/v1.0/screens/project-screen/file', {
        revision: 1,
        file: { ...file, panels: [{ ...file.panels[0], span: 9 }] },
      }),
    ).toMatchObject({ msgCode: -400 });
    expect(
      (await who.none.call('PUT', '/api/ldview/v1.0/screens/project-screen/file', { revision: 1, file })).msgCode,
    ).toBe(-401);
    expect(
      (await who.manager.call('PUT', '/api/ldview/v1.0/screens/workbench/file', { revision: 0, file })).msgCode,
    ).toBe(-404);
  });

  it("adds up a chart on the company's screen over the caller's projects", async () => {
    const opened = await open('company-screen');
    const query = { dataset: 'safety-hazard', groupBy: 'level', measures: [{ op: 'count' }], filters: {} };
    const saved = await who.manager.call('PUT', '/api/ldview/v1.0/screens/company-screen/file', {
      revision: 0,
      file: {
        ...opened.data!.file,
        panels: [
          ...opened.data!.file.panels,
          { id: 'hazard-levels', title: '隐患等级', widget: 'pie', span: 1, rowSpan: 1, options: { query } },
        ],
      },
    });
    expect(saved.msgCode, saved.errMsg).toBe(0);
    const company = await who.manager.call<Row[]>(
      'GET',
      '/api/ldview/v1.0/screens/company-screen/panels/hazard-levels',
    );
    expect(company.msgCode, company.errMsg).toBe(0);
    const projects = await who.manager.call<{ projects: { id: string }[] }>('GET', '/api/zhgd/companyScreen/projects');
    const expected = new Map<string, number>();
    for (const project of projects.data!.projects) {
      const one = await who.manager.call<Row[]>('POST', '/api/ldview/v1.0/preview', {
        projectId: project.id,
        widget: 'pie',
        query,
      });
      for (const row of one.data!) expected.set(row.name, (expected.get(row.name) ?? 0) + row.value);
    }
    expect(new Map(company.data!.map((row) => [row.name, row.value]))).toEqual(expected);
    expect([...expected.values()].reduce((a, b) => a + b, 0)).toBeGreaterThan(0);
  });

  it('goes back to the shipped design', async () => {
    const reset = await who.manager.call<{ revision: number }>(
      'POST',
      '/api/ldview/v1.0/screens/project-screen/reset',
      {
        revision: 1,
      },
    );
    expect(reset).toMatchObject({ msgCode: 0, errMsg: '已恢复默认设计', data: { revision: 2 } });
    const drawn = await design();
    expect(drawn.data!.designed).toBe(false);
    expect(drawn.data!.file.panels.map((panel) => panel.id).slice(0, 2)).toEqual(['overview', 'pm25']);
    const versions = await who.manager.call<{ revision: number; chartCount: number }[]>(
      'GET',
      '/api/ldview/v1.0/screens/project-screen/versions',
    );
    expect(versions.data!.map((version) => [version.revision, version.chartCount])).toEqual([
      [2, 0],
      [1, expect.any(Number)],
    ]);
  });
});
