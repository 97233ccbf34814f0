/**
 * Renders a dashboard file (schemas/pages/workbench.json): a grid of panels, each fed by its own call (panels
 * that make the same call share one request) and drawn by the renderer its type registered (charts on ECharts,
 * loaded only when a chart is shown). A panel that fails says so with a retry and leaves the others alone; a
 * panel whose required context is missing (no project yet) says what to do instead of failing.
 */
import { Button, Radio, Select } from '@arco-design/web-react';
import '@arco-design/web-react/es/Button/style/css.js';
import '@arco-design/web-react/es/Radio/style/css.js';
import '@arco-design/web-react/es/Select/style/css.js';
import { Suspense, useEffect, useState } from 'react';
import '../../../widgets/display/display.css';
import { ChartThemeContext } from '../../../widgets/display/chart-theme';
import { ScreenStage } from '../../../widgets/display/ScreenStage';
import { pickPath } from '../../api';
import { Loading } from '../../feedback';
import { panelRenderer, type OpenLink, type PageRendererProps } from '../../renderers';
import { renderTemplate, type TemplateContext } from '../../template';
import type { ApiDescriptor, DashboardPageFile, DashboardPanel, PanelChoice } from '../../types';
import { useApi } from '../../use-api';
import { useEvents } from '../../use-events';
import { useCan } from '../../seams';
import { SchemaForm } from '../../form/SchemaForm';
import { ScreenTitleBar } from './ScreenTitleBar';
import {
  initialChoices,
  initialFilter,
  panelCall,
  unmetRequirements,
  withFilter,
  type PanelChosen,
} from './dashboard-calls';
import '../crud/crud-page.css';
import './dashboard.css';

/** What a big screen shows: its designed version, or the shipped file (src/server/portal/screen-designs.ts). */
const SCREEN_DESIGN: ApiDescriptor = { method: 'GET', url: '/api/zhgd/screenDesign/{id}', resultPath: 'data' };

export function DashboardPage(props: PageRendererProps<'dashboard'>) {
  return props.file.theme === 'screen' ? <DesignedScreen {...props} /> : <DashboardGrid {...props} />;
}

/**
 * A big screen may be designed (moved, resized, panels added or removed, in a module's designer): it draws the design
 * the server answers, and the file built into the app when that call fails.
 */
function DesignedScreen(props: PageRendererProps<'dashboard'>) {
  const { data, error } = useApi<{ file: DashboardPageFile }>(SCREEN_DESIGN, { id: props.file.id });
  if (!data && !error) return <Loading />;
  return <DashboardGrid {...props} key={data ? 'designed' : 'shipped'} file={data?.file ?? props.file} />;
}

function DashboardGrid({ file: fileAsWritten, context: pageContext, open }: PageRendererProps<'dashboard'>) {
  const can = useCan();
  // Panels of a permission the user lacks are not shown (nor called): a module's panel on a shared page.
  const file = {
    ...fileAsWritten,
    panels: fileAsWritten.panels.filter((panel) => can(panel.permission)),
  };
  const [filter, setFilter] = useState(() => initialFilter(file));
  const context = file.filter ? withFilter(pageContext, filter) : pageContext;
  const unmet = [...new Set(file.panels.flatMap((panel) => unmetRequirements(panel, context)))];
  const screen = file.theme === 'screen';
  const rowHeight = file.rowHeight ?? 220;
  const page = (
    <section className={screen ? 'dashboard dashboard-screen' : 'dashboard'} data-testid={`dashboard-${file.id}`}>
      {screen ? (
        <ScreenTitleBar title={file.title} subject={file.subject} context={pageContext} open={open} />
      ) : (
        <h1 className="dashboard-title">{file.title}</h1>
      )}
      {file.filter?.form && (
        <div className="dashboard-filter search-bar">
          <SchemaForm
            formId={file.filter.form}
            // Its choices may read the page's context: a select of the chosen project's records.
            context={pageContext}
            initialData={filter}
            testId="dashboard-filter"
            onSubmitted={(_envelope, values) => setFilter({ ...initialFilter(file), ...values })}
          />
        </div>
      )}
      {unmet.map((path) => (
        <p key={path} className="dashboard-requirement" role="note" data-testid="dashboard-requirement">
          {requirementText(file, path, 'notice')}
        </p>
      ))}
      <ChartThemeContext.Provider value={screen ? 'dark' : 'light'}>
        <div
          className="dashboard-grid"
          style={{
            gridTemplateColumns: `repeat(${file.columns ?? 3}, minmax(0, 1fr))`,
            // A big screen's rows share its 1080 pixels below the bar: the stage scales the whole to the window.
            gridAutoRows: screen ? 'minmax(0, 1fr)' : `minmax(${rowHeight}px, auto)`,
          }}
        >
          {file.panels.map((panel) => (
            <Panel key={panel.id} file={file} panel={panel} context={context} open={open} />
          ))}
        </div>
      </ChartThemeContext.Provider>
    </section>
  );
  // A big screen is laid out at 1920 x 1080 and scaled to the window as a whole.
  return screen ? <ScreenStage>{page}</ScreenStage> : page;
}

const requirementText = (file: DashboardPageFile, path: string, where: 'notice' | 'panel') =>
  file.requirements?.[path]?.[where] ?? `缺少${path}`;

interface PanelProps {
  file: DashboardPageFile;
  panel: DashboardPanel;
  context: TemplateContext;
  open: OpenLink;
}

function Panel(props: PanelProps) {
  const { panel, context } = props;
  const [chosen, setChosen] = useState<PanelChosen>(() => initialChoices(panel));
  const choose = (param: string, value: string) => setChosen((current) => ({ ...current, [param]: value }));
  return (
    <article
      className="dashboard-panel"
      style={{ gridColumn: `span ${panel.span ?? 1}`, gridRow: `span ${panel.rowSpan ?? 1}` }}
      data-testid={`panel-${panel.id}`}
    >
      <header className="dashboard-panel-header">
        <h2>{panel.title}</h2>
        {panel.choices && (
          <div className="dashboard-panel-choices">
            {panel.choices.map((choice) => (
              <ChoiceControl
                key={choice.param}
                choice={choice}
                value={chosen[choice.param]}
                context={context}
                onChange={(value) => choose(choice.param, value)}
              />
            ))}
          </div>
        )}
      </header>
      <PanelBody {...props} chosen={chosen} />
    </article>
  );
}

/** Buttons for fixed options; a drop-down of the options a call answers (its first option chosen once loaded). */
function ChoiceControl(props: {
  choice: PanelChoice;
  value: string | undefined;
  context: TemplateContext;
  onChange: (value: string) => void;
}) {
  const { choice, value, context, onChange } = props;
  const params = choice.source?.params
    ? (renderTemplate(choice.source.params, context) as Record<string, unknown>)
    : {};
  const { data } = useApi<unknown>(choice.source?.api ?? null, params);
  const rows = choice.source ? rowsOf(data) : [];
  const loaded = choice.source
    ? rows.map((row) => ({
        value: String(pickPath(row, choice.source!.value) ?? ''),
        label: String(pickPath(row, choice.source!.label) ?? ''),
      }))
    : (choice.options ?? []);
  const first = loaded[0]?.value;
  useEffect(() => {
    if (value === undefined && first !== undefined) onChange(first);
  }, [value, first, onChange]);
  if (!choice.source)
    return (
      <Radio.Group
        type="button"
        size="mini"
        value={value}
        options={loaded}
        onChange={(next: string) => onChange(next)}
        data-testid={`choice-${choice.param}`}
      />
    );
  return (
    <Select
      size="mini"
      value={value}
      options={loaded}
      onChange={(next: string) => onChange(next)}
      style={{ width: 150 }}
      data-testid={`choice-${choice.param}`}
    />
  );
}

function rowsOf(value: unknown): Record<string, unknown>[] {
  return Array.isArray(value) ? (value as Record<string, unknown>[]) : [];
}

function PanelBody({ file, panel, context, open, chosen }: PanelProps & { chosen: PanelChosen }) {
  const call = panelCall(panel, context, chosen);
  const {
    data: result,
    error,
    isLoading,
    mutate,
  } = useApi<unknown>(
    call?.api ?? null,
    call?.params,
    panel.refreshMinutes ? { refreshInterval: panel.refreshMinutes * 60_000 } : undefined,
  );
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
  const Renderer = panelRenderer(panel.widget);
  return (
    <Suspense fallback={<Loading />}>
      <Renderer panel={panel} data={panel.path ? pickPath(source, panel.path) : source} context={context} open={open} />
    </Suspense>
  );
}
