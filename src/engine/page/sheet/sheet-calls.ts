/**
 * The calls of a month sheet, in one place: the page asks with them, and the route starts the first before the
 * sheet's code has arrived. The sheet's shape (rows, date, value) comes from the page file; the month and the
 * search form's values from the user.
 */
import { chinaDate } from '../../../shared/china-time';
import type { FirstCall } from '../../renderers';
import { renderTemplate, type TemplateContext } from '../../template';
import type { ApiDescriptor, SheetPageFile } from '../../types';

export const sheetApi = (file: SheetPageFile): ApiDescriptor => ({
  method: 'GET',
  url: `/api/data/${file.collection}/sheet`,
  resultPath: 'data',
});

export const sheetExportApi = (file: SheetPageFile): ApiDescriptor => ({
  method: 'GET',
  url: `/api/data/${file.collection}/sheet/export`,
});

/** This month, `YYYY-MM`, on the site's calendar (China time, as the server counts). */
export function currentMonth(now = new Date()): string {
  return chinaDate(now).slice(0, 7);
}

export function sheetParams(
  file: SheetPageFile,
  context: TemplateContext,
  month: string,
  search: Record<string, unknown>,
): Record<string, unknown> {
  const fixed = (renderTemplate(file.params ?? {}, context) ?? {}) as Record<string, unknown>;
  const filters = Object.fromEntries(Object.entries(search).filter(([, value]) => value !== undefined && value !== ''));
  return {
    ...filters,
    ...fixed,
    month,
    rowBy: file.rows.field,
    dateField: file.dateField,
    op: file.value.op,
    ...(file.value.field ? { field: file.value.field } : {}),
    ...(file.rows.fields?.length ? { rowFields: file.rows.fields.map((f) => f.field).join(',') } : {}),
  };
}

/** No call while a param the page needs from the context is still empty (no project chosen yet). */
export function sheetReady(params: Record<string, unknown>): boolean {
  return Object.values(params).every((value) => value !== undefined && value !== null && value !== '');
}

export function sheetFirstCalls(file: SheetPageFile, context: TemplateContext): FirstCall[] {
  const params = sheetParams(file, context, currentMonth(), {});
  return sheetReady(params) ? [{ api: sheetApi(file), params }] : [];
}
