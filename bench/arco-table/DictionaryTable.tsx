/**
 * 字典管理 written by hand with Arco, as a developer would without the engine: the screen the engine's page shows
 * (heading, search form, toolbar, the table with its 操作 column, pagination), the same columns and texts. Shown
 * by both hand-written references of bench/admin-first-row.ts (the page alone, main.tsx; the page inside the
 * portal's layout, portal-page.tsx). Its buttons do nothing: the figure is the first row. Built only by the bench,
 * never shipped.
 */
import { Button, Form, Grid, Input, Pagination, Popconfirm, Table } from '@arco-design/web-react';
import '@arco-design/web-react/es/Button/style/css.js';
import '@arco-design/web-react/es/Form/style/css.js';
import '@arco-design/web-react/es/Grid/style/css.js';
import '@arco-design/web-react/es/Input/style/css.js';
import '@arco-design/web-react/es/Pagination/style/css.js';
import '@arco-design/web-react/es/Popconfirm/style/css.js';
import '@arco-design/web-react/es/Table/style/css.js';
import './dictionary.css';

export interface DictionaryRow {
  id: string;
  [field: string]: unknown;
}

export interface DictionaryList {
  dataList?: DictionaryRow[];
  total?: number;
}

const columns = [
  { dataIndex: 'type', title: '类型', width: 120, ellipsis: true },
  { dataIndex: 'label', title: '标签', width: 140, ellipsis: true },
  { dataIndex: 'value', title: '键值', width: 100, ellipsis: true },
  { dataIndex: 'description', title: '描述', ellipsis: true },
  { dataIndex: 'sort', title: '排序', width: 80, ellipsis: true },
  {
    title: '操作',
    width: 136,
    fixed: 'right' as const,
    render: () => (
      <span className="dictionary-actions">
        <Button type="text" size="small">
          编辑
        </Button>
        <Popconfirm title="确定删除该字典项吗？使用它的下拉选项将不再显示。" okText="删除" cancelText="取消">
          <Button type="text" status="danger" size="small">
            删除
          </Button>
        </Popconfirm>
      </span>
    ),
  },
];

const filters = [
  { field: 'type', label: '类型', placeholder: '如 nation、sex' },
  { field: 'label', label: '标签', placeholder: '请输入标签' },
  { field: 'description', label: '描述', placeholder: '请输入描述' },
];

export function DictionaryTable({ list }: { list: DictionaryList | undefined }) {
  return (
    <section className="dictionary-page">
      <h2>字典管理</h2>
      <p>系统字典（民族、性别等）：页面的下拉选项来自这里。</p>
      <Form layout="vertical" className="dictionary-search">
        <Grid.Row gutter={24} align="end">
          {filters.map((filter) => (
            <Grid.Col span={5} key={filter.field}>
              <Form.Item label={filter.label} field={filter.field}>
                <Input placeholder={filter.placeholder} maxLength={100} />
              </Form.Item>
            </Grid.Col>
          ))}
          <Grid.Col span={9} className="dictionary-search-submit">
            <Form.Item>
              <Button type="primary" htmlType="submit">
                查询
              </Button>
            </Form.Item>
          </Grid.Col>
        </Grid.Row>
      </Form>
      <div className="dictionary-toolbar">
        <Button type="primary">新增</Button>
        <Button>导出</Button>
        <Button>刷新</Button>
      </div>
      <Table<DictionaryRow>
        rowKey="id"
        columns={columns}
        data={list?.dataList ?? []}
        loading={!list}
        pagination={false}
        border={{ wrapper: true, cell: true }}
        scroll={{ x: true }}
      />
      {(list?.total ?? 0) > 0 && (
        <Pagination className="dictionary-pagination" current={1} pageSize={10} total={list?.total} showTotal />
      )}
    </section>
  );
}
