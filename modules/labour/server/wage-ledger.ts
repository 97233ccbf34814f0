/**
 * The wage ledger (工资发放表) the 保障农民工工资支付条例 requires: per worker and month, the 工日 from attendance
 * (a day with a clock-in is one 工日; its hours beside it, a night shift counted on the day it began), the wage due
 * (daily rate × 工日, or the monthly rate) and what was paid through the project's wage account. The figures are
 * added to every read of a `labour-wage` record, so the ledger page and its Excel export always show the
 * attendance as it stands.
 */
import { sql } from 'kysely';
import { type CollectionRecords, type Db, fieldColumn, type RecordValues } from '../../../src/server/module-api.js';

export interface WorkFigures {
  workDays: number;
  hours: number;
}

const column = (field: string) => sql.ref(fieldColumn(field));

/** The last day of a month 'yyyy-MM'. */
export function monthEnd(month: string): string {
  const [year, number] = month.split('-').map(Number);
  const last = new Date(Date.UTC(year, number, 0)).getUTCDate();
  return `${month}-${String(last).padStart(2, '0')}`;
}

/** 工日 and hours of each worker of a project in a month, by worker id. */
export async function monthFigures(
  db: Db,
  attendance: CollectionRecords,
  projectId: string,
  month: string,
  workerIds: readonly string[],
): Promise<Map<string, WorkFigures>> {
  if (workerIds.length === 0) return new Map();
  const { rows } = await sql<{ worker: string; days: string | number; hours: string | number | null }>`
    select ${column('worker')} as worker, count(*) filter (where ${column('clockIn')} is not null) as days,
      sum(${column('hours')}) as hours
    from ${sql.table(attendance.table)}
    where project_id = ${projectId} and ${column('worker')} = any(${sql.val([...workerIds])}::text[])
      and ${column('date')} between ${`${month}-01`} and ${monthEnd(month)}
    group by ${column('worker')}`.execute(db);
  return new Map(
    rows.map((row) => [
      row.worker,
      { workDays: Number(row.days), hours: Math.round(Number(row.hours ?? 0) * 10) / 10 },
    ]),
  );
}

/** The wage due: daily rate × 工日, or the monthly rate; to the cent. */
export function wageDue(wageType: unknown, rate: unknown, workDays: number): number {
  const amount = typeof rate === 'number' ? rate : 0;
  return Math.round((wageType === 'monthly' ? amount : amount * workDays) * 100) / 100;
}

/** Adds workDays, hours, due and the unpaid rest to wage records as they are read. */
export function wageReads(db: Db, wages: CollectionRecords, attendance: CollectionRecords): void {
  wages.extendReads(async (rows: RecordValues[]) => {
    const groups = new Map<string, RecordValues[]>();
    for (const row of rows) {
      const key = `${String(row.projectId)}|${String(row.month)}`;
      groups.set(key, [...(groups.get(key) ?? []), row]);
    }
    for (const [key, group] of groups) {
      const [projectId, month] = key.split('|');
      const figures = await monthFigures(
        db,
        attendance,
        projectId,
        month,
        group.map((row) => String(row.worker)),
      );
      for (const row of group) {
        const own = figures.get(String(row.worker)) ?? { workDays: 0, hours: 0 };
        row.workDays = own.workDays;
        row.hours = own.hours;
        row.due = wageDue(row.wageType, row.wageRate, own.workDays);
        const paid = typeof row.paid === 'number' ? row.paid : 0;
        row.unpaid = Math.round((row.due as number) * 100 - paid * 100) / 100;
      }
    }
  });
}
