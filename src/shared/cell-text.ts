/**
 * A table cell as text, by its column's `format` (schemas/meta/crud.json): the CRUD page's cells and the
 * server's Excel export show the same words.
 */
import { pickPath } from './path.js';

export interface TextColumn {
  field: string;
  format?: 'text' | 'datetime' | 'date' | 'yesno' | 'map' | 'image' | 'list' | 'html' | 'file';
  map?: Record<string, string>;
  listField?: string;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

/** `YYYY-MM-DD[ HH:mm:ss]` in `timeZone` (the browser's own when undefined). */
function formatDate(value: unknown, withTime: boolean, timeZone: string | undefined): string {
  if (typeof value !== 'string' && typeof value !== 'number') return '';
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return String(value);
  const key = `${withTime}|${timeZone ?? ''}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      ...(withTime ? { hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' as const } : {}),
    });
    formatters.set(key, formatter);
  }
  const part = Object.fromEntries(formatter.formatToParts(date).map(({ type, value: text }) => [type, text]));
  const day = `${part.year}-${part.month}-${part.day}`;
  return withTime ? `${day} ${part.hour}:${part.minute}:${part.second}` : day;
}

export function cellText(column: TextColumn, row: Record<string, unknown>, timeZone?: string): string {
  const value = pickPath(row, column.field);
  switch (column.format) {
    case 'datetime':
      return formatDate(value, true, timeZone);
    case 'date':
      return formatDate(value, false, timeZone);
    case 'html':
      // The text of server-sanitized HTML (a notice's body), for exports and plain cells.
      return typeof value === 'string'
        ? value
            .replace(/<[^>]*>/g, ' ')
            .replace(/\s+/g, ' ')
            .trim()
        : '';
    case 'yesno':
      return value === '1' || value === true || value === 1 ? '是' : '否';
    case 'map':
      return column.map?.[String(value ?? '')] ?? String(value ?? '');
    case 'file':
      // A file's address shows (and exports) as the file's name.
      return typeof value === 'string' && value !== ''
        ? (new URLSearchParams(value.split('?')[1] ?? '').get('name') ?? value.split('?')[0]!.split('/').pop() ?? '')
        : '';
    case 'list':
      return Array.isArray(value)
        ? value.map((item) => String(pickPath(item, column.listField ?? 'name') ?? '')).join('、')
        : '';
    default:
      return value === null || value === undefined ? '' : String(value);
  }
}
