/**
 * A dashboard file as the designer sends it, made ready to store: first held to the engine's dashboard meta-schema
 * (schemas/meta/dashboard.json, the same check as schemas:check gives the workbench's file), then to what the designer
 * may draw (chart panels, each with a query its data set answers), then given its stored form: the file's id from the
 * dashboard's, and each panel's call to the figures of its saved query.
 */
import type { ErrorObject } from 'ajv';
import localizeZh from 'ajv-i18n/localize/zh/index.js';
import { invalidField, schemaFileFaults } from '../../../src/server/module-api.js';
import {
  CHART_WIDGETS,
  type ChartPanel,
  type ChartWidget,
  type DashboardFile,
  GRID_COLUMNS,
  GRID_ROW_HEIGHT,
} from '../browser/ldview-types.js';
import type { Datasets } from './datasets.js';

export const MAX_PANELS = 24;

export const DashboardMessages = {
  notFound: '看板不存在或已被删除',
  saved: '已保存',
  published: '已发布，可复制发布链接或单图链接',
  unpublished: '已取消发布，之前的链接均已失效',
  releaseInvalid: '发布链接无效或已被取消',
  chartInvalid: '图表不存在或不属于该看板',
  notSaved: '请先保存看板再发布',
  tooMany: `一张看板最多 ${MAX_PANELS} 个图表`,
  invalidFile: (detail: string) => `看板配置不正确：${detail}`,
  duplicatePanel: (id: string) => `图表标识重复：${id}`,
  notChart: (title: string) => `图表“${title}”的类型不是可用的图表类型`,
  noQuery: (title: string) => `图表“${title}”缺少数据查询`,
  inChart: (title: string, message: string) => `图表“${title}”：${message}`,
  conflict: (who: string, when: string) =>
    `这张看板已由${who || '其他人'}于 ${when} 保存了新版本，您刚才的修改未保存。请重新加载后再编辑。`,
} as const;

/** The id a dashboard's file carries: `ldview-` and the record's id, as the meta-schema's id pattern allows. */
export const fileIdOf = (dashboardId: string) => `ldview-${dashboardId.toLowerCase().replace(/[^a-z0-9-]/g, '-')}`;

/** The call of a stored panel: the figures of its saved query, for the signed-in designer and dashboard views. */
export const panelApi = (dashboardId: string, panelId: string) => ({
  method: 'GET' as const,
  url: `/api/ldview/v1.0/dashboards/${dashboardId}/panels/${panelId}`,
  resultPath: 'data',
});

/** Where a fault is, in words: `第2个图表的 span`, `看板的 columns`, `看板`. */
function placeOf(pointer: string): string {
  const member = (path: string) => path.split('/').join('.');
  const panel = /^\/panels\/(\d+)(?:\/(.+))?$/.exec(pointer);
  if (panel) return `第${Number(panel[1]) + 1}个图表${panel[2] ? `的 ${member(panel[2])}` : ''}`;
  return pointer === '' ? '看板' : `看板的 ${member(pointer.slice(1))}`;
}

/** The first meta-schema fault in Chinese, with where it is (`第1个图表的 span 应当为 <= 6`). */
export function metaSchemaMessage(faults: ErrorObject[]): string {
  const copies = faults.filter((fault) => fault.keyword !== 'if').map((fault) => ({ ...fault }));
  localizeZh(copies);
  const first = copies[0];
  if (!first) return '';
  const where = placeOf(first.instancePath);
  if (first.keyword === 'additionalProperties')
    return `${where}有不认识的键 ${String((first.params as { additionalProperty?: unknown }).additionalProperty)}`;
  return `${where} ${first.message ?? first.keyword}`;
}

export const isChartWidget = (widget: unknown): widget is ChartWidget =>
  typeof widget === 'string' && (CHART_WIDGETS as readonly string[]).includes(widget);

/**
 * The file to store for dashboard `dashboardId`, or -400 with the first fault in Chinese. The caller's permissions
 * decide which data sets its charts may draw from.
 */
export function readyFile(
  body: unknown,
  dashboardId: string,
  datasets: Datasets,
  permissions: ReadonlySet<string>,
): DashboardFile {
  const faults = schemaFileFaults(body, 'dashboard');
  if (faults.length > 0) throw invalidField('file', DashboardMessages.invalidFile(metaSchemaMessage(faults)));
  // The meta-schema has held it to a dashboard file: what follows reads its panels as the designer's charts.
  const file = body as DashboardFile;
  if (file.panels.length > MAX_PANELS) throw invalidField('file', DashboardMessages.tooMany);
  const seen = new Set<string>();
  const panels = file.panels.map((panel): ChartPanel => {
    if (seen.has(panel.id)) throw invalidField('file', DashboardMessages.duplicatePanel(panel.id));
    seen.add(panel.id);
    if (!isChartWidget(panel.widget)) throw invalidField('file', DashboardMessages.notChart(panel.title));
    const query = panel.options?.query;
    if (!query || typeof query !== 'object' || !Array.isArray(query.measures) || typeof query.dataset !== 'string')
      throw invalidField('file', DashboardMessages.noQuery(panel.title));
    try {
      datasets.check(panel.widget, { ...query, filters: query.filters ?? {} }, permissions);
    } catch (error) {
      if (error instanceof Error) throw invalidField('file', DashboardMessages.inChart(panel.title, error.message));
      throw error;
    }
    return {
      id: panel.id,
      title: panel.title,
      widget: panel.widget,
      span: Math.min(panel.span ?? 2, GRID_COLUMNS),
      rowSpan: panel.rowSpan ?? 1,
      api: panelApi(dashboardId, panel.id),
      ...(panel.unit ? { unit: panel.unit } : {}),
      empty: panel.empty ?? '暂无数据',
      options: {
        query: {
          dataset: query.dataset,
          ...(query.bucket ? { bucket: query.bucket, dateField: query.dateField } : { groupBy: query.groupBy }),
          measures: query.measures.map((measure) =>
            measure.op === 'count' ? { op: 'count' as const } : { op: measure.op, field: measure.field },
          ),
          ...(query.seriesBy ? { seriesBy: query.seriesBy } : {}),
          filters: Object.fromEntries(
            Object.entries(query.filters ?? {}).filter(([, value]) => typeof value === 'string' && value !== ''),
          ),
        },
      },
    };
  });
  return {
    kind: 'dashboard',
    id: fileIdOf(dashboardId),
    title: file.title,
    columns: GRID_COLUMNS,
    rowHeight: GRID_ROW_HEIGHT,
    panels,
  };
}
