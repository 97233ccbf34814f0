/** How a table cell shows a value, by the column's `format` (schemas/meta/crud.json): text as the export has it. */
import type { ReactNode } from 'react';
import { cellText } from '../../shared/cell-text';
import { pickPath } from '../api';
import type { CrudColumn } from '../types';

export function cellValue(column: CrudColumn, row: Record<string, unknown>): ReactNode {
  if (column.format !== 'image') return cellText(column, row);
  const value = pickPath(row, column.field);
  return typeof value === 'string' && value ? <img src={value} alt="" className="crud-cell-image" /> : '';
}
