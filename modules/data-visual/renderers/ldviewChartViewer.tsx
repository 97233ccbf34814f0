/**
 * One chart of a release alone (/ldv/chart_viewer?token=<token>&chart=<id>), open without a login: for a page that
 * embeds a single figure. It is the release's dashboard cut to that chart, drawn by the engine's dashboard renderer.
 */
import { DashboardView, Loading, useApi, type CustomRendererProps } from '../../../src/engine/module-api';
import { LdviewApi } from '../browser/ldview-api';
import type { ReleasedDashboard } from '../browser/ldview-types';
import '../browser/ldview.css';

const stay = () => undefined;

export default function LdviewChartViewer({ context }: CustomRendererProps) {
  const query = (context.query ?? {}) as { token?: string; chart?: string };
  const token = query.token ?? '';
  const { data, error, isLoading } = useApi<ReleasedDashboard>(token ? LdviewApi.release : null, { token });
  const panel = data?.file.panels.find((each) => each.id === query.chart);
  if (!token || error || (data && !panel))
    return (
      <div className="ldview-root ldview-public">
        <p className="ldview-release-gone" role="alert" data-testid="ldview-release-gone">
          {data && !panel ? '图表不存在或不属于该看板' : '发布链接无效或已被取消'}
        </p>
      </div>
    );
  if (isLoading || !data || !panel) return <Loading />;
  return (
    <div className="ldview-root ldview-public ldview-single" data-testid="ldview-chart-viewer">
      <DashboardView
        file={{ ...data.file, title: panel.title, columns: 1, panels: [{ ...panel, span: 1, rowSpan: 2 }] }}
        context={{}}
        open={stay}
      />
    </div>
  );
}
