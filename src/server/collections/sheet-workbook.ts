/**
 * The Excel file of a month sheet (records.ts `sheet`): exactly what the screen shows, a header of the row title,
 * the row fields and the days 1..N with the totals, one line per row, and the per-day lines at the bottom.
 */
import { loadExcel } from '../lib/excel.js';
import type { MonthSheet } from './records.js';

export interface SheetLayout {
  /** Sheet name and first line (e.g. 月度考勤表 2026-11). */
  title: string;
  /** Header of the label column (姓名). */
  rowTitle: string;
  /** Headers of the row fields, in order (班组). */
  fieldTitles: { field: string; title: string }[];
  /** `mark`: a cell with a record shows ✓; `value`: its value (hours). */
  display: 'mark' | 'value';
  /** A sheet of sums also has each row's total and each day's total (as the screen shows them). */
  sums: boolean;
  daysTitle: string;
  totalTitle: string;
  dayRowsTitle: string;
  dayTotalsTitle: string;
}

export const SHEET_MARK = '✓';

export async function sheetWorkbook(sheet: MonthSheet, layout: SheetLayout): Promise<Buffer> {
  const workbook = new (await loadExcel()).Workbook();
  const ws = workbook.addWorksheet(layout.title.slice(0, 31));
  const days = Array.from({ length: sheet.dayCount }, (_, index) => index + 1);
  const lead = [layout.rowTitle, ...layout.fieldTitles.map((f) => f.title)];
  ws.addRow([layout.title]);
  ws.getRow(1).font = { bold: true, size: 13 };
  ws.addRow([...lead, ...days.map(String), layout.daysTitle, ...(layout.sums ? [layout.totalTitle] : [])]);
  ws.getRow(2).font = { bold: true };
  for (const row of sheet.rows) {
    const cells = row.cells.map((cell) => (cell === null ? '' : layout.display === 'mark' ? SHEET_MARK : cell));
    ws.addRow([
      row.label,
      ...layout.fieldTitles.map((f) => row.fields[f.field] ?? ''),
      ...cells,
      row.days,
      ...(layout.sums ? [row.total] : []),
    ]);
  }
  const blanks = layout.fieldTitles.map(() => '');
  const totalDays = sheet.rows.reduce((sum, row) => sum + row.days, 0);
  ws.addRow([layout.dayRowsTitle, ...blanks, ...sheet.dayRows, totalDays]);
  if (layout.sums) ws.addRow([layout.dayTotalsTitle, ...blanks, ...sheet.dayTotals, '', sheet.total]);
  ws.getColumn(1).width = 12;
  layout.fieldTitles.forEach((_, index) => (ws.getColumn(index + 2).width = 12));
  days.forEach((day) => (ws.getColumn(lead.length + day).width = 5));
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
