/**
 * A dashboard table (`table`): the panel's rows under its `columns`, which are a crud page's columns (formats, `warn`
 * in red), so a figure reads the same in a panel as in a list. No paging: a panel shows a short, computed list (a
 * week of a machine's cycles); longer lists belong on a crud page.
 */
import { Table, type TableColumnProps } from '@arco-design/web-react';
import '@arco-design/web-react/es/Table/style/css.js';
import { cellValue } from '../page/cell-format';
import '../page/crud/crud-page.css';
import type { PanelRendererProps } from '../renderers';

type Row = Record<string, unknown>;

export function TablePanel({ panel, data }: PanelRendererProps) {
  const rows = Array.isArray(data) ? (data as Row[]) : [];
  if (rows.length === 0) return <p className="dashboard-empty">{panel.empty ?? '暂无数据'}</p>;
  const columns: TableColumnProps<Row>[] = (panel.columns ?? []).map((column) => ({
    title: column.title,
    dataIndex: column.field,
    width: column.width,
    render: (_value: unknown, row: Row) => cellValue(column, row),
  }));
  return (
    <Table<Row>
      size="small"
      columns={columns}
      data={rows}
      rowKey={(row) => String(row.id ?? JSON.stringify(row))}
      pagination={false}
      scroll={{ y: 360 }}
      border={{ wrapper: true, cell: false }}
    />
  );
}
