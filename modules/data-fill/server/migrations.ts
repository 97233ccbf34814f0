/**
 * The fill module's own tables (a task reaches people of several projects and offices, so they are not
 * project-scoped collections):
 * - ldf_form: a form a designer wrote or took from a template: `definition` is a form schema file (kind form), checked
 *   against schemas/meta/form.json when saved; `version` grows with every save, so a validator never outlives its rules.
 * - ldf_task: who fills which form (`target_type` office, project or user, and the chosen ids), how often (once,
 *   weekly, monthly) and by when (`due`: a date for once, a weekday 1-7 for weekly, a day 1-28 for monthly).
 * - ldf_fill: one filler's fill of one period of a task, with its values, state and the reviewer's comment.
 */
import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

type AnyDb = Kysely<unknown>;

const tables: Migration = {
  async up(db: AnyDb) {
    await db.schema
      .createTable('ldf_form')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('company_id', 'text')
      .addColumn('title', 'text', (c) => c.notNull())
      .addColumn('definition', 'jsonb', (c) => c.notNull())
      .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('created_by', 'text', (c) => c.notNull())
      .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .execute();
    await db.schema
      .createTable('ldf_task')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('company_id', 'text')
      .addColumn('title', 'text', (c) => c.notNull())
      .addColumn('form_id', 'text', (c) => c.notNull())
      .addColumn('target_type', 'text', (c) => c.notNull())
      .addColumn('target_ids', 'jsonb', (c) => c.notNull())
      .addColumn('period', 'text', (c) => c.notNull())
      .addColumn('due', 'text', (c) => c.notNull())
      .addColumn('created_by', 'text', (c) => c.notNull())
      .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .execute();
    await db.schema
      .createTable('ldf_fill')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('task_id', 'text', (c) => c.notNull())
      .addColumn('period_key', 'text', (c) => c.notNull())
      .addColumn('period_label', 'text', (c) => c.notNull())
      .addColumn('filler_id', 'text', (c) => c.notNull())
      .addColumn('project_id', 'text')
      .addColumn('deadline', 'text', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('data', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
      .addColumn('comment', 'text')
      .addColumn('submitted_at', 'timestamptz')
      .addColumn('reviewed_at', 'timestamptz')
      .addColumn('reviewed_by', 'text')
      .addColumn('reminded_on', 'text')
      .addUniqueConstraint('ldf_fill_once', ['task_id', 'period_key', 'filler_id'])
      .execute();
    await db.schema.createIndex('ldf_fill_filler').on('ldf_fill').columns(['filler_id', 'status']).execute();
  },
};

export const migrations: Record<string, Migration> = { '0001-tables': tables };
