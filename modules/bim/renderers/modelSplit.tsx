/**
 * 拆分模型 (page detach-model, /detachmodel/index): a converted model of the project split by storey or by
 * discipline into smaller IFC files, for sites whose tablets cannot open the whole building. The split runs in the
 * background (job bim-split) with its progress; each part is listed with its elements and size, downloads as IFC,
 * and opens alone in 模型浏览 (/bim/model?model={id}) once converted. A split is deleted with its parts.
 */
import { Button, Empty, Popconfirm, Progress, Radio, Select, Spin, Table, Tag } from '@arco-design/web-react';
import '@arco-design/web-react/es/Button/style/css.js';
import '@arco-design/web-react/es/Empty/style/css.js';
import '@arco-design/web-react/es/Popconfirm/style/css.js';
import '@arco-design/web-react/es/Progress/style/css.js';
import '@arco-design/web-react/es/Radio/style/css.js';
import '@arco-design/web-react/es/Select/style/css.js';
import '@arco-design/web-react/es/Spin/style/css.js';
import '@arco-design/web-react/es/Table/style/css.js';
import '@arco-design/web-react/es/Tag/style/css.js';
import { useCallback, useEffect, useState } from 'react';
import { callApi, type CustomRendererProps, useCan, useSeams } from '../../../src/engine/module-api';
import {
  fileSize,
  type ModelSplit,
  saveBlob,
  type SplitMode,
  SPLIT_MODE_OPTIONS,
  type SplitPart,
  type SplitSource,
  splitApis,
} from '../browser/split-api';
import '../browser/split.css';

type Answer<T> = { msgCode: number; errMsg: string; data?: T };

const running = (split: ModelSplit) => split.status === 'queued' || split.status === 'splitting';
const converting = (part: SplitPart) => part.status === 'queued' || part.status === 'converting';

export default function ModelSplitPage({ context, open }: CustomRendererProps) {
  const seams = useSeams();
  const can = useCan();
  const canEdit = can('bim:split:edit');
  const project = context.project as { projectId?: string } | undefined;
  const projectId = project?.projectId ?? '';

  const [sources, setSources] = useState<SplitSource[] | null>(null);
  const [splits, setSplits] = useState<ModelSplit[] | null>(null);
  const [modelId, setModelId] = useState('');
  const [mode, setMode] = useState<SplitMode>('storey');
  const [starting, setStarting] = useState(false);
  const [downloading, setDownloading] = useState('');

  const load = useCallback(async () => {
    if (!projectId) return;
    const [models, list] = await Promise.all([
      callApi<Answer<SplitSource[]>>(seams, splitApis.sources, { variables: { projectId } }),
      callApi<Answer<ModelSplit[]>>(seams, splitApis.splits, { variables: { projectId } }),
    ]);
    if (models.msgCode !== 0) return seams.notify.error(models.errMsg);
    if (list.msgCode !== 0) return seams.notify.error(list.errMsg);
    const rows = models.data ?? [];
    setSources(rows);
    setSplits(list.data ?? []);
    setModelId((current) => (rows.some((row) => row.id === current) ? current : (rows[0]?.id ?? '')));
  }, [projectId, seams]);

  useEffect(() => void load(), [load]);

  // While a split runs or a part converts, the list is read again every 1.5 s.
  const busy = splits?.some((split) => running(split) || split.parts.some(converting)) ?? false;
  useEffect(() => {
    if (!busy) return;
    const timer = setInterval(() => void load(), 1500);
    return () => clearInterval(timer);
  }, [busy, load]);

  const start = async () => {
    if (!modelId) return seams.notify.error('请选择模型');
    setStarting(true);
    const answer = await callApi<Answer<ModelSplit>>(seams, splitApis.create, { body: { modelId, mode } });
    setStarting(false);
    if (answer.msgCode !== 0) return seams.notify.error(answer.errMsg);
    seams.notify.success(answer.errMsg || '已开始拆分模型');
    await load();
  };

  const remove = async (split: ModelSplit) => {
    const answer = await callApi<Answer<unknown>>(seams, splitApis.remove, { variables: { id: split.id } });
    if (answer.msgCode !== 0) return seams.notify.error(answer.errMsg);
    seams.notify.success(answer.errMsg || '拆分已删除');
    await load();
  };

  const download = async (part: SplitPart) => {
    setDownloading(part.id);
    try {
      const answer = await callApi<Answer<Blob>>(seams, splitApis.download, {
        variables: { id: part.id },
        responseType: 'blob',
      });
      if (answer.msgCode !== 0 || !answer.data) return seams.notify.error(answer.errMsg || '下载失败，请稍后重试');
      saveBlob(answer.data, part.fileName);
    } finally {
      setDownloading('');
    }
  };

  if (!projectId) return <Empty description="请先在页头选择项目" />;
  if (!sources || !splits) return <Spin className="split-loading" tip="正在加载…" />;

  const chosenMode = SPLIT_MODE_OPTIONS.find((option) => option.value === mode)!;
  const columns = [
    { title: '部分', dataIndex: 'label', width: 120 },
    { title: '文件名', dataIndex: 'fileName', ellipsis: true },
    { title: '构件数', dataIndex: 'elements', width: 90, align: 'right' as const },
    {
      title: '文件大小',
      dataIndex: 'ifcSize',
      width: 100,
      align: 'right' as const,
      render: (size: number) => fileSize(size),
    },
    {
      title: '浏览',
      dataIndex: 'status',
      width: 170,
      render: (_: unknown, part: SplitPart) =>
        part.status === 'ready' ? (
          <Tag color="green">{part.statusLabel}</Tag>
        ) : part.status === 'failed' ? (
          <Tag color="red" title={part.error}>
            {part.statusLabel}
          </Tag>
        ) : (
          <span className="split-converting">
            <Tag color="arcoblue">{part.statusLabel}</Tag>
            <Progress percent={part.progress} size="small" width={60} />
          </span>
        ),
    },
    {
      title: '操作',
      dataIndex: 'id',
      width: 250,
      render: (_: unknown, part: SplitPart) => (
        <span className="split-actions">
          <Button size="small" type="text" loading={downloading === part.id} onClick={() => void download(part)}>
            下载 IFC
          </Button>
          <Button
            size="small"
            type="text"
            disabled={part.status !== 'ready'}
            onClick={() => open({ path: `/bim/model?model=${encodeURIComponent(part.id)}` })}
          >
            在浏览器中打开
          </Button>
        </span>
      ),
    },
  ];

  return (
    <div className="split-page" data-testid="model-split">
      <section className="split-card split-form">
        <p className="split-intro">
          把整栋楼的模型拆成几个较小的 IFC 文件，平板打不开整栋楼时可下载或单独打开其中一部分。拆出的文件与原模型同为
          IFC2x3 或 IFC4，保留项目、场地、建筑、楼层结构以及构件的位置、几何、颜色、材质和属性。
        </p>
        {sources.length === 0 ? (
          <Empty description="本项目还没有已转换的模型，请先在“模型浏览”中上传模型" />
        ) : (
          <div className="split-controls">
            <label className="split-field">
              <span>模型</span>
              <Select
                className="split-model-select"
                value={modelId || undefined}
                placeholder="选择模型"
                onChange={(value: string) => setModelId(value)}
                options={sources.map((source) => ({
                  value: source.id,
                  label: `${source.name}（${source.ifcSchema} · ${source.elementCount} 个构件 · ${source.storeys} 个楼层）`,
                }))}
                data-testid="split-model-select"
              />
            </label>
            <label className="split-field">
              <span>拆分方式</span>
              <Radio.Group
                type="button"
                value={mode}
                onChange={(value: SplitMode) => setMode(value)}
                options={SPLIT_MODE_OPTIONS.map(({ value, label }) => ({ value, label }))}
              />
            </label>
            <span className="split-hint">{chosenMode.hint}</span>
            {canEdit && (
              <Button type="primary" loading={starting} onClick={() => void start()} data-testid="split-start">
                开始拆分
              </Button>
            )}
          </div>
        )}
      </section>

      {splits.length === 0 ? (
        <section className="split-card">
          <Empty description="还没有拆分记录" />
        </section>
      ) : (
        splits.map((split) => (
          <section className="split-card" key={split.id} data-testid="split-record" data-mode={split.mode}>
            <header className="split-head">
              <span className="split-title" title={split.modelName}>
                {split.modelName} · {split.modeLabel}
              </span>
              {running(split) ? (
                <span className="split-progress" role="status">
                  <Tag color="arcoblue">{split.statusLabel}</Tag>
                  <Progress percent={split.progress} size="small" width={140} />
                </span>
              ) : (
                <Tag color={split.status === 'done' ? 'green' : 'red'} title={split.error}>
                  {split.status === 'done' ? `${split.statusLabel} · ${split.parts.length} 个部分` : split.error}
                </Tag>
              )}
              <span className="split-meta">
                {split.createdByName} · {new Date(split.createdAt).toLocaleString('zh-CN', { hour12: false })}
              </span>
              {canEdit && !running(split) && (
                <Popconfirm
                  title="删除这次拆分？"
                  content="拆分出的模型文件及其协同问题将一并删除，原模型不受影响。"
                  okText="删除"
                  okButtonProps={{ status: 'danger' }}
                  onOk={() => remove(split)}
                >
                  <Button size="small" status="danger" type="text">
                    删除
                  </Button>
                </Popconfirm>
              )}
            </header>
            {split.parts.length > 0 && (
              <Table
                rowKey="id"
                size="small"
                pagination={false}
                columns={columns}
                data={split.parts}
                scroll={{ x: 820 }}
              />
            )}
          </section>
        ))
      )}
    </div>
  );
}
