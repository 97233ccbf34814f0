/**
 * Baselines' snapshots (planning_baseline_task): written when a baseline is saved (the plan as it is then), and, for
 * a baseline that has none (one seeded with the demo data, or restored without its rows), at start: the plan as
 * planned, its actual progress set aside, which is what a baseline kept at the start of the works would hold.
 */
import { sql } from 'kysely';
import type { Db } from '../../../src/server/module-api.js';
import { computeSchedule, type Schedule } from './schedule-model.js';
import type { PlanStore } from './schedule-store.js';

export async function writeSnapshot(db: Db, baselineId: string, projectId: string, schedule: Schedule): Promise<void> {
  for (let start = 0; start < schedule.tasks.length; start += 500) {
    const rows = schedule.tasks
      .slice(start, start + 500)
      .map(
        (task) =>
          sql`(${baselineId}, ${task.id}, ${projectId}, ${task.wbs}, ${task.name}, ${task.start}, ${task.finish}, ${task.duration})`,
      );
    await sql`insert into planning_baseline_task
      (baseline_id, task_id, project_id, wbs, name, start_date, finish_date, duration)
      values ${sql.join(rows)}
      on conflict (baseline_id, task_id) do nothing`.execute(db);
  }
}

export async function fillMissingSnapshots(store: PlanStore): Promise<number> {
  const { rows } = await sql<{ id: string; project_id: string }>`
    select b.id, b.project_id from c_plan_baseline b
    where not exists (select 1 from planning_baseline_task t where t.baseline_id = b.id)`.execute(store.db);
  for (const baseline of rows) {
    const inputs = await store.inputs(baseline.project_id);
    if (inputs.tasks.length === 0) continue;
    let asPlanned: Schedule;
    try {
      asPlanned = computeSchedule({
        ...inputs,
        baseline: null,
        tasks: inputs.tasks.map((task) => ({ ...task, actualStart: null, actualFinish: null, percentComplete: 0 })),
      });
    } catch {
      continue; // a plan that cannot be computed keeps its baseline empty; its screens say why
    }
    await writeSnapshot(store.db, baseline.id, baseline.project_id, asPlanned);
  }
  return rows.length;
}
