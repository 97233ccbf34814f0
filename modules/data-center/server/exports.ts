/**
 * The files the data center hands out: a data set as CSV (UTF-8 with a BOM, so Excel opens the Chinese right) or as
 * a workbook, and a report as a workbook laid out as it is printed (title, range and projects, the header, the rows
 * with their subtotals, the total). A text that a spreadsheet would run as a formula (=, +, -, @ in front) is written
 * as text.
 */
import { chinaDateTime, loadExcel } from '../../../src/server/module-api.js';
import type { DatasetColumn } from './catalogue.js';
import type { ReportResult } from './report-runner.js';

const FORMULA_START = /^[=+\-@\t\r]/;
const PLAIN_NUMBER = /^-?\d+(\.\d+)?$/;

/** A text a spreadsheet takes as written. */
function inert(text: string): string {
  return FORMULA_START.test(text) && !PLAIN_NUMBER.test(text) ? `'${text}` : text;
}

function csvCell(text: string): string {
  const safe = inert(text);
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

export function datasetCsv(columns: readonly DatasetColumn[], rows: readonly Record<string, string>[]): Buffer {
  const lines = [
    columns.map((column) => csvCell(column.title)).join(','),
    ...rows.map((row) => columns.map((column) => csvCell(row[column.field] ?? '')).join(',')),
  ];
  return Buffer.from(`\uFEFF${lines.join('\r\n')}\r\n`, 'utf8');
}

export async function datasetXlsx(
  title: string,
  columns: readonly DatasetColumn[],
  rows: readonly Record<string, string>[],
): Promise<Buffer> {
  const ExcelJS = await loadExcel();
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(title.slice(0, 31), { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = columns.map((column) => ({ header: column.title, key: column.field, width: 18 }));
  sheet.getRow(1).font = { bold: true };
  for (const row of rows)
    sheet.addRow(Object.fromEntries(columns.map((column) => [column.field, inert(row[column.field] ?? '')])));
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

const BORDER = { style: 'thin' as const, color: { argb: 'FFBFBFBF' } };

export async function reportXlsx(result: ReportResult, now: Date): Promise<Buffer> {
  const ExcelJS = await loadExcel();
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(result.report.title.slice(0, 31));
  const groupCount = result.groupTitles.length;
  const width = groupCount + result.columns.length;
  const title = sheet.addRow([result.report.title]);
  title.font = { bold: true, size: 16 };
  sheet.mergeCells(1, 1, 1, width);
  title.alignment = { horizontal: 'center' };
  const facts = [
    result.range
      ? `统计期：${result.range.from} 至 ${result.range.to}（${result.report.dateTitle}）`
      : '统计期：截至制表时',
    `项目：${result.projects.map((project) => project.name).join('、')}`,
    `制表时间：${chinaDateTime(now).slice(0, 16)}`,
  ];
  for (const fact of facts) {
    sheet.addRow([fact]);
    sheet.mergeCells(sheet.rowCount, 1, sheet.rowCount, width);
  }
  const header = sheet.addRow([
    ...result.groupTitles,
    ...result.columns.map((column) => (column.unit ? `${column.title}（${column.unit}）` : column.title)),
  ]);
  header.font = { bold: true };
  header.alignment = { horizontal: 'center', vertical: 'middle', wrapText: true };
  const headerRow = sheet.rowCount;
  const values = (row: Record<string, number | null>) => result.columns.map((column) => row[column.id]);
  for (const row of result.rows) {
    const groups =
      row.kind === 'subtotal'
        ? [row.groups[0], `小计`, ...Array<string>(Math.max(0, groupCount - 2)).fill('')]
        : row.groups;
    const added = sheet.addRow([...groups, ...values(row.values)]);
    if (row.kind === 'subtotal') added.font = { bold: true };
  }
  const total = sheet.addRow(['合计', ...Array<string>(groupCount - 1).fill(''), ...values(result.total)]);
  total.font = { bold: true };
  result.columns.forEach((column, index) => {
    const cell = sheet.getColumn(groupCount + index + 1);
    cell.numFmt = column.digits > 0 ? `0.${'0'.repeat(column.digits)}` : '0';
    cell.width = Math.max(12, column.title.length * 2 + 6);
  });
  for (let index = 1; index <= groupCount; index += 1) sheet.getColumn(index).width = index === 1 ? 26 : 18;
  for (let row = headerRow; row <= sheet.rowCount; row += 1)
    for (let col = 1; col <= width; col += 1)
      sheet.getCell(row, col).border = { top: BORDER, left: BORDER, bottom: BORDER, right: BORDER };
  sheet.pageSetup = { orientation: 'landscape', fitToPage: true, fitToWidth: 1, fitToHeight: 0 };
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
