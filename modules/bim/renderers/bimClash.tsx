/**
 * 碰撞检查 (page bim-clash, /bim/clash): pick two element sets (a model and a discipline each: two models, or two
 * disciplines of one model) and a tolerance, run the check (the job bim-clash, its progress polled), list what it
 * found (元素A, 元素B, 楼层, 距离, 状态, 负责人, filtered by status), and open a clash in the viewer
 * (browser/viewer.ts) at its viewpoint with both elements highlighted, alone or among the others. Status and
 * assignee are changed in the list; a rerun of the same sets keeps them.
 */
import {
  Button,
  Empty,
  InputNumber,
  Popconfirm,
  Progress,
  Radio,
  Select,
  Switch,
  Table,
  Tag,
} from '@arco-design/web-react';
import '@arco-design/web-react/es/Button/style/css.js';
import '@arco-design/web-react/es/Empty/style/css.js';
import '@arco-design/web-react/es/InputNumber/style/css.js';
import '@arco-design/web-react/es/Popconfirm/style/css.js';
import '@arco-design/web-react/es/Progress/style/css.js';
import '@arco-design/web-react/es/Radio/style/css.js';
import '@arco-design/web-react/es/Select/style/css.js';
import '@arco-design/web-react/es/Switch/style/css.js';
import '@arco-design/web-react/es/Table/style/css.js';
import '@arco-design/web-react/es/Tag/style/css.js';
import { IconLeft } from '@arco-design/web-react/icon';
import { useCallback, useEffect, useRef, useState } from 'react';
import { callApi, type CustomRendererProps, useCan, useSeams } from '../../../src/engine/module-api';
import { type BimModel, bimApis, type Member } from '../browser/bim-api';
import {
  CLASH_STATUS,
  type Clash,
  type ClashCheck,
  type ClashDiscipline,
  type ClashStatus,
  clashApis,
} from '../browser/clash-api';
import { BimViewer } from '../browser/viewer';
import '../browser/bim.css';
import '../browser/clash.css';

interface Answer<T> {
  msgCode: number;
  errMsg: string;
  data?: T;
}

interface Sets {
  modelA: string;
  disciplineA: string;
  modelB: string;
  disciplineB: string;
  toleranceMm: number;
}

const running = (check: ClashCheck | undefined) => check?.status === 'queued' || check?.status === 'running';

export default function BimClashPage({ context, open }: CustomRendererProps) {
  const seams = useSeams();
  const can = useCan();
  const canEdit = can('bim:clash:edit');
  const project = context.project as { projectId?: string; projectName?: string } | undefined;
  const projectId = project?.projectId ?? '';

  const host = useRef<HTMLDivElement>(null);
  const viewer = useRef<BimViewer | null>(null);
  /** The models the viewer holds: the first, and the one beside it (a check of two models). */
  const loaded = useRef<{ main: string; beside: string }>({ main: '', beside: '' });
  const [models, setModels] = useState<BimModel[]>([]);
  const [disciplines, setDisciplines] = useState<ClashDiscipline[]>([]);
  const [members, setMembers] = useState<Member[]>([]);
  const [checks, setChecks] = useState<ClashCheck[] | null>(null);
  const [checkId, setCheckId] = useState('');
  const [sets, setSets] = useState<Sets>({
    modelA: '',
    disciplineA: 'structure',
    modelB: '',
    disciplineB: 'mep',
    toleranceMm: 10,
  });
  const [clashes, setClashes] = useState<Clash[]>([]);
  const [filter, setFilter] = useState<'all' | ClashStatus>('all');
  const [current, setCurrent] = useState<Clash | null>(null);
  const [isolate, setIsolate] = useState(true);
  const [note, setNote] = useState('');
  // Where the camera rests, on the canvas's element: what a test reads to know the viewpoint was reached.
  const [camera, setCamera] = useState('');

  const check = checks?.find((row) => row.id === checkId);

  const loadChecks = useCallback(async () => {
    if (!projectId) return;
    const answer = await callApi<Answer<ClashCheck[]>>(seams, clashApis.checks, { variables: { projectId } });
    if (answer.msgCode !== 0) return seams.notify.error(answer.errMsg);
    const rows = answer.data ?? [];
    setChecks(rows);
    setCheckId((id) => (rows.some((row) => row.id === id) ? id : (rows[0]?.id ?? '')));
  }, [projectId, seams]);

  useEffect(() => {
    if (!projectId) return;
    void (async () => {
      const [modelAnswer, disciplineAnswer, memberAnswer] = await Promise.all([
        callApi<Answer<BimModel[]>>(seams, bimApis.models, { variables: { projectId } }),
        callApi<Answer<ClashDiscipline[]>>(seams, clashApis.disciplines, {}),
        callApi<Answer<Member[]>>(seams, bimApis.members, { variables: { projectId } }),
      ]);
      const ready = (modelAnswer.data ?? []).filter((model) => model.status === 'ready');
      setModels(ready);
      setDisciplines(disciplineAnswer.data ?? []);
      setMembers(memberAnswer.data ?? []);
      setSets((old) => ({
        ...old,
        modelA: old.modelA || (ready[0]?.id ?? ''),
        modelB: old.modelB || (ready[0]?.id ?? ''),
      }));
    })();
    void loadChecks();
  }, [projectId, seams, loadChecks]);

  // The chosen check's settings in the form, so that 运行检查 runs it again.
  useEffect(() => {
    if (!check) return;
    setSets({
      modelA: check.modelA,
      disciplineA: check.disciplineA,
      modelB: check.modelB,
      disciplineB: check.disciplineB,
      toleranceMm: check.toleranceMm,
    });
  }, [check?.id]); // eslint-disable-line react-hooks/exhaustive-deps

  // While the check runs, its progress is read again every second.
  const isRunning = running(check);
  useEffect(() => {
    if (!isRunning || !checkId) return;
    const timer = setInterval(async () => {
      const answer = await callApi<Answer<ClashCheck>>(seams, clashApis.check, { variables: { id: checkId } });
      const fresh = answer.data;
      if (fresh) setChecks((rows) => (rows ?? []).map((row) => (row.id === fresh.id ? fresh : row)));
    }, 1000);
    return () => clearInterval(timer);
  }, [isRunning, checkId, seams]);

  const loadClashes = useCallback(async () => {
    if (!checkId || isRunning) return setClashes([]);
    const answer = await callApi<Answer<Clash[]>>(seams, clashApis.clashes, { variables: { id: checkId } });
    if (answer.msgCode !== 0) return seams.notify.error(answer.errMsg);
    setClashes(answer.data ?? []);
  }, [checkId, isRunning, seams]);
  useEffect(() => void loadClashes(), [loadClashes, check?.run]);

  useEffect(() => {
    if (!host.current) return;
    const made = new BimViewer(host.current);
    viewer.current = made;
    made.onRest = (view) => setCamera(view.position.map((n) => n.toFixed(1)).join(','));
    return () => {
      viewer.current = null;
      loaded.current = { main: '', beside: '' };
      made.dispose();
    };
  }, []);

  const fragmentsOf = async (id: string): Promise<ArrayBuffer | null> => {
    const answer = await callApi<Answer<Blob>>(seams, bimApis.fragments, {
      variables: { id },
      responseType: 'blob',
    });
    if (answer.msgCode !== 0 || !answer.data) {
      seams.notify.error(answer.errMsg || '模型加载失败，请稍后重试');
      return null;
    }
    return answer.data.arrayBuffer();
  };

  /** The check's models in the viewer (loaded once per check). */
  const ensureModels = async (shown: ClashCheck): Promise<boolean> => {
    const view = viewer.current;
    if (!view) return false;
    const beside = shown.modelB === shown.modelA ? '' : shown.modelB;
    if (loaded.current.main === shown.modelA && loaded.current.beside === beside) return true;
    setNote('正在加载模型…');
    try {
      const main = await fragmentsOf(shown.modelA);
      if (!main) return false;
      await view.load(shown.modelA, main);
      if (beside) {
        const other = await fragmentsOf(beside);
        if (!other) return false;
        await view.loadBeside(beside, other);
      }
      loaded.current = { main: shown.modelA, beside };
      return true;
    } finally {
      setNote('');
    }
  };

  // Clashes open one after the other (a click while models load waits for them), and only the last one asked for.
  const opening = useRef<Promise<void>>(Promise.resolve());
  const wanted = useRef('');
  const [shownId, setShownId] = useState('');
  const openClash = (clash: Clash, alone = isolate) => {
    setCurrent(clash);
    const key = `${clash.id}:${alone}`;
    wanted.current = key;
    opening.current = opening.current
      .then(async () => {
        const view = viewer.current;
        if (!view || !check || wanted.current !== key) return;
        if (!(await ensureModels(check)) || wanted.current !== key) return;
        await view.showClash(
          { localId: clash.a.localId, beside: false },
          { localId: clash.b.localId, beside: check.modelB !== check.modelA },
          alone,
        );
        // Alone, the two elements need no cut; among the others, the section box keeps the slab above out of view.
        await view.goTo({ ...clash.viewpoint, section: alone ? null : clash.viewpoint.section });
        setShownId(clash.id);
      })
      .catch(() => seams.notify.error('模型加载失败，请稍后重试'));
    return opening.current;
  };

  // The first clash of a check is shown as soon as its list arrives.
  useEffect(() => {
    if (clashes.length > 0 && !clashes.some((clash) => clash.id === current?.id)) void openClash(clashes[0]!);
  }, [clashes]); // eslint-disable-line react-hooks/exhaustive-deps

  const runCheck = async () => {
    if (!sets.modelA || !sets.modelB) return seams.notify.error('请选择模型');
    const answer = await callApi<Answer<ClashCheck>>(seams, clashApis.run, {
      body: { projectId, ...sets } as unknown as Record<string, unknown>,
    });
    if (answer.msgCode !== 0) return seams.notify.error(answer.errMsg);
    seams.notify.success(answer.errMsg || '碰撞检查已开始');
    if (answer.data) {
      const started = answer.data;
      setChecks((rows) => [started, ...(rows ?? []).filter((row) => row.id !== started.id)]);
      setCheckId(started.id);
      setCurrent(null);
    }
  };

  const removeCheck = async () => {
    if (!check) return;
    const answer = await callApi<Answer<unknown>>(seams, clashApis.remove, { variables: { id: check.id } });
    if (answer.msgCode !== 0) return seams.notify.error(answer.errMsg);
    seams.notify.success('碰撞检查已删除');
    setCheckId('');
    await loadChecks();
  };

  const update = async (clash: Clash, change: { status?: ClashStatus; assigneeId?: string }) => {
    const answer = await callApi<Answer<Clash>>(seams, clashApis.update, {
      variables: { id: clash.id },
      body: { status: change.status ?? clash.status, assigneeId: change.assigneeId ?? clash.assigneeId },
    });
    if (answer.msgCode !== 0) return seams.notify.error(answer.errMsg);
    seams.notify.success(answer.errMsg || '已保存');
    const changed = answer.data;
    if (changed) setClashes((rows) => rows.map((row) => (row.id === changed.id ? changed : row)));
  };

  const modelOptions = models.map((model) => ({ value: model.id, label: model.name }));
  const disciplineOptions = disciplines.map((row) => ({ value: row.key, label: row.label }));
  const disciplineLabel = (key: string) => disciplines.find((row) => row.key === key)?.label ?? key;
  const checkLabel = (row: ClashCheck) =>
    `${row.modelAName}·${disciplineLabel(row.disciplineA)} × ` +
    `${row.modelB === row.modelA ? '' : `${row.modelBName}·`}${disciplineLabel(row.disciplineB)}`;
  const shown = filter === 'all' ? clashes : clashes.filter((clash) => clash.status === filter);
  const counts = (status: ClashStatus) => clashes.filter((clash) => clash.status === status).length;

  const element = (ref: Clash['a']) => (
    <span className="bim-clash-element" title={`${ref.name}（${ref.ifcClass}，${ref.guid}）`}>
      {ref.name}
    </span>
  );

  return (
    <div className="bim-page" data-testid="bim-clash-page">
      <div className="bim-toolbar">
        <Button type="text" icon={<IconLeft />} onClick={() => open({ path: '/work-bench' })}>
          工作台
        </Button>
        <span className="bim-title" title={project?.projectName}>
          {project?.projectName ?? ''}
        </span>
        <span className="bim-clash-heading">碰撞检查</span>
        <span className="bim-toolbar-gap" />
        <Button onClick={() => open({ path: '/bim/model' })}>模型浏览</Button>
      </div>
      <div className="bim-body">
        <aside className="bim-clash-side">
          <section className="bim-clash-form" data-testid="bim-clash-form">
            <div className="bim-clash-row">
              <span className="bim-clash-label">模型A</span>
              <Select
                value={sets.modelA || undefined}
                placeholder={models.length === 0 ? '本项目还没有已转换的模型' : '选择模型'}
                options={modelOptions}
                onChange={(value: string) => setSets({ ...sets, modelA: value })}
              />
              <Select
                className="bim-clash-discipline"
                value={sets.disciplineA}
                options={disciplineOptions}
                onChange={(value: string) => setSets({ ...sets, disciplineA: value })}
                data-testid="bim-clash-discipline-a"
              />
            </div>
            <div className="bim-clash-row">
              <span className="bim-clash-label">模型B</span>
              <Select
                value={sets.modelB || undefined}
                placeholder="选择模型"
                options={modelOptions}
                onChange={(value: string) => setSets({ ...sets, modelB: value })}
              />
              <Select
                className="bim-clash-discipline"
                value={sets.disciplineB}
                options={disciplineOptions}
                onChange={(value: string) => setSets({ ...sets, disciplineB: value })}
                data-testid="bim-clash-discipline-b"
              />
            </div>
            <div className="bim-clash-row">
              <span className="bim-clash-label">容差</span>
              <InputNumber
                className="bim-clash-tolerance"
                min={0}
                max={1000}
                precision={0}
                suffix="mm"
                value={sets.toleranceMm}
                onChange={(value) => setSets({ ...sets, toleranceMm: Number(value ?? 0) })}
                data-testid="bim-clash-tolerance"
              />
              <span className="bim-clash-hint">穿透深度超过容差才算碰撞</span>
              {canEdit && (
                <Button type="primary" loading={isRunning} onClick={() => void runCheck()}>
                  {isRunning ? '检查中' : '运行检查'}
                </Button>
              )}
            </div>
          </section>
          <section className="bim-clash-run">
            <div className="bim-clash-row">
              <span className="bim-clash-label">检查</span>
              <Select
                value={checkId || undefined}
                placeholder={checks && checks.length === 0 ? '还没有碰撞检查' : '选择碰撞检查'}
                options={(checks ?? []).map((row) => ({ value: row.id, label: checkLabel(row) }))}
                onChange={(value: string) => {
                  setCheckId(value);
                  setCurrent(null);
                }}
                data-testid="bim-clash-checks"
              />
              {canEdit && check && !isRunning && (
                <Popconfirm title="删除该碰撞检查及其全部碰撞记录？" onOk={() => void removeCheck()}>
                  <Button status="danger">删除</Button>
                </Popconfirm>
              )}
            </div>
            {check && (
              <div className="bim-clash-state" role="status" data-testid="bim-clash-state">
                {isRunning ? (
                  <>
                    <Tag color="arcoblue">{check.statusLabel}</Tag>
                    <Progress percent={check.progress} size="small" width={200} />
                  </>
                ) : check.status === 'failed' ? (
                  <Tag color="red">{check.error || check.statusLabel}</Tag>
                ) : (
                  <span>
                    容差 {check.toleranceMm} mm · {check.elementsA} × {check.elementsB} 个构件 · 发现 {check.clashCount}{' '}
                    处碰撞 · 用时 {(check.checkMs / 1000).toFixed(1)} 秒
                  </span>
                )}
              </div>
            )}
          </section>
          <Radio.Group
            type="button"
            size="small"
            className="bim-clash-filter"
            value={filter}
            onChange={(value: 'all' | ClashStatus) => setFilter(value)}
          >
            <Radio value="all">全部 {clashes.length}</Radio>
            {(Object.keys(CLASH_STATUS) as ClashStatus[]).map((status) => (
              <Radio key={status} value={status}>
                {CLASH_STATUS[status].label} {counts(status)}
              </Radio>
            ))}
          </Radio.Group>
          <Table
            className="bim-clash-table"
            data-testid="bim-clash-table"
            size="small"
            rowKey="id"
            border={false}
            pagination={shown.length > 50 ? { pageSize: 50, size: 'mini' } : false}
            data={shown}
            scroll={{ y: true }}
            noDataElement={
              <Empty description={isRunning ? '正在检查…' : check ? '没有碰撞' : '选择模型与专业后运行碰撞检查'} />
            }
            rowClassName={(row: Clash) => (row.id === current?.id ? 'bim-clash-current' : '')}
            onRow={(row: Clash) => ({ onClick: () => void openClash(row) })}
            columns={[
              { title: '元素A', dataIndex: 'a', render: (_: unknown, row: Clash) => element(row.a) },
              { title: '元素B', dataIndex: 'b', render: (_: unknown, row: Clash) => element(row.b) },
              { title: '楼层', dataIndex: 'storey', width: 64 },
              { title: '距离(mm)', dataIndex: 'distanceMm', width: 80, align: 'right' },
              {
                title: '状态',
                dataIndex: 'status',
                width: 108,
                render: (_: unknown, row: Clash) =>
                  canEdit ? (
                    <span onClick={(event) => event.stopPropagation()}>
                      <Select
                        size="mini"
                        value={row.status}
                        options={(Object.keys(CLASH_STATUS) as ClashStatus[]).map((status) => ({
                          value: status,
                          label: CLASH_STATUS[status].label,
                        }))}
                        onChange={(status: ClashStatus) => void update(row, { status })}
                        data-testid="bim-clash-status"
                      />
                    </span>
                  ) : (
                    <Tag color={CLASH_STATUS[row.status].color}>{row.statusLabel}</Tag>
                  ),
              },
              {
                title: '负责人',
                dataIndex: 'assigneeId',
                width: 112,
                render: (_: unknown, row: Clash) =>
                  canEdit ? (
                    <span onClick={(event) => event.stopPropagation()}>
                      <Select
                        size="mini"
                        allowClear
                        showSearch
                        placeholder="未指派"
                        value={row.assigneeId || undefined}
                        options={members.map((member) => ({ value: member.id, label: member.name }))}
                        onChange={(assigneeId?: string) => void update(row, { assigneeId: assigneeId ?? '' })}
                      />
                    </span>
                  ) : (
                    row.assigneeName || '未指派'
                  ),
              },
            ]}
          />
        </aside>
        <main className="bim-stage">
          <div
            ref={host}
            className="bim-canvas"
            data-testid="bim-canvas"
            data-camera={camera}
            data-clash={current?.id ?? ''}
            data-shown={shownId}
            data-viewpoint={current ? current.viewpoint.position.map((n) => n.toFixed(1)).join(',') : ''}
          />
          {note && <div className="bim-stage-note">{note}</div>}
          {current && (
            <div className="bim-clash-legend" data-testid="bim-clash-legend">
              <span>
                <i className="bim-clash-swatch bim-clash-a" />
                {current.a.name}
              </span>
              <span>
                <i className="bim-clash-swatch bim-clash-b" />
                {current.b.name}
              </span>
              <span>
                {current.storey} · 穿透 {current.distanceMm} mm
              </span>
              <span className="bim-clash-isolate">
                只看碰撞构件
                <Switch
                  size="small"
                  checked={isolate}
                  onChange={(value) => {
                    setIsolate(value);
                    void openClash(current, value);
                  }}
                />
              </span>
            </div>
          )}
          {!current && !note && <div className="bim-stage-note">点击碰撞，在模型中定位</div>}
        </main>
      </div>
    </div>
  );
}
