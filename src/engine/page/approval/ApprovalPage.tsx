/**
 * An `approval` page: one approval as the server describes it (GET /api/workflow/instances/:id): the starter's
 * form read-only with the labels of its own schema, the attachments, the flow as a timeline with the current node
 * highlighted, the history, and a bar of the actions the server says the caller may take (`can.*`), each a form
 * dialog or a confirmation, declared in the page file. After an action the approval and the boxes it moves
 * between are read again; other people's actions arrive as events (`refreshOn`).
 */
import { Button, Modal, Popconfirm, Tag, Timeline } from '@arco-design/web-react';
import '@arco-design/web-react/es/Button/style/css.js';
import '@arco-design/web-react/es/Modal/style/css.js';
import '@arco-design/web-react/es/Popconfirm/style/css.js';
import '@arco-design/web-react/es/Tag/style/css.js';
import '@arco-design/web-react/es/Timeline/style/css.js';
import { useState } from 'react';
import { pickPath } from '../../api';
import { runAction } from '../../actions';
import { SchemaForm } from '../../form/SchemaForm';
import type { PageRendererProps } from '../../renderers';
import { useCan, useSeams } from '../../seams';
import { PageRecord } from '../page-access';
import { renderTemplate, type TemplateContext } from '../../template';
import type { ApprovalAction, ApprovalPageFile } from '../../types';
import { useInvalidateUrls } from '../../use-api';
import { ApprovalFlow, type FlowNode } from './approval-flow';
import { FormValues } from './form-values';
import { AttachmentList } from '../../../widgets/attachments/AttachmentList';
import './approval-page.css';

/** What the page reads of the detail answer. */
interface ApprovalRecord {
  id: string;
  processName: string;
  title: string;
  status: string;
  statusLabel: string;
  projectName: string;
  starterName: string;
  startTime: string;
  endTime: string;
  form: { schema: Record<string, unknown>; uiSchema?: Record<string, unknown> };
  data: Record<string, unknown>;
  /** The words for ids the form holds (GET /api/workflow/instances/{id} `labels`). */
  labels?: Record<string, string>;
  attachments: string[];
  currentNode: { name: string } | null;
  nodes: FlowNode[];
  history: HistoryEntry[];
}

interface HistoryEntry {
  seq: number;
  actionLabel: string;
  userName: string;
  nodeName: string;
  targetName: string;
  detail: string;
  comment: string;
  attachments: string[];
  time: string;
}

const STATUS_COLORS: Record<string, string> = {
  running: 'arcoblue',
  approved: 'green',
  rejected: 'red',
  withdrawn: 'gray',
};

export function ApprovalPage({ file, context }: PageRendererProps<'approval'>) {
  const can = useCan();
  const params = (renderTemplate(file.load.params ?? {}, context) ?? {}) as Record<string, unknown>;
  return (
    <PageRecord<ApprovalRecord>
      allowed={can(file.permission)}
      api={file.load.api}
      params={params}
      refreshOn={file.refreshOn}
    >
      {(record, reload) => <LoadedApproval file={file} context={context} record={record} onChanged={reload} />}
    </PageRecord>
  );
}

interface LoadedApprovalProps {
  file: ApprovalPageFile;
  context: TemplateContext;
  record: ApprovalRecord;
  onChanged: () => void;
}

function LoadedApproval({ file, context, record, onChanged }: LoadedApprovalProps) {
  const seams = useSeams();
  const [acting, setActing] = useState<ApprovalAction | null>(null);
  const refreshBoxes = useInvalidateUrls(file.refreshAfter ?? []);
  const actionContext: TemplateContext = { ...context, record };
  const offered = file.actions.filter((action) => pickPath(record, action.when) === true);

  /** The server's own words for what happened, then everything that shows this approval is read again. */
  const done = async (envelope: unknown) => {
    const said = pickPath(envelope, 'errMsg');
    seams.notify.success(typeof said === 'string' && said !== '' ? said : '操作成功');
    setActing(null);
    onChanged();
    await refreshBoxes();
  };
  const callAt = async (action: ApprovalAction) => {
    try {
      await done(await runAction(seams, action.submit, actionContext));
    } catch {
      // the transport has shown the server's message
    }
  };

  return (
    <section className="approval-page" data-testid={`approval-${file.id}`}>
      <header className="approval-header">
        <div>
          <h2>
            {record.processName}
            <span className="approval-title">{record.title}</span>
            <Tag color={STATUS_COLORS[record.status] ?? 'gray'} data-testid="approval-status">
              {record.statusLabel}
            </Tag>
          </h2>
          <p className="approval-meta">
            <span>发起人：{record.starterName}</span>
            <span>所属项目：{record.projectName}</span>
            <span>发起时间：{record.startTime}</span>
            {record.currentNode && <span>当前节点：{record.currentNode.name}</span>}
          </p>
        </div>
        {/* The approval as a paper form: what was asked, the flow and every step, for the file (approval-page.css). */}
        <Button className="approval-print" onClick={() => window.print()} data-testid="approval-print">
          打印审批单
        </Button>
      </header>
      <div className="approval-columns">
        <div className="approval-main">
          <section className="approval-section">
            <h3>申请内容</h3>
            <FormValues
              schema={record.form.schema}
              uiSchema={record.form.uiSchema}
              values={record.data}
              labels={record.labels}
            />
          </section>
          <section className="approval-section" data-testid="approval-attachments">
            <h3>附件</h3>
            <AttachmentList urls={record.attachments} label="附件" />
          </section>
          <section className="approval-section" data-testid="approval-history">
            <h3>审批记录</h3>
            {record.history.length === 0 ? (
              <p className="approval-empty">暂无记录</p>
            ) : (
              <Timeline>
                {record.history.map((entry) => (
                  <Timeline.Item key={entry.seq} label={entry.time}>
                    <b className="history-action">{entry.actionLabel}</b>
                    <span className="history-who">{entry.userName}</span>
                    {entry.nodeName && <span className="history-node">{entry.nodeName}</span>}
                    {entry.targetName && <span className="history-target">→ {entry.targetName}</span>}
                    {entry.detail && <span className="history-detail">{entry.detail}</span>}
                    {entry.comment && <p className="history-comment">{entry.comment}</p>}
                    {entry.attachments.length > 0 && <AttachmentList urls={entry.attachments} label="附件" />}
                  </Timeline.Item>
                ))}
              </Timeline>
            )}
          </section>
        </div>
        <aside className="approval-side">
          <h3>审批流程</h3>
          <ApprovalFlow
            starterName={record.starterName}
            startTime={record.startTime}
            status={record.status}
            statusLabel={record.statusLabel}
            endTime={record.endTime}
            nodes={record.nodes}
          />
        </aside>
      </div>
      {offered.length > 0 && (
        <footer className="approval-actions" data-testid="approval-actions">
          {offered.map((action) => {
            const button = (
              <Button
                key={action.label}
                type={action.look === 'primary' ? 'primary' : action.look === 'danger' ? 'outline' : 'secondary'}
                status={action.look === 'danger' ? 'danger' : undefined}
                onClick={action.form ? () => setActing(action) : undefined}
              >
                {action.label}
              </Button>
            );
            return action.form ? (
              button
            ) : (
              <Popconfirm
                key={action.label}
                title={action.confirm ?? `确定${action.label}吗？`}
                okText="确定"
                cancelText="取消"
                onOk={() => callAt(action)}
              >
                {button}
              </Popconfirm>
            );
          })}
        </footer>
      )}
      {acting?.form && (
        <Modal
          visible
          title={acting.title ?? acting.label}
          style={{ width: 560 }}
          footer={null}
          maskClosable={false}
          onCancel={() => setActing(null)}
          unmountOnExit
        >
          <SchemaForm
            formId={acting.form}
            context={actionContext}
            actions={[acting.submit]}
            onSubmitted={(envelope) => done(envelope)}
            testId="approval-action-form"
          />
        </Modal>
      )}
    </section>
  );
}
