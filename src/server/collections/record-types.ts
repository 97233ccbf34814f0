/** The shapes records travel in between the collection engine's jobs, the routes and the modules. */
import type { StoredField } from './columns.js';

export type RecordValues = Record<string, unknown>;

export interface ListParams {
  projectId: string;
  pageNo: number;
  pageSize: number;
  sort?: string;
  /** Filter values by the names `filterNames()` lists. */
  filters: Record<string, unknown>;
}

export interface RecordPage {
  dataList: RecordValues[];
  total: number;
  pageNo: number;
  pageSize: number;
}

/** One step of a record's timeline, as the detail page shows it. */
export interface HistoryEntry {
  action: string;
  actionLabel: string;
  from: string | null;
  to: string | null;
  fromLabel: string;
  toLabel: string;
  byName: string;
  at: Date;
  remark: string;
  data: RecordValues;
  photos: string[];
}

/** A query-string filter of the list: which field it reads and how it matches. */
export interface ListFilter {
  name: string;
  field: StoredField;
  match: 'eq' | 'like' | 'from' | 'to';
}

export const RecordMessages = {
  notFound: '记录不存在或已被删除',
  stale: '该记录已被他人修改，请刷新后重试',
  noProject: '请选择项目',
} as const;
