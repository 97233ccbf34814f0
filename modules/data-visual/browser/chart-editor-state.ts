/**
 * The chart being designed, as the editor holds it, and what it still lacks before it can be drawn: the same rules
 * the server holds every saved chart to (server/datasets.ts), said before the user asks, in the same words.
 */
import type { ChartPanel, ChartQuery, ChartWidget, DatasetInfo } from './ldview-types';

export interface EditedChart {
  /** The chart of the dashboard being changed; absent for a new one. */
  id?: string;
  title: string;
  widget: ChartWidget;
  query: ChartQuery;
}

/** A first chart of a data set: the count of its records by its first field of choices (a status, a level). */
export function startChart(dataset: DatasetInfo): EditedChart {
  const choices = new Set(dataset.filters.filter((filter) => filter.options).map((filter) => filter.name));
  const groupBy = (dataset.dimensions.find((field) => choices.has(field.field)) ?? dataset.dimensions[0])?.field;
  return {
    title: `${dataset.title}统计`,
    widget: 'bar',
    query: groupBy
      ? { dataset: dataset.id, groupBy, measures: [{ op: 'count' }], filters: {} }
      : { dataset: dataset.id, bucket: 'month', dateField: 'createdAt', measures: [{ op: 'count' }], filters: {} },
  };
}

/** What keeps the chart from being drawn, in the server's words; '' when it is complete. */
export function lacking(chart: EditedChart): string {
  const { query, widget } = chart;
  if (chart.title.trim() === '') return '请输入图表标题';
  if (query.measures.length === 0) return '请至少选择一个指标';
  if (query.measures.some((measure) => measure.op !== 'count' && !measure.field)) return '求和、平均须选择一个数值字段';
  if (query.bucket ? !query.dateField : !query.groupBy) return '请选择维度（分组字段或日期）';
  if ((widget === 'line' || widget === 'area') && !query.bucket) return '折线图和面积图的维度须为日期（按日、周或月）';
  if (query.seriesBy && query.measures.length > 1) return '选择系列分组时只能有一个指标';
  if (widget === 'stackedBar' && !query.seriesBy && query.measures.length < 2)
    return '堆叠柱状图须选择系列分组或多个指标';
  return '';
}

/** A chart id not used by the dashboard yet: `chart-3`. */
export function newChartId(panels: readonly ChartPanel[]): string {
  const used = new Set(panels.map((panel) => panel.id));
  for (let n = panels.length + 1; ; n += 1) if (!used.has(`chart-${n}`)) return `chart-${n}`;
}

/** The edited chart as a dashboard panel: a new one two columns wide, a changed one where it was. */
export function asPanel(chart: EditedChart, panels: readonly ChartPanel[]): ChartPanel {
  const before = panels.find((panel) => panel.id === chart.id);
  return {
    id: before?.id ?? newChartId(panels),
    title: chart.title.trim(),
    widget: chart.widget,
    span: before?.span ?? (chart.widget === 'line' || chart.widget === 'area' ? 4 : 2),
    rowSpan: before?.rowSpan ?? 1,
    empty: '暂无数据',
    options: { query: chart.query },
  };
}

export function editedFrom(panel: ChartPanel): EditedChart | undefined {
  const query = panel.options?.query;
  return query ? { id: panel.id, title: panel.title, widget: panel.widget, query } : undefined;
}
