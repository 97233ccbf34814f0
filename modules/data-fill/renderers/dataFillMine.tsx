/**
 * 数据填报 (/ldf/fill_data, page data-fill-mine): the signed-in user's fills by state (待填报, 已暂存, 待审核, 已退回
 * with the reviewer's comment, 已通过; overdue ones marked), and one opened in its form with 暂存 and 提交
 * (`?fill=<id>` opens one at once: the overdue reminder's link). Opened through a filler's signed link
 * (`#/link/<token>`, module.json `publicPages`), it shows that one fill, without a login.
 */
import { Button, Radio, Result, Table, Tag, Tooltip } from '@arco-design/web-react';
import '@arco-design/web-react/es/Button/style/css.js';
import '@arco-design/web-react/es/Radio/style/css.js';
import '@arco-design/web-react/es/Result/style/css.js';
import '@arco-design/web-react/es/Table/style/css.js';
import '@arco-design/web-react/es/Tag/style/css.js';
import '@arco-design/web-react/es/Tooltip/style/css.js';
import { useMemo, useState } from 'react';
import type { CustomRendererProps } from '../../../src/engine/module-api';
import { Loading } from '../../../src/engine/module-api';
import { FillPanel } from '../browser/FillPanel';
import {
  type FillStatus,
  fillApis,
  linkFillCalls,
  type MyFill,
  ownFillCalls,
  STATUS_COLORS,
} from '../browser/fill-api';
import { useAnswer } from '../browser/use-answer';
import '../browser/data-fill.css';

const LINK_HASH = /^#\/link\/(.+)$/;

export default function DataFillMine(_props: CustomRendererProps) {
  const token = LINK_HASH.exec(window.location.hash)?.[1];
  if (token !== undefined)
    return (
      <div className="ldf-link-page">
        <div className="ldf-link-head">数据填报 · 专属填报链接</div>
        <FillPanel calls={linkFillCalls(decodeURIComponent(token))} />
      </div>
    );
  return <MyFills />;
}

const FILTERS: { value: FillStatus | 'all'; label: string }[] = [
  { value: 'all', label: '全部' },
  { value: 'pending', label: '待填报' },
  { value: 'draft', label: '已暂存' },
  { value: 'returned', label: '已退回' },
  { value: 'submitted', label: '待审核' },
  { value: 'accepted', label: '已通过' },
];

function MyFills() {
  const [opened, setOpened] = useState<string | null>(
    () => new URLSearchParams(window.location.search).get('fill') || null,
  );
  const [filter, setFilter] = useState<FillStatus | 'all'>('all');
  const { load, retry, reload } = useAnswer<MyFill[]>({ api: fillApis.mine });
  const rows = useMemo(
    () => (load.state === 'ready' ? load.value.filter((row) => filter === 'all' || row.status === filter) : []),
    [load, filter],
  );

  if (opened) return <FillPanel calls={ownFillCalls(opened)} onBack={() => setOpened(null)} onSaved={reload} />;
  if (load.state === 'loading') return <Loading label="正在读取我的填报…" />;
  if (load.state !== 'ready')
    return (
      <Result
        status="error"
        title={load.state === 'refused' ? load.message : '我的填报加载失败，请检查网络后重试'}
        extra={
          <Button type="primary" onClick={retry}>
            重新加载
          </Button>
        }
      />
    );
  const todo = load.value.filter((row) => ['pending', 'draft', 'returned'].includes(row.status)).length;
  return (
    <div className="ldf-page" data-testid="ldf-mine">
      <div className="ldf-bar">
        <div className="ldf-heading">
          <h3 className="ldf-title">我的填报</h3>
          <span className="ldf-muted">{todo > 0 ? `待完成 ${todo} 项` : '暂无待完成的填报'}</span>
        </div>
        <Radio.Group
          type="button"
          size="small"
          value={filter}
          onChange={(value: FillStatus | 'all') => setFilter(value)}
        >
          {FILTERS.map((each) => (
            <Radio key={each.value} value={each.value}>
              {each.label}
            </Radio>
          ))}
        </Radio.Group>
      </div>
      <Table<MyFill>
        rowKey="id"
        data={rows}
        pagination={rows.length > 10 ? { pageSize: 10 } : false}
        noDataElement={<div className="ldf-empty">{filter === 'all' ? '暂无填报任务' : '没有这个状态的填报'}</div>}
        columns={[
          {
            title: '填报任务',
            dataIndex: 'taskTitle',
            render: (title: string, row) => (
              <Button type="text" className="ldf-link" onClick={() => setOpened(row.id)}>
                {title}
              </Button>
            ),
          },
          { title: '填报周期', dataIndex: 'periodLabel', width: 150 },
          { title: '项目', dataIndex: 'projectName', width: 200, ellipsis: true },
          {
            title: '截止日期',
            dataIndex: 'deadline',
            width: 150,
            render: (deadline: string, row) => (
              <span className="ldf-nowrap">
                {deadline}
                {row.overdue && (
                  <Tag color="red" size="small" className="ldf-tag-gap">
                    逾期
                  </Tag>
                )}
              </span>
            ),
          },
          {
            title: '状态',
            dataIndex: 'statusLabel',
            width: 100,
            render: (label: string, row) => <Tag color={STATUS_COLORS[row.status]}>{label}</Tag>,
          },
          {
            title: '审核意见',
            dataIndex: 'comment',
            ellipsis: true,
            render: (comment: string) =>
              comment ? (
                <Tooltip content={comment}>
                  <span>{comment}</span>
                </Tooltip>
              ) : (
                <span className="ldf-muted">—</span>
              ),
          },
          {
            title: '操作',
            width: 90,
            render: (_: unknown, row) => (
              <Button type="text" size="small" onClick={() => setOpened(row.id)}>
                {['pending', 'draft', 'returned'].includes(row.status) ? '填报' : '查看'}
              </Button>
            ),
          },
        ]}
      />
    </div>
  );
}
