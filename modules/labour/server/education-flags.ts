/**
 * The registry's flag 未完成三级安全教育 (`safetyEducationMissing` of labour-worker: on site without a passed 三级安全教育)
 * is kept by the module that holds the education records (safety). It reads here who is on site and writes the flag
 * through these two, so the registry's table stays this module's alone. The flag is a stored column so the worker
 * list filters and sorts by it like any field; writing it is not an edit of the worker (no version, no history).
 */
import { sql } from 'kysely';
import type { Db } from '../../../src/server/module-api.js';

export interface WorkerPresence {
  id: string;
  onSite: boolean;
  /** The flag as stored (null: never computed yet). */
  educationMissing: boolean | null;
}

/** The workers of a project, or those of `workerIds`, or every worker when neither is given. */
export async function workerPresence(
  db: Db,
  scope: { projectId?: string; workerIds?: readonly string[] },
): Promise<WorkerPresence[]> {
  if (scope.workerIds && scope.workerIds.length === 0) return [];
  const { rows } = await sql<WorkerPresence>`select id, status = 'onSite' as "onSite",
      safety_education_missing as "educationMissing"
    from c_labour_worker where true
    ${scope.projectId ? sql`and project_id = ${scope.projectId}` : sql``}
    ${scope.workerIds ? sql`and id = any(${sql.val([...scope.workerIds])}::text[])` : sql``}`.execute(db);
  return rows;
}

/** Sets the flag of each worker named (true: on site without a passed 三级安全教育). */
export async function setEducationMissing(db: Db, flags: ReadonlyMap<string, boolean>): Promise<void> {
  if (flags.size === 0) return;
  const ids = [...flags.keys()];
  await sql`update c_labour_worker w set safety_education_missing = f.missing
    from unnest(${sql.val(ids)}::text[], ${sql.val(ids.map((id) => flags.get(id)))}::boolean[]) as f(id, missing)
    where w.id = f.id`.execute(db);
}
