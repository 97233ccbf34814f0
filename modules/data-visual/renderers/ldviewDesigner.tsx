/**
 * 数据可视化 (/ldview): the dashboard designer of the selected project, full screen. A bar on top picks the dashboard
 * (or makes a new one), renames it, shows its versions, saves (each save a new revision, checked by the server against
 * the engine's dashboard meta-schema) and publishes (a release link and a link per chart that open without a login).
 * On the left the chart editor; in the middle the grid, where charts are dragged and resized.
 */
import { Button, Input, Modal, Select, Tag } from '@arco-design/web-react';
import '@arco-design/web-react/es/Button/style/css.js';
import '@arco-design/web-react/es/Input/style/css.js';
import '@arco-design/web-react/es/Modal/style/css.js';
import '@arco-design/web-react/es/Select/style/css.js';
import '@arco-design/web-react/es/Tag/style/css.js';
import { useEffect, useState } from 'react';
import { callApi, Loading, useApi, useCan, useSeams, type CustomRendererProps } from '../../../src/engine/module-api';
import { ChartEditor } from '../browser/ChartEditor';
import { editedFrom, startChart, type EditedChart } from '../browser/chart-editor-state';
import { DesignerGrid } from '../browser/DesignerGrid';
import { LdviewApi, type DashboardRow } from '../browser/ldview-api';
import { ReleaseDialog } from '../browser/ReleaseDialog';
import { ScreenDesigner } from '../browser/ScreenDesigner';
import { VersionsDialog } from '../browser/VersionsDialog';
import {
  GRID_COLUMNS,
  GRID_ROW_HEIGHT,
  type ChartPanel,
  type DashboardFile,
  type DatasetInfo,
  type DesignedDashboard,
  type Release,
  type ScreenRow,
} from '../browser/ldview-types';
import '../browser/ldview.css';

const EDIT = 'ldview:dashboard:edit';
/** The picker's value of a big screen: `screen:<page id>` (a dashboard's is its record id). */
const SCREEN = 'screen:';

interface Draft {
  title: string;
  panels: ChartPanel[];
}

function NewDashboardDialog({
  onCreate,
  onClose,
}: {
  onCreate: (title: string) => Promise<void>;
  onClose: () => void;
}) {
  const [title, setTitle] = useState('');
  const [busy, setBusy] = useState(false);
  const submit = async () => {
    setBusy(true);
    try {
      await onCreate(title.trim());
    } catch {
      // the HTTP client has said why (请输入看板名称, 本项目已有同名的看板)
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      title="新建看板"
      visible
      style={{ width: 480 }}
      onCancel={onClose}
      onOk={() => void submit()}
      okText="新建"
      confirmLoading={busy}
    >
      <Input
        autoFocus
        data-testid="ldview-new-title"
        placeholder="如 安全隐患分析"
        maxLength={40}
        value={title}
        onChange={setTitle}
        onPressEnter={() => void submit()}
      />
    </Modal>
  );
}

function Designer({
  projectId,
  projectName,
  initialId,
  back,
}: {
  projectId: string;
  projectName: string;
  initialId: string;
  back: () => void;
}) {
  const seams = useSeams();
  const canEdit = useCan()(EDIT);
  const list = useApi<{ dataList: DashboardRow[] }>(LdviewApi.list, { projectId, pageNo: 1, pageSize: 100 });
  const datasets = useApi<DatasetInfo[]>(LdviewApi.datasets);
  const screens = useApi<ScreenRow[]>(LdviewApi.screens);
  const rows = list.data?.dataList ?? [];
  const [selected, setSelected] = useState(initialId);
  const [screenDirty, setScreenDirty] = useState(false);
  // A big screen is designed here too: the same kind of dashboard, kept apart from the project's own.
  const screenId = selected.startsWith(SCREEN) ? selected.slice(SCREEN.length) : '';
  const dashboardId = screenId ? '' : selected || rows[0]?.id || '';
  const loaded = useApi<DesignedDashboard>(dashboardId ? LdviewApi.dashboard : null, { id: dashboardId });
  const dashboard = loaded.data?.id === dashboardId ? loaded.data : undefined;
  const [draft, setDraft] = useState<Draft | null>(null);
  const [chart, setChart] = useState<EditedChart | null>(null);
  const [dialog, setDialog] = useState<'new' | 'versions' | 'release' | null>(null);
  const [busy, setBusy] = useState<'' | 'save' | 'publish'>('');

  // A dashboard opened (or saved, or reloaded) replaces the draft of the one before.
  useEffect(() => {
    if (dashboard) setDraft({ title: dashboard.title, panels: dashboard.file.panels });
  }, [dashboard]);
  const sets = datasets.data ?? [];
  useEffect(() => {
    if (!chart && sets[0]) setChart(startChart(sets[0]));
  }, [chart, sets]);

  const dirty =
    dashboard !== undefined &&
    draft !== null &&
    (draft.title !== dashboard.title || JSON.stringify(draft.panels) !== JSON.stringify(dashboard.file.panels));

  const fileOf = (current: Draft): DashboardFile => ({
    kind: 'dashboard',
    id: dashboard?.file.id ?? 'ldview-new',
    title: current.title.trim() || (dashboard?.title ?? ''),
    columns: GRID_COLUMNS,
    rowHeight: GRID_ROW_HEIGHT,
    panels: current.panels,
  });

  const save = async (): Promise<number | undefined> => {
    if (!dashboard || !draft) return undefined;
    setBusy('save');
    try {
      const answer = await callApi<{ errMsg: string; data: { revision: number } }>(seams, LdviewApi.save, {
        variables: { id: dashboard.id },
        body: { file: fileOf(draft), revision: dashboard.revision },
      });
      seams.notify.success(`${answer.errMsg}（第 ${answer.data.revision} 版）`);
      await Promise.all([loaded.mutate(), list.mutate()]);
      return answer.data.revision;
    } catch {
      return undefined; // the HTTP client has said why
    } finally {
      setBusy('');
    }
  };

  const publish = async () => {
    if (!dashboard) return;
    if (dirty && (await save()) === undefined) return;
    setBusy('publish');
    try {
      const answer = await callApi<{ errMsg: string; data: Release }>(seams, LdviewApi.publish, {
        variables: { id: dashboard.id },
      });
      seams.notify.success(answer.errMsg);
      await Promise.all([loaded.mutate(), list.mutate()]);
      setDialog('release');
    } catch {
      // the HTTP client has said why
    } finally {
      setBusy('');
    }
  };

  const revoke = async () => {
    if (!dashboard) return;
    try {
      const answer = await callApi<{ errMsg: string }>(seams, LdviewApi.unpublish, { variables: { id: dashboard.id } });
      seams.notify.success(answer.errMsg);
      setDialog(null);
      await Promise.all([loaded.mutate(), list.mutate()]);
    } catch {
      // the HTTP client has said why
    }
  };

  const create = async (title: string) => {
    const answer = await callApi<{ data: { id: string } }>(seams, LdviewApi.create, { body: { projectId, title } });
    await list.mutate();
    setSelected(answer.data.id);
    setDialog(null);
  };

  const remove = async () => {
    if (!dashboard) return;
    try {
      await callApi(seams, LdviewApi.remove, { variables: { id: dashboard.id } });
      seams.notify.success('看板已删除');
      setSelected('');
      await list.mutate();
    } catch {
      // the HTTP client has said why
    }
  };

  const switchTo = (id: string) => {
    if ((dirty || screenDirty) && !window.confirm('当前看板有未保存的修改，确定切换吗？')) return;
    setScreenDirty(false);
    setSelected(id);
    setChart(sets[0] ? startChart(sets[0]) : null);
  };

  const place = (panel: ChartPanel) => {
    if (!draft) return;
    const exists = draft.panels.some((each) => each.id === panel.id);
    setDraft({
      ...draft,
      panels: exists ? draft.panels.map((each) => (each.id === panel.id ? panel : each)) : [...draft.panels, panel],
    });
    setChart(sets[0] ? startChart(sets.find((each) => each.id === panel.options?.query.dataset) ?? sets[0]) : null);
  };

  const release = dashboard?.release ?? null;
  const lead = (
    <>
      <span className="ldview-brand">数据可视化</span>
      <span className="ldview-project" title={projectName}>
        {projectName}
      </span>
      <Select
        className="ldview-pick"
        data-testid="ldview-dashboard-select"
        placeholder={list.isLoading ? '加载中' : '本项目还没有看板'}
        value={screenId ? selected : dashboardId || undefined}
        onChange={switchTo}
      >
        <Select.OptGroup label="本项目的看板">
          {rows.map((row) => (
            <Select.Option key={row.id} value={row.id}>
              {row.published ? `${row.title}（已发布）` : row.title}
            </Select.Option>
          ))}
        </Select.OptGroup>
        <Select.OptGroup label="大屏">
          {(screens.data ?? []).map((screen) => (
            <Select.Option key={screen.id} value={`${SCREEN}${screen.id}`}>
              {screen.title}
            </Select.Option>
          ))}
        </Select.OptGroup>
      </Select>
      {canEdit && (
        <Button size="small" onClick={() => setDialog('new')} data-testid="ldview-new">
          新建看板
        </Button>
      )}
    </>
  );
  if (screenId)
    return (
      <>
        <ScreenDesigner
          key={screenId}
          screenId={screenId}
          projectId={projectId}
          datasets={sets}
          datasetsLoading={datasets.isLoading}
          lead={lead}
          onDirty={setScreenDirty}
          back={back}
        />
        {dialog === 'new' && <NewDashboardDialog onCreate={create} onClose={() => setDialog(null)} />}
      </>
    );
  return (
    <div className="ldview-root ldview-designer" data-testid="ldview-designer">
      <header className="ldview-bar">
        {lead}
        {dashboard && draft && (
          <>
            <Input
              className="ldview-title-input"
              size="small"
              data-testid="ldview-dashboard-title"
              value={draft.title}
              maxLength={40}
              disabled={!canEdit}
              onChange={(title) => setDraft({ ...draft, title })}
            />
            <span className="ldview-state" data-testid="ldview-save-state">
              {dirty ? '有未保存的修改' : `第 ${dashboard.revision} 版`}
            </span>
            {release && (
              <Tag color="green" className="ldview-published" title={`已发布第 ${release.revision} 版`}>
                已发布
              </Tag>
            )}
          </>
        )}
        <span className="ldview-bar-space" />
        {dashboard && (
          <>
            <Button size="small" onClick={() => setDialog('versions')}>
              版本记录
            </Button>
            {canEdit && (
              <>
                <Button
                  size="small"
                  type="primary"
                  data-testid="ldview-save"
                  loading={busy === 'save'}
                  disabled={!dirty}
                  onClick={() => void save()}
                >
                  保存
                </Button>
                <Button
                  size="small"
                  type="primary"
                  status="success"
                  data-testid="ldview-publish"
                  loading={busy === 'publish'}
                  disabled={!draft || draft.panels.length === 0}
                  onClick={() => void publish()}
                >
                  {release ? '更新发布' : '发布'}
                </Button>
              </>
            )}
            {release && (
              <Button size="small" data-testid="ldview-links" onClick={() => setDialog('release')}>
                发布链接
              </Button>
            )}
            {canEdit && (
              <Button
                size="small"
                status="danger"
                onClick={() => {
                  if (window.confirm(`确定删除看板“${dashboard.title}”吗？删除后无法恢复，发布链接也随之失效。`))
                    void remove();
                }}
              >
                删除
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
            <p className="ldview-chart-note">您可以查看看板；设计看板需要“看板设计”权限</p>
          ) : chart && sets.length > 0 && draft ? (
            <ChartEditor
              datasets={sets}
              chart={chart}
              panels={draft.panels}
              projectId={projectId}
              onChange={setChart}
              onPlace={place}
              onCancel={() => setChart(startChart(sets[0]))}
            />
          ) : datasets.isLoading || (dashboardId && !draft) ? (
            <Loading />
          ) : (
            <p className="ldview-chart-note">{dashboardId ? '没有可用的数据集' : '先新建一张看板'}</p>
          )}
        </aside>
        <main className="ldview-main">
          {dashboard && draft ? (
            <DesignerGrid
              panels={draft.panels}
              projectId={projectId}
              editingId={chart?.id}
              onArrange={(panels) => setDraft({ ...draft, panels })}
              onEdit={(panel) => setChart(editedFrom(panel) ?? null)}
              onRemove={(panel) => setDraft({ ...draft, panels: draft.panels.filter((each) => each.id !== panel.id) })}
            />
          ) : dashboardId || list.isLoading ? (
            <Loading />
          ) : (
            <p className="ldview-grid-empty">本项目还没有看板，点上方“新建看板”开始</p>
          )}
        </main>
      </div>
      {dialog === 'new' && <NewDashboardDialog onCreate={create} onClose={() => setDialog(null)} />}
      {dialog === 'versions' && dashboard && (
        <VersionsDialog dashboardId={dashboard.id} onClose={() => setDialog(null)} />
      )}
      {dialog === 'release' && release && dashboard && (
        <ReleaseDialog
          release={release}
          savedRevision={dashboard.revision}
          onClose={() => setDialog(null)}
          onRevoke={() => void revoke()}
        />
      )}
    </div>
  );
}

export default function LdviewDesigner({ context, open }: CustomRendererProps) {
  const project = context.project as { projectId?: string; projectName?: string } | null | undefined;
  const query = context.query as { id?: string; screen?: string } | undefined;
  const back = () => open({ path: '/work-bench' });
  if (!project?.projectId)
    return (
      <div className="ldview-root ldview-designer">
        <p className="ldview-grid-empty">
          请先在工作台选择项目，再打开数据可视化。
          <Button type="text" onClick={back}>
            返回工作台
          </Button>
        </p>
      </div>
    );
  return (
    <Designer
      key={project.projectId}
      projectId={project.projectId}
      projectName={project.projectName ?? ''}
      initialId={query?.screen ? `${SCREEN}${query.screen}` : (query?.id ?? '')}
      back={back}
    />
  );
}
