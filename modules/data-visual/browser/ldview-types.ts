/**
 * What the designer, the release pages and the server say to one another: a chart's query (a data set, its
 * dimension, measures, series and filters), the data sets on offer, and a dashboard as the designer edits it. A
 * dashboard is stored as the engine's own dashboard file (schemas/meta/dashboard.json); a chart's query sits in its
 * panel's `options.query`.
 */

/** The chart types the designer offers: the engine's chart panels a grouped figure can draw. */
export const CHART_WIDGETS = ['bar', 'stackedBar', 'line', 'area', 'pie', 'donut'] as const;
export type ChartWidget = (typeof CHART_WIDGETS)[number];

export const WIDGET_TITLES: Record<ChartWidget, string> = {
  bar: '柱状图',
  stackedBar: '堆叠柱状图',
  line: '折线图',
  area: '面积图',
  pie: '饼图',
  donut: '环形图',
};

export type MeasureOp = 'count' | 'sum' | 'avg';
export type DateBucket = 'hour' | 'day' | 'week' | 'month';

export interface ChartMeasure {
  op: MeasureOp;
  /** The number summed or averaged (none for a count). */
  field?: string;
}

export interface ChartQuery {
  /** A collection's id. */
  dataset: string;
  /** Group by this field's values (a status, a level, a team)... */
  groupBy?: string;
  /** ...or by the hour (when the data set offers it), day, week or month of `dateField`. */
  bucket?: DateBucket;
  dateField?: string;
  measures: ChartMeasure[];
  /** Split each group by this field's values (one series each); with one measure only. */
  seriesBy?: string;
  /** The data set's declared filters (its list screen's), by name: equal, contains, from, to. */
  filters: Record<string, string>;
}

export interface ChartRow {
  name: string;
  value: number;
  series?: string;
}

export interface DatasetField {
  field: string;
  title: string;
}

export interface DatasetFilter {
  name: string;
  title: string;
  match: 'equal' | 'like' | 'from' | 'to';
  /** date: a day; number; text; with options: one of them. */
  type: 'text' | 'date' | 'number';
  options?: { value: string; label: string }[];
}

export interface DatasetInfo {
  id: string;
  title: string;
  description: string;
  /** Fields to group by (texts, choices, references, yes/no). */
  dimensions: DatasetField[];
  /** Fields to sum or average. */
  numbers: DatasetField[];
  /** Fields whose day, week or month groups. */
  dates: DatasetField[];
  /** The time buckets its dates group by (a collection's: day, week, month; telemetry rollups' also hour). */
  buckets: DateBucket[];
  filters: DatasetFilter[];
}

/** One chart as stored in a dashboard file (an engine dashboard panel with the designer's query). */
export interface ChartPanel {
  id: string;
  title: string;
  widget: ChartWidget;
  span: number;
  rowSpan: number;
  api?: { method: 'GET'; url: string; resultPath?: string };
  unit?: string;
  empty?: string;
  /** The chart's query (left out of a release: its readers get the figures, not how they are made). */
  options?: { query: ChartQuery };
}

/** A dashboard file as the designer writes it (kind dashboard). */
export interface DashboardFile {
  kind: 'dashboard';
  id: string;
  title: string;
  columns: number;
  rowHeight: number;
  panels: ChartPanel[];
}

/** The grid every designed dashboard uses: six columns (the most the dashboard meta-schema allows). */
export const GRID_COLUMNS = 6;
export const GRID_ROW_HEIGHT = 240;

export interface Release {
  token: string;
  releasePath: string;
  revision: number;
  charts: { id: string; title: string; path: string }[];
}

/** A dashboard as the designer opens it. */
export interface DesignedDashboard {
  id: string;
  projectId: string;
  title: string;
  description: string;
  revision: number;
  savedByName: string;
  savedAt: string;
  file: DashboardFile;
  release: Release | null;
}

export interface DashboardVersion {
  revision: number;
  chartCount: number;
  savedByName: string;
  savedAt: string;
  published: boolean;
}

/** What a release link opens: the published revision's file, its panels reading the release's figures. */
export interface ReleasedDashboard {
  title: string;
  projectName: string;
  revision: number;
  file: DashboardFile;
}

/**
 * A panel of a big screen as the designer holds it: a module's panel of the shipped screen (its definition as it
 * ships: the server keeps only its place and size) or a chart of a data set (`options.query`).
 */
export interface ScreenPanel {
  id: string;
  title: string;
  widget: string;
  span: number;
  rowSpan: number;
  options?: { query: ChartQuery } | Record<string, unknown>;
  [key: string]: unknown;
}

/** A big screen's file (kind dashboard, theme screen). */
export interface ScreenFile {
  kind: 'dashboard';
  id: string;
  title: string;
  columns?: number;
  panels: ScreenPanel[];
  [key: string]: unknown;
}

/** A big screen as the designer opens it (GET /api/ldview/v1.0/screens/:id). */
export interface DesignedScreen {
  id: string;
  title: string;
  columns: number;
  /** Its panels read the chosen project (项目大屏), else all the watcher's projects (公司大屏). */
  perProject: boolean;
  revision: number;
  designed: boolean;
  savedByName: string;
  savedAt: string;
  file: ScreenFile;
  shipped: ScreenFile;
}

export interface ScreenRow {
  id: string;
  title: string;
  revision: number;
  designed: boolean;
}

/** The chart of a screen's panel, or undefined for a module's panel. */
export function chartOf(panel: ScreenPanel): ChartPanel | undefined {
  const query = (panel.options as { query?: ChartQuery } | undefined)?.query;
  return query && (CHART_WIDGETS as readonly string[]).includes(panel.widget)
    ? ({ ...panel, widget: panel.widget as ChartWidget, options: { query } } as ChartPanel)
    : undefined;
}
