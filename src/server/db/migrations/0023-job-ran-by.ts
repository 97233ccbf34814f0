/**
 * Which instance of the portal ran a job's latest attempt (its PORTAL_INSTANCE_NAME and version): shown in 任务日志,
 * and what tells an operator whose death cut a job off.
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('job_detail').addColumn('ran_by', 'text').execute();
}
