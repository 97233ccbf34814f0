/**
 * What a module seeded, marked with the module: its menu records (`sys_menu.module`) and its approval processes
 * (`wf_process_owner`). When a module's folder is removed, the next start deletes its menus (their role grants and
 * common apps with them) and takes its processes out of 发起申请, while its records and approvals stay in the
 * database for the day the module comes back.
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('sys_menu').addColumn('module', 'text').execute();
  await db.schema
    .createTable('wf_process_owner')
    .addColumn('process_id', 'text', (c) => c.primaryKey())
    .addColumn('module', 'text', (c) => c.notNull())
    .addColumn('present', 'boolean', (c) => c.notNull().defaultTo(true))
    .execute();
}
