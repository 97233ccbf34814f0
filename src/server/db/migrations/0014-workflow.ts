/**
 * The approval engine (src/server/workflow): published definition versions, instances, one task per approver per
 * node activation, the history of every action, and carbon copies. The fixed demo rows of `process_task` are gone:
 * the lists read the engine's tables. An office may name its leader (the approver of "the starter's office leader").
 */
import { type Kysely, sql } from 'kysely';

type AnyDb = Kysely<unknown>;

export async function up(db: AnyDb): Promise<void> {
  await db.schema.dropTable('process_task').ifExists().execute();
  await db.schema.alterTable('sys_office').addColumn('leader_id', 'text').execute();

  await db.schema
    .createTable('wf_definition')
    // `<process id>@<version>`
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('process_id', 'text', (c) => c.notNull())
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('category', 'text', (c) => c.notNull())
    // The whole definition file as published; never changed afterwards.
    .addColumn('body', 'jsonb', (c) => c.notNull())
    .addColumn('published_by', 'text')
    .addColumn('published_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('wf_definition_version_uq', ['process_id', 'version'])
    .execute();

  await db.schema
    .createTable('wf_instance')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('definition_id', 'text', (c) => c.notNull().references('wf_definition.id'))
    .addColumn('project_id', 'text', (c) => c.notNull())
    .addColumn('starter_id', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('form', 'jsonb', (c) => c.notNull())
    .addColumn('attachments', 'jsonb')
    // The steps this instance takes, with their approvers, resolved when it started.
    .addColumn('route', 'jsonb', (c) => c.notNull())
    // running | approved | rejected | withdrawn
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('current_step', 'integer')
    // Raised at each node activation: tasks of an older activation are history.
    .addColumn('activation', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('urged_at', 'timestamptz')
    .addColumn('started_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('finished_at', 'timestamptz')
    .execute();
  await db.schema
    .createIndex('wf_instance_starter_idx')
    .on('wf_instance')
    .columns(['starter_id', 'started_at'])
    .execute();
  await db.schema.createIndex('wf_instance_project_idx').on('wf_instance').columns(['project_id']).execute();

  await db.schema
    .createTable('wf_task')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('instance_id', 'text', (c) => c.notNull().references('wf_instance.id').onDelete('cascade'))
    .addColumn('step', 'integer', (c) => c.notNull())
    .addColumn('activation', 'integer', (c) => c.notNull())
    .addColumn('node_id', 'text', (c) => c.notNull())
    .addColumn('node_name', 'text', (c) => c.notNull())
    // One chain per approver of a 会签/或签 node, one for a 依次 node: a chain's tasks are done one at a time.
    .addColumn('chain', 'integer', (c) => c.notNull())
    .addColumn('position', 'double precision', (c) => c.notNull())
    .addColumn('assignee_id', 'text', (c) => c.notNull())
    // pending | waiting | approved | rejected | transferred | cancelled
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('acted_at', 'timestamptz')
    .execute();
  await db.schema
    .createIndex('wf_task_assignee_idx')
    .on('wf_task')
    .columns(['assignee_id', 'status', 'created_at'])
    .execute();
  await db.schema.createIndex('wf_task_instance_idx').on('wf_task').columns(['instance_id', 'activation']).execute();

  await db.schema
    .createTable('wf_history')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('instance_id', 'text', (c) => c.notNull().references('wf_instance.id').onDelete('cascade'))
    .addColumn('seq', 'integer', (c) => c.notNull())
    .addColumn('actor_id', 'text', (c) => c.notNull())
    // start | approve | reject | transfer | addSigner | withdraw | urge | comment
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('task_id', 'text')
    .addColumn('node_id', 'text')
    .addColumn('node_name', 'text')
    .addColumn('target_id', 'text')
    .addColumn('detail', 'text')
    .addColumn('comment', 'text')
    .addColumn('attachments', 'jsonb')
    .addColumn('at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('wf_history_seq_uq', ['instance_id', 'seq'])
    .execute();

  await db.schema
    .createTable('wf_copy')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('instance_id', 'text', (c) => c.notNull().references('wf_instance.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('node_id', 'text', (c) => c.notNull())
    .addColumn('node_name', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('wf_copy_uq', ['instance_id', 'user_id', 'node_id'])
    .execute();
  await db.schema.createIndex('wf_copy_user_idx').on('wf_copy').columns(['user_id', 'created_at']).execute();
}

export async function down(db: AnyDb): Promise<void> {
  for (const table of ['wf_copy', 'wf_history', 'wf_task', 'wf_instance', 'wf_definition'])
    await db.schema.dropTable(table).execute();
  await db.schema.alterTable('sys_office').dropColumn('leader_id').execute();
}
