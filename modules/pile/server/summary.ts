/**
 * The pile statistics' figures for a project: piles, low-strain tests by JGJ 106 class, the integrity pass rate
 * (Ⅰ and Ⅱ among those tested), the static load tests below the design bearing capacity and the piles cast out of
 * range. One query; the charts
 * beside them read the collection's own aggregate call.
 */
import { sql } from 'kysely';
import type { Db } from '../../../src/server/module-api.js';

export interface PileSummary {
  total: number;
  tested: number;
  classI: number;
  classII: number;
  /** Ⅲ and Ⅳ. */
  defective: number;
  /** Percent of the tested piles that are Ⅰ or Ⅱ, to a tenth; null before any test. */
  passRate: number | null;
  staticTested: number;
  /** Static load tests whose characteristic value is below the design one. */
  staticShort: number;
  /** Piles out of range when cast (filling coefficient, verticality, sediment: the collection's `qualityIssues`). */
  outOfRange: number;
}

export async function pileSummary(db: Db, table: string, projectId: string): Promise<PileSummary> {
  const result = await sql<Record<keyof Omit<PileSummary, 'passRate'>, string>>`select
      count(*) as total,
      count(integrity_class) as tested,
      count(*) filter (where integrity_class = 'I') as "classI",
      count(*) filter (where integrity_class = 'II') as "classII",
      count(*) filter (where integrity_class in ('III', 'IV')) as defective,
      count(static_capacity) as "staticTested",
      count(*) filter (where static_capacity < design_capacity) as "staticShort",
      count(quality_issues) as "outOfRange"
    from ${sql.table(table)} where project_id = ${projectId}`.execute(db);
  const row = result.rows[0];
  const count = (value: string | undefined) => Number(value ?? 0);
  const tested = count(row?.tested);
  const passed = count(row?.classI) + count(row?.classII);
  return {
    total: count(row?.total),
    tested,
    classI: count(row?.classI),
    classII: count(row?.classII),
    defective: count(row?.defective),
    passRate: tested > 0 ? Math.round((passed / tested) * 1000) / 10 : null,
    staticTested: count(row?.staticTested),
    staticShort: count(row?.staticShort),
    outOfRange: count(row?.outOfRange),
  };
}
