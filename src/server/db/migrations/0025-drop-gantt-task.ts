/**
 * The `gantt_task` table of the first workbench is gone: a project's schedule belongs to a module (its tasks,
 * relations and calendar, computed by the critical path method), which answers the spec's gantt call
 * (GET /api/smart/subitem01/v1.0/toGanttChartByProjectName) and seeds its own demo schedules.
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('gantt_task').ifExists().execute();
}
