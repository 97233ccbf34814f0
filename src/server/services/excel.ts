/**
 * exceljs, loaded on the first import or export rather than at start: it is the largest library the server uses
 * (about 20 MB of memory and a tenth of the start-up time) and most instances never touch a workbook.
 */
import type ExcelJS from 'exceljs';

let loading: Promise<typeof ExcelJS> | undefined;

export function loadExcel(): Promise<typeof ExcelJS> {
  loading ??= import('exceljs').then((module) => module.default);
  return loading;
}
