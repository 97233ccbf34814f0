/**
 * One task: its results as one table (a row per filler and period, a column per form field) with each filler's
 * state, the review (通过 after a confirmation, 退回 with a required comment), each filler's signed link to copy, and
 * the Excel export of the table.
 */
import { Button, Input, Modal, Popconfirm, Result, Table, Tag, Tooltip } from '@arco-design/web-react';
import '@arco-design/web-react/es/Button/style/css.js';
import '@arco-design/web-react/es/Input/style/css.js';
import '@arco-design/web-react/es/Modal/style/css.js';
import '@arco-design/web-react/es/Popconfirm/style/css.js';
import '@arco-design/web-react/es/Result/style/css.js';
import '@arco-design/web-react/es/Table/style/css.js';
import '@arco-design/web-react/es/Tag/style/css.js';
import '@arco-design/web-react/es/Tooltip/style/css.js';
import { IconDownload, IconLeft, IconLink } from '@arco-design/web-react/icon';
import { useState } from 'react';
import { callApi, Loading, useSeams } from '../../../src/engine/module-api';
import {
  type Answer,
  cellText,
  dueText,
  fillApis,
  MsgCodes,
  orderedFields,
  PERIOD_LABELS,
  type ResultRow,
  STATUS_COLORS,
  TARGET_LABELS,
  type TaskDetail as Task,
} from './fill-api';
import { useAnswer } from './use-answer';

interface Props {
  id: string;
  canReview: boolean;
  onBack: () => void;
}

/** A path of the portal as an address to send (the app is served under its base). */
function portalUrl(path: string): string {
  const base = import.meta.env.BASE_URL.replace(/\/$/, '');
  return new URL(`${base}${path}`, window.location.origin).toString();
}

function saveBlob(blob: unknown, name: string) {
  if (!(blob instanceof Blob)) return;
  const link = document.createElement('a');
  link.href = URL.createObjectURL(blob);
  link.download = name;
  link.click();
  setTimeout(() => URL.revokeObjectURL(link.href), 1000);
}

export function TaskDetail({ id, canReview, onBack }: Props) {
  const seams = useSeams();
  const { load, retry, reload } = useAnswer<Task>({
    api: fillApis.task,
    variables: { id },
    acceptCodes: [MsgCodes.notFound],
  });
  const [returning, setReturning] = useState<ResultRow | null>(null);
  const [linkOf, setLinkOf] = useState<ResultRow | null>(null);
  const [busy, setBusy] = useState<string | null>(null);

  const back = (
    <Button key="back" icon={<IconLeft />} onClick={onBack}>
      返回任务列表
    </Button>
  );
  if (load.state === 'loading') return <Loading label="正在读取填报任务…" />;
  if (load.state === 'refused') return <Result status="404" title={load.message || '填报任务不存在'} extra={back} />;
  if (load.state === 'failed')
    return (
      <Result
        status="error"
        title="填报任务加载失败，请检查网络后重试"
        extra={[
          <Button key="retry" type="primary" onClick={retry}>
            重新加载
          </Button>,
          back,
        ]}
      />
    );
  const task = load.value;
  const fields = orderedFields(task.form);
  const count = (status: ResultRow['status']) => task.fills.filter((fill) => fill.status === status).length;

  const exportExcel = async () => {
    setBusy('export');
    try {
      const envelope = await callApi<{ data: unknown }>(seams, fillApis.exportTask, {
        variables: { id },
        responseType: 'blob',
      });
      saveBlob(envelope.data, `${task.title}-填报结果.xlsx`);
    } catch {
      // The transport has said why.
    } finally {
      setBusy(null);
    }
  };
  const review = async (row: ResultRow, decision: 'accept' | 'return', comment = '') => {
    setBusy(row.id);
    try {
      const answer = await callApi<Answer<unknown>>(seams, fillApis.review, {
        variables: { id: row.id },
        body: { decision, comment },
        acceptCodes: [MsgCodes.invalid, MsgCodes.conflict],
      });
      if (answer.msgCode !== 0) {
        seams.notify.error(answer.errMsg);
        return false;
      }
      seams.notify.success(answer.errMsg);
      reload();
      return true;
    } catch {
      return false;
    } finally {
      setBusy(null);
    }
  };

  return (
    <div className="ldf-page" data-testid="ldf-task-detail">
      <div className="ldf-bar">
        <div className="ldf-heading">
          {back}
          <h3 className="ldf-title" title={task.title}>
            {task.title}
          </h3>
          <Tag>{PERIOD_LABELS[task.period]}</Tag>
          <span className="ldf-muted">
            截止：{dueText(task.period, task.due)} · 填报对象：{TARGET_LABELS[task.targetType]} · 表单：
            {task.form.title}
          </span>
        </div>
        <Button icon={<IconDownload />} loading={busy === 'export'} onClick={() => void exportExcel()}>
          导出 Excel
        </Button>
      </div>
      <div className="ldf-counts" data-testid="ldf-task-counts">
        <span>共 {task.fills.length} 份</span>
        <span>待填报 {count('pending') + count('draft')}</span>
        <span>待审核 {count('submitted')}</span>
        <span>已退回 {count('returned')}</span>
        <span>已通过 {count('accepted')}</span>
      </div>
      <Table<ResultRow>
        rowKey="id"
        data={task.fills}
        border={{ wrapper: true, cell: true }}
        scroll={{ x: 1000 + fields.length * 140 }}
        pagination={task.fills.length > 20 ? { pageSize: 20 } : false}
        noDataElement={<div className="ldf-empty">该任务还没有填报人</div>}
        columns={[
          { title: '填报周期', dataIndex: 'periodLabel', width: 130, fixed: 'left' },
          { title: '填报人', dataIndex: 'fillerName', width: 100, fixed: 'left' },
          { title: '项目', dataIndex: 'projectName', width: 160, ellipsis: true },
          { title: '截止日期', dataIndex: 'deadline', width: 110 },
          {
            title: '状态',
            dataIndex: 'statusLabel',
            width: 90,
            render: (label: string, row) => <Tag color={STATUS_COLORS[row.status]}>{label}</Tag>,
          },
          ...fields.map(([name, field]) => ({
            title: field.title ?? name,
            dataIndex: `data.${name}`,
            width: 140,
            ellipsis: true,
            render: (_: unknown, row: ResultRow) => cellText(row.data[name]),
          })),
          {
            title: '审核意见',
            dataIndex: 'comment',
            width: 160,
            ellipsis: true,
            render: (comment: string) =>
              comment ? (
                <Tooltip content={comment}>
                  <span>{comment}</span>
                </Tooltip>
              ) : (
                ''
              ),
          },
          {
            title: '操作',
            width: 150,
            fixed: 'right',
            render: (_: unknown, row) => (
              <span className="ldf-actions">
                <Button type="text" size="mini" icon={<IconLink />} onClick={() => setLinkOf(row)}>
                  链接
                </Button>
                {canReview && row.status === 'submitted' && (
                  <>
                    <Popconfirm
                      title={`确定通过 ${row.fillerName} 的这份填报吗？`}
                      okText="通过"
                      cancelText="再想想"
                      onOk={() => void review(row, 'accept')}
                    >
                      <Button type="text" size="mini" status="success" loading={busy === row.id}>
                        通过
                      </Button>
                    </Popconfirm>
                    <Button type="text" size="mini" status="danger" onClick={() => setReturning(row)}>
                      退回
                    </Button>
                  </>
                )}
              </span>
            ),
          },
        ]}
      />
      {returning && (
        <ReturnDialog
          row={returning}
          onClose={() => setReturning(null)}
          onReturn={async (comment) => {
            if (await review(returning, 'return', comment)) setReturning(null);
          }}
        />
      )}
      {linkOf && <LinkDialog row={linkOf} onClose={() => setLinkOf(null)} />}
    </div>
  );
}

function ReturnDialog(props: { row: ResultRow; onClose: () => void; onReturn: (comment: string) => Promise<void> }) {
  const [comment, setComment] = useState('');
  const [saving, setSaving] = useState(false);
  return (
    <Modal
      visible
      title={`退回 ${props.row.fillerName} 的填报`}
      style={{ width: 560 }}
      okText="退回"
      okButtonProps={{ status: 'danger', loading: saving, disabled: !comment.trim() }}
      onOk={async () => {
        setSaving(true);
        await props.onReturn(comment.trim());
        setSaving(false);
      }}
      onCancel={props.onClose}
      unmountOnExit
    >
      <p className="ldf-muted">退回后填报人可修改原填内容后重新提交，退回意见会显示给填报人。</p>
      <Input.TextArea
        id="ldf-return-comment"
        aria-label="退回意见"
        placeholder="请填写退回意见（必填）"
        maxLength={200}
        showWordLimit
        autoSize={{ minRows: 3, maxRows: 6 }}
        value={comment}
        onChange={setComment}
      />
    </Modal>
  );
}

function LinkDialog({ row, onClose }: { row: ResultRow; onClose: () => void }) {
  const seams = useSeams();
  const url = portalUrl(row.link);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      seams.notify.success('链接已复制');
    } catch {
      seams.notify.error('无法访问剪贴板，请手动复制链接');
    }
  };
  return (
    <Modal visible title={`${row.fillerName}的专属填报链接`} footer={null} style={{ width: 640 }} onCancel={onClose}>
      <p className="ldf-muted">
        链接只对应这一份填报，免登录即可打开、暂存和提交，30 天内有效。请只发给 {row.fillerName} 本人。
      </p>
      <div className="ldf-inline">
        <Input readOnly value={url} aria-label="专属填报链接" data-testid="ldf-fill-link" />
        <Button type="primary" onClick={() => void copy()}>
          复制链接
        </Button>
      </div>
    </Modal>
  );
}
