/**
 * The report definitions, `modules/data-center/reports/<id>.json` (kind "report", meta-schema meta/report.json, which
 * schemas:check applies): read at start and checked against the collections they count. A report whose collection
 * is not installed (its module is not there: 产值 without the economics module) is left out of the list; a report
 * that names a field its collection does not store stops the start with the file and the field named, since it is a
 * mistake in the file rather than a missing module.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { CollectionRecords } from '../../../src/server/module-api.js';
import { PROJECT_FIELD } from './value-labels.js';

export interface ReportGrouping {
  field: string;
  title: string;
  bucket?: 'day' | 'month';
}

export interface ReportColumn {
  id: string;
  title: string;
  op: 'count' | 'countDistinct' | 'sum' | 'ratio';
  field?: string;
  where?: { field: string; in: (string | boolean)[] };
  of?: string;
  over?: string;
  percent?: boolean;
  digits?: number;
  unit?: string;
}

export interface ReportFile {
  kind: 'report';
  id: string;
  title: string;
  category: '人员' | '安全' | '产值' | '设备' | '其他';
  description?: string;
  sort?: number;
  collection: string;
  dateField?: string;
  period?: 'month' | 'none';
  groupBy: ReportGrouping[];
  columns: ReportColumn[];
  subtotals?: boolean;
}

/** A column of the record's table a report may name: a stored field, or the record's own times. */
export interface ReportSource {
  column: string;
  type: string;
}

/** The system fields a report may name besides the stored ones. */
const SYSTEM_SOURCES: Record<string, ReportSource> = {
  createdAt: { column: 'created_at', type: 'timestamptz' },
  updatedAt: { column: 'updated_at', type: 'timestamptz' },
};

export function sourceOf(records: CollectionRecords, field: string): ReportSource | undefined {
  const stored = records.fields.find((candidate) => candidate.name === field);
  return stored ? { column: stored.column, type: stored.type } : SYSTEM_SOURCES[field];
}

const NUMBER_TYPES = new Set(['integer', 'double precision']);
const DATE_TYPES = new Set(['date', 'timestamptz']);

/** What is wrong with a report over its collection, each with its JSON pointer; none when it can run. */
export function reportFaults(report: ReportFile, records: CollectionRecords): string[] {
  const faults: string[] = [];
  const stored = (field: string, pointer: string, types?: Set<string>, what?: string) => {
    const source = sourceOf(records, field);
    if (!source) faults.push(`${pointer}: 数据集 ${report.collection} 没有字段 "${field}"`);
    else if (types && !types.has(source.type)) faults.push(`${pointer}: 字段 "${field}" 不是${what}`);
  };
  if (report.dateField) stored(report.dateField, '/dateField', DATE_TYPES, '日期');
  report.groupBy.forEach((group, index) => {
    if (group.field === PROJECT_FIELD) return;
    stored(group.field, `/groupBy/${index}/field`, group.bucket ? DATE_TYPES : undefined, '日期');
  });
  const ids = new Set<string>();
  report.columns.forEach((column, index) => {
    const at = `/columns/${index}`;
    if (ids.has(column.id)) faults.push(`${at}/id: 列 "${column.id}" 重复`);
    ids.add(column.id);
    if (column.op === 'sum' && column.field) stored(column.field, `${at}/field`, NUMBER_TYPES, '数值');
    if (column.op === 'countDistinct' && column.field) stored(column.field, `${at}/field`);
    if (column.where) stored(column.where.field, `${at}/where/field`);
    if (column.op === 'ratio')
      for (const key of ['of', 'over'] as const) {
        const other = report.columns.find((candidate) => candidate.id === column[key]);
        if (!other || other.op === 'ratio') faults.push(`${at}/${key}: 没有可作比的列 "${String(column[key])}"`);
      }
  });
  return faults;
}

export interface LoadedReports {
  /** Runnable reports by id, in list order. */
  reports: Map<string, ReportFile>;
  /** Reports left out because their collection is not installed, with the collection they need. */
  missing: { id: string; title: string; collection: string }[];
}

export function loadReports(moduleDir: string, collections: ReadonlyMap<string, CollectionRecords>): LoadedReports {
  const dir = path.join(moduleDir, 'reports');
  const files = readdirSync(dir)
    .filter((name) => name.endsWith('.json'))
    .sort()
    .map((name) => {
      const where = path.join('modules', path.basename(moduleDir), 'reports', name);
      const report = JSON.parse(readFileSync(path.join(dir, name), 'utf8')) as ReportFile;
      if (report.kind !== 'report') throw new Error(`${where}: kind must be "report"`);
      if (`${report.id}.json` !== name) throw new Error(`${where}: id must be the file's name`);
      return { where, report };
    });
  const reports = new Map<string, ReportFile>();
  const missing: LoadedReports['missing'] = [];
  for (const { where, report } of files.sort(
    (a, b) => (a.report.sort ?? 0) - (b.report.sort ?? 0) || a.report.title.localeCompare(b.report.title, 'zh-CN'),
  )) {
    const records = collections.get(report.collection);
    if (!records) {
      missing.push({ id: report.id, title: report.title, collection: report.collection });
      continue;
    }
    const faults = reportFaults(report, records);
    if (faults.length > 0) throw new Error(`${where}: ${faults.join('；')}`);
    reports.set(report.id, report);
  }
  return { reports, missing };
}
