/**
 * 模型浏览 (page bim-model, /bim/model): the project's models (upload by tus, conversion progress), the chosen one in
 * 3D (browser/viewer.ts) with its spatial and category trees (check to show, uncheck to hide, 隔离 to show only),
 * the picked element's IFC properties, distance measuring, a section box, saved viewpoints, and the collaboration
 * issues pinned to an element and a viewpoint (opening one returns to its viewpoint and selects its element).
 * This file and everything 3D load only on this page: the engine loads a renderer when a page names it.
 */
import { Button, Empty, Form, Input, Modal, Progress, Select, Slider, Tabs, Tag, Tree } from '@arco-design/web-react';
import '@arco-design/web-react/es/Button/style/css.js';
import '@arco-design/web-react/es/Empty/style/css.js';
import '@arco-design/web-react/es/Form/style/css.js';
import '@arco-design/web-react/es/Input/style/css.js';
import '@arco-design/web-react/es/Modal/style/css.js';
import '@arco-design/web-react/es/Progress/style/css.js';
import '@arco-design/web-react/es/Select/style/css.js';
import '@arco-design/web-react/es/Slider/style/css.js';
import '@arco-design/web-react/es/Tabs/style/css.js';
import '@arco-design/web-react/es/Tag/style/css.js';
import '@arco-design/web-react/es/Tree/style/css.js';
import { IconLeft } from '@arco-design/web-react/icon';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Upload } from 'tus-js-client';
import { callApi, type CustomRendererProps, useCan, useSeams } from '../../../src/engine/module-api';
import { type BimIssue, type BimModel, bimApis, ISSUE_STATUS, type Member } from '../browser/bim-api';
import { buildTrees, itemIds, type ModelTrees } from '../browser/model-tree';
import { type PropertyGroup, propertyGroups } from '../browser/properties';
import { BimViewer, type Vec3, type Viewpoint } from '../browser/viewer';
import '../browser/bim.css';

type Tool = 'select' | 'measure';

interface SavedView {
  name: string;
  view: Viewpoint;
}

const viewsKey = (modelId: string) => `bim-viewpoints:${modelId}`;
const readViews = (modelId: string): SavedView[] => {
  try {
    return JSON.parse(localStorage.getItem(viewsKey(modelId)) ?? '[]') as SavedView[];
  } catch {
    return [];
  }
};

export default function BimViewerPage({ context, open }: CustomRendererProps) {
  const seams = useSeams();
  const can = useCan();
  const project = context.project as { projectId?: string; projectName?: string } | undefined;
  const projectId = project?.projectId ?? '';
  const canUpload = can('bim:model:edit');
  const canIssue = can('bim:issue:edit');

  const host = useRef<HTMLDivElement>(null);
  const viewer = useRef<BimViewer | null>(null);
  const [models, setModels] = useState<BimModel[] | null>(null);
  // /bim/model?model={id} opens that model (a part from 拆分模型) instead of the newest converted one.
  const [modelId, setModelId] = useState(String((context.query as { model?: unknown } | undefined)?.model ?? ''));
  const [loading, setLoading] = useState('');
  const [trees, setTrees] = useState<ModelTrees | null>(null);
  const [hidden, setHidden] = useState<Set<number>>(new Set());
  const [selected, setSelected] = useState<{ localId: number; name: string; guid: string } | null>(null);
  const [properties, setProperties] = useState<PropertyGroup[]>([]);
  const [tool, setTool] = useState<Tool>('select');
  const measureStart = useRef<Vec3 | null>(null);
  const [distance, setDistance] = useState<number | null>(null);
  const [section, setSection] = useState<{ box: { min: Vec3; max: Vec3 }; cut: { min: Vec3; max: Vec3 } } | null>(null);
  const [views, setViews] = useState<SavedView[]>([]);
  const [issues, setIssues] = useState<BimIssue[]>([]);
  const [rightTab, setRightTab] = useState('properties');
  const [issueDialog, setIssueDialog] = useState<{ issue: BimIssue | null; view: Viewpoint; shot: string } | null>(
    null,
  );
  // Where the camera rests, on the canvas's element: what a test (or a support call) reads to compare views.
  const [camera, setCamera] = useState('');
  const [upload, setUpload] = useState<{ name: string; percent: number } | null>(null);

  const model = models?.find((row) => row.id === modelId);

  const loadModels = useCallback(async () => {
    if (!projectId) return;
    const answer = await callApi<{ msgCode: number; errMsg: string; data?: BimModel[] }>(seams, bimApis.models, {
      variables: { projectId },
    });
    if (answer.msgCode !== 0) return seams.notify.error(answer.errMsg);
    const rows = answer.data ?? [];
    setModels(rows);
    setModelId((current) =>
      rows.some((row) => row.id === current) ? current : (rows.find((row) => row.status === 'ready')?.id ?? ''),
    );
  }, [projectId, seams]);

  useEffect(() => void loadModels(), [loadModels]);

  // While a model converts, its progress is read again every 1.5 s.
  const converting = models?.some((row) => row.status === 'queued' || row.status === 'converting') ?? false;
  useEffect(() => {
    if (!converting) return;
    const timer = setInterval(() => void loadModels(), 1500);
    return () => clearInterval(timer);
  }, [converting, loadModels]);

  useEffect(() => {
    if (!host.current) return;
    const made = new BimViewer(host.current);
    viewer.current = made;
    made.onRest = (view) => setCamera(view.position.map((n) => n.toFixed(1)).join(','));
    return () => {
      viewer.current = null;
      made.dispose();
    };
  }, []);

  const loadIssues = useCallback(async () => {
    if (!modelId) return setIssues([]);
    const answer = await callApi<{ msgCode: number; data?: { dataList: BimIssue[] } }>(seams, bimApis.issues, {
      variables: { projectId, modelId },
    });
    setIssues(answer.data?.dataList ?? []);
  }, [modelId, projectId, seams]);

  // The chosen model, once converted, into the viewer with its trees.
  const ready = model?.status === 'ready';
  useEffect(() => {
    const current = viewer.current;
    if (!current || !modelId || !ready) return;
    let cancelled = false;
    setLoading('正在加载模型…');
    setTrees(null);
    setSelected(null);
    setProperties([]);
    setHidden(new Set());
    setSection(null);
    setDistance(null);
    setViews(readViews(modelId));
    void (async () => {
      const answer = await callApi<{ msgCode: number; errMsg: string; data?: Blob }>(seams, bimApis.fragments, {
        variables: { id: modelId },
        responseType: 'blob',
      });
      if (cancelled) return;
      if (answer.msgCode !== 0 || !answer.data) {
        setLoading('');
        return seams.notify.error(answer.errMsg || '模型加载失败，请稍后重试');
      }
      await current.load(modelId, await answer.data.arrayBuffer());
      const root = await current.spatialTree();
      if (cancelled || !root) return;
      setTrees(buildTrees(root, await current.names(itemIds(root))));
      setLoading('');
    })();
    void loadIssues();
    return () => {
      cancelled = true;
    };
  }, [modelId, ready, seams, loadIssues]);

  const choose = useCallback(async (localId: number | null) => {
    const current = viewer.current;
    if (!current) return;
    if (localId === null) {
      setSelected(null);
      setProperties([]);
      await current.select([]);
      return;
    }
    await current.select([localId]);
    const data = await current.itemData(localId);
    const name = (data as { Name?: { value?: unknown } } | undefined)?.Name?.value;
    setSelected({
      localId,
      name: typeof name === 'string' ? name : `#${localId}`,
      guid: await current.guidOf(localId),
    });
    setProperties(propertyGroups(data as Record<string, unknown> | undefined));
    setRightTab('properties');
  }, []);

  // A click (not a drag) on the canvas picks an element, or a measuring point.
  const down = useRef<{ x: number; y: number } | null>(null);
  const onPointerUp = async (event: React.PointerEvent) => {
    const start = down.current;
    down.current = null;
    if (!start || Math.hypot(event.clientX - start.x, event.clientY - start.y) > 4) return;
    const current = viewer.current;
    if (!current) return;
    const hit = await current.pick(event.clientX, event.clientY);
    if (tool === 'measure') {
      if (!hit) return;
      if (!measureStart.current) {
        current.clearMeasure();
        current.addMark(hit.point);
        measureStart.current = hit.point;
        setDistance(null);
      } else {
        setDistance(current.addMeasure(measureStart.current, hit.point));
        measureStart.current = null;
      }
      return;
    }
    await choose(hit?.localId ?? null);
  };

  const setTreeVisible = async (keys: string[]) => {
    const current = viewer.current;
    if (!current || !trees) return;
    const visible = new Set(
      keys.flatMap((key) => (trees.leaves.get(key)?.length === 1 && key.match(/^c?e:/) ? trees.leaves.get(key)! : [])),
    );
    const all = [...trees.elements.keys()];
    const nextHidden = new Set(all.filter((id) => !visible.has(id)));
    const toHide = all.filter((id) => nextHidden.has(id) && !hidden.has(id));
    const toShow = all.filter((id) => !nextHidden.has(id) && hidden.has(id));
    setHidden(nextHidden);
    await current.setVisible(toHide, false);
    await current.setVisible(toShow, true);
  };

  const isolate = async (key: string) => {
    const current = viewer.current;
    if (!current || !trees) return;
    const ids = trees.leaves.get(key) ?? [];
    const all = [...trees.elements.keys()];
    const keep = new Set(ids);
    setHidden(new Set(all.filter((id) => !keep.has(id))));
    await current.isolate(ids);
  };

  const showAll = async () => {
    setHidden(new Set());
    await viewer.current?.showAll();
  };

  const checkedKeys = (prefix: 'e:' | 'ce:') =>
    trees ? [...trees.elements.keys()].filter((id) => !hidden.has(id)).map((id) => `${prefix}${id}`) : [];

  const treeTitle = (node: { title?: React.ReactNode; _key?: string; dataRef?: { key?: string } }) => {
    const key = String(node.dataRef?.key ?? node._key ?? '');
    return (
      <span className="bim-tree-title" data-key={key}>
        <span className="bim-tree-name">{node.title}</span>
        <Button
          size="mini"
          type="text"
          className="bim-tree-isolate"
          onClick={(event) => {
            event.stopPropagation();
            void isolate(key);
          }}
        >
          隔离
        </Button>
      </span>
    );
  };

  const toggleSection = () => {
    const current = viewer.current;
    if (!current) return;
    if (section) {
      current.setSection(null);
      setSection(null);
      return;
    }
    const box = current.box;
    if (!box) return;
    const whole = { min: box.min.toArray() as Vec3, max: box.max.toArray() as Vec3 };
    setSection({ box: whole, cut: whole });
    current.setSection(whole);
  };

  const moveSection = (axis: 0 | 1 | 2, range: number[]) => {
    if (!section) return;
    const cut = { min: [...section.cut.min] as Vec3, max: [...section.cut.max] as Vec3 };
    cut.min[axis] = range[0]!;
    cut.max[axis] = range[1]!;
    setSection({ ...section, cut });
    viewer.current?.setSection(cut);
  };

  const saveView = () => {
    const current = viewer.current;
    if (!current || !modelId) return;
    const next = [...views, { name: `视点 ${views.length + 1}`, view: current.viewpoint() }];
    setViews(next);
    localStorage.setItem(viewsKey(modelId), JSON.stringify(next));
    seams.notify.success('视点已保存');
  };

  const openView = async (view: Viewpoint) => {
    await viewer.current?.goTo(view);
    const cut = view.section;
    const box = viewer.current?.box;
    setSection(cut && box ? { box: { min: box.min.toArray() as Vec3, max: box.max.toArray() as Vec3 }, cut } : null);
  };

  const openIssue = async (issue: BimIssue) => {
    const current = viewer.current;
    if (!current) return;
    try {
      await openView(JSON.parse(issue.viewpoint) as Viewpoint);
    } catch {
      // An issue without a readable viewpoint still selects its element.
    }
    const localId = issue.elementGuid ? await current.localIdOf(issue.elementGuid) : null;
    await choose(localId);
    setRightTab('issues');
  };

  const newIssue = () => {
    const current = viewer.current;
    if (!current) return;
    setIssueDialog({ issue: null, view: current.viewpoint(), shot: current.screenshot() });
  };

  const uploadModel = async (file: File) => {
    const name = file.name.replace(/\.ifc$/i, '').slice(0, 50) || '模型';
    setUpload({ name: file.name, percent: 0 });
    const task = new Upload(file, {
      endpoint: '/api/files/uploads',
      chunkSize: 5 * 1024 * 1024,
      retryDelays: [0, 1000, 3000, 5000, 10000],
      removeFingerprintOnSuccess: true,
      metadata: { filename: file.name, filetype: 'application/x-step' },
      onBeforeRequest: (request) => {
        for (const [header, value] of Object.entries(seams.transport.authHeaders?.() ?? {}))
          request.setHeader(header, value);
      },
      onProgress: (sent, total) =>
        setUpload({ name: file.name, percent: total ? Math.floor((sent / total) * 100) : 0 }),
      onSuccess: async () => {
        setUpload(null);
        const answer = await callApi<{ msgCode: number; errMsg: string; data?: BimModel }>(seams, bimApis.create, {
          body: { projectId, name, upload: task.url?.split('/').pop() ?? '' },
        });
        if (answer.msgCode !== 0) return seams.notify.error(answer.errMsg);
        seams.notify.success(answer.errMsg || '模型已上传，正在后台转换');
        if (answer.data) setModelId(answer.data.id);
        await loadModels();
      },
      onError: () => {
        setUpload(null);
        seams.notify.error('上传中断，重新选择同一文件可从断点继续');
      },
    });
    const previous = await task.findPreviousUploads();
    if (previous[0]) task.resumeFromPreviousUpload(previous[0]);
    task.start();
  };
  const fileInput = useRef<HTMLInputElement>(null);

  const modelOptions = useMemo(
    () =>
      (models ?? []).map((row) => ({
        value: row.id,
        label:
          row.status === 'ready'
            ? row.name
            : `${row.name}（${row.statusLabel}${row.status === 'converting' ? ` ${row.progress}%` : ''}）`,
      })),
    [models],
  );

  return (
    <div className="bim-page" data-testid="bim-page">
      <div className="bim-toolbar">
        <Button type="text" icon={<IconLeft />} onClick={() => open({ path: '/work-bench' })} data-testid="bim-back">
          工作台
        </Button>
        <span className="bim-title" title={project?.projectName}>
          {project?.projectName ?? ''}
        </span>
        <Select
          className="bim-model-select"
          placeholder={models && models.length === 0 ? '本项目还没有模型' : '选择模型'}
          value={modelId || undefined}
          options={modelOptions}
          onChange={(value: string) => setModelId(value)}
          data-testid="bim-model-select"
        />
        {canUpload && (
          <>
            <Button type="primary" onClick={() => fileInput.current?.click()} disabled={upload !== null}>
              上传模型
            </Button>
            <input
              ref={fileInput}
              type="file"
              accept=".ifc"
              hidden
              data-testid="bim-upload-file"
              onChange={(event) => {
                const file = event.target.files?.[0];
                event.target.value = '';
                if (file) void uploadModel(file);
              }}
            />
          </>
        )}
        {upload && (
          <span className="bim-upload">
            上传 {upload.name}
            <Progress percent={upload.percent} size="small" width={120} />
          </span>
        )}
        {model && model.status !== 'ready' && (
          <span className="bim-conversion" role="status">
            {model.status === 'failed' ? (
              <Tag color="red">{model.error || '转换失败'}</Tag>
            ) : (
              <>
                <Tag color="arcoblue">{model.statusLabel}</Tag>
                <Progress percent={model.progress} size="small" width={120} />
              </>
            )}
          </span>
        )}
        {model?.status === 'ready' && (
          <span className="bim-model-facts">
            {model.ifcSchema} · {model.elementCount} 个构件 · {model.storeys.length} 个楼层
          </span>
        )}
        <span className="bim-toolbar-gap" />
        <Button onClick={() => void viewer.current?.fit()} disabled={!trees}>
          适应窗口
        </Button>
        <Button
          type={tool === 'measure' ? 'primary' : 'secondary'}
          disabled={!trees}
          onClick={() => {
            measureStart.current = null;
            if (tool === 'measure') viewer.current?.clearMeasure();
            setDistance(null);
            setTool(tool === 'measure' ? 'select' : 'measure');
          }}
        >
          测量距离
        </Button>
        <Button type={section ? 'primary' : 'secondary'} disabled={!trees} onClick={toggleSection}>
          剖切框
        </Button>
        <Button disabled={!trees} onClick={saveView}>
          保存视点
        </Button>
        {views.length > 0 && (
          <Select
            className="bim-view-select"
            placeholder="已存视点"
            value={undefined}
            options={views.map((saved, index) => ({ value: index, label: saved.name }))}
            onChange={(index: number) => void openView(views[index]!.view)}
          />
        )}
        {canIssue && (
          <Button type="primary" status="warning" disabled={!trees} onClick={newIssue}>
            新建问题
          </Button>
        )}
      </div>
      <div className="bim-body">
        <aside className="bim-left">
          <Tabs defaultActiveTab="spatial" size="small">
            <Tabs.TabPane key="spatial" title="空间结构">
              {trees ? (
                <Tree
                  className="bim-tree"
                  data-testid="bim-spatial-tree"
                  checkable
                  blockNode
                  size="small"
                  treeData={trees.spatial}
                  checkedKeys={checkedKeys('e:')}
                  defaultExpandedKeys={[...trees.leaves.keys()].filter((key) => key.startsWith('s:'))}
                  onCheck={(keys) => void setTreeVisible(keys as string[])}
                  onSelect={(keys) => {
                    const match = /^e:(\d+)$/.exec(String(keys[0] ?? ''));
                    if (match) void choose(Number(match[1]));
                  }}
                  renderTitle={treeTitle}
                />
              ) : (
                <Empty description={loading || '选择一个已转换的模型'} />
              )}
            </Tabs.TabPane>
            <Tabs.TabPane key="categories" title="构件类别">
              {trees && (
                <Tree
                  className="bim-tree"
                  data-testid="bim-category-tree"
                  checkable
                  blockNode
                  size="small"
                  treeData={trees.categories}
                  checkedKeys={checkedKeys('ce:')}
                  onCheck={(keys) => void setTreeVisible(keys as string[])}
                  onSelect={(keys) => {
                    const match = /^ce:(\d+)$/.exec(String(keys[0] ?? ''));
                    if (match) void choose(Number(match[1]));
                  }}
                  renderTitle={treeTitle}
                />
              )}
            </Tabs.TabPane>
          </Tabs>
          {trees && hidden.size > 0 && (
            <Button long size="small" onClick={() => void showAll()} className="bim-show-all">
              全部显示（已隐藏 {hidden.size} 个构件）
            </Button>
          )}
        </aside>
        <main className="bim-stage">
          <div
            ref={host}
            className={`bim-canvas${tool === 'measure' ? ' bim-measuring' : ''}`}
            data-testid="bim-canvas"
            data-loaded={trees ? 'true' : 'false'}
            data-camera={camera}
            onPointerDown={(event) => (down.current = { x: event.clientX, y: event.clientY })}
            onPointerUp={(event) => void onPointerUp(event)}
          />
          {loading && <div className="bim-stage-note">{loading}</div>}
          {tool === 'measure' && (
            <div className="bim-stage-note" data-testid="bim-distance">
              {distance === null ? '依次点击两个点测量距离' : `距离 ${distance.toFixed(3)} m`}
            </div>
          )}
          {section && (
            <div className="bim-section" data-testid="bim-section">
              {(['X', 'Y', 'Z'] as const).map((axis, index) => (
                <div className="bim-section-row" key={axis}>
                  <span>{axis}</span>
                  <Slider
                    range
                    step={0.1}
                    min={Math.floor(section.box.min[index]! * 10) / 10}
                    max={Math.ceil(section.box.max[index]! * 10) / 10}
                    value={[section.cut.min[index]!, section.cut.max[index]!]}
                    onChange={(value) => moveSection(index as 0 | 1 | 2, value as number[])}
                  />
                </div>
              ))}
            </div>
          )}
        </main>
        <aside className="bim-right">
          <Tabs activeTab={rightTab} onChange={setRightTab} size="small">
            <Tabs.TabPane key="properties" title="构件属性">
              <div className="bim-properties" data-testid="bim-properties">
                {selected ? (
                  properties.map((group) => (
                    <section key={group.title} className="bim-property-group">
                      <h4>{group.title}</h4>
                      <dl>
                        {group.rows.map((row) => (
                          <div key={row.name} className="bim-property-row">
                            <dt>{row.name}</dt>
                            <dd title={row.value}>{row.value}</dd>
                          </div>
                        ))}
                      </dl>
                    </section>
                  ))
                ) : (
                  <Empty description="点击模型中的构件查看属性" />
                )}
              </div>
            </Tabs.TabPane>
            <Tabs.TabPane key="issues" title={`协同问题（${issues.length}）`}>
              <div className="bim-issues" data-testid="bim-issues">
                {issues.length === 0 && <Empty description="暂无问题" />}
                {issues.map((issue) => (
                  <div
                    key={issue.id}
                    className="bim-issue"
                    role="button"
                    tabIndex={0}
                    onClick={() => void openIssue(issue)}
                    onKeyDown={(event) => event.key === 'Enter' && void openIssue(issue)}
                  >
                    {issue.screenshot && <img src={issue.screenshot} alt="" />}
                    <div className="bim-issue-text">
                      <div className="bim-issue-title">
                        <Tag size="small" color={ISSUE_STATUS[issue.status]?.color}>
                          {ISSUE_STATUS[issue.status]?.label ?? issue.status}
                        </Tag>
                        <span title={issue.title}>{issue.title}</span>
                      </div>
                      <div className="bim-issue-meta">
                        {issue.elementName || '未关联构件'} · {issue.assigneeIdLabel || '未指派'}
                      </div>
                    </div>
                    {canIssue && (
                      <Button
                        size="mini"
                        type="text"
                        onClick={(event) => {
                          event.stopPropagation();
                          setIssueDialog({
                            issue,
                            view: JSON.parse(issue.viewpoint || 'null') as Viewpoint,
                            shot: issue.screenshot,
                          });
                        }}
                      >
                        编辑
                      </Button>
                    )}
                  </div>
                ))}
              </div>
            </Tabs.TabPane>
          </Tabs>
        </aside>
      </div>
      {issueDialog && (
        <IssueDialog
          projectId={projectId}
          modelId={modelId}
          element={selected}
          state={issueDialog}
          onClose={() => setIssueDialog(null)}
          onSaved={async () => {
            setIssueDialog(null);
            setRightTab('issues');
            await loadIssues();
          }}
        />
      )}
    </div>
  );
}

interface IssueForm {
  title: string;
  description?: string;
  assigneeId?: string;
  status: string;
}

function IssueDialog({
  projectId,
  modelId,
  element,
  state,
  onClose,
  onSaved,
}: {
  projectId: string;
  modelId: string;
  element: { name: string; guid: string } | null;
  state: { issue: BimIssue | null; view: Viewpoint; shot: string };
  onClose: () => void;
  onSaved: () => Promise<void>;
}) {
  const seams = useSeams();
  const [form] = Form.useForm<IssueForm>();
  const [members, setMembers] = useState<Member[]>([]);
  const [saving, setSaving] = useState(false);
  const { issue } = state;

  useEffect(() => {
    void callApi<{ data?: Member[] }>(seams, bimApis.members, { variables: { projectId } }).then((answer) =>
      setMembers(answer.data ?? []),
    );
  }, [projectId, seams]);

  const submit = async () => {
    const values = await form.validate();
    setSaving(true);
    const body = issue
      ? { ...issue, ...values }
      : {
          projectId,
          modelId,
          ...values,
          elementGuid: element?.guid ?? '',
          elementName: element?.name ?? '',
          viewpoint: JSON.stringify(state.view),
          screenshot: state.shot,
        };
    const answer = await callApi<{ msgCode: number; errMsg: string }>(
      seams,
      issue ? bimApis.updateIssue : bimApis.createIssue,
      { variables: { id: issue?.id ?? '' }, body: body as Record<string, unknown> },
    );
    setSaving(false);
    if (answer.msgCode !== 0) return seams.notify.error(answer.errMsg);
    seams.notify.success(issue ? '问题已保存' : '问题已新建');
    await onSaved();
  };

  const remove = async () => {
    if (!issue) return;
    const answer = await callApi<{ msgCode: number; errMsg: string }>(seams, bimApis.removeIssue, {
      variables: { id: issue.id },
    });
    if (answer.msgCode !== 0) return seams.notify.error(answer.errMsg);
    seams.notify.success('问题已删除');
    await onSaved();
  };

  return (
    <Modal
      visible
      title={issue ? '编辑协同问题' : '新建协同问题'}
      onCancel={onClose}
      onOk={() => void submit()}
      confirmLoading={saving}
      okText="保存"
      style={{ width: 560 }}
      footer={(cancel, ok) => (
        <>
          {issue && (
            <Button status="danger" onClick={() => void remove()}>
              删除
            </Button>
          )}
          {cancel}
          {ok}
        </>
      )}
    >
      {state.shot && <img className="bim-issue-shot" src={state.shot} alt="截图" />}
      <p className="bim-issue-element">
        构件：
        {issue ? issue.elementName || '未关联构件' : element ? element.name : '未选择构件（可先在模型中点选构件）'}
      </p>
      <Form<IssueForm>
        form={form}
        layout="vertical"
        initialValues={
          issue
            ? {
                title: issue.title,
                description: issue.description,
                assigneeId: issue.assigneeId || undefined,
                status: issue.status,
              }
            : { title: '', status: 'open' }
        }
      >
        <Form.Item
          label="问题标题"
          field="title"
          rules={[
            { required: true, message: '请输入问题标题' },
            { maxLength: 50, message: '问题标题不能超过50个字符' },
          ]}
        >
          <Input placeholder="如 风管穿梁，需调整标高" />
        </Form.Item>
        <Form.Item
          label="问题描述"
          field="description"
          rules={[{ maxLength: 500, message: '问题描述不能超过500个字符' }]}
        >
          <Input.TextArea placeholder="问题的位置、影响和建议（选填）" autoSize={{ minRows: 2, maxRows: 5 }} />
        </Form.Item>
        <Form.Item label="负责人" field="assigneeId">
          <Select
            placeholder="请选择负责人"
            allowClear
            showSearch
            options={members.map((member) => ({ value: member.id, label: member.name }))}
          />
        </Form.Item>
        <Form.Item label="状态" field="status" rules={[{ required: true, message: '请选择状态' }]}>
          <Select options={Object.entries(ISSUE_STATUS).map(([value, { label }]) => ({ value, label }))} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
