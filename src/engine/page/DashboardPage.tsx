/**
 * Renders a dashboard file (schemas/pages/workbench.json): a grid of panels, each fed by its own call (panels
 * that make the same call share one request) and shown through a display widget. A panel that fails says so
 * with a retry and leaves the others alone.
 */
import { Button } from '@arco-design/web-react';
import '@arco-design/web-react/es/Button/style/css.js';
import type { ReactNode } from 'react';
import { AppLinks, FieldList, RowList, StatGrid, type DisplayItem } from '../../widgets/display/panels';
import { BarChart, DonutChart, type NameValue } from '../../widgets/display/charts';
import '../../widgets/display/display.css';
import { pickPath } from '../api';
import { LoadFailure, Loading } from '../feedback';
import { loadPage } from '../registry';
import { renderTemplate, type TemplateContext } from '../template';
import type { DashboardItem, DashboardPageFile, DashboardPanel } from '../types';
import { useApi } from '../use-api';
import { useSchemaFile } from '../use-schema-file';
import './dashboard.css';

export interface DashboardPageProps {
  pageId: string;
  /** What panel templates read: `{{user.id}}`, `{{project.projectName}}`. */
  context: TemplateContext;
  /** An `apps` panel's item was chosen. */
  onOpenApp?: (app: Record<string, unknown>) => void;
}

export function DashboardPage({ pageId, context, onOpenApp }: DashboardPageProps) {
  const { file, error, retry } = useSchemaFile(loadPage, pageId);
  if (error) return <LoadFailure error={error} onRetry={retry} />;
  if (!file || file.id !== pageId) return <Loading />;
  if (file.kind !== 'dashboard') return <LoadFailure error={new Error(`${pageId} 不是看板页面`)} onRetry={retry} />;
  return <Dashboard file={file} context={context} onOpenApp={onOpenApp} />;
}

function Dashboard({ file, context, onOpenApp }: { file: DashboardPageFile } & Omit<DashboardPageProps, 'pageId'>) {
  return (
    <section className="dashboard" data-testid={`dashboard-${file.id}`}>
      <h1 className="dashboard-title">{file.title}</h1>
      <div className="dashboard-grid" style={{ gridTemplateColumns: `repeat(${file.columns ?? 3}, minmax(0, 1fr))` }}>
        {file.panels.map((panel) => (
          <article
            key={panel.id}
            className="dashboard-panel"
            style={{ gridColumn: `span ${panel.span ?? 1}` }}
            data-testid={`panel-${panel.id}`}
          >
            <h2>{panel.title}</h2>
            <PanelBody panel={panel} context={context} onOpenApp={onOpenApp} />
          </article>
        ))}
      </div>
    </section>
  );
}

function formatValue(item: DashboardItem, value: unknown): ReactNode {
  if (value === null || value === undefined || value === '') return '';
  switch (item.format) {
    case 'percent':
      return `${Math.round(Number(value) * (Number(value) <= 1 ? 100 : 1))}%`;
    case 'money':
      return `${Number(value).toLocaleString('zh-CN')} 元`;
    default:
      return `${String(value)}${item.suffix ?? ''}`;
  }
}

function PanelBody({
  panel,
  context,
  onOpenApp,
}: {
  panel: DashboardPanel;
  context: TemplateContext;
  onOpenApp?: (app: Record<string, unknown>) => void;
}) {
  const params = panel.params ? (renderTemplate(panel.params, context) as Record<string, unknown>) : {};
  const { data: result, error, isLoading, mutate } = useApi<unknown>(panel.api ?? null, params);
  if (panel.api && error) {
    return (
      <div className="dashboard-panel-failed" role="alert">
        加载失败
        <Button type="text" size="small" onClick={() => void mutate()}>
          重试
        </Button>
      </div>
    );
  }
  if (panel.api && isLoading) return <Loading />;
  const source = panel.api ? result : context;
  if (panel.notice && pickPath(source, panel.notice.field) === panel.notice.equals) {
    return <p className="dashboard-notice">{String(pickPath(source, panel.notice.text) ?? '')}</p>;
  }
  const data = panel.path ? pickPath(source, panel.path) : source;
  const empty = <p className="dashboard-empty">{panel.empty ?? '暂无数据'}</p>;
  const items = (): DisplayItem[] =>
    (panel.items ?? []).map((item) => ({ label: item.label, value: formatValue(item, pickPath(data, item.field)) }));
  const rows = Array.isArray(data) ? (data as Record<string, unknown>[]) : [];

  switch (panel.widget) {
    case 'bar':
    case 'donut': {
      const values = rows.map((row) => ({ name: String(row.name ?? ''), value: Number(row.value ?? 0) }) as NameValue);
      if (values.every((row) => row.value === 0)) return empty;
      return panel.widget === 'bar' ? <BarChart rows={values} /> : <DonutChart rows={values} />;
    }
    case 'stats':
      return <StatGrid items={items()} />;
    case 'fields':
      return <FieldList items={items()} />;
    case 'list':
      if (rows.length === 0) return empty;
      return (
        <RowList
          rows={rows.map((row, index) => ({
            key: String(row.id ?? index),
            title: String(pickPath(row, panel.titleField ?? 'title') ?? ''),
            time: panel.timeField ? String(pickPath(row, panel.timeField) ?? '') : undefined,
            tag: panel.tagField ? String(pickPath(row, panel.tagField) ?? '') : undefined,
          }))}
        />
      );
    case 'apps':
      if (rows.length === 0) return empty;
      return (
        <AppLinks
          apps={rows.map((row) => ({
            key: String(row.id),
            name: String(pickPath(row, panel.titleField ?? 'name') ?? ''),
          }))}
          onOpen={(key) => {
            const app = rows.find((row) => String(row.id) === key);
            if (app) onOpenApp?.(app);
          }}
        />
      );
  }
}
