/**
 * An ECharts chart of the reports: only the bar and line charts and the components they use are imported from
 * `echarts/core` (tree-shaken), drawn as SVG, resized with its box. Loaded with the report screens only.
 */
import { useEffect, useRef } from 'react';
import { init, use, type EChartsCoreOption, type EChartsType } from 'echarts/core';
import { BarChart, LineChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import { SVGRenderer } from 'echarts/renderers';

use([BarChart, LineChart, GridComponent, TooltipComponent, LegendComponent, SVGRenderer]);

export function ReportChart({
  option,
  label,
  height = 320,
  testId,
}: {
  option: EChartsCoreOption;
  /** A text alternative for screen readers. */
  label: string;
  height?: number;
  testId: string;
}) {
  const box = useRef<HTMLDivElement>(null);
  const chart = useRef<EChartsType | null>(null);

  useEffect(() => {
    const element = box.current;
    if (!element) return;
    const instance = init(element, undefined, { renderer: 'svg', locale: 'ZH' });
    chart.current = instance;
    const observer = new ResizeObserver(() => instance.resize());
    observer.observe(element);
    return () => {
      observer.disconnect();
      instance.dispose();
      chart.current = null;
    };
  }, []);

  useEffect(() => {
    chart.current?.setOption(option, { notMerge: true });
  }, [option]);

  return (
    <div ref={box} className="economics-chart" role="img" aria-label={label} style={{ height }} data-testid={testId} />
  );
}
