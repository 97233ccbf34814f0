/**
 * The planning module's own table (tasks, relations, settings and baselines themselves are collections):
 * - planning_baseline_task: a baseline's snapshot of every task as it was planned when the baseline was saved
 *   (its WBS code and name too, to compare against a task renamed or moved since); rows go with their baseline.
 */
import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

type AnyDb = Kysely<unknown>;

const baselines: Migration = {
  async up(db: AnyDb) {
    await db.schema
      .createTable('planning_baseline_task')
      .addColumn('baseline_id', 'text', (c) => c.notNull())
      .addColumn('task_id', 'text', (c) => c.notNull())
      .addColumn('project_id', 'text', (c) => c.notNull())
      .addColumn('wbs', 'text', (c) => c.notNull())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('start_date', 'text', (c) => c.notNull())
      .addColumn('finish_date', 'text', (c) => c.notNull())
      .addColumn('duration', 'integer', (c) => c.notNull())
      .addPrimaryKeyConstraint('planning_baseline_task_pk', ['baseline_id', 'task_id'])
      .execute();
    await db.schema
      .createIndex('planning_baseline_task_project_idx')
      .on('planning_baseline_task')
      .column('project_id')
      .execute();
  },
};

export const migrations: Record<string, Migration> = {
  '0001-baselines': baselines,
};
