/**
 * The bench's reference page (bench/admin-first-row.ts): 字典管理's table written by hand with Arco, as a
 * developer would without the engine. It makes the same list call as the engine's page (its URL comes in the
 * query string, captured from the engine page), with the stored token, and shows the same columns. Built only by
 * the bench, never shipped.
 */
import '@arco-design/web-react/es/_util/react-19-adapter';
import { Table } from '@arco-design/web-react';
import '@arco-design/web-react/es/Table/style/css.js';
import { useEffect, useState } from 'react';
import { createRoot } from 'react-dom/client';

interface Row {
  id: string;
  [field: string]: unknown;
}

const columns = [
  { dataIndex: 'type', title: '类型', width: 120 },
  { dataIndex: 'label', title: '标签', width: 140 },
  { dataIndex: 'value', title: '键值', width: 100 },
  { dataIndex: 'description', title: '描述' },
  { dataIndex: 'sort', title: '排序', width: 80 },
];

const listUrl = new URLSearchParams(location.search).get('api') ?? '';
const token = (JSON.parse(localStorage.getItem('tokenInfo') ?? '{}') as { access_token?: string }).access_token ?? '';
// Started before React renders, as a hand-written page would.
const list = fetch(listUrl, { headers: { 'Access-Token': token } }).then(
  (response) => response.json() as Promise<{ data?: { dataList?: Row[]; total?: number } }>,
);

function DictionaryTable() {
  const [rows, setRows] = useState<Row[]>([]);
  const [total, setTotal] = useState(0);
  useEffect(() => {
    void list.then((envelope) => {
      setRows(envelope.data?.dataList ?? []);
      setTotal(envelope.data?.total ?? 0);
    });
  }, []);
  return <Table<Row> rowKey="id" columns={columns} data={rows} pagination={{ total, pageSize: 10, current: 1 }} />;
}

createRoot(document.getElementById('root') as HTMLElement).render(<DictionaryTable />);
