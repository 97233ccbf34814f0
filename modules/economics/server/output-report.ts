/**
 * 产值报表: planned and actual output value per contract and month, cumulative from the first month entered (开累),
 * completion rates, per-month sums for the chart, per-contract sums and the totals. Every amount is an integer of
 * 分 summed in SQL (money.ts); the totals are their own SQL sums, so that they equal the sum of the rows is a
 * check (tests/api/economics.test.ts), not an assumption.
 */
import { sql } from 'kysely';
import { fieldColumn, type CollectionRecords, type Db } from '../../../src/server/module-api.js';
import { fen, fenOf, percent } from './money.js';

export interface OutputParams {
  projectId: string;
  from: string;
  to: string;
  contractId?: string;
}

/** One contract's month. Amounts in 分; rates in % (null without a plan). */
export interface OutputRow {
  id: string;
  contract: string;
  contractName: string;
  contractNumber: string;
  month: string;
  planned: number;
  actual: number;
  rate: number | null;
  cumPlanned: number;
  cumActual: number;
  cumRate: number | null;
  /** The actual output was confirmed by an approved 产值月报审批. */
  confirmed: boolean;
}

export interface OutputMonth {
  month: string;
  planned: number;
  actual: number;
  rate: number | null;
  cumPlanned: number;
  cumActual: number;
  cumRate: number | null;
}

export interface OutputContract {
  contract: string;
  name: string;
  number: string;
  party: string;
  amount: number;
  planned: number;
  actual: number;
  rate: number | null;
  cumPlanned: number;
  cumActual: number;
  cumRate: number | null;
  /** 开累实际 / 合同金额 in %. */
  progress: number | null;
}

export interface OutputTotals {
  amount: number;
  planned: number;
  actual: number;
  rate: number | null;
  cumPlanned: number;
  cumActual: number;
  cumRate: number | null;
  progress: number | null;
}

export interface OutputReport {
  from: string;
  to: string;
  rows: OutputRow[];
  months: OutputMonth[];
  contracts: OutputContract[];
  totals: OutputTotals;
}

const column = (field: string) => sql.ref(fieldColumn(field));

/** The entries of the selected contracts up to `to` (the months before `from` count in the cumulative figures). */
function entries(outputs: CollectionRecords, params: OutputParams) {
  const contract = params.contractId ? sql`and ${column('contract')} = ${params.contractId}` : sql``;
  return sql`select id, ${column('contract')} as contract, ${column('month')} as month,
      ${fenOf('planned')} as planned, ${fenOf('actual')} as actual,
      ${column('confirmedActual')} is not null as confirmed
    from ${sql.table(outputs.table)}
    where project_id = ${params.projectId} and ${column('month')} <= ${params.to} ${contract}`;
}

export async function outputReport(
  db: Db,
  outputs: CollectionRecords,
  contracts: CollectionRecords,
  params: OutputParams,
): Promise<OutputReport> {
  const e = entries(outputs, params);
  const { from } = params;
  const [rows, months, perContract, totals] = await Promise.all([
    sql<{
      id: string;
      contract: string;
      month: string;
      planned: string;
      actual: string;
      cum_planned: string;
      cum_actual: string;
      confirmed: boolean;
      name: string | null;
      number: string | null;
    }>`with e as (${e}),
      w as (select e.*,
        sum(planned) over (partition by contract order by month) as cum_planned,
        sum(actual) over (partition by contract order by month) as cum_actual
        from e)
      select w.*, k.${column('name')} as name, k.${column('number')} as number
      from w left join ${sql.table(contracts.table)} k on k.id = w.contract
      where w.month >= ${from} order by w.month, k.${column('number')}, w.contract`.execute(db),
    sql<{ month: string; planned: string; actual: string; cum_planned: string; cum_actual: string }>`
      with e as (${e}),
      m as (select month, sum(planned) as planned, sum(actual) as actual from e group by month),
      w as (select m.*, sum(planned) over (order by month) as cum_planned,
        sum(actual) over (order by month) as cum_actual from m)
      select * from w where month >= ${from} order by month`.execute(db),
    sql<{
      contract: string;
      planned: string;
      actual: string;
      cum_planned: string;
      cum_actual: string;
    }>`with e as (${e})
      select contract, sum(planned) filter (where month >= ${from}) as planned,
        sum(actual) filter (where month >= ${from}) as actual,
        sum(planned) as cum_planned, sum(actual) as cum_actual
      from e group by contract`.execute(db),
    sql<{ planned: string | null; actual: string | null; cum_planned: string | null; cum_actual: string | null }>`
      with e as (${e})
      select sum(planned) filter (where month >= ${from}) as planned,
        sum(actual) filter (where month >= ${from}) as actual,
        sum(planned) as cum_planned, sum(actual) as cum_actual from e`.execute(db),
  ]);

  // Every contract of the selection, those without entries yet included (their amount counts in the progress).
  const contractRows = await sql<{ id: string; name: string; number: string; party: string; amount: string }>`
    select id, ${column('name')} as name, ${column('number')} as number, ${column('party')} as party,
      ${fenOf('amount')} as amount
    from ${sql.table(contracts.table)}
    where project_id = ${params.projectId} ${params.contractId ? sql`and id = ${params.contractId}` : sql``}
    order by ${column('number')}`.execute(db);
  const sums = new Map(perContract.rows.map((row) => [row.contract, row]));
  const contractList: OutputContract[] = contractRows.rows.map((row) => {
    const own = sums.get(row.id);
    const planned = fen(own?.planned);
    const actual = fen(own?.actual);
    const cumPlanned = fen(own?.cum_planned);
    const cumActual = fen(own?.cum_actual);
    const amount = fen(row.amount);
    return {
      contract: row.id,
      name: row.name,
      number: row.number,
      party: row.party,
      amount,
      planned,
      actual,
      rate: percent(actual, planned),
      cumPlanned,
      cumActual,
      cumRate: percent(cumActual, cumPlanned),
      progress: percent(cumActual, amount),
    };
  });

  const total = totals.rows[0];
  const amount = await sql<{ amount: string | null }>`
    select sum(${fenOf('amount')}) as amount from ${sql.table(contracts.table)}
    where project_id = ${params.projectId} ${params.contractId ? sql`and id = ${params.contractId}` : sql``}`.execute(
    db,
  );
  const planned = fen(total?.planned);
  const actual = fen(total?.actual);
  const cumPlanned = fen(total?.cum_planned);
  const cumActual = fen(total?.cum_actual);
  const contractAmount = fen(amount.rows[0]?.amount);

  return {
    from: params.from,
    to: params.to,
    rows: rows.rows.map((row) => {
      const rowPlanned = fen(row.planned);
      const rowActual = fen(row.actual);
      const rowCumPlanned = fen(row.cum_planned);
      const rowCumActual = fen(row.cum_actual);
      return {
        id: row.id,
        contract: row.contract,
        contractName: row.name ?? '（合同已删除）',
        contractNumber: row.number ?? '',
        month: row.month,
        planned: rowPlanned,
        actual: rowActual,
        rate: percent(rowActual, rowPlanned),
        cumPlanned: rowCumPlanned,
        cumActual: rowCumActual,
        cumRate: percent(rowCumActual, rowCumPlanned),
        confirmed: row.confirmed,
      };
    }),
    months: months.rows.map((row) => {
      const monthPlanned = fen(row.planned);
      const monthActual = fen(row.actual);
      return {
        month: row.month,
        planned: monthPlanned,
        actual: monthActual,
        rate: percent(monthActual, monthPlanned),
        cumPlanned: fen(row.cum_planned),
        cumActual: fen(row.cum_actual),
        cumRate: percent(fen(row.cum_actual), fen(row.cum_planned)),
      };
    }),
    contracts: contractList,
    totals: {
      amount: contractAmount,
      planned,
      actual,
      rate: percent(actual, planned),
      cumPlanned,
      cumActual,
      cumRate: percent(cumActual, cumPlanned),
      progress: percent(cumActual, contractAmount),
    },
  };
}
