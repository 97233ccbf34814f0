/**
 * One Excel row of an import as the values a create takes: each cell read by its column's type (dates, numbers,
 * 是/否), and the labels users write turned back into what the record stores (a choice's title into its value,
 * a dictionary label into its value, a referenced record's label into its id). Lookups are cached for the whole
 * file, so 10,000 rows naming the same 20 teams cost 20 queries.
 */
import type ExcelJS from 'exceljs';
import { sql } from 'kysely';
import type { CollectionFile } from '../../shared/collections.js';
import type { Db } from '../db/database.js';
import { collectionTable, fieldColumn } from './columns.js';
import type { ImportColumn } from './import-columns.js';

export interface CellProblem {
  field: string;
  message: string;
}

type Values = Record<string, unknown>;

const EXCEL_EPOCH_MS = Date.UTC(1899, 11, 30);
const DAY_MS = 86_400_000;

function pad(value: number): string {
  return String(value).padStart(2, '0');
}

/** A workbook's date (exceljs gives the wall-clock day at UTC midnight) as YYYY-MM-DD. */
function isoDay(date: Date): string {
  return `${date.getUTCFullYear()}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}`;
}

/** The text of a cell as users see it (rich text joined, a formula's result, a link's text). */
export function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return isoDay(value);
  if (typeof value !== 'object') return String(value).trim();
  if ('richText' in value)
    return value.richText
      .map((part) => part.text)
      .join('')
      .trim();
  if ('result' in value) return cellText((value.result ?? null) as ExcelJS.CellValue);
  if ('text' in value) return String(value.text).trim();
  if ('error' in value) return '';
  return '';
}

function dateValue(value: ExcelJS.CellValue): string | undefined {
  if (value instanceof Date) return isoDay(value);
  // A date cell read without its style is the day's serial number.
  if (typeof value === 'number' && value > 0 && value < 2958466)
    return isoDay(new Date(EXCEL_EPOCH_MS + value * DAY_MS));
  const text = cellText(value);
  if (!text) return undefined;
  const match = /^(\d{4})[-/.年](\d{1,2})[-/.月](\d{1,2})日?$/.exec(text);
  return match ? `${match[1]}-${pad(Number(match[2]))}-${pad(Number(match[3]))}` : text;
}

const YES = new Set(['是', 'true', 'TRUE', '1', 'Y', 'y']);
const NO = new Set(['否', 'false', 'FALSE', '0', 'N', 'n']);

/** `张三（410102…）` or `张三(410102…)`: a label and the key that tells same-named records apart. */
const LABEL_WITH_KEY = /^(.+?)\s*[（(]\s*(.+?)\s*[）)]$/;

export class ImportValues {
  private readonly cache = new Map<string, Promise<string | CellProblem>>();
  private readonly dictionaries = new Map<string, Promise<Map<string, string>>>();

  constructor(
    private readonly db: Db,
    private readonly projectId: string,
    private readonly collections: ReadonlyMap<string, { readonly file: CollectionFile }>,
  ) {}

  /** The row's values by field, and what could not be read. Blank cells are left out (as a blank form field). */
  async read(
    columns: readonly ImportColumn[],
    cells: readonly ExcelJS.CellValue[],
  ): Promise<{
    values: Values;
    problems: CellProblem[];
  }> {
    const values: Values = {};
    const problems: CellProblem[] = [];
    for (const [index, column] of columns.entries()) {
      const raw = cells[index] ?? null;
      const value = await this.value(column, raw);
      if (value === undefined) continue;
      if (typeof value === 'object' && value !== null && 'message' in value) problems.push(value as CellProblem);
      else values[column.field] = value;
    }
    return { values, problems };
  }

  private async value(column: ImportColumn, raw: ExcelJS.CellValue): Promise<unknown> {
    if (column.type === 'date') return dateValue(raw);
    if (column.type === 'timestamptz') return raw instanceof Date ? raw.toISOString() : cellText(raw) || undefined;
    const text = cellText(raw);
    if (text === '') return undefined;
    const problem = (message: string): CellProblem => ({ field: column.field, message });
    if (column.options) {
      for (const [value, label] of column.options) if (label === text || value === text) return value;
      return problem(`${column.title}“${text}”不是可选的值（可选：${[...column.options.values()].join('、')}）`);
    }
    if (column.reference) return this.resolve(column, text);
    switch (column.type) {
      case 'integer':
      case 'double precision':
        // Text that is no number stays text: the schema's own type message reports it.
        return typeof raw === 'number' ? raw : /^-?\d+(\.\d+)?$/.test(text) ? Number(text) : text;
      case 'boolean':
        return YES.has(text) ? true : NO.has(text) ? false : problem(`${column.title}请填 是 或 否`);
      default:
        return text;
    }
  }

  private resolve(column: ImportColumn, text: string): Promise<string | CellProblem> {
    const key = `${column.field}\u0000${text}`;
    let found = this.cache.get(key);
    if (!found) {
      found = this.lookUp(column, text);
      this.cache.set(key, found);
    }
    return found;
  }

  private async lookUp(column: ImportColumn, text: string): Promise<string | CellProblem> {
    const reference = column.reference!;
    const notFound = { field: column.field, message: `找不到${column.title}“${text}”` };
    if ('dictionary' in reference) {
      let entries = this.dictionaries.get(reference.dictionary);
      if (!entries) {
        entries = this.db
          .selectFrom('sys_dict')
          .select(['value', 'label'])
          .where('type', '=', reference.dictionary)
          .execute()
          .then(
            (rows) =>
              new Map(
                rows.flatMap(
                  (row) =>
                    [
                      [row.label, row.value],
                      [row.value, row.value],
                    ] as const,
                ),
              ),
          );
        this.dictionaries.set(reference.dictionary, entries);
      }
      return (await entries).get(text) ?? notFound;
    }
    if ('to' in reference) {
      const ids =
        reference.to === 'user'
          ? await this.db
              .selectFrom('sys_user')
              .select('id')
              .where((eb) => eb.or([eb('name', '=', text), eb('login_name', '=', text)]))
              .limit(2)
              .execute()
          : await this.db
              .selectFrom(reference.to === 'office' ? 'sys_office' : 'project')
              .select('id')
              .where('name', '=', text)
              .limit(2)
              .execute();
      if (ids.length === 1) return ids[0].id;
      return ids.length === 0 ? notFound : { field: column.field, message: `有多个名为“${text}”的${column.title}` };
    }
    const target = this.collections.get(reference.collection);
    if (!target) return notFound;
    const table = collectionTable(target.file.id);
    const keyField = target.file.unique?.[0]?.fields[0];
    const withKey = LABEL_WITH_KEY.exec(text);
    const byLabel = (label: string, keyValue?: string) =>
      sql<{ id: string }>`select id from ${sql.table(table)} where project_id = ${this.projectId}
        and ${sql.id(fieldColumn(reference.labelField))}::text = ${label}
        ${keyValue !== undefined && keyField ? sql`and ${sql.id(fieldColumn(keyField))}::text = ${keyValue}` : sql``}
        limit 2`.execute(this.db);
    let rows = (await byLabel(text)).rows;
    if (rows.length === 0 && withKey && keyField) rows = (await byLabel(withKey[1], withKey[2])).rows;
    if (rows.length === 1) return rows[0].id;
    if (rows.length === 0) return notFound;
    const keyTitle = keyField ? (target.file.schema.properties[keyField]?.title ?? keyField) : '编号';
    return {
      field: column.field,
      message: `有多个名为“${text}”的${column.title}，请写作 名称（${keyTitle}）`,
    };
  }
}
