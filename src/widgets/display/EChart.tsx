/**
 * An Apache ECharts chart: only the chart types and components the portal uses are imported from `echarts/core`
 * (tree-shaken), drawn as SVG (crisp at any zoom, light), resized with its box. This module is its own chunk,
 * loaded only by a screen that shows a chart.
 */
import { useEffect, useRef } from 'react';
import { init, use, type EChartsType } from 'echarts/core';
import { BarChart, GaugeChart, LineChart, PieChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import { SVGRenderer } from 'echarts/renderers';
import type { ChartOption } from './chart-options';
import { useChartTheme } from './chart-theme';

use([LineChart, BarChart, PieChart, GaugeChart, GridComponent, TooltipComponent, LegendComponent, SVGRenderer]);

export interface EChartProps {
  option: ChartOption;
  /** A text alternative for screen readers. */
  label: string;
  height?: number;
}

export function EChart({ option, label, height = 200 }: EChartProps) {
  const box = useRef<HTMLDivElement>(null);
  const chart = useRef<EChartsType | null>(null);
  const theme = useChartTheme();

  useEffect(() => {
    const element = box.current;
    if (!element) return;
    // ECharts' own dark theme (registered by echarts/core), on the page's background rather than its own.
    const instance = init(element, theme === 'dark' ? 'dark' : undefined, { renderer: 'svg', locale: 'ZH' });
    chart.current = instance;
    const observer = new ResizeObserver(() => instance.resize());
    observer.observe(element);
    return () => {
      observer.disconnect();
      instance.dispose();
      chart.current = null;
    };
  }, [theme]);

  useEffect(() => {
    chart.current?.setOption(theme === 'dark' ? { backgroundColor: 'transparent', ...option } : option, {
      notMerge: true,
    });
  }, [option, theme]);

  return <div ref={box} className="echart" role="img" aria-label={label} style={{ height }} data-testid="echart" />;
}
