/**
 * 《建筑施工安全检查标准》JGJ 59-2011 scored as the standard scores it, on the server only (a browser's figures are
 * never taken):
 *
 * - §4.0.1-1/2: a check table (分项检查评分表) is out of 100; each 检查项目 has its 应得分值 and loses its 扣分, never
 *   below 0 (扣减分值总和不得超过该检查项目的应得分值).
 * - §4.0.1-3: in a table with 保证项目, one 保证项目 with no points left, or a 保证项目小计 under 40, scores the whole
 *   table 0. The standard counts the 小计 as it stands (no conversion for 不涉及 保证项目), and so does this.
 * - §4.0.1-5: items that do not apply (缺项, 不涉及 here) leave the table: its score is 实得分 / 应得分 × 100 over the
 *   items checked (A2 = D / E × 100); the 汇总表 is converted the same way when a whole table is missing.
 * - §4.0.1-4: a table's share of the 汇总表 (表 A) is A1 = B × C / 100, B its 分值 in the 汇总表, C the table's score.
 * - §4.0.1-6: 脚手架, 物料提升机与施工升降机 and 塔式起重机与起重吊装 score the average of their tables.
 * - §5.0.1: 优良 (no table scores 0 and the total is 80 or more), 合格 (no table 0, 70 ≤ total < 80), 不合格 (total
 *   under 70, or any table scores 0).
 *
 * Scores are kept to two decimals, and the grade is read from the total as shown, so a page never shows 80.00 with
 * the grade of 79.99.
 */

/** 表 A 建筑施工安全检查评分汇总表: each 分项's 分值 (they add up to 100). */
export const SUMMARY_WEIGHTS: readonly (readonly [item: string, weight: number])[] = [
  ['安全管理', 10],
  ['文明施工', 15],
  ['脚手架', 10],
  ['基坑工程', 10],
  ['模板支架', 10],
  ['高处作业', 10],
  ['施工用电', 10],
  ['物料提升机与施工升降机', 10],
  ['塔式起重机与起重吊装', 10],
  ['施工机具', 5],
];

/** Tables (附录 B) that share one line of the 汇总表; any other table is its own line, by its own name. */
const TABLE_SUMMARY: Readonly<Record<string, string>> = {
  扣件式钢管脚手架: '脚手架',
  门式钢管脚手架: '脚手架',
  碗扣式钢管脚手架: '脚手架',
  承插型盘扣式钢管脚手架: '脚手架',
  满堂脚手架: '脚手架',
  悬挑式脚手架: '脚手架',
  附着式升降脚手架: '脚手架',
  高处作业吊篮: '脚手架',
  物料提升机: '物料提升机与施工升降机',
  施工升降机: '物料提升机与施工升降机',
  塔式起重机: '塔式起重机与起重吊装',
  起重吊装: '塔式起重机与起重吊装',
};

export function summaryItemOf(table: string): string | undefined {
  const item = TABLE_SUMMARY[table] ?? table;
  return SUMMARY_WEIGHTS.some(([name]) => name === item) ? item : undefined;
}

export type ItemKind = 'guarantee' | 'general';
export type ItemResult = 'pass' | 'fail' | 'na';
export type Grade = 'excellent' | 'pass' | 'fail';

export const GRADE_LABELS: Readonly<Record<Grade, string>> = { excellent: '优良', pass: '合格', fail: '不合格' };

/** The 保证项目 rule's floor (§4.0.1-3). */
export const GUARANTEE_FLOOR = 40;

/** One 检查项目 of a table as judged: its 应得分值 and 扣分; not yet judged counts as not deducted. */
export interface ScoredItem {
  table: string;
  kind: ItemKind | null;
  points: number;
  result: ItemResult | null;
  deduction: number;
}

export interface TableScore {
  table: string;
  /** Its line of the 汇总表 (null: not one of the standard's tables, left out of the total). */
  summaryItem: string | null;
  /** 保证项目小计 and 一般项目小计 (实得分), null for a table without such items. */
  guaranteeScore: number | null;
  generalScore: number | null;
  /** 应得分: the points of the items checked (不涉及 left out). */
  applicable: number;
  /** 实得分 before the 保证项目 rule. */
  earned: number;
  /** The table's score out of 100 (converted when items do not apply); null when no item applies (缺项). */
  score: number | null;
  /** Why the table scores 0 by the 保证项目 rule. */
  zeroReason: string | null;
  itemCount: number;
  naCount: number;
}

export interface SummaryLine {
  item: string;
  /** B: the line's 分值 in the 汇总表. */
  weight: number;
  /** The tables it reads, `、`-joined. */
  tables: string;
  /** C: the table's score, or the average of its tables'; null when none was checked (缺项). */
  tableScore: number | null;
  /** A1 = B × C / 100. */
  weighted: number | null;
}

export interface InspectionScore {
  tables: TableScore[];
  summary: SummaryLine[];
  /** The 汇总表 total (converted over the lines checked); null when nothing was scored. */
  total: number | null;
  grade: Grade | null;
  gradeLabel: string | null;
  /** Why the grade is 不合格 when the total alone would pass. */
  gradeReason: string | null;
}

const round2 = (value: number): number => Math.round(value * 100 + Number.EPSILON * 100) / 100;

export function scoreTable(table: string, items: readonly ScoredItem[]): TableScore {
  const applicable = items.filter((item) => item.result !== 'na');
  const got = (item: ScoredItem): number => Math.max(0, item.points - Math.min(item.deduction, item.points));
  const sum = (list: readonly ScoredItem[]): number => list.reduce((total, item) => total + got(item), 0);
  const guarantees = applicable.filter((item) => item.kind === 'guarantee');
  const hasKinds = items.some((item) => item.kind === 'guarantee');
  const earned = sum(applicable);
  const points = applicable.reduce((total, item) => total + item.points, 0);
  let zeroReason: string | null = null;
  if (guarantees.length > 0) {
    const empty = guarantees.filter((item) => item.points > 0 && got(item) === 0);
    const subtotal = sum(guarantees);
    if (empty.length > 0) zeroReason = `保证项目有${empty.length}项未得分，本表不得分`;
    else if (subtotal < GUARANTEE_FLOOR)
      zeroReason = `保证项目小计${round2(subtotal)}分，不足${GUARANTEE_FLOOR}分，本表不得分`;
  }
  const score = points > 0 ? (zeroReason ? 0 : round2((earned / points) * 100)) : null;
  return {
    table,
    summaryItem: summaryItemOf(table) ?? null,
    guaranteeScore: hasKinds ? round2(sum(guarantees)) : null,
    generalScore: hasKinds ? round2(sum(applicable.filter((item) => item.kind !== 'guarantee'))) : null,
    applicable: round2(points),
    earned: round2(earned),
    score,
    zeroReason,
    itemCount: items.length,
    naCount: items.length - applicable.length,
  };
}

/** The tables in the order their items come, the 汇总表 in the standard's order, the total and the grade. */
export function scoreInspection(items: readonly ScoredItem[]): InspectionScore {
  const byTable = new Map<string, ScoredItem[]>();
  for (const item of items) byTable.set(item.table, [...(byTable.get(item.table) ?? []), item]);
  const tables = [...byTable].map(([table, rows]) => scoreTable(table, rows));
  const summary: SummaryLine[] = [];
  for (const [item, weight] of SUMMARY_WEIGHTS) {
    const own = tables.filter((table) => table.summaryItem === item);
    if (own.length === 0) continue;
    const scored = own.filter((table) => table.score !== null).map((table) => table.score as number);
    const tableScore = scored.length > 0 ? round2(scored.reduce((a, b) => a + b, 0) / scored.length) : null;
    summary.push({
      item,
      weight,
      tables: own.map((table) => table.table).join('、'),
      tableScore,
      weighted: tableScore === null ? null : round2((weight * tableScore) / 100),
    });
  }
  const checked = summary.filter((line) => line.weighted !== null);
  const weights = checked.reduce((total, line) => total + line.weight, 0);
  const total =
    weights > 0 ? round2((checked.reduce((sum, line) => sum + (line.weighted as number), 0) / weights) * 100) : null;
  const zeros = tables.filter((table) => table.score === 0);
  let grade: Grade | null = null;
  let gradeReason: string | null = null;
  if (total !== null) {
    if (zeros.length > 0) {
      grade = 'fail';
      gradeReason = `${zeros.map((table) => table.table).join('、')}检查评分表得零分`;
    } else if (total < 70) {
      grade = 'fail';
      gradeReason = '汇总表得分不足70分';
    } else grade = total >= 80 ? 'excellent' : 'pass';
  }
  return { tables, summary, total, grade, gradeLabel: grade ? GRADE_LABELS[grade] : null, gradeReason };
}
