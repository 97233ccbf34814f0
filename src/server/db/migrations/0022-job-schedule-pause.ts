/**
 * Schedules an operator paused (系统管理 / 定时任务): pg-boss has no paused schedule, so pausing removes its row and
 * keeps here the rule, time zone and payload that resuming restores. A schedule registered again at a start (every
 * instance registers its own at each start) stays paused while its name is here: the pause holds across restarts
 * and on every instance.
 */
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('job_schedule_pause')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('cron', 'text', (c) => c.notNull())
    .addColumn('time_zone', 'text', (c) => c.notNull())
    .addColumn('payload', 'jsonb')
    .addColumn('paused_by', 'text')
    .addColumn('paused_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
}
