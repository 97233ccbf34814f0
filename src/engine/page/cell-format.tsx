/** How a table cell shows a value, by the column's `format` (schemas/meta/crud.json): text as the export has it. */
import { Tag } from '@arco-design/web-react';
import '@arco-design/web-react/es/Tag/style/css.js';
import type { ReactNode } from 'react';
import { cellText } from '../../shared/cell-text';
import { pickPath } from '../api';
import type { CrudColumn } from '../types';
import { AttachmentList } from '../../widgets/attachments/AttachmentList';

/** Whether the column's `warn` rule marks this row's cell. */
function warns(column: CrudColumn, row: Record<string, unknown>): boolean {
  if (!column.warn) return false;
  const value = pickPath(row, column.warn.field);
  // A flag (true) or a reason (a non-empty text: the out-of-range reasons of a `limits` field) marks it.
  if (column.warn.max === undefined) return value === true || (typeof value === 'string' && value !== '');
  return typeof value === 'number' && value <= column.warn.max;
}

export function cellValue(column: CrudColumn, row: Record<string, unknown>): ReactNode {
  if (column.format === 'html') {
    const html = pickPath(row, column.field);
    // Only for HTML the server has sanitized before storing it (a notice's body: src/server/messages/rich-text.ts);
    // the strict CSP keeps any script out even so.
    return typeof html === 'string' ? <div className="cell-html" dangerouslySetInnerHTML={{ __html: html }} /> : '';
  }
  if (column.format === 'file') {
    const url = pickPath(row, column.field);
    return typeof url === 'string' && url !== '' ? <AttachmentList urls={[url]} label={column.title} compact /> : '';
  }
  if (column.format !== 'image') {
    const text = cellText(column, row);
    if (column.tags && text) return <Tag color={column.tags[text] ?? 'gray'}>{text}</Tag>;
    return warns(column, row) && text ? <span className="cell-warn">{text}</span> : text;
  }
  const value = pickPath(row, column.field);
  // A photo list (a checklist row's photos) shows its first few pictures.
  const urls = (Array.isArray(value) ? value : [value]).filter(
    (url): url is string => typeof url === 'string' && url !== '',
  );
  return urls.slice(0, 3).map((url) => <img key={url} src={url} alt="" className="crud-cell-image" />);
}
