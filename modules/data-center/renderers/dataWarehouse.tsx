/**
 * 数据仓库 (/dataCenter/warehouse): the catalogue of the data sets the user may see (every installed collection), each
 * with its fields and their meaning, its records and last update within the user's projects, a preview, and an
 * export to Excel or CSV of all their projects or of the selected one. The server decides what is seen; this screen
 * only shows it.
 */
import { Button, Drawer, Empty, Input, Radio, Spin, Table, Tabs, Tag } from '@arco-design/web-react';
import '@arco-design/web-react/es/Button/style/css.js';
import '@arco-design/web-react/es/Drawer/style/css.js';
import '@arco-design/web-react/es/Empty/style/css.js';
import '@arco-design/web-react/es/Input/style/css.js';
import '@arco-design/web-react/es/Radio/style/css.js';
import '@arco-design/web-react/es/Spin/style/css.js';
import '@arco-design/web-react/es/Table/style/css.js';
import '@arco-design/web-react/es/Tabs/style/css.js';
import '@arco-design/web-react/es/Tag/style/css.js';
import { useMemo, useState } from 'react';
import { callApi, useApi, useSeams, type CustomRendererProps } from '../../../src/engine/module-api';
import type { DatasetDetail, DatasetSummary } from '../browser/data-center-types';
import { chinaMinute, chinaToday, figure, saveBlob } from '../browser/files';
import '../browser/data-center.css';

const DETAIL = { method: 'GET' as const, url: '/api/data-center/v1.0/datasets/{id}', resultPath: 'data' };
const EXPORT = { method: 'GET' as const, url: '/api/data-center/v1.0/datasets/{id}/export' };

type Scope = 'all' | 'project';

function DatasetDrawer({
  dataset,
  projectId,
  projectName,
  onClose,
}: {
  dataset: DatasetSummary;
  projectId: string;
  projectName: string;
  onClose: () => void;
}) {
  const seams = useSeams();
  const [scope, setScope] = useState<Scope>('all');
  const [exporting, setExporting] = useState<'' | 'xlsx' | 'csv'>('');
  const projectIds = scope === 'project' ? projectId : '';
  const answer = useApi<DatasetDetail>(DETAIL, { id: dataset.id, projectIds }, { keepPreviousData: true });
  const detail = answer.data;

  const runExport = async (format: 'xlsx' | 'csv') => {
    setExporting(format);
    try {
      const envelope = await callApi<{ data: unknown }>(seams, EXPORT, {
        variables: { id: dataset.id, format, projectIds },
        responseType: 'blob',
      });
      const where = scope === 'project' ? projectName : '全部项目';
      saveBlob(envelope.data, `${dataset.title}（${where}，${chinaToday()}）.${format}`);
    } catch {
      // the HTTP client has said why
    } finally {
      setExporting('');
    }
  };

  const fieldColumns = [
    { title: '字段', dataIndex: 'name', width: 170, render: (name: string) => <code>{name}</code> },
    {
      title: '名称',
      dataIndex: 'title',
      width: 150,
      render: (title: string, row: DatasetDetail['fields'][number]) => (
        <span>
          {title}
          {row.computed && (
            <Tag size="small" color="arcoblue" className="dc-tag">
              计算
            </Tag>
          )}
        </span>
      ),
    },
    { title: '类型', dataIndex: 'type', width: 90 },
    {
      title: '含义与取值',
      dataIndex: 'description',
      render: (description: string, row: DatasetDetail['fields'][number]) =>
        [description, row.values].filter(Boolean).join('；') || '—',
    },
  ];

  return (
    <Drawer
      visible
      width={1000}
      title={dataset.title}
      footer={null}
      onCancel={onClose}
      className="dc-drawer"
      data-testid="dataset-drawer"
    >
      <p className="dc-muted">{dataset.description || '—'}</p>
      <div className="dc-toolbar">
        <Radio.Group
          type="button"
          value={scope}
          onChange={(value: Scope) => setScope(value)}
          data-testid="dataset-scope"
        >
          <Radio value="all">全部项目</Radio>
          <Radio value="project" disabled={!projectId}>
            {projectId ? `当前项目：${projectName}` : '当前项目（未选择）'}
          </Radio>
        </Radio.Group>
        <span className="dc-toolbar-gap" />
        <Button type="primary" loading={exporting === 'xlsx'} onClick={() => void runExport('xlsx')}>
          导出 Excel
        </Button>
        <Button loading={exporting === 'csv'} onClick={() => void runExport('csv')}>
          导出 CSV
        </Button>
      </div>
      <Spin loading={!detail || answer.isValidating} style={{ display: 'block' }}>
        {detail && (
          <>
            <div className="dc-figures" data-testid="dataset-figures">
              <div>
                <span>记录数</span>
                <strong>{figure(detail.rows)}</strong>
              </div>
              <div>
                <span>字段数</span>
                <strong>{detail.fieldCount}</strong>
              </div>
              <div>
                <span>最近更新</span>
                <strong>{chinaMinute(detail.lastUpdate) || '—'}</strong>
              </div>
            </div>
            <Tabs defaultActiveTab="fields">
              <Tabs.TabPane key="fields" title="字段说明">
                <Table
                  rowKey="name"
                  size="small"
                  border={{ wrapper: true, cell: true }}
                  columns={fieldColumns}
                  data={detail.fields}
                  pagination={false}
                  data-testid="dataset-fields"
                />
              </Tabs.TabPane>
              <Tabs.TabPane key="preview" title={`数据预览（前 ${detail.preview.rows.length} 条）`}>
                {detail.preview.rows.length === 0 ? (
                  <Empty description="所选范围内还没有记录" />
                ) : (
                  <Table
                    rowKey={(row: Record<string, string>) => JSON.stringify(row)}
                    size="small"
                    border={{ wrapper: true, cell: true }}
                    scroll={{ x: Math.max(900, detail.preview.columns.length * 130) }}
                    columns={detail.preview.columns.map((column) => ({
                      title: column.title,
                      dataIndex: column.field,
                      width: 130,
                      ellipsis: true,
                    }))}
                    data={detail.preview.rows}
                    pagination={false}
                    data-testid="dataset-preview"
                  />
                )}
              </Tabs.TabPane>
            </Tabs>
          </>
        )}
      </Spin>
    </Drawer>
  );
}

export default function DataWarehouse({ file, data, context }: CustomRendererProps) {
  const project = context.project as { projectId?: string; projectName?: string } | undefined;
  const answer = useApi<DatasetSummary[]>(file.data?.api ?? null, {}, { fallbackData: data as DatasetSummary[] });
  const sets = answer.data;
  const [search, setSearch] = useState('');
  const [open, setOpen] = useState<DatasetSummary | null>(null);
  const shown = useMemo(() => {
    const words = search.trim().toLowerCase();
    if (!sets || !words) return sets ?? [];
    return sets.filter((set) =>
      [set.title, set.id, set.description].some((text) => text.toLowerCase().includes(words)),
    );
  }, [sets, search]);

  if (!sets) return <Spin className="dc-page" loading tip="正在加载数据集…" />;
  const columns = [
    {
      title: '数据集',
      dataIndex: 'title',
      width: 210,
      render: (title: string, row: DatasetSummary) => (
        <div>
          <div className="dc-name">{title}</div>
          <div className="dc-muted dc-small">{row.id}</div>
        </div>
      ),
    },
    { title: '说明', dataIndex: 'description', ellipsis: true },
    { title: '字段数', dataIndex: 'fieldCount', width: 80, align: 'right' as const },
    {
      title: '记录数',
      dataIndex: 'rows',
      width: 100,
      align: 'right' as const,
      render: (rows: number) => figure(rows),
    },
    {
      title: '最近更新',
      dataIndex: 'lastUpdate',
      width: 150,
      render: (at: string) => chinaMinute(at) || '—',
    },
    {
      title: '操作',
      dataIndex: 'id',
      width: 90,
      render: (_: string, row: DatasetSummary) => (
        <Button type="text" size="small" onClick={() => setOpen(row)}>
          查看
        </Button>
      ),
    },
  ];
  const total = sets.reduce((sum, set) => sum + set.rows, 0);

  return (
    <section className="dc-page" data-testid="data-warehouse">
      <div className="dc-head">
        <div>
          <p className="dc-muted">
            共 {sets.length} 个数据集、{figure(total)}{' '}
            条记录（您可查看的项目内）。点击“查看”了解字段含义、预览数据并导出。
          </p>
        </div>
        <Input.Search
          allowClear
          placeholder="搜索数据集名称、编号或说明"
          style={{ width: 300 }}
          value={search}
          onChange={setSearch}
          data-testid="dataset-search"
        />
      </div>
      <Table
        rowKey="id"
        size="small"
        border={{ wrapper: true, cell: true }}
        columns={columns}
        data={shown}
        pagination={{ pageSize: 15, showTotal: true, sizeCanChange: false }}
        noDataElement={<Empty description={search ? '没有符合条件的数据集' : '您还没有可查看的数据集'} />}
        onRow={(row: DatasetSummary) => ({ onDoubleClick: () => setOpen(row) })}
        data-testid="dataset-list"
      />
      {open && (
        <DatasetDrawer
          dataset={open}
          projectId={project?.projectId ?? ''}
          projectName={project?.projectName ?? ''}
          onClose={() => setOpen(null)}
        />
      )}
    </section>
  );
}
