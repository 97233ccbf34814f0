/**
 * One fill as its filler sees it, logged in or through the signed link: the task, its period and deadline, the
 * reviewer's comment when it came back, and the form (a designer's, so the server checks every rule) with 暂存 (kept
 * as typed) and 提交 (after a confirmation; the server's field errors show under their fields). A submitted or
 * accepted fill shows read-only.
 */
import { Alert, Button, Popconfirm, Result, Tag } from '@arco-design/web-react';
import '@arco-design/web-react/es/Alert/style/css.js';
import '@arco-design/web-react/es/Button/style/css.js';
import '@arco-design/web-react/es/Popconfirm/style/css.js';
import '@arco-design/web-react/es/Result/style/css.js';
import '@arco-design/web-react/es/Tag/style/css.js';
import { IconLeft } from '@arco-design/web-react/icon';
import { useEffect, useState } from 'react';
import { callApi, Loading, ServerCheckedForm, useSeams } from '../../../src/engine/module-api';
import { type Answer, type FieldFault, type FillCalls, type FillView, MsgCodes, STATUS_COLORS } from './fill-api';
import { useAnswer } from './use-answer';

interface Props {
  calls: FillCalls;
  /** Back to the list (logged in); absent for a link, which opens this one fill only. */
  onBack?: () => void;
  /** Told after a save, so the list behind shows the new state. */
  onSaved?: () => void;
}

export function FillPanel({ calls, onBack, onSaved }: Props) {
  const seams = useSeams();
  const { load, retry, replace } = useAnswer<FillView>({
    api: calls.open,
    variables: calls.variables,
    acceptCodes: [MsgCodes.notFound, MsgCodes.forbidden],
  });
  const [values, setValues] = useState<Record<string, unknown>>({});
  const [faults, setFaults] = useState<FieldFault[]>([]);
  const [busy, setBusy] = useState<'draft' | 'submit' | null>(null);
  const fill = load.state === 'ready' ? load.value : undefined;
  useEffect(() => {
    if (fill) setValues(fill.data);
  }, [fill]);

  const back = onBack && (
    <Button key="back" icon={<IconLeft />} onClick={onBack}>
      返回我的填报
    </Button>
  );
  if (load.state === 'loading') return <Loading label="正在打开填报…" />;
  if (load.state === 'refused')
    return <Result status="403" title={load.message || '填报不存在'} extra={back} data-testid="fill-refused" />;
  if (load.state === 'failed')
    return (
      <Result
        status="error"
        title="填报加载失败，请检查网络后重试"
        extra={[
          <Button key="retry" type="primary" onClick={retry}>
            重新加载
          </Button>,
          back,
        ]}
      />
    );
  const view = load.value;

  const save = async (submit: boolean) => {
    setBusy(submit ? 'submit' : 'draft');
    try {
      const answer = await callApi<Answer<FillView | { errors?: FieldFault[] }>>(
        seams,
        submit ? calls.submit : calls.draft,
        { variables: calls.variables, body: { data: values }, acceptCodes: [MsgCodes.invalid, MsgCodes.conflict] },
      );
      if (answer.msgCode === 0) {
        setFaults([]);
        seams.notify.success(answer.errMsg || (submit ? '已提交' : '已暂存'));
        replace(answer.data as FillView);
        onSaved?.();
      } else {
        setFaults((answer.data as { errors?: FieldFault[] } | undefined)?.errors ?? []);
        seams.notify.error(answer.errMsg);
      }
    } catch {
      // The transport has said why.
    } finally {
      setBusy(null);
    }
  };

  return (
    <div className="ldf-fill" data-testid="ldf-fill">
      <div className="ldf-bar">
        <div className="ldf-heading">
          {back}
          <h3 className="ldf-title" title={view.taskTitle}>
            {view.taskTitle}
          </h3>
          <Tag color={STATUS_COLORS[view.status]} data-testid="ldf-fill-status">
            {view.statusLabel}
          </Tag>
        </div>
      </div>
      <dl className="ldf-facts">
        <div>
          <dt>填报周期</dt>
          <dd>{view.periodLabel}</dd>
        </div>
        <div>
          <dt>截止日期</dt>
          <dd>{view.deadline}</dd>
        </div>
        <div>
          <dt>填报人</dt>
          <dd>{view.fillerName}</dd>
        </div>
        {view.projectName && (
          <div>
            <dt>项目</dt>
            <dd>{view.projectName}</dd>
          </div>
        )}
      </dl>
      {view.status === 'returned' && (
        <Alert
          type="warning"
          className="ldf-alert"
          title="已退回，请按审核意见修改后重新提交"
          content={<span data-testid="ldf-return-comment">退回意见：{view.comment}</span>}
        />
      )}
      {view.status === 'submitted' && (
        <Alert type="info" className="ldf-alert" content="已提交，等待审核；审核前不能修改。" />
      )}
      {view.status === 'accepted' && (
        <Alert
          type="success"
          className="ldf-alert"
          content={view.comment ? `已通过。审核意见：${view.comment}` : '已通过审核。'}
        />
      )}
      <div className="ldf-form-card">
        <ServerCheckedForm
          id="ldf-fill"
          schema={view.form.schema}
          uiSchema={view.form.uiSchema}
          value={values}
          onChange={setValues}
          errors={faults}
          disabled={!view.editable || busy !== null}
        >
          {view.editable ? (
            <div className="ldf-form-actions">
              <Button loading={busy === 'draft'} disabled={busy === 'submit'} onClick={() => void save(false)}>
                暂存
              </Button>
              <Popconfirm
                title="提交后等待审核，审核前不能再修改。确定提交吗？"
                okText="提交"
                cancelText="再想想"
                onOk={() => void save(true)}
              >
                <Button type="primary" loading={busy === 'submit'} disabled={busy === 'draft'}>
                  提交
                </Button>
              </Popconfirm>
            </div>
          ) : (
            <></>
          )}
        </ServerCheckedForm>
      </div>
    </div>
  );
}
