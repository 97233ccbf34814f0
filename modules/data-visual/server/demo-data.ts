/**
 * The data-visual module's demo dashboards, made at seeding (seed/module-demo.ts): what a company's data team sets up
 * first for the 滨江 project, 安全隐患分析 (hazards by level, status, category and month), 劳务用工概况 (workers by
 * trade, status and team, entries by month) and 设备告警统计 (warnings by level, status, metric and day). 安全隐患分析
 * is published (its release link shows in the designer). Ids are fixed, so seeding again adds nothing.
 */
import type { ModuleSeedFile } from '../../../src/server/module-api.js';
import type { ChartPanel, ChartQuery, ChartWidget, DashboardFile } from '../browser/ldview-types.js';
import { GRID_COLUMNS, GRID_ROW_HEIGHT } from '../browser/ldview-types.js';
import { fileIdOf, panelApi } from './dashboard-file.js';

const PROJECT = 'project-binjiang';
/** The demo release's share id (its token is signed with this install's key). */
const DEMO_SHARE_ID = 'ldviewDemoRelease00001';

type DemoChart = [id: string, title: string, widget: ChartWidget, span: number, query: Omit<ChartQuery, 'filters'>];

function file(dashboardId: string, title: string, charts: DemoChart[]): DashboardFile {
  return {
    kind: 'dashboard',
    id: fileIdOf(dashboardId),
    title,
    columns: GRID_COLUMNS,
    rowHeight: GRID_ROW_HEIGHT,
    panels: charts.map(([id, chartTitle, widget, span, query]): ChartPanel => ({
      id,
      title: chartTitle,
      widget,
      span,
      rowSpan: 1,
      api: panelApi(dashboardId, id),
      empty: '暂无数据',
      options: { query: { ...query, filters: {} } },
    })),
  };
}

const count = [{ op: 'count' as const }];

const DASHBOARDS: { id: string; title: string; description: string; published: boolean; charts: DemoChart[] }[] = [
  {
    id: 'ldview-demo-hazard',
    title: '安全隐患分析',
    description: '安全部每周例会用：隐患的等级、整改状态、类别分布与每月新增。',
    published: true,
    charts: [
      ['by-level', '隐患等级分布', 'donut', 2, { dataset: 'safety-hazard', groupBy: 'level', measures: count }],
      ['by-status', '整改状态', 'bar', 2, { dataset: 'safety-hazard', groupBy: 'status', measures: count }],
      ['by-category', '隐患类别', 'pie', 2, { dataset: 'safety-hazard', groupBy: 'category', measures: count }],
      [
        'by-month',
        '每月新增隐患',
        'line',
        3,
        { dataset: 'safety-hazard', bucket: 'month', dateField: 'createdAt', measures: count },
      ],
      [
        'level-status',
        '各等级整改情况',
        'stackedBar',
        3,
        { dataset: 'safety-hazard', groupBy: 'status', seriesBy: 'level', measures: count },
      ],
    ],
  },
  {
    id: 'ldview-demo-labour',
    title: '劳务用工概况',
    description: '劳务管理员月报用：在场人员的工种、状态、班组与每月进场人数。',
    published: false,
    charts: [
      ['by-trade', '工种分布', 'bar', 3, { dataset: 'labour-worker', groupBy: 'trade', measures: count }],
      ['by-status', '人员状态', 'donut', 3, { dataset: 'labour-worker', groupBy: 'status', measures: count }],
      ['by-team', '班组人数', 'bar', 3, { dataset: 'labour-worker', groupBy: 'team', measures: count }],
      [
        'entries',
        '每月进场人数',
        'area',
        3,
        { dataset: 'labour-worker', bucket: 'month', dateField: 'entryDate', measures: count },
      ],
    ],
  },
  {
    id: 'ldview-demo-iot-warning',
    title: '设备告警统计',
    description: '设备管理员用：告警等级、处理状态、告警指标与每日告警数。',
    published: false,
    charts: [
      ['by-level', '告警等级', 'pie', 2, { dataset: 'iot-warning', groupBy: 'level', measures: count }],
      ['by-status', '处理状态', 'bar', 2, { dataset: 'iot-warning', groupBy: 'status', measures: count }],
      ['by-metric', '告警指标', 'bar', 2, { dataset: 'iot-warning', groupBy: 'metric', measures: count }],
      [
        'by-day',
        '每日告警数',
        'line',
        6,
        { dataset: 'iot-warning', bucket: 'day', dateField: 'openedAt', measures: count },
      ],
    ],
  },
];

export function demoData(): ModuleSeedFile[] {
  const savedAt = new Date(Date.now() - 3 * 86_400_000).toISOString();
  return [
    {
      kind: 'module-seed',
      description: '数据可视化的演示看板（安全隐患分析已发布）',
      collection: 'ldview-dashboard',
      projects: {
        [PROJECT]: DASHBOARDS.map((dashboard) => {
          const content = file(dashboard.id, dashboard.title, dashboard.charts);
          return {
            id: dashboard.id,
            title: dashboard.title,
            description: dashboard.description,
            file: JSON.stringify(content),
            chartCount: content.panels.length,
            revision: 1,
            savedAt,
            savedByName: '系统管理员',
            ...(dashboard.published ? { shareId: DEMO_SHARE_ID, publishedRevision: 1 } : {}),
          };
        }),
      },
    },
  ];
}
