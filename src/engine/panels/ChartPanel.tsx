/** A chart panel of a dashboard (`line`, `area`, `bar`, `stackedBar`, `pie`, `donut`, `gauge`) on ECharts. */
import { useMemo } from 'react';
import { chartOption, chartSummary, type ChartRow, type ChartType } from '../../widgets/display/chart-options';
import { EChart } from '../../widgets/display/EChart';
import type { PanelRendererProps } from '../renderers';
import type { ChartPanelType } from '../types';

/** The engine's chart panel types are exactly the widget's chart types. */
const chartType = (type: ChartPanelType): ChartType => type;

function chartRows(data: unknown): ChartRow[] {
  if (!Array.isArray(data)) return [];
  return data.map((row: Record<string, unknown>) => ({
    name: String(row.name ?? ''),
    value: Number(row.value ?? 0),
    ...(row.series === undefined || row.series === null ? {} : { series: String(row.series) }),
    ...(typeof row.limit === 'number' ? { limit: row.limit } : {}),
  }));
}

/** A chart fills the rows its panel spans (one row: 200px of drawing below the title). */
const chartHeight = (rowSpan = 1) => 200 + (rowSpan - 1) * 232;

export function ChartPanel({ panel, data }: PanelRendererProps) {
  const rows = useMemo(() => chartRows(data), [data]);
  const option = useMemo(
    () => chartOption(chartType(panel.widget as ChartPanelType), rows, { max: panel.max, unit: panel.unit }),
    [panel, rows],
  );
  // Zeros on a time axis are readings (a crane idle at night); bars and slices of nothing but zeros show nothing.
  const timeAxis = panel.widget === 'line' || panel.widget === 'area';
  if (rows.length === 0 || (!timeAxis && panel.widget !== 'gauge' && rows.every((row) => row.value === 0))) {
    return <p className="dashboard-empty">{panel.empty ?? '暂无数据'}</p>;
  }
  return <EChart option={option} label={chartSummary(rows)} height={chartHeight(panel.rowSpan)} />;
}
