/**
 * The approval timers (src/server/workflow/timers.ts): a pending task remembers since when it has waited on its
 * assignee without a word (when it became pending, or its last reminder), so the reminder sweep finds the overdue
 * ones by an index and reminds each once per period; the daily digest remembers whom it told on which China day,
 * so a retry or a second instance never tells anyone twice. The 待办 list gets an index of its own.
 */
import { type Kysely, sql } from 'kysely';

type AnyDb = Kysely<unknown>;

export async function up(db: AnyDb): Promise<void> {
  await db.schema.alterTable('wf_task').addColumn('idle_since', 'timestamptz').execute();
  await sql`update wf_task set idle_since = created_at where status = 'pending'`.execute(db);
  await db.schema
    .createIndex('wf_task_idle_idx')
    .on('wf_task')
    .column('idle_since')
    .where(sql.ref('status'), '=', 'pending')
    .execute();

  // The 待办 list (queries.ts todoPage): a user's pending tasks newest first, counted and paged from the index alone.
  await db.schema
    .createIndex('wf_task_todo_idx')
    .on('wf_task')
    .expression(sql`assignee_id, created_at desc, id desc`)
    .where(sql.ref('status'), '=', 'pending')
    .execute();

  await db.schema
    .createTable('wf_digest')
    .addColumn('user_id', 'text', (c) => c.notNull())
    // 'yyyy-MM-dd', the China day the digest was for.
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('sent_at', 'timestamptz', (c) => c.notNull())
    .addPrimaryKeyConstraint('wf_digest_pk', ['user_id', 'day'])
    .execute();
}
