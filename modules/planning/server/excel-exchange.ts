/**
 * A schedule as an Excel sheet: the first sheet, a header row, a task per row in WBS order. Columns are found by
 * their header (any order; the titles of 进度计划's export, MS Project's and common Chinese ones), so a plan
 * exported from the list imports back as it was, and a plan typed in Excel imports too. The outline comes from the
 * WBS code (`2.3.1` is level 3) or an 大纲级别 column; predecessors are typed by 序号 (`3FS+2,5SS`).
 */
import type ExcelJS from 'exceljs';
import { loadExcel } from '../../../src/server/module-api.js';
import { isDate } from './calendar.js';
import type { ImportedDocument, ImportedTask, RowError } from './exchange.js';
import { parsePredecessors } from './predecessors.js';

type Column =
  | 'id'
  | 'seq'
  | 'wbs'
  | 'level'
  | 'name'
  | 'kind'
  | 'duration'
  | 'start'
  | 'finish'
  | 'predecessors'
  | 'responsible'
  | 'percent'
  | 'actualStart'
  | 'actualFinish'
  | 'constraintStart'
  | 'remark';

const ALIASES: Record<Column, string[]> = {
  id: ['唯一标识', '任务标识', '唯一标识号', 'UID', 'GUID'],
  seq: ['序号', 'ID', '任务序号', '标识号'],
  wbs: ['WBS', 'WBS编码', '大纲数字', '大纲编号', '编码'],
  level: ['大纲级别', '层级', '级别'],
  name: ['任务名称', '名称', '工作名称', '工作项目', '任务'],
  kind: ['类型', '任务类型'],
  duration: ['工期', '持续时间', '工期天'],
  start: ['计划开始', '开始', '开始时间', '开始日期', '计划开始时间', '计划开始日期'],
  finish: ['计划完成', '完成', '完成时间', '完成日期', '结束', '结束时间', '计划完成时间', '计划完成日期'],
  predecessors: ['前置任务', '紧前工作', '前置', '紧前任务'],
  responsible: ['负责人', '责任人', '资源名称'],
  percent: ['完成百分比', '完成%', '完成率', '完成比例', '进度', '进度%'],
  actualStart: ['实际开始', '实际开始时间', '实际开始日期'],
  actualFinish: ['实际完成', '实际完成时间', '实际完成日期', '实际结束'],
  constraintStart: ['开始不早于', '限制日期'],
  remark: ['备注', '说明'],
};

const normalize = (text: string) =>
  text
    .replace(/[\s*＊]/g, '')
    .replace(/[（(][^）)]*[）)]/g, '')
    .toUpperCase();

const BY_TITLE = new Map(
  (Object.entries(ALIASES) as [Column, string[]][]).flatMap(([column, titles]) =>
    titles.map((title) => [normalize(title), column] as const),
  ),
);

/** The columns a template offers, in order, with what the 说明 sheet says of them. */
export const TEMPLATE_COLUMNS: { title: string; width: number; note: string }[] = [
  { title: '序号', width: 8, note: '行号，前置任务按序号填写；可不填（按行的顺序编号）' },
  { title: 'WBS', width: 10, note: '大纲编码，如 1、1.2、1.2.3，决定层级：1.2 是 1 的下级' },
  { title: '任务名称*', width: 36, note: '必填，不超过100个字' },
  { title: '工期（工作日）*', width: 14, note: '按项目工作日历计的整数；0 为里程碑；摘要任务可不填' },
  { title: '计划开始', width: 14, note: '日期；晚于前置关系推算的开始时作为“开始不早于”保留' },
  { title: '计划完成', width: 14, note: '日期；未填工期时按开始与完成日期计算工期' },
  { title: '前置任务', width: 16, note: '序号加关系类型与延隔工作日，逗号分隔：3、3FS+2、5SS、7FF-1、2SF+3' },
  { title: '负责人', width: 12, note: '本项目所属公司人员的姓名' },
  { title: '完成百分比', width: 12, note: '0 到 100' },
  { title: '实际开始', width: 14, note: '日期' },
  { title: '实际完成', width: 14, note: '日期；填写后完成百分比为100' },
  { title: '备注', width: 30, note: '不超过500个字' },
];

/** A cell's value: text, a number or a date (rich text, formulas and links read as what they show). */
export function cellValue(value: ExcelJS.CellValue): string | number | Date | undefined {
  if (value === null || value === undefined) return undefined;
  if (value instanceof Date || typeof value === 'number') return value;
  if (typeof value === 'string') return value.trim() === '' ? undefined : value.trim();
  if (typeof value === 'boolean') return value ? '是' : '否';
  if (typeof value === 'object') {
    if ('richText' in value) return cellValue(value.richText.map((part) => part.text).join(''));
    if ('result' in value) return cellValue(value.result as ExcelJS.CellValue);
    if ('text' in value) return cellValue(String(value.text));
    if ('error' in value) return undefined;
  }
  return undefined;
}

const pad = (value: number | string) => String(value).padStart(2, '0');

/** A date as typed or stored: a date cell, an Excel serial day, `2026-03-01`, `2026/3/1`, `2026年3月1日`. */
export function dateOf(value: string | number | Date | undefined): string | undefined | null {
  if (value === undefined) return undefined;
  if (value instanceof Date)
    return Number.isNaN(value.getTime())
      ? null
      : `${value.getUTCFullYear()}-${pad(value.getUTCMonth() + 1)}-${pad(value.getUTCDate())}`;
  if (typeof value === 'number') {
    if (value < 20000 || value > 80000) return null;
    return new Date(Date.UTC(1899, 11, 30) + Math.round(value) * 86_400_000).toISOString().slice(0, 10);
  }
  const match = /^(\d{4})\s*[-/.年]\s*(\d{1,2})\s*[-/.月]\s*(\d{1,2})\s*日?(?:[\sT].*)?$/.exec(value);
  if (!match) return null;
  const date = `${match[1]}-${pad(match[2])}-${pad(match[3])}`;
  return isDate(date) ? date : null;
}

/** A number as typed: `5`, `5天`, `5 个工作日`, `5d`, `60%`. */
function numberOf(value: string | number | Date | undefined): number | undefined | null {
  if (value === undefined) return undefined;
  if (typeof value === 'number') return value;
  if (value instanceof Date) return null;
  const match = /^([+-]?\d+(?:\.\d+)?)\s*(?:%|％|天|日|d|days?|个工作日|工作日|工日)?$/i.exec(value.replace(/,/g, ''));
  return match ? Number(match[1]) : null;
}

export interface SheetReading {
  document: ImportedDocument;
  errors: RowError[];
}

/**
 * Reads a workbook into a document. `workingDays(start, finish)` counts a task's working days when the sheet gives
 * its dates without a duration.
 */
export async function readScheduleWorkbook(
  bytes: Buffer,
  workingDays: (start: string, finish: string) => number,
): Promise<SheetReading> {
  const Excel = await loadExcel();
  const workbook = new Excel.Workbook();
  await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0];
  const errors: RowError[] = [];
  if (!sheet) return { document: { tasks: [] }, errors: [{ message: '文件中没有工作表' }] };
  const columns = new Map<Column, number>();
  sheet.getRow(1).eachCell((cell, number) => {
    const column = BY_TITLE.get(normalize(String(cellValue(cell.value) ?? '')));
    if (column && !columns.has(column)) columns.set(column, number);
  });
  if (!columns.has('name'))
    return {
      document: { tasks: [] },
      errors: [{ row: 1, message: '第一行应是表头，且有“任务名称”一列（可先下载导入模板）' }],
    };

  const tasks: ImportedTask[] = [];
  const rawLinks: { task: ImportedTask; text: string }[] = [];
  sheet.eachRow((row, rowNumber) => {
    if (rowNumber === 1) return;
    const get = (column: Column) => {
      const at = columns.get(column);
      return at === undefined ? undefined : cellValue(row.getCell(at).value);
    };
    const at = (field: string, message: string) => errors.push({ row: rowNumber, field, message });
    const name = get('name');
    const wbs = get('wbs');
    if (name === undefined && wbs === undefined && get('duration') === undefined) return;
    if (typeof name === 'string' && name.startsWith('仅导出前')) return;
    const dates: Partial<Record<'start' | 'finish' | 'actualStart' | 'actualFinish' | 'constraintStart', string>> = {};
    const titles = {
      start: '计划开始',
      finish: '计划完成',
      actualStart: '实际开始',
      actualFinish: '实际完成',
      constraintStart: '开始不早于',
    };
    for (const field of ['start', 'finish', 'actualStart', 'actualFinish', 'constraintStart'] as const) {
      const date = dateOf(get(field));
      if (date === null) at(titles[field], `${titles[field]}不是正确的日期`);
      else if (date) dates[field] = date;
    }
    const kindText = String(get('kind') ?? '');
    let duration = numberOf(get('duration'));
    if (duration === null) at('工期', '工期必须是整数（工作日）');
    if (duration === undefined) duration = dates.start && dates.finish ? workingDays(dates.start, dates.finish) : 0;
    const percent = numberOf(get('percent'));
    if (percent === null) at('完成百分比', '完成百分比必须是0到100之间的数');
    const percentCell = columns.has('percent') ? row.getCell(columns.get('percent')!) : undefined;
    const percentValue =
      typeof percent === 'number' && percent <= 1 && percent > 0 && String(percentCell?.numFmt ?? '').includes('%')
        ? percent * 100
        : percent;
    const levelText = String(wbs ?? '').trim();
    const level = levelText
      ? levelText.split('.').filter((part) => part !== '').length
      : Math.max(1, Math.round(Number(numberOf(get('level')) ?? 1)) || 1);
    const seqValue = numberOf(get('seq'));
    const seq = typeof seqValue === 'number' && Number.isInteger(seqValue) ? seqValue : tasks.length + 1;
    const responsible = get('responsible');
    const remark = get('remark');
    const id = get('id');
    const task: ImportedTask = {
      key: String(seq),
      row: rowNumber,
      ...(typeof id === 'string' ? { id } : {}),
      level,
      name: String(name ?? '').trim(),
      milestone: kindText.includes('里程碑') || duration === 0,
      duration: typeof duration === 'number' ? duration : 0,
      ...(dates.start ? { start: dates.start } : {}),
      ...(dates.constraintStart ? { constraintStart: dates.constraintStart } : {}),
      ...(responsible !== undefined ? { responsibleName: String(responsible).trim() } : {}),
      ...(typeof percentValue === 'number' ? { percentComplete: Math.round(percentValue * 10) / 10 } : {}),
      ...(dates.actualStart ? { actualStart: dates.actualStart } : {}),
      ...(dates.actualFinish ? { actualFinish: dates.actualFinish } : {}),
      ...(remark !== undefined ? { remark: String(remark).slice(0, 500) } : {}),
      predecessors: [],
    };
    if (tasks.some((other) => other.key === task.key)) at('序号', `序号 ${task.key} 重复`);
    tasks.push(task);
    const links = get('predecessors');
    if (links !== undefined) rawLinks.push({ task, text: String(links) });
  });
  // Summaries have no duration of their own: one left blank is no error.
  for (const { task, text } of rawLinks) {
    const { entries, errors: wrong } = parsePredecessors(text);
    for (const message of wrong) errors.push({ row: task.row, field: '前置任务', message });
    task.predecessors = entries.map((entry) => ({ key: String(entry.seq), type: entry.type, lag: entry.lag }));
  }
  return { document: { tasks }, errors };
}

/** The import template: the columns, two example tasks and a milestone, and a 说明 sheet. */
export async function scheduleTemplate(): Promise<Buffer> {
  const Excel = await loadExcel();
  const workbook = new Excel.Workbook();
  const sheet = workbook.addWorksheet('进度计划');
  sheet.columns = TEMPLATE_COLUMNS.map((column) => ({ header: column.title, width: column.width }));
  sheet.getRow(1).font = { bold: true };
  sheet.addRows([
    [1, '1', '施工准备', '', '', '', '', '', '', '', '', ''],
    [2, '1.1', '场地平整及临时道路', 10, '2026-03-02', '', '', '', '', '', '', ''],
    [3, '1.2', '临建搭设', 15, '', '', '2SS+3', '', '', '', '', '三通一平后插入'],
    [4, '2', '开工令', 0, '', '', '3', '', '', '', '', '里程碑'],
  ]);
  const notes = workbook.addWorksheet('说明');
  notes.columns = [
    { header: '列', width: 18 },
    { header: '说明', width: 90 },
  ];
  notes.getRow(1).font = { bold: true };
  for (const column of TEMPLATE_COLUMNS) notes.addRow([column.title.replace('*', ''), column.note]);
  notes.addRow([
    '导入规则',
    '导入将以文件内容替换本项目当前的进度计划；带“唯一标识”列（从本系统导出）的任务保留原标识，基线对比不受影响',
  ]);
  notes.addRow([
    '关系类型',
    'FS 完成-开始，SS 开始-开始，FF 完成-完成，SF 开始-完成；+2 为间歇2个工作日，-1 为搭接1个工作日',
  ]);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
