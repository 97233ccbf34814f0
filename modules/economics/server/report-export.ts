/**
 * The two reports as Excel workbooks, exactly as the screens show them: amounts in 元 as numbers with two decimals
 * (the cell format ¥#,##0.00, so Excel sums them as the report does), rates in %, the totals row last. Each
 * amount is written from its integer of 分 (分 / 100 is the nearest double to the 元 figure).
 */
import { loadExcel } from '../../../src/server/module-api.js';
import type { CostReport } from './cost-report.js';
import type { OutputReport } from './output-report.js';

const MONEY = '"¥"#,##0.00';
const yuan = (amount: number) => amount / 100;
const rate = (value: number | null) => (value === null ? '—' : `${value.toFixed(2)}%`);

type Cell = string | number;

async function workbook(
  sheets: { name: string; title: string; header: string[]; rows: Cell[][]; money: number[] }[],
): Promise<Buffer> {
  const Excel = await loadExcel();
  const book = new Excel.Workbook();
  for (const sheet of sheets) {
    const ws = book.addWorksheet(sheet.name);
    ws.addRow([sheet.title]).font = { bold: true, size: 13 };
    const header = ws.addRow(sheet.header);
    header.font = { bold: true };
    for (const row of sheet.rows) ws.addRow(row);
    ws.getRow(ws.rowCount).font = { bold: true };
    sheet.header.forEach((title, index) => {
      const column = ws.getColumn(index + 1);
      column.width = Math.max(12, title.length * 2 + 4);
      if (sheet.money.includes(index)) column.numFmt = MONEY;
    });
  }
  return Buffer.from(await book.xlsx.writeBuffer());
}

export function outputWorkbook(report: OutputReport, projectName: string): Promise<Buffer> {
  const title = `${projectName} 产值报表（${report.from} 至 ${report.to}）`;
  const header = [
    '月份',
    '合同编号',
    '合同名称',
    '计划产值',
    '实际产值',
    '完成率',
    '开累计划',
    '开累实际',
    '开累完成率',
    '状态',
  ];
  const rows: Cell[][] = report.rows.map((row) => [
    row.month,
    row.contractNumber,
    row.contractName,
    yuan(row.planned),
    yuan(row.actual),
    rate(row.rate),
    yuan(row.cumPlanned),
    yuan(row.cumActual),
    rate(row.cumRate),
    row.confirmed ? '已确认' : '待确认',
  ]);
  const t = report.totals;
  rows.push([
    '合计',
    '',
    '',
    yuan(t.planned),
    yuan(t.actual),
    rate(t.rate),
    yuan(t.cumPlanned),
    yuan(t.cumActual),
    rate(t.cumRate),
    '',
  ]);
  const contracts: Cell[][] = report.contracts.map((row) => [
    row.number,
    row.name,
    row.party,
    yuan(row.amount),
    yuan(row.planned),
    yuan(row.actual),
    rate(row.rate),
    yuan(row.cumActual),
    rate(row.progress),
  ]);
  contracts.push([
    '合计',
    '',
    '',
    yuan(t.amount),
    yuan(t.planned),
    yuan(t.actual),
    rate(t.rate),
    yuan(t.cumActual),
    rate(t.progress),
  ]);
  return workbook([
    { name: '按合同按月', title, header, rows, money: [3, 4, 6, 7] },
    {
      name: '按合同汇总',
      title,
      header: [
        '合同编号',
        '合同名称',
        '发包方',
        '合同金额',
        '计划产值',
        '实际产值',
        '完成率',
        '开累实际',
        '开累占合同额',
      ],
      rows: contracts,
      money: [3, 4, 5, 7],
    },
  ]);
}

export function costWorkbook(report: CostReport, projectName: string): Promise<Buffer> {
  const title = `${projectName} 成本分析（${report.from} 至 ${report.to}）`;
  const rows: Cell[][] = report.categories.map((row) => [
    row.label,
    yuan(row.target),
    yuan(row.actual),
    yuan(row.variance),
    rate(row.varianceRate),
    row.over ? '超支' : '',
  ]);
  const t = report.totals;
  rows.push(['合计', yuan(t.target), yuan(t.actual), yuan(t.variance), rate(t.varianceRate), t.over ? '超支' : '']);
  const labels = report.categories.map((category) => category.label);
  const months: Cell[][] = report.months.map((month) => [
    month.month,
    yuan(month.target),
    yuan(month.actual),
    ...report.categories.map((category) => yuan(month.categories[category.category] ?? 0)),
  ]);
  months.push(['合计', yuan(t.target), yuan(t.actual), ...report.categories.map((category) => yuan(category.actual))]);
  return workbook([
    {
      name: '按科目',
      title,
      header: ['成本科目', '目标成本', '实际成本', '差额（实际−目标）', '差异率', '超支'],
      rows,
      money: [1, 2, 3],
    },
    {
      name: '按月',
      title,
      header: ['月份', '目标成本', '实际成本', ...labels],
      rows: months,
      money: [1, 2, ...labels.map((_, index) => index + 3)],
    },
  ]);
}
