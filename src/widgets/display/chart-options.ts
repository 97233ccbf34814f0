/**
 * ECharts options from name/value rows (the shape of the collections' aggregate call: `{ name, value, series? }`),
 * one builder per chart type. Pure data in, options out: no chart library here, so it is tested without one.
 */
import type { ComposeOption } from 'echarts/core';
import type { BarSeriesOption, GaugeSeriesOption, LineSeriesOption, PieSeriesOption } from 'echarts/charts';
import type { GridComponentOption, LegendComponentOption, TooltipComponentOption } from 'echarts/components';
import type { TooltipComponentFormatterCallbackParams } from 'echarts';
import { CHINA_OFFSET_MS, chinaDateTime } from '../../shared/china-time';

export type ChartType = 'line' | 'area' | 'bar' | 'stackedBar' | 'pie' | 'donut' | 'gauge';

export interface ChartRow {
  /**
   * The category, or for line/area a time: a China calendar day (`2026-11-01`) or an instant (ISO 8601 with its
   * zone, `2026-11-24T04:00:00.000Z`), shown on the axis and in the tooltip in China time.
   */
  name: string;
  value: number;
  /** The series a row belongs to (stacked bars, several lines). */
  series?: string;
  /** A gauge's limit (a PM10 limit, a wind speed that stops lifting): the arc past it is red, and it is written. */
  limit?: number;
}

export type ChartOption = ComposeOption<
  | LineSeriesOption
  | BarSeriesOption
  | PieSeriesOption
  | GaugeSeriesOption
  | GridComponentOption
  | TooltipComponentOption
  | LegendComponentOption
>;

export interface ChartSettings {
  /** A gauge's largest value. */
  max?: number;
  /** The value's unit, in tooltips and on a gauge. */
  unit?: string;
}

export const PALETTE = [
  '#165dff',
  '#14c9c9',
  '#f7ba1e',
  '#722ed1',
  '#f53f3f',
  '#00b42a',
  '#ff7d00',
  '#3491fa',
  '#86909c',
];

const GRID = { left: 8, right: 16, top: 28, bottom: 8, containLabel: true } as const;

/** Rows grouped by series, in the order each series first appears (one unnamed series when none is given). */
function bySeries(rows: readonly ChartRow[]): Map<string, ChartRow[]> {
  const groups = new Map<string, ChartRow[]>();
  for (const row of rows) {
    const key = row.series ?? '';
    groups.set(key, [...(groups.get(key) ?? []), row]);
  }
  return groups;
}

/** The categories in the order they first appear. */
const categoriesOf = (rows: readonly ChartRow[]) => [...new Set(rows.map((row) => row.name))];

/** A China calendar month (`2026-11`, the aggregate call's month buckets) or day (`2026-11-01`). */
const CALENDAR = /^\d{4}-\d{2}(-\d{2})?$/;

/** How a time axis' rows are told: by month, by day, or to the minute. */
export type TimeGrain = 'month' | 'day' | 'minute';

/**
 * A time row's position on the axis: China wall-clock time written as if it were UTC. With the chart's `useUTC`,
 * ECharts then places its ticks on China hours and days and labels them in China time whatever the browser's
 * time zone (site people read China time, as every time the portal writes). A calendar month or day is China's
 * already. Anything else is NaN.
 */
export function chinaAxisTime(name: string): number {
  if (CALENDAR.test(name)) return Date.parse(`${name.length === 7 ? `${name}-01` : name}T00:00:00Z`);
  return Date.parse(name) + CHINA_OFFSET_MS;
}

/** The China time of an axis position: `2026-11-24 12:00`, `2026-11-24` or `2026-11`. */
export function chinaAxisText(axisTime: number, grain: TimeGrain): string {
  const text = chinaDateTime(new Date(axisTime - CHINA_OFFSET_MS));
  return text.slice(0, grain === 'month' ? 7 : grain === 'day' ? 10 : 16);
}

function grainOf(rows: readonly ChartRow[]): TimeGrain {
  if (rows.every((row) => CALENDAR.test(row.name) && row.name.length === 7)) return 'month';
  return rows.every((row) => CALENDAR.test(row.name)) ? 'day' : 'minute';
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

/** An axis tooltip: the China time, then each series' value with its unit. */
function timeTooltip(grain: TimeGrain, unit: string) {
  return (params: TooltipComponentFormatterCallbackParams): string => {
    const items = Array.isArray(params) ? params : [params];
    const first = items[0]?.value;
    const lines = items.map((item) => {
      const value = Array.isArray(item.value) ? item.value[1] : item.value;
      const name = item.seriesName ? `${escapeHtml(item.seriesName)}：` : '';
      return `${typeof item.marker === 'string' ? item.marker : ''}${name}${String(value)}${escapeHtml(unit)}`;
    });
    const at = Array.isArray(first) ? Number(first[0]) : Number.NaN;
    return [Number.isNaN(at) ? '' : chinaAxisText(at, grain), ...lines].join('<br/>');
  };
}

function timeSeries(rows: readonly ChartRow[], area: boolean, settings: ChartSettings): ChartOption {
  const groups = bySeries(rows);
  const grain = grainOf(rows);
  return {
    useUTC: true,
    color: PALETTE,
    grid: GRID,
    tooltip: { trigger: 'axis', formatter: timeTooltip(grain, settings.unit ?? '') },
    legend: groups.size > 1 ? { top: 0 } : undefined,
    xAxis: { type: 'time' },
    yAxis: { type: 'value', minInterval: 1 },
    series: [...groups].map(([series, members]) => ({
      type: 'line',
      name: series || undefined,
      showSymbol: members.length <= 31,
      areaStyle: area ? { opacity: 0.25 } : undefined,
      // A name that is no time stays as it is, for ECharts to make what it can of it.
      data: members.map((row) => {
        const at = chinaAxisTime(row.name);
        return [Number.isNaN(at) ? row.name : at, row.value];
      }),
    })),
  };
}

/** An axis's figures as people read large amounts (4.5亿, 3,000万); smaller ones as they are. */
export function compactValue(value: number): string {
  const shown = (n: number) => Number(n.toFixed(2)).toLocaleString('zh-CN');
  if (Math.abs(value) >= 1e8) return `${shown(value / 1e8)}亿`;
  if (Math.abs(value) >= 1e4) return `${shown(value / 1e4)}万`;
  return String(value);
}

function bars(rows: readonly ChartRow[], stacked: boolean): ChartOption {
  const groups = bySeries(rows);
  const categories = categoriesOf(rows);
  return {
    color: PALETTE,
    grid: GRID,
    tooltip: { trigger: 'axis' },
    legend: groups.size > 1 ? { top: 0 } : undefined,
    // A long category (大体积混凝土测温) wraps under its bar rather than being hidden by its neighbours.
    xAxis: {
      type: 'category',
      data: categories,
      axisLabel: { interval: 0, hideOverlap: true, width: 64, overflow: 'break', lineHeight: 14 },
    },
    // Amounts of money reach hundreds of millions: 800,000,000 would crowd the axis, 8亿 does not.
    yAxis: { type: 'value', minInterval: 1, axisLabel: { formatter: compactValue } },
    series: [...groups].map(([series, members]) => ({
      type: 'bar',
      name: series || undefined,
      stack: stacked ? 'total' : undefined,
      barMaxWidth: 32,
      // One colour per category when there is one series, as a distribution reads best.
      colorBy: groups.size === 1 ? 'data' : 'series',
      data: categories.map((category) => members.find((row) => row.name === category)?.value ?? 0),
    })),
  };
}

/** The biggest eight slices, the rest summed as 其他. */
function pie(rows: readonly ChartRow[], donut: boolean): ChartOption {
  const sorted = [...rows].sort((a, b) => b.value - a.value);
  const slices =
    sorted.length > 8
      ? [...sorted.slice(0, 7), { name: '其他', value: sorted.slice(7).reduce((sum, row) => sum + row.value, 0) }]
      : sorted;
  return {
    color: PALETTE,
    tooltip: { trigger: 'item', formatter: '{b}：{c}（{d}%）' },
    legend: { type: 'scroll', orient: 'vertical', right: 0, top: 'middle' },
    series: [
      {
        type: 'pie',
        radius: donut ? ['45%', '72%'] : '72%',
        center: ['35%', '50%'],
        label: { show: false },
        data: slices.map((row) => ({ name: row.name, value: row.value })),
      },
    ],
  };
}

const GOOD = '#00b42a';
const OVER = '#f53f3f';

/**
 * A dial read from across a room: the value large in the middle, the arc filled up to it (no needle), and with a
 * limit the track green up to the limit and red past it, the value red once at or over it.
 */
function gauge(rows: readonly ChartRow[], settings: ChartSettings): ChartOption {
  const row = rows[0] ?? { name: '', value: 0 };
  const max = settings.max ?? 100;
  const unit = settings.unit ?? '';
  const { limit } = row;
  const over = limit !== undefined && row.value >= limit;
  return {
    series: [
      {
        type: 'gauge',
        min: 0,
        max,
        startAngle: 210,
        endAngle: -30,
        radius: '92%',
        center: ['50%', '58%'],
        pointer: { show: false },
        title: { show: false },
        progress: {
          show: true,
          width: 12,
          itemStyle: limit === undefined ? undefined : { color: over ? OVER : GOOD },
        },
        axisLine: {
          lineStyle: {
            width: 12,
            ...(limit === undefined
              ? { color: [[1, 'rgba(134,144,156,0.25)']] as [number, string][] }
              : {
                  color: [
                    [Math.min(limit / max, 1), 'rgba(0,180,42,0.25)'],
                    [1, 'rgba(245,63,63,0.35)'],
                  ] as [number, string][],
                }),
          },
        },
        // No scale: the figure in the middle is the reading, the track's colours say where the limit is.
        axisTick: { show: false },
        splitLine: { show: false },
        axisLabel: { show: false },
        detail: {
          valueAnimation: true,
          offsetCenter: [0, '8%'],
          formatter: limit === undefined ? `{value}${unit}` : `{value}${unit}\n{limit|限值 ${limit}${unit}}`,
          fontSize: 26,
          fontWeight: 600,
          lineHeight: 30,
          color: over ? OVER : undefined,
          rich: { limit: { fontSize: 12, fontWeight: 400, color: '#86909c', lineHeight: 20 } },
        },
        data: [{ name: row.name, value: row.value }],
      },
    ],
  };
}

export function chartOption(type: ChartType, rows: readonly ChartRow[], settings: ChartSettings = {}): ChartOption {
  switch (type) {
    case 'line':
    case 'area':
      return timeSeries(rows, type === 'area', settings);
    case 'bar':
    case 'stackedBar':
      return bars(rows, type === 'stackedBar');
    case 'pie':
    case 'donut':
      return pie(rows, type === 'donut');
    case 'gauge':
      return gauge(rows, settings);
  }
}

/** What a screen reader hears instead of the drawing. */
/** Above this many rows a chart is told per series (a week of readings), not row by row. */
const SUMMARY_ROWS = 24;

/** A row's name as said aloud: an instant in China time, anything else as it is. */
function spokenName(name: string): string {
  if (!/^\d{4}-\d{2}-\d{2}T/.test(name)) return name;
  const at = chinaAxisTime(name);
  return Number.isNaN(at) ? name : chinaAxisText(at, 'minute');
}

export function chartSummary(input: readonly ChartRow[]): string {
  const rows = input.map((row) => ({ ...row, name: spokenName(row.name) }));
  if (rows.length <= SUMMARY_ROWS)
    return rows.map((row) => `${row.series ? `${row.series} ` : ''}${row.name} ${row.value}`).join('，');
  return [...bySeries(rows)]
    .map(([series, members]) => {
      const values = members.map((row) => row.value);
      const last = members[members.length - 1];
      return (
        `${series ? `${series}：` : ''}${members.length} 个数据，${members[0].name} 至 ${last.name}，` +
        `最小 ${Math.min(...values)}，最大 ${Math.max(...values)}，最新 ${last.value}`
      );
    })
    .join('；');
}
