/** How a table cell shows a value, by the column's `format` (schemas/meta/crud.json). */
import type { ReactNode } from 'react';
import { pickPath } from '../api';
import type { CrudColumn } from '../types';

function pad(value: number): string {
  return String(value).padStart(2, '0');
}

function formatDate(value: unknown, withTime: boolean): string {
  if (typeof value !== 'string' && typeof value !== 'number') return '';
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return String(value);
  const day = `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
  return withTime ? `${day} ${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}` : day;
}

export function cellValue(column: CrudColumn, row: Record<string, unknown>): ReactNode {
  const value = pickPath(row, column.field);
  switch (column.format) {
    case 'datetime':
      return formatDate(value, true);
    case 'date':
      return formatDate(value, false);
    case 'yesno':
      return value === '1' || value === true || value === 1 ? '是' : '否';
    case 'map':
      return column.map?.[String(value ?? '')] ?? String(value ?? '');
    case 'image':
      return typeof value === 'string' && value ? <img src={value} alt="" className="crud-cell-image" /> : '';
    case 'list':
      return Array.isArray(value)
        ? value.map((item) => String(pickPath(item, column.listField ?? 'name') ?? '')).join('、')
        : '';
    default:
      return value === null || value === undefined ? '' : String(value);
  }
}
