/**
 * 填报任务 (/ldf/task, page data-fill-tasks), for administrators: the tasks of the companies they manage with each
 * one's progress and overdue count; 新建任务 (form, fillers, period, deadline), the form designer, and a task's
 * results with the review and the Excel export. A custom page rather than the engine's crud page: creating a task
 * passes through the designer and back, which a crud dialog cannot hold. Opened through a filler's signed link
 * (`#/link/<token>`) the path shows that filler's fill instead (module.json `publicPages`, page data-fill-mine).
 */
import { Button, Result, Table, Tag } from '@arco-design/web-react';
import '@arco-design/web-react/es/Button/style/css.js';
import '@arco-design/web-react/es/Result/style/css.js';
import '@arco-design/web-react/es/Table/style/css.js';
import '@arco-design/web-react/es/Tag/style/css.js';
import { IconEdit, IconPlus } from '@arco-design/web-react/icon';
import { useState } from 'react';
import { type CustomRendererProps, Loading, useCan } from '../../../src/engine/module-api';
import { CreateTaskDialog } from '../browser/CreateTaskDialog';
import {
  dueText,
  fillApis,
  type FormDefinition,
  PERIOD_LABELS,
  TARGET_LABELS,
  type TaskRow,
} from '../browser/fill-api';
import { FormDesigner } from '../browser/FormDesigner';
import { TaskDetail } from '../browser/TaskDetail';
import { useAnswer } from '../browser/use-answer';
import '../browser/data-fill.css';

type View =
  | { view: 'list'; creating?: { chosenForm?: string } }
  | { view: 'designer'; start?: FormDefinition }
  | { view: 'detail'; id: string };

export default function DataFillTasks({ file }: CustomRendererProps) {
  const can = useCan();
  const editPermission = (file.options as { editPermission?: string } | undefined)?.editPermission;
  const canEdit = can(editPermission);
  const [view, setView] = useState<View>({ view: 'list' });
  const { load, retry, reload } = useAnswer<TaskRow[]>({ api: fillApis.tasks });

  if (view.view === 'designer')
    return (
      <FormDesigner
        start={view.start}
        onCancel={() => setView({ view: 'list', creating: {} })}
        onSaved={(form) => setView({ view: 'list', creating: { chosenForm: form.id } })}
      />
    );
  if (view.view === 'detail')
    return (
      <TaskDetail
        id={view.id}
        canReview={canEdit}
        onBack={() => {
          reload();
          setView({ view: 'list' });
        }}
      />
    );
  if (load.state === 'loading') return <Loading label="正在读取填报任务…" />;
  if (load.state !== 'ready')
    return (
      <Result
        status="error"
        title={load.state === 'refused' ? load.message : '填报任务加载失败，请检查网络后重试'}
        extra={
          <Button type="primary" onClick={retry}>
            重新加载
          </Button>
        }
      />
    );

  return (
    <div className="ldf-page" data-testid="ldf-tasks">
      <div className="ldf-bar">
        <div className="ldf-heading">
          <span className="ldf-muted">共 {load.value.length} 个任务，点任务名称查看填报结果与审核</span>
        </div>
        {canEdit && (
          <div className="ldf-inline">
            <Button icon={<IconEdit />} onClick={() => setView({ view: 'designer' })}>
              设计表单
            </Button>
            <Button type="primary" icon={<IconPlus />} onClick={() => setView({ view: 'list', creating: {} })}>
              新建任务
            </Button>
          </div>
        )}
      </div>
      <Table<TaskRow>
        rowKey="id"
        data={load.value}
        pagination={load.value.length > 10 ? { pageSize: 10 } : false}
        noDataElement={<div className="ldf-empty">暂无填报任务{canEdit ? '，点“新建任务”下发第一个' : ''}</div>}
        columns={[
          {
            title: '任务名称',
            dataIndex: 'title',
            render: (title: string, row) => (
              <Button type="text" className="ldf-link" onClick={() => setView({ view: 'detail', id: row.id })}>
                {title}
              </Button>
            ),
          },
          { title: '表单', dataIndex: 'formTitle', width: 200, ellipsis: true },
          {
            title: '填报对象',
            dataIndex: 'targetType',
            width: 100,
            render: (type: TaskRow['targetType']) => TARGET_LABELS[type],
          },
          {
            title: '周期',
            dataIndex: 'period',
            width: 160,
            render: (period: TaskRow['period'], row) => (
              <span className="ldf-nowrap">
                {PERIOD_LABELS[period]}（{dueText(period, row.due)}截止）
              </span>
            ),
          },
          {
            title: '已提交 / 应填',
            dataIndex: 'submitted',
            width: 130,
            render: (submitted: number, row) => `${submitted} / ${row.total}`,
          },
          {
            title: '逾期未交',
            dataIndex: 'overdue',
            width: 100,
            render: (overdue: number) =>
              overdue > 0 ? <Tag color="red">{overdue} 份</Tag> : <Tag color="green">无</Tag>,
          },
          {
            title: '操作',
            width: 110,
            render: (_: unknown, row) => (
              <Button type="text" size="small" onClick={() => setView({ view: 'detail', id: row.id })}>
                查看结果
              </Button>
            ),
          },
        ]}
      />
      {view.creating && (
        <CreateTaskDialog
          chosenForm={view.creating.chosenForm}
          onClose={() => setView({ view: 'list' })}
          onDesign={(start) => setView({ view: 'designer', start })}
          onCreated={(id) => {
            reload();
            setView({ view: 'detail', id });
          }}
        />
      )}
    </div>
  );
}
