/**
 * Renders a dashboard file (schemas/pages/workbench.json): a grid of panels, each fed by its own call (panels
 * that make the same call share one request) and drawn by the renderer its type registered (charts on ECharts,
 * loaded only when a chart is shown). A panel that fails says so with a retry and leaves the others alone; a
 * panel whose required context is missing (no project yet) says what to do instead of failing.
 */
import { Button } from '@arco-design/web-react';
import '@arco-design/web-react/es/Button/style/css.js';
import { Suspense } from 'react';
import '../../widgets/display/display.css';
import { pickPath } from '../api';
import { Loading } from '../feedback';
import { panelRenderer, type OpenLink, type PageRendererProps } from '../renderers';
import type { TemplateContext } from '../template';
import type { DashboardPageFile, DashboardPanel } from '../types';
import { useApi } from '../use-api';
import { useEvents } from '../use-events';
import { panelCall, unmetRequirements } from './dashboard-calls';
import './dashboard.css';

export function DashboardPage({ file, context, open }: PageRendererProps<'dashboard'>) {
  const unmet = [...new Set(file.panels.flatMap((panel) => unmetRequirements(panel, context)))];
  return (
    <section className="dashboard" data-testid={`dashboard-${file.id}`}>
      <h1 className="dashboard-title">{file.title}</h1>
      {unmet.map((path) => (
        <p key={path} className="dashboard-requirement" role="note" data-testid="dashboard-requirement">
          {requirementText(file, path, 'notice')}
        </p>
      ))}
      <div
        className="dashboard-grid"
        style={{
          gridTemplateColumns: `repeat(${file.columns ?? 3}, minmax(0, 1fr))`,
          gridAutoRows: `minmax(${file.rowHeight ?? 220}px, auto)`,
        }}
      >
        {file.panels.map((panel) => (
          <article
            key={panel.id}
            className="dashboard-panel"
            style={{ gridColumn: `span ${panel.span ?? 1}`, gridRow: `span ${panel.rowSpan ?? 1}` }}
            data-testid={`panel-${panel.id}`}
          >
            <h2>{panel.title}</h2>
            <PanelBody file={file} panel={panel} context={context} open={open} />
          </article>
        ))}
      </div>
    </section>
  );
}

const requirementText = (file: DashboardPageFile, path: string, where: 'notice' | 'panel') =>
  file.requirements?.[path]?.[where] ?? `缺少${path}`;

interface PanelBodyProps {
  file: DashboardPageFile;
  panel: DashboardPanel;
  context: TemplateContext;
  open: OpenLink;
}

function PanelBody({ file, panel, context, open }: PanelBodyProps) {
  const call = panelCall(panel, context);
  const { data: result, error, isLoading, mutate } = useApi<unknown>(call?.api ?? null, call?.params);
  useEvents(call ? panel.refreshOn : undefined, () => void mutate());
  const unmet = unmetRequirements(panel, context);
  if (unmet.length > 0) {
    return <p className="dashboard-empty">{requirementText(file, unmet[0], 'panel')}</p>;
  }
  if (call && error) {
    return (
      <div className="dashboard-panel-failed" role="alert">
        加载失败
        <Button type="text" size="small" onClick={() => void mutate()}>
          重试
        </Button>
      </div>
    );
  }
  if (call && isLoading) return <Loading />;
  const source = call ? result : context;
  if (panel.notice && pickPath(source, panel.notice.field) === panel.notice.equals) {
    return <p className="dashboard-notice">{String(pickPath(source, panel.notice.text) ?? '')}</p>;
  }
  const Panel = panelRenderer(panel.widget);
  return (
    <Suspense fallback={<Loading />}>
      <Panel panel={panel} data={panel.path ? pickPath(source, panel.path) : source} context={context} open={open} />
    </Suspense>
  );
}
