/**
 * One chart drawn by the engine's own chart panel (ECharts, the same drawing as the workbench and the release page),
 * from the figures of its query in the project: the designer's preview and its grid cards.
 */
import { Suspense } from 'react';
import { Loading, panelRenderer, useApi, type DashboardPanel } from '../../../src/engine/module-api';
import { LdviewApi } from './ldview-api';
import type { ChartPanel, ChartRow } from './ldview-types';

const stay = () => undefined;

export function ChartDrawing({ panel, projectId }: { panel: ChartPanel; projectId: string }) {
  const query = panel.options?.query;
  const { data, error, isLoading } = useApi<ChartRow[]>(
    query ? LdviewApi.preview : null,
    { projectId, widget: panel.widget, query },
    { keepPreviousData: true },
  );
  if (error) return <p className="ldview-chart-note">图表数据加载失败</p>;
  if (isLoading && !data) return <Loading />;
  const Renderer = panelRenderer(panel.widget);
  // The engine's panel reads the drawing's settings it knows (type, unit, empty text, height by rows).
  const enginePanel: DashboardPanel = {
    id: panel.id,
    title: panel.title,
    widget: panel.widget,
    span: panel.span,
    rowSpan: panel.rowSpan,
    empty: panel.empty ?? '暂无数据',
    ...(panel.unit ? { unit: panel.unit } : {}),
  };
  return (
    <Suspense fallback={<Loading />}>
      <Renderer panel={enginePanel} data={data ?? []} context={{}} open={stay} />
    </Suspense>
  );
}
