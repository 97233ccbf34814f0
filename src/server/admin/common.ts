/** Small pieces the administration services share: pages, ids, optional text, timestamps, error answers. */
import { randomUUID } from 'node:crypto';
import { DomainError } from '../domain-error.js';

/** A page of a list answer: `data` of every paged administration list. */
export interface Page<T> {
  dataList: T[];
  total: number;
  pageNo: number;
  pageSize: number;
}

export interface PageQuery {
  pageNo?: number;
  pageSize?: number;
}

/** The largest page a list serves (the role-user list asks for 9999, spec section 9). */
export const MAX_PAGE_SIZE = 9999;

export function pageOf(query: PageQuery): { pageNo: number; pageSize: number; offset: number } {
  const pageNo = Math.max(1, Math.trunc(query.pageNo ?? 1));
  const pageSize = Math.min(MAX_PAGE_SIZE, Math.max(1, Math.trunc(query.pageSize ?? 10)));
  return { pageNo, pageSize, offset: (pageNo - 1) * pageSize };
}

/** A new record id. Text ids throughout (seed rows keep readable ones). */
export function newId(): string {
  return randomUUID().replaceAll('-', '');
}

/** `LIKE` pattern for a user's search text: contains, with the wildcards of the text itself escaped. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

export function notFound(message: string): DomainError {
  return new DomainError('notFound', message);
}

export function conflict(message: string): DomainError {
  return new DomainError('conflict', message);
}

/** Text of an optional field: trimmed, '' and absent become null. */
export function optional(value: string | undefined | null): string | null {
  if (value === undefined || value === null) return null;
  const trimmed = value.trim();
  return trimmed === '' ? null : trimmed;
}

/** ISO text of a timestamp column (PGlite and pg both give Date). */
export function iso(value: Date | string): string {
  return (value instanceof Date ? value : new Date(value)).toISOString();
}
