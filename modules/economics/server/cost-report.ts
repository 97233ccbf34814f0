/**
 * 成本分析: target cost against actual cost per category (人工费, 材料费, 机械费, 分包费, 其他费用) over a range of
 * months, with the variance (actual − target) and its rate; a category over its target is flagged. The actual cost
 * is what was entered (economics-cost) plus what the site's own records give:
 * - 人工费 from the labour module's wage ledger: each worker's 工日 of the month (days with a clock-in) × the
 *   daily rate, or the monthly rate (the `due` the ledger adds to every labour-wage record it reads);
 * - 材料费 from the weighbridge: each month's completed incoming weighings of a material (its 结算重量 in t, or
 *   its 方量 in m³ when its price is per m³) × the price in force that month (economics-material-price).
 * Both are read through the collections' own API (`all`, `aggregate`), never their tables. Amounts are integers
 * of 分; the entered and target sums are taken in SQL (money.ts).
 */
import { sql } from 'kysely';
import { fieldColumn, type CollectionRecords, type Db, type RecordValues } from '../../../src/server/module-api.js';
import { fen, fenOf, fenOfYuan, percent } from './money.js';
import { monthsBetween } from './months.js';

export interface CostParams {
  projectId: string;
  from: string;
  to: string;
}

export interface CostCategory {
  category: string;
  label: string;
  target: number;
  actual: number;
  /** actual − target: positive is over the target. */
  variance: number;
  /** variance / target in % (null without a target). */
  varianceRate: number | null;
  over: boolean;
  /** Of the actual: what was entered, and what the site's records gave (wage ledger, weighbridge). */
  entered: number;
  derived: number;
}

export interface CostMonth {
  month: string;
  target: number;
  actual: number;
  /** The actual cost of each category in the month. */
  categories: Record<string, number>;
}

/** A weighed material of the range, priced or not. */
export interface MaterialLine {
  material: string;
  unit: 't' | 'm3';
  quantity: number;
  /** Without a price in force for some month of the range: the quantity of those months is left out. */
  unpricedQuantity: number;
  amount: number;
}

export interface CostReport {
  from: string;
  to: string;
  categories: CostCategory[];
  months: CostMonth[];
  materials: MaterialLine[];
  totals: { target: number; actual: number; variance: number; varianceRate: number | null; over: boolean };
}

export interface CostSources {
  targets: CollectionRecords;
  costs: CollectionRecords;
  prices: CollectionRecords;
  /** The labour module's wage ledger and the weighbridge's records (absent: nothing derived from them). */
  wages?: CollectionRecords;
  weighings?: CollectionRecords;
  /** The categories in their order, value -> label (the economics_cost_category dictionary). */
  categories: ReadonlyMap<string, string>;
}

const column = (field: string) => sql.ref(fieldColumn(field));

function monthEnd(month: string): string {
  const [year, number] = month.split('-').map(Number);
  return `${month}-${String(new Date(Date.UTC(year, number, 0)).getUTCDate()).padStart(2, '0')}`;
}

/** Sums of an amount collection by category and month, in SQL. */
async function sums(db: Db, records: CollectionRecords, params: CostParams) {
  const { rows } = await sql<{ category: string; month: string; amount: string }>`
    select ${column('category')} as category, ${column('month')} as month, sum(${fenOf('amount')}) as amount
    from ${sql.table(records.table)}
    where project_id = ${params.projectId} and ${column('month')} between ${params.from} and ${params.to}
    group by 1, 2`.execute(db);
  return rows.map((row) => ({ category: row.category, month: row.month, amount: fen(row.amount) }));
}

/** The total of an amount collection over the range, as its own SQL sum. */
async function total(db: Db, records: CollectionRecords, params: CostParams): Promise<number> {
  const { rows } = await sql<{ amount: string | null }>`
    select sum(${fenOf('amount')}) as amount from ${sql.table(records.table)}
    where project_id = ${params.projectId} and ${column('month')} between ${params.from} and ${params.to}`.execute(db);
  return fen(rows[0]?.amount);
}

/** 人工费 of each month from the wage ledger: Σ 工日 × rate (or the monthly rate), to the 分. */
async function labourByMonth(wages: CollectionRecords, params: CostParams): Promise<Map<string, number>> {
  const byMonth = new Map<string, number>();
  for (const month of monthsBetween(params.from, params.to)) {
    const rows = await wages.all(params.projectId, { month }, 100_000);
    const amount = rows.reduce((sum, row) => sum + (typeof row.due === 'number' ? fenOfYuan(row.due) : 0), 0);
    if (amount !== 0) byMonth.set(month, amount);
  }
  return byMonth;
}

interface Price {
  unit: 't' | 'm3';
  price: number;
  fromMonth: string;
}

/** 材料费 of each month from the weighings × the price in force, and the lines per material. */
async function materialByMonth(
  weighings: CollectionRecords,
  prices: CollectionRecords,
  params: CostParams,
): Promise<{ byMonth: Map<string, number>; lines: MaterialLine[] }> {
  // Prices by the material's label: the weighings' aggregate names a material by its label.
  const priceRows: RecordValues[] = await prices.all(params.projectId, {}, 10_000);
  const byMaterial = new Map<string, Price[]>();
  for (const row of priceRows) {
    const label = String(row.materialLabel ?? row.material ?? '');
    const list = byMaterial.get(label) ?? [];
    list.push({ unit: row.unit === 'm3' ? 'm3' : 't', price: Number(row.price), fromMonth: String(row.fromMonth) });
    byMaterial.set(label, list);
  }
  for (const list of byMaterial.values()) list.sort((a, b) => b.fromMonth.localeCompare(a.fromMonth));
  const inForce = (label: string, month: string) => byMaterial.get(label)?.find((price) => price.fromMonth <= month);

  const filters = {
    direction: 'in',
    state: 'complete',
    weighDateFrom: `${params.from}-01`,
    weighDateTo: monthEnd(params.to),
  };
  const quantities = async (field: 'settledWeight' | 'netVolume') =>
    weighings.aggregate({
      projectId: params.projectId,
      op: 'sum',
      field,
      bucket: 'month',
      dateField: 'weighDate',
      seriesBy: 'material',
      filters,
    });
  const [tonnes, volumes] = await Promise.all([quantities('settledWeight'), quantities('netVolume')]);
  const volumeOf = new Map(volumes.map((row) => [`${row.name}|${row.series ?? ''}`, row.value]));

  const byMonth = new Map<string, number>();
  const lines = new Map<string, MaterialLine>();
  for (const row of tonnes) {
    const month = row.name;
    const label = row.series ?? '';
    const price = inForce(label, month);
    const unit = price?.unit ?? 't';
    const quantity = unit === 'm3' ? (volumeOf.get(`${month}|${label}`) ?? 0) : row.value;
    const line = lines.get(label) ?? { material: label, unit, quantity: 0, unpricedQuantity: 0, amount: 0 };
    line.quantity = Math.round((line.quantity + quantity) * 100) / 100;
    if (!price) line.unpricedQuantity = Math.round((line.unpricedQuantity + quantity) * 100) / 100;
    else {
      // The quantity has two decimals and the price is in whole 分: their product is rounded once, to the 分.
      const amount = Math.round(quantity * fenOfYuan(price.price));
      line.amount += amount;
      byMonth.set(month, (byMonth.get(month) ?? 0) + amount);
    }
    lines.set(label, line);
  }
  return { byMonth, lines: [...lines.values()].sort((a, b) => b.amount - a.amount) };
}

export async function costReport(db: Db, sources: CostSources, params: CostParams): Promise<CostReport> {
  const [targets, entered, targetTotal, enteredTotal, labour, material] = await Promise.all([
    sums(db, sources.targets, params),
    sums(db, sources.costs, params),
    total(db, sources.targets, params),
    total(db, sources.costs, params),
    sources.wages ? labourByMonth(sources.wages, params) : Promise.resolve(new Map<string, number>()),
    sources.weighings
      ? materialByMonth(sources.weighings, sources.prices, params)
      : Promise.resolve({ byMonth: new Map<string, number>(), lines: [] }),
  ]);
  const derived: Record<string, Map<string, number>> = { labour, material: material.byMonth };

  const months = monthsBetween(params.from, params.to).map((month): CostMonth => ({
    month,
    target: 0,
    actual: 0,
    categories: {},
  }));
  const monthOf = new Map(months.map((month) => [month.month, month]));
  const categories = new Map<string, CostCategory>(
    [...sources.categories].map(([category, label]) => [
      category,
      { category, label, target: 0, actual: 0, variance: 0, varianceRate: null, over: false, entered: 0, derived: 0 },
    ]),
  );
  const categoryOf = (category: string): CostCategory => {
    let found = categories.get(category);
    if (!found) {
      // A category no longer in the dictionary still counts, under its stored value.
      found = {
        category,
        label: category,
        target: 0,
        actual: 0,
        variance: 0,
        varianceRate: null,
        over: false,
        entered: 0,
        derived: 0,
      };
      categories.set(category, found);
    }
    return found;
  };
  const addActual = (category: string, month: string, amount: number) => {
    const row = monthOf.get(month);
    if (!row) return;
    row.actual += amount;
    row.categories[category] = (row.categories[category] ?? 0) + amount;
  };

  for (const row of targets) {
    categoryOf(row.category).target += row.amount;
    const month = monthOf.get(row.month);
    if (month) month.target += row.amount;
  }
  for (const row of entered) {
    categoryOf(row.category).entered += row.amount;
    addActual(row.category, row.month, row.amount);
  }
  let derivedTotal = 0;
  for (const [category, byMonth] of Object.entries(derived))
    for (const [month, amount] of byMonth) {
      if (!monthOf.has(month)) continue;
      categoryOf(category).derived += amount;
      derivedTotal += amount;
      addActual(category, month, amount);
    }

  const list = [...categories.values()].map((category) => {
    const actual = category.entered + category.derived;
    const variance = actual - category.target;
    return { ...category, actual, variance, varianceRate: percent(variance, category.target), over: variance > 0 };
  });
  const actualTotal = enteredTotal + derivedTotal;
  const variance = actualTotal - targetTotal;
  return {
    from: params.from,
    to: params.to,
    categories: list,
    months,
    materials: material.lines,
    totals: {
      target: targetTotal,
      actual: actualTotal,
      variance,
      varianceRate: percent(variance, targetTotal),
      over: variance > 0,
    },
  };
}
