/**
 * 数据可视化 (module data-visual): the data sets on offer, a chart's figures by the collection engine's aggregate, a
 * dashboard saved as a new revision each time and refused with a Chinese message when its file breaks the dashboard
 * meta-schema or a chart's query does not fit its data set, and the release: a signed token that opens, without a
 * login, only its dashboard's published charts' aggregates, never another dashboard, data set or record, and
 * nothing at all once taken back.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { useCallers } from './admin-helpers.js';
import { useTestApp } from './test-app.js';

const PROJECT = 'project-binjiang';
const HAZARDS = 'ldview-demo-hazard';
const LABOUR = 'ldview-demo-labour';

interface ChartRow {
  name: string;
  value: number;
  series?: string;
}
interface Panel {
  id: string;
  title: string;
  widget: string;
  span: number;
  rowSpan: number;
  api?: { url: string };
  options?: { query: Record<string, unknown> };
}
interface DashboardFile {
  kind: 'dashboard';
  id: string;
  title: string;
  columns: number;
  rowHeight: number;
  panels: Panel[];
}
interface Designed {
  id: string;
  revision: number;
  file: DashboardFile;
  release: { token: string; releasePath: string; revision: number; charts: { id: string; path: string }[] } | null;
}

const t = useTestApp();
const who = useCallers(t);

const chart = (id: string, query: Record<string, unknown>, widget = 'bar'): Panel => ({
  id,
  title: `图表${id}`,
  widget,
  span: 2,
  rowSpan: 1,
  options: { query: { measures: [{ op: 'count' }], filters: {}, ...query } },
});
const file = (title: string, panels: Panel[]): DashboardFile => ({
  kind: 'dashboard',
  id: 'ldview-new',
  title,
  columns: 6,
  rowHeight: 240,
  panels,
});

const open = (id: string) => who.manager.call<Designed>('GET', `/api/ldview/v1.0/dashboards/${id}`);

let madeId = '';

beforeAll(async () => {
  const made = await who.manager.call<{ id: string }>('POST', '/api/data/ldview-dashboard', {
    projectId: PROJECT,
    title: '质量巡检看板',
  });
  expect(made.msgCode, made.errMsg).toBe(0);
  madeId = made.data!.id;
});

describe('data sets and charts', () => {
  it('offers the collections the caller may see, with their fields and filters, and none to a stranger', async () => {
    const sets = await who.manager.call<{ id: string; dimensions: { field: string }[]; filters: unknown[] }[]>(
      'GET',
      '/api/ldview/v1.0/datasets',
    );
    expect(sets.msgCode, sets.errMsg).toBe(0);
    const hazards = sets.data!.find((set) => set.id === 'safety-hazard');
    expect(hazards?.dimensions.map((field) => field.field)).toContain('level');
    expect(sets.data!.some((set) => set.id === 'ldview-dashboard')).toBe(false);
    expect((await who.none.call('GET', '/api/ldview/v1.0/datasets')).msgCode).toBe(-401);
  });

  it("draws a query's figures with the engine's labels, and refuses a query its data set cannot answer", async () => {
    const preview = await who.manager.call<ChartRow[]>('POST', '/api/ldview/v1.0/preview', {
      projectId: PROJECT,
      widget: 'bar',
      query: { dataset: 'safety-hazard', groupBy: 'level', measures: [{ op: 'count' }] },
    });
    expect(preview.msgCode, preview.errMsg).toBe(0);
    expect(preview.data!.length).toBeGreaterThan(0);
    expect(preview.data!.some((row) => row.name === '一般事故隐患')).toBe(true);

    const line = await who.manager.call('POST', '/api/ldview/v1.0/preview', {
      projectId: PROJECT,
      widget: 'line',
      query: { dataset: 'safety-hazard', groupBy: 'level', measures: [{ op: 'count' }] },
    });
    expect(line).toMatchObject({ msgCode: -400, errMsg: '折线图和面积图的维度须为日期（按日、周或月）' });
    const sum = await who.manager.call('POST', '/api/ldview/v1.0/preview', {
      projectId: PROJECT,
      widget: 'bar',
      query: { dataset: 'safety-hazard', groupBy: 'level', measures: [{ op: 'sum', field: 'description' }] },
    });
    expect(sum).toMatchObject({ msgCode: -400, errMsg: '求和、平均须选择一个数值字段' });
    const own = await who.manager.call('POST', '/api/ldview/v1.0/preview', {
      projectId: PROJECT,
      widget: 'bar',
      query: { dataset: 'ldview-dashboard', groupBy: 'title', measures: [{ op: 'count' }] },
    });
    expect(own).toMatchObject({ msgCode: -400, errMsg: '数据集不存在或无权查看' });
  });
});

describe('saving a dashboard', () => {
  it('saves each time as a new revision, kept in the history', async () => {
    const first = await who.manager.call<{ revision: number; file: DashboardFile }>(
      'PUT',
      `/api/ldview/v1.0/dashboards/${madeId}/file`,
      { file: file('质量巡检看板', [chart('by-level', { dataset: 'safety-hazard', groupBy: 'level' })]), revision: 0 },
    );
    expect(first.msgCode, first.errMsg).toBe(0);
    expect(first.data!.revision).toBe(1);
    // The stored file is the engine's dashboard: its own id, each chart's call to its saved query's figures.
    expect(first.data!.file.id).toMatch(/^ldview-/);
    expect(first.data!.file.panels[0].api?.url).toBe(`/api/ldview/v1.0/dashboards/${madeId}/panels/by-level`);

    const second = await who.manager.call<{ revision: number }>('PUT', `/api/ldview/v1.0/dashboards/${madeId}/file`, {
      file: file('质量巡检看板', [
        chart('by-level', { dataset: 'safety-hazard', groupBy: 'level' }, 'pie'),
        chart('by-month', { dataset: 'safety-hazard', bucket: 'month', dateField: 'createdAt' }, 'line'),
      ]),
      revision: 1,
    });
    expect(second.msgCode, second.errMsg).toBe(0);
    expect(second.data!.revision).toBe(2);

    const stale = await who.manager.call('PUT', `/api/ldview/v1.0/dashboards/${madeId}/file`, {
      file: file('质量巡检看板', [chart('by-level', { dataset: 'safety-hazard', groupBy: 'level' })]),
      revision: 1,
    });
    expect(stale.msgCode).toBe(-409);

    const versions = await who.manager.call<{ revision: number; chartCount: number }[]>(
      'GET',
      `/api/ldview/v1.0/dashboards/${madeId}/versions`,
    );
    expect(versions.data!.map((version) => [version.revision, version.chartCount])).toEqual([
      [2, 2],
      [1, 1],
    ]);
    const opened = await open(madeId);
    expect(opened.data!.revision).toBe(2);
    const figures = await who.manager.call<ChartRow[]>('GET', `/api/ldview/v1.0/dashboards/${madeId}/panels/by-month`);
    expect(figures.msgCode, figures.errMsg).toBe(0);
  });

  it('refuses a file that breaks the dashboard meta-schema, or a chart that is not one, in Chinese', async () => {
    const save = (body: unknown) =>
      who.manager.call('PUT', `/api/ldview/v1.0/dashboards/${madeId}/file`, { file: body, revision: 2 });
    const wideChart = { ...chart('wide', { dataset: 'safety-hazard', groupBy: 'level' }), span: 9 };
    const tooWide = await save(file('质量巡检看板', [wideChart]));
    expect(tooWide.msgCode).toBe(-400);
    expect(tooWide.errMsg).toBe('看板配置不正确：第1个图表的 span 应当为 <= 6');
    const stranger = await save({ ...file('质量巡检看板', []), script: 'alert(1)' });
    expect(stranger).toMatchObject({ msgCode: -400, errMsg: '看板配置不正确：看板有不认识的键 script' });
    const noCharts = await save(file('质量巡检看板', []));
    expect(noCharts.msgCode).toBe(-400);
    expect(noCharts.errMsg).toBe('看板配置不正确：看板的 panels 不应少于 1 个项');
    const table = await save(
      file('质量巡检看板', [{ ...chart('rows', { dataset: 'safety-hazard' }), widget: 'table' }]),
    );
    expect(table).toMatchObject({ msgCode: -400, errMsg: '图表“图表rows”的类型不是可用的图表类型' });
    const badField = await save(file('质量巡检看板', [chart('x', { dataset: 'safety-hazard', groupBy: 'nothing' })]));
    expect(badField).toMatchObject({ msgCode: -400, errMsg: '图表“图表x”：数据集没有可用的字段 nothing' });
    // Nothing refused was kept.
    expect((await open(madeId)).data!.revision).toBe(2);
  });
});

describe('the release', () => {
  it('opens without a login only its dashboard, its charts and their aggregates; nothing after it is taken back', async () => {
    const published = await who.manager.call<Designed['release']>(
      'POST',
      `/api/ldview/v1.0/dashboards/${madeId}/release`,
    );
    expect(published.msgCode, published.errMsg).toBe(0);
    const release = published.data!;
    expect(release.releasePath).toBe(`/ldview/#/release-page/${release.token}`);
    expect(release.charts.map((each) => each.path)).toEqual([
      `/ldv/chart_viewer?token=${encodeURIComponent(release.token)}&chart=by-level`,
      `/ldv/chart_viewer?token=${encodeURIComponent(release.token)}&chart=by-month`,
    ]);

    const page = await who.none.call<{ title: string; file: DashboardFile }>(
      'GET',
      `/api/ldview/v1.0/release/${release.token}`,
    );
    expect(page.msgCode, page.errMsg).toBe(0);
    expect(page.data!.title).toBe('质量巡检看板');
    // Each chart reads the release's figures; how they are made (the data set, the fields) is not given out.
    for (const panel of page.data!.file.panels) {
      expect(panel.api?.url).toBe(`/api/ldview/v1.0/release/${release.token}/panels/${panel.id}`);
      expect(panel.options).toBeUndefined();
    }
    const figures = await who.none.call<ChartRow[]>('GET', `/api/ldview/v1.0/release/${release.token}/panels/by-level`);
    expect(figures.msgCode, figures.errMsg).toBe(0);
    const signedIn = await who.manager.call<ChartRow[]>('GET', `/api/ldview/v1.0/dashboards/${madeId}/panels/by-level`);
    expect(figures.data).toEqual(signedIn.data);
    for (const row of figures.data!) expect(Object.keys(row).sort()).toEqual(['name', 'value']);

    // Another dashboard's chart, a data set, a record: not through this token.
    const labourChart = await who.none.call('GET', `/api/ldview/v1.0/release/${release.token}/panels/by-trade`);
    expect(labourChart).toMatchObject({ msgCode: -404, errMsg: '图表不存在或不属于该看板' });
    expect((await who.none.call('GET', `/api/ldview/v1.0/dashboards/${LABOUR}/panels/by-trade`)).msgCode).toBe(-401);
    expect((await who.none.call('GET', `/api/data/safety-hazard?projectId=${PROJECT}`)).msgCode).toBe(-401);
    expect(
      (
        await who.none.call('POST', '/api/ldview/v1.0/preview', {
          projectId: PROJECT,
          widget: 'bar',
          query: { dataset: 'labour-worker', groupBy: 'trade', measures: [{ op: 'count' }] },
        })
      ).msgCode,
    ).toBe(-401);
    const withToken = await t.app.inject({
      method: 'GET',
      url: `/api/data/safety-hazard?projectId=${PROJECT}`,
      headers: { 'access-token': release.token },
    });
    expect(withToken.json<{ msgCode: number }>().msgCode).not.toBe(0);
    // A token for another dashboard cannot be made by editing this one.
    const [shareId, signature] = release.token.split('.');
    const forged = `${shareId}.${signature.slice(0, -2)}${signature.endsWith('AA') ? 'BB' : 'AA'}`;
    expect(await who.none.call('GET', `/api/ldview/v1.0/release/${forged}`)).toMatchObject({
      msgCode: -404,
      errMsg: '发布链接无效或已被取消',
    });

    // A later save does not change what the release shows until it is published again.
    await who.manager.call('PUT', `/api/ldview/v1.0/dashboards/${madeId}/file`, {
      file: file('质量巡检看板（改）', [chart('by-status', { dataset: 'safety-hazard', groupBy: 'status' })]),
      revision: 2,
    });
    const still = await who.none.call<{ title: string }>('GET', `/api/ldview/v1.0/release/${release.token}`);
    expect(still.data!.title).toBe('质量巡检看板');
    expect((await who.none.call('GET', `/api/ldview/v1.0/release/${release.token}/panels/by-status`)).msgCode).toBe(
      -404,
    );

    const revoked = await who.manager.call('DELETE', `/api/ldview/v1.0/dashboards/${madeId}/release`);
    expect(revoked).toMatchObject({ msgCode: 0, errMsg: '已取消发布，之前的链接均已失效' });
    for (const url of [
      `/api/ldview/v1.0/release/${release.token}`,
      `/api/ldview/v1.0/release/${release.token}/panels/by-level`,
    ])
      expect(await who.none.call('GET', url)).toMatchObject({ msgCode: -404, errMsg: '发布链接无效或已被取消' });
    expect((await open(madeId)).data!.release).toBeNull();
  });

  it('has the demo dashboards, 安全隐患分析 published with its charts drawn', async () => {
    const list = await who.manager.call<{ dataList: { id: string; title: string; published: boolean }[] }>(
      'GET',
      `/api/data/ldview-dashboard?projectId=${PROJECT}&pageNo=1&pageSize=50`,
    );
    const titles = list.data!.dataList.map((row) => row.title);
    expect(titles).toEqual(expect.arrayContaining(['安全隐患分析', '劳务用工概况', '设备告警统计']));
    expect(list.data!.dataList.find((row) => row.id === HAZARDS)?.published).toBe(true);
    expect(list.data!.dataList.every((row) => !('file' in row) && !('shareId' in row))).toBe(true);

    const hazards = await open(HAZARDS);
    const release = hazards.data!.release!;
    expect(release.revision).toBe(1);
    const page = await who.none.call<{ file: DashboardFile }>('GET', `/api/ldview/v1.0/release/${release.token}`);
    expect(page.data!.file.panels.map((panel) => panel.id)).toEqual([
      'by-level',
      'by-status',
      'by-category',
      'by-month',
      'level-status',
    ]);
    for (const panel of page.data!.file.panels) {
      const figures = await who.none.call<ChartRow[]>(
        'GET',
        `/api/ldview/v1.0/release/${release.token}/panels/${panel.id}`,
      );
      expect(figures.msgCode, `${panel.id}: ${figures.errMsg}`).toBe(0);
      expect(figures.data!.length, panel.id).toBeGreaterThan(0);
    }
    // Every demo dashboard's file passes the same checks as a save.
    for (const id of [HAZARDS, LABOUR, 'ldview-demo-iot-warning']) {
      const opened = await open(id);
      const saved = await who.admin.call('PUT', `/api/ldview/v1.0/dashboards/${id}/file`, {
        file: opened.data!.file,
        revision: opened.data!.revision,
      });
      expect(saved.msgCode, `${id}: ${saved.errMsg}`).toBe(0);
    }
  });
});
