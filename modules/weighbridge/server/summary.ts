/**
 * The weighbridge home's figures for one day and its month: vehicles weighed, net tonnes in and out, and
 * weighings still waiting for their second pass. One query over the project's records of the month; the charts
 * beside them read the collection's own aggregate call.
 */
import { sql } from 'kysely';
import type { Db } from '../../../src/server/module-api.js';

export interface PeriodFigures {
  /** Weighings completed (a vehicle trip). */
  vehicles: number;
  /** Net tonnes brought in / taken out. */
  netIn: number;
  netOut: number;
  /** First passes still waiting for the second. */
  pending: number;
  /** Completed weighings whose 磅差 is outside its material's tolerance (磅差超差). */
  deviations: number;
}

export interface WeighbridgeSummary {
  day: PeriodFigures;
  month: PeriodFigures;
}

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** The first and last day of the month of `day` (YYYY-MM-DD). */
export function monthOf(day: string): { from: string; to: string } {
  const match = DAY.exec(day);
  if (!match) throw new Error(`not a date: ${day}`);
  const last = new Date(Date.UTC(Number(match[1]), Number(match[2]), 0)).getUTCDate();
  return { from: `${match[1]}-${match[2]}-01`, to: `${match[1]}-${match[2]}-${String(last).padStart(2, '0')}` };
}

const tonnes = (value: unknown) => Math.round(Number(value ?? 0) * 100) / 100;

export async function weighbridgeSummary(
  db: Db,
  table: string,
  projectId: string,
  day: string,
): Promise<WeighbridgeSummary> {
  const month = monthOf(day);
  const result = await sql<{
    period: 'day' | 'month';
    vehicles: string;
    net_in: string | null;
    net_out: string | null;
    pending: string;
    deviations: string;
  }>`with rows as (
      select weigh_date, direction, state, net_weight, deviation_issue from ${sql.table(table)}
      where project_id = ${projectId} and weigh_date between ${month.from}::date and ${month.to}::date
    ), periods as (
      select 'month' as period, * from rows
      union all select 'day' as period, * from rows where weigh_date = ${day}::date
    )
    select period,
      count(*) filter (where state = 'complete') as vehicles,
      sum(net_weight) filter (where state = 'complete' and direction = 'in') as net_in,
      sum(net_weight) filter (where state = 'complete' and direction = 'out') as net_out,
      count(*) filter (where state = 'pending') as pending,
      count(*) filter (where state = 'complete' and deviation_issue is not null) as deviations
    from periods group by period`.execute(db);
  const figures = (period: 'day' | 'month'): PeriodFigures => {
    const row = result.rows.find((r) => r.period === period);
    return {
      vehicles: Number(row?.vehicles ?? 0),
      netIn: tonnes(row?.net_in),
      netOut: tonnes(row?.net_out),
      pending: Number(row?.pending ?? 0),
      deviations: Number(row?.deviations ?? 0),
    };
  };
  return { day: figures('day'), month: figures('month') };
}
