/**
 * The columns of a collection's Excel import, from its file alone: the fields `importFields` names (default:
 * every own field but the status, files and lists), each with its title as the header (`*` after a required
 * one), how a cell becomes a value, and what the template's 说明 sheet says about it. Choices, dictionary
 * entries and references are written as the labels users read (在场, 钢筋工, a worker's name); the import
 * turns them back into values (import-values.ts).
 */
import type ExcelJS from 'exceljs';
import { optionLabels, type CollectionFile, type CollectionReference } from '../../shared/collections.js';
import type { JsonSchemaNode } from '../../shared/schema-messages.js';
import { loadExcel } from '../lib/excel.js';
import { sqlTypeOf, type SqlType } from './columns.js';

export interface ImportColumn {
  field: string;
  title: string;
  required: boolean;
  type: SqlType;
  /** value -> label of a field with `oneOf` choices. */
  options?: Map<string, string>;
  reference?: CollectionReference;
  note: string;
}

/** Header text -> the title it names: `姓名*` and `姓名` are the same column. */
export function headerTitle(text: string): string {
  return text
    .trim()
    .replace(/[*＊]$/, '')
    .trim();
}

function noteOf(property: JsonSchemaNode, type: SqlType, reference: CollectionReference | undefined): string {
  if (type === 'date') return '日期，如 2026-09-01';
  if (type === 'boolean') return '填 是 或 否';
  if (reference && 'dictionary' in reference) return '填写字典中的名称';
  if (reference && 'collection' in reference) return '填写名称；有重名时写作 名称（编号），如 张三（身份证号）';
  if (reference && 'to' in reference)
    return reference.to === 'user'
      ? '填写用户姓名或登录名'
      : reference.to === 'office'
        ? '填写机构全称'
        : '填写项目名称';
  const parts: string[] = [];
  if (typeof property.maxLength === 'number') parts.push(`不超过${property.maxLength}个字`);
  if (type === 'integer') parts.push('整数');
  if (type === 'double precision') parts.push('数字');
  return parts.join('，');
}

export function importColumns(file: CollectionFile): ImportColumn[] {
  const required = new Set(file.schema.required ?? []);
  const names =
    file.importFields ??
    Object.keys(file.schema.properties).filter((name) => {
      if (name === file.status?.field || file.files?.[name]) return false;
      const type = sqlTypeOf(file.schema.properties[name]);
      // Lists and objects have no one-cell form (photos, attachments).
      return type !== 'jsonb' || file.references?.[name] !== undefined;
    });
  return names.map((field) => {
    const property = file.schema.properties[field] ?? {};
    const type = sqlTypeOf(property);
    const reference = file.references?.[field];
    const options = optionLabels(property);
    const column: ImportColumn = {
      field,
      title: property.title ?? field,
      required: required.has(field),
      type,
      note: options ? `可选：${[...options.values()].join('、')}` : noteOf(property, type, reference),
    };
    if (options) column.options = options;
    if (reference) column.reference = reference;
    return column;
  });
}

/** The import template: the header row, its notes as a second sheet, choices as drop-downs. */
export async function importTemplate(
  file: CollectionFile,
  choices: (column: ImportColumn) => Promise<string[] | undefined>,
): Promise<Buffer> {
  const Excel = await loadExcel();
  const workbook = new Excel.Workbook();
  const sheet = workbook.addWorksheet(file.title);
  const columns = importColumns(file);
  sheet.columns = columns.map((column) => ({
    header: column.required ? `${column.title}*` : column.title,
    key: column.field,
    width: Math.max(12, column.title.length * 2 + 4, column.type === 'date' ? 14 : 0),
    style: column.type === 'text' ? { numFmt: '@' } : {},
  }));
  const header = sheet.getRow(1);
  header.font = { bold: true };
  header.fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFE8F3FF' } };
  sheet.views = [{ state: 'frozen', ySplit: 1 }];
  const help = workbook.addWorksheet('说明');
  help.columns = [
    { header: '列', key: 'title', width: 18 },
    { header: '必填', key: 'required', width: 8 },
    { header: '说明', key: 'note', width: 60 },
  ];
  help.getRow(1).font = { bold: true };
  for (const column of columns)
    help.addRow({ title: column.title, required: column.required ? '是' : '', note: column.note });
  help.addRow({});
  help.addRow({ title: '从第 2 行起每行一条记录；带 * 的列必须填写。' });
  for (const [index, column] of columns.entries()) {
    const labels = column.type === 'boolean' ? ['是', '否'] : await choices(column);
    // Excel keeps a list validation's text under 255 characters.
    if (!labels || labels.length === 0 || labels.join(',').length > 250) continue;
    const letter = sheet.getColumn(index + 1).letter;
    const validation: ExcelJS.DataValidation = {
      type: 'list',
      allowBlank: !column.required,
      formulae: [`"${labels.join(',')}"`],
      showErrorMessage: true,
      errorTitle: column.title,
      error: `请从下拉列表中选择${column.title}`,
    };
    for (let row = 2; row <= 1001; row++) sheet.getCell(`${letter}${row}`).dataValidation = validation;
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
