/**
 * exceljs, loaded on the first import or export rather than at start: it is the largest library the server uses
 * (about 20 MB of memory and a tenth of the start-up time) and most instances never touch a workbook.
 */
import { onFirstUse } from './first-use.js';

export const loadExcel = onFirstUse(async () => (await import('exceljs')).default);
