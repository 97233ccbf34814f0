/**
 * 字典管理's table written by hand with Arco, as a developer would without the engine: the same columns as the
 * engine's page. Shown by both hand-written references of bench/admin-first-row.ts (the page alone, main.tsx; the
 * page inside the portal's layout, portal-page.tsx). Built only by the bench, never shipped.
 */
import { Table } from '@arco-design/web-react';
import '@arco-design/web-react/es/Table/style/css.js';

export interface DictionaryRow {
  id: string;
  [field: string]: unknown;
}

export interface DictionaryList {
  dataList?: DictionaryRow[];
  total?: number;
}

const columns = [
  { dataIndex: 'type', title: '类型', width: 120 },
  { dataIndex: 'label', title: '标签', width: 140 },
  { dataIndex: 'value', title: '键值', width: 100 },
  { dataIndex: 'description', title: '描述' },
  { dataIndex: 'sort', title: '排序', width: 80 },
];

export function DictionaryTable({ list }: { list: DictionaryList | undefined }) {
  return (
    <Table<DictionaryRow>
      rowKey="id"
      columns={columns}
      data={list?.dataList ?? []}
      pagination={{ total: list?.total ?? 0, pageSize: 10, current: 1 }}
    />
  );
}
