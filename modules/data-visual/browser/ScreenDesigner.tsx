/**
 * A big screen (项目大屏, 公司大屏) in the designer: its panels on the screen's grid, moved and resized as a dashboard's
 * charts are; on the left the modules' panels the screen ships and the design leaves out (added back with a click),
 * and the chart editor for charts of data sets. Saving keeps a new revision that the screen draws at once; 恢复默认
 * goes back to the shipped design.
 */
import { Button, Modal, Tag } from '@arco-design/web-react';
import '@arco-design/web-react/es/Button/style/css.js';
import '@arco-design/web-react/es/Modal/style/css.js';
import '@arco-design/web-react/es/Tag/style/css.js';
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { callApi, Loading, useApi, useCan, useSeams } from '../../../src/engine/module-api';
import { ChartEditor } from './ChartEditor';
import { editedFrom, startChart, type EditedChart } from './chart-editor-state';
import { LdviewApi, portalUrl } from './ldview-api';
import {
  chartOf,
  type ChartPanel,
  type DatasetInfo,
  type DesignedScreen,
  type ScreenFile,
  type ScreenPanel,
} from './ldview-types';
import { kindOf, ScreenGrid } from './ScreenGrid';
import { VersionsDialog } from './VersionsDialog';

const EDIT = 'ldview:dashboard:edit';
/** Where each screen opens in the portal (the core's screens: schemas/seed/menus.json). */
const SCREEN_PATHS: Record<string, string> = { 'project-screen': '/screen', 'company-screen': '/screen/company' };

export interface ScreenDesignerProps {
  screenId: string;
  projectId: string;
  datasets: DatasetInfo[];
  datasetsLoading: boolean;
  /** The bar's left part: the brand, the project, the picker (shared with the dashboards' designer). */
  lead: ReactNode;
  /** Reports unsaved changes, so the picker can ask before leaving. */
  onDirty: (dirty: boolean) => void;
  back: () => void;
}

/** The stand-ins the chart editor reads ids from (a new chart's id must be free on the screen). */
const asCharts = (panels: readonly ScreenPanel[]): ChartPanel[] =>
  panels.map(
    (panel) => chartOf(panel) ?? { id: panel.id, title: panel.title, widget: 'bar', span: 1, rowSpan: panel.rowSpan },
  );

export function ScreenDesigner({
  screenId,
  projectId,
  datasets,
  datasetsLoading,
  lead,
  onDirty,
  back,
}: ScreenDesignerProps) {
  const seams = useSeams();
  const canEdit = useCan()(EDIT);
  const loaded = useApi<DesignedScreen>(LdviewApi.screen, { id: screenId });
  const screen = loaded.data?.id === screenId ? loaded.data : undefined;
  const [panels, setPanels] = useState<ScreenPanel[] | null>(null);
  const [chart, setChart] = useState<EditedChart | null>(null);
  const [versions, setVersions] = useState(false);
  const [busy, setBusy] = useState<'' | 'save' | 'reset'>('');

  // A panel written without a size takes one column and one row, as on the screen.
  const initial = useMemo(
    () => screen?.file.panels.map((panel) => ({ ...panel, span: panel.span ?? 1, rowSpan: panel.rowSpan ?? 1 })),
    [screen],
  );
  useEffect(() => {
    if (initial) setPanels(initial);
  }, [initial]);
  useEffect(() => {
    if (!chart && datasets[0]) setChart(startChart(datasets[0]));
  }, [chart, datasets]);
  const dirty = initial !== undefined && panels !== null && JSON.stringify(panels) !== JSON.stringify(initial);
  useEffect(() => onDirty(dirty), [dirty, onDirty]);

  const columns = screen?.columns ?? 3;
  const missing = screen && panels ? screen.shipped.panels.filter((own) => !panels.some((p) => p.id === own.id)) : [];

  const save = async () => {
    if (!screen || !panels) return;
    setBusy('save');
    try {
      const file: ScreenFile = { ...screen.file, panels };
      const answer = await callApi<{ errMsg: string; data: { revision: number } }>(seams, LdviewApi.saveScreen, {
        variables: { id: screen.id },
        body: { file, revision: screen.revision },
      });
      seams.notify.success(`${answer.errMsg}（第 ${answer.data.revision} 版）`);
      await loaded.mutate();
    } catch {
      // the HTTP client has said why
    } finally {
      setBusy('');
    }
  };

  const reset = async () => {
    if (!screen) return;
    setBusy('reset');
    try {
      const answer = await callApi<{ errMsg: string }>(seams, LdviewApi.resetScreen, {
        variables: { id: screen.id },
        body: { revision: screen.revision },
      });
      seams.notify.success(answer.errMsg);
      await loaded.mutate();
    } catch {
      // the HTTP client has said why
    } finally {
      setBusy('');
    }
  };

  const place = (panel: ChartPanel) => {
    if (!panels) return;
    const sized: ScreenPanel = { ...panel, span: Math.min(panel.span, columns) };
    const exists = panels.some((each) => each.id === panel.id);
    setPanels(
      exists ? panels.map((each) => (each.id === panel.id ? { ...each, ...sized } : each)) : [...panels, sized],
    );
    setChart(datasets[0] ? startChart(datasets[0]) : null);
  };

  const path = SCREEN_PATHS[screenId];
  return (
    <div className="ldview-root ldview-designer" data-testid="ldview-designer">
      <header className="ldview-bar">
        {lead}
        {screen && (
          <span className="ldview-state" data-testid="ldview-save-state">
            {dirty ? '有未保存的修改' : screen.designed ? `第 ${screen.revision} 版` : '默认设计'}
          </span>
        )}
        {screen && (
          <Tag color="arcoblue" className="ldview-published">
            {screen.perProject ? '按所选项目显示' : '汇总全部项目'}
          </Tag>
        )}
        <span className="ldview-bar-space" />
        {screen && (
          <>
            <Button size="small" onClick={() => setVersions(true)}>
              版本记录
            </Button>
            {canEdit && (
              <>
                <Button
                  size="small"
                  type="primary"
                  data-testid="ldview-save"
                  loading={busy === 'save'}
                  disabled={!dirty || !panels || panels.length === 0}
                  onClick={() => void save()}
                >
                  保存
                </Button>
                <Button
                  size="small"
                  data-testid="ldview-screen-reset"
                  loading={busy === 'reset'}
                  disabled={!screen.designed}
                  onClick={() =>
                    Modal.confirm({
                      title: '恢复默认设计',
                      content: `确定让“${screen.title}”恢复为默认设计吗？当前设计仍保留在版本记录中。`,
                      onOk: () => reset(),
                    })
                  }
                >
                  恢复默认
                </Button>
              </>
            )}
            {path && (
              <Button size="small" onClick={() => window.open(portalUrl(path), '_blank', 'noopener')}>
                打开大屏
              </Button>
            )}
          </>
        )}
        <Button size="small" type="text" className="ldview-back" onClick={back}>
          返回工作台
        </Button>
      </header>
      <div className="ldview-body">
        <aside className="ldview-side">
          {!canEdit ? (
            <p className="ldview-chart-note">您可以查看大屏设计；修改需要“看板设计”权限</p>
          ) : !screen || !panels ? (
            <Loading />
          ) : (
            <>
              <section className="ldview-screen-palette" data-testid="ldview-screen-palette">
                <h3>大屏面板</h3>
                {missing.length === 0 ? (
                  <p className="ldview-chart-note">默认的面板都已在大屏上</p>
                ) : (
                  missing.map((own) => (
                    <div key={own.id} className="ldview-screen-palette-row">
                      <span className="ldview-screen-palette-title" title={kindOf(own)}>
                        {own.title}
                      </span>
                      <Button
                        size="mini"
                        data-testid={`ldview-screen-add-${own.id}`}
                        onClick={() =>
                          setPanels([
                            ...panels,
                            { ...own, span: Math.min(own.span ?? 1, columns), rowSpan: own.rowSpan ?? 1 },
                          ])
                        }
                      >
                        添加
                      </Button>
                    </div>
                  ))
                )}
              </section>
              {chart && datasets.length > 0 ? (
                <ChartEditor
                  datasets={datasets}
                  chart={chart}
                  panels={asCharts(panels)}
                  projectId={projectId}
                  onChange={setChart}
                  onPlace={place}
                  onCancel={() => setChart(startChart(datasets[0]))}
                  placeText="添加到大屏"
                />
              ) : datasetsLoading ? (
                <Loading />
              ) : null}
            </>
          )}
        </aside>
        <main className="ldview-main">
          {screen && panels ? (
            <ScreenGrid
              panels={panels}
              columns={columns}
              projectId={projectId}
              editingId={chart?.id}
              onArrange={setPanels}
              onEdit={(panel) => {
                const edited = chartOf(panel);
                setChart(edited ? (editedFrom(edited) ?? null) : null);
              }}
              onRemove={(panel) => setPanels(panels.filter((each) => each.id !== panel.id))}
            />
          ) : (
            <Loading />
          )}
        </main>
      </div>
      {versions && (
        <VersionsDialog
          dashboardId={screenId}
          api={LdviewApi.screenVersions}
          countTitle="面板数"
          onClose={() => setVersions(false)}
        />
      )}
    </div>
  );
}
