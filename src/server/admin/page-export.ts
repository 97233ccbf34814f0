/**
 * Excel export of an administration page (`export` in schemas/pages/<id>.json): the page's own list call, made
 * as the caller (so its permission and data scope apply), every page of it, written with the page's columns and
 * the cell texts the screen shows. The server reads only the part of a page file it needs here.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type ExcelJS from 'exceljs';
import { cellText, type TextColumn } from '../../shared/cell-text.js';
import { pickPath } from '../../shared/path.js';
import { loadExcel } from '../lib/excel.js';

export interface ExportablePage {
  id: string;
  title: string;
  permission?: string;
  list: {
    api: { method: string; url: string; resultPath?: string };
    rows?: string;
    total?: string;
    pageParam?: string;
    sizeParam?: string;
    params?: Record<string, unknown>;
    tree?: boolean;
    childrenField?: string;
  };
  columns: (TextColumn & { title: string })[];
  export: { fileName: string; permission?: string };
}

/** One list call of the page as the caller: the envelope's data, or the envelope that refused it. */
export type ListCall = (
  url: string,
  query: Record<string, string>,
) => Promise<{ msgCode: number; errMsg: string; data?: unknown }>;

/** Rows beyond this are left out; the sheet's last line says so. */
export const MAX_EXPORT_ROWS = 10_000;
const PAGE_SIZE = 500;
const CHINA_TIME_ZONE = 'Asia/Shanghai';

export class ExportRefused extends Error {
  constructor(
    readonly msgCode: number,
    message: string,
  ) {
    super(message);
  }
}

/** The page files in `pagesDirs` (the portal's and every module's) that declare an export, by id. */
export function loadExportablePages(pagesDirs: readonly string[]): Map<string, ExportablePage> {
  const pages = new Map<string, ExportablePage>();
  for (const pagesDir of pagesDirs.filter((dir) => existsSync(dir))) {
    for (const name of readdirSync(pagesDir).filter((file) => file.endsWith('.json'))) {
      const file = JSON.parse(readFileSync(path.join(pagesDir, name), 'utf8')) as Partial<ExportablePage> & {
        kind?: string;
      };
      if (file.kind === 'crud' && file.export && file.id && file.list && file.columns) {
        pages.set(file.id, file as ExportablePage);
      }
    }
  }
  return pages;
}

function flattenTree(rows: Record<string, unknown>[], childrenField: string): Record<string, unknown>[] {
  return rows.flatMap((row) => {
    const children = row[childrenField];
    return [row, ...(Array.isArray(children) ? flattenTree(children as Record<string, unknown>[], childrenField) : [])];
  });
}

/** Every row the list shows for `filters`, page by page, up to MAX_EXPORT_ROWS (+1 to tell it was cut). */
export async function exportRows(
  page: ExportablePage,
  filters: Record<string, string>,
  call: ListCall,
): Promise<Record<string, unknown>[]> {
  const { list } = page;
  const fixed = Object.fromEntries(Object.entries(list.params ?? {}).map(([name, value]) => [name, String(value)]));
  const query = { ...fixed, ...filters };
  const read = async (extra: Record<string, string>) => {
    const envelope = await call(list.api.url, { ...query, ...extra });
    if (envelope.msgCode !== 0) throw new ExportRefused(envelope.msgCode, envelope.errMsg);
    const result = pickPath(envelope, list.api.resultPath ?? 'data');
    const rows = (list.rows ? pickPath(result, list.rows) : result) as Record<string, unknown>[] | undefined;
    return { rows: rows ?? [], total: list.total ? Number(pickPath(result, list.total) ?? 0) : undefined };
  };
  if (!list.total || list.tree) {
    const { rows } = await read({});
    return list.tree ? flattenTree(rows, list.childrenField ?? 'childList') : rows;
  }
  const collected: Record<string, unknown>[] = [];
  for (let pageNo = 1; collected.length <= MAX_EXPORT_ROWS; pageNo += 1) {
    const { rows, total } = await read({
      [list.pageParam ?? 'pageNo']: String(pageNo),
      [list.sizeParam ?? 'pageSize']: String(PAGE_SIZE),
    });
    collected.push(...rows);
    if (rows.length < PAGE_SIZE || collected.length >= (total ?? 0)) break;
  }
  return collected;
}

/** The workbook: one sheet named after the page, a header row of column titles, images left out. */
export async function exportWorkbook(page: ExportablePage, rows: Record<string, unknown>[]): Promise<Buffer> {
  const columns = page.columns.filter((column) => column.format !== 'image');
  const workbook = new (await loadExcel()).Workbook();
  const sheet = workbook.addWorksheet(page.title.slice(0, 31));
  sheet.columns = columns.map((column) => ({ header: column.title, width: Math.max(12, column.title.length * 2 + 4) }));
  sheet.getRow(1).font = { bold: true };
  for (const row of rows.slice(0, MAX_EXPORT_ROWS)) {
    sheet.addRow(columns.map((column) => cellText(column, row, CHINA_TIME_ZONE)));
  }
  if (rows.length > MAX_EXPORT_ROWS) {
    sheet.addRow([`仅导出前 ${MAX_EXPORT_ROWS} 条，请缩小查询范围后分批导出`]);
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
