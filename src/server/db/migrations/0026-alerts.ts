/**
 * Alerts that reach people (src/server/alerts): the alerts raised from the modules' alert files, with how far each
 * escalated; per project, each alert's escalation hours and list of people, and the group robots (WeCom, DingTalk)
 * messages may go to; per user, the channels each message kind takes beside the message centre; and the outbox of
 * messages still to leave by SMS or robot, written in the same transaction as the message itself.
 */
import { type Kysely, sql } from 'kysely';

type AnyDb = Kysely<unknown>;

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('alert')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('rule_id', 'text', (c) => c.notNull())
    .addColumn('collection', 'text', (c) => c.notNull())
    .addColumn('record_id', 'text', (c) => c.notNull())
    .addColumn('project_id', 'text', (c) => c.notNull())
    .addColumn('occurrence', 'text', (c) => c.notNull())
    // The message as first sent (the escalations repeat it).
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('link', 'text')
    .addColumn('level', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('notified_ids', 'jsonb', (c) => c.notNull())
    .addColumn('raised_at', 'timestamptz', (c) => c.notNull())
    .addColumn('escalated_at', 'timestamptz')
    .addColumn('settled_at', 'timestamptz')
    .addColumn('settled_reason', 'text')
    .execute();
  // One open alert per rule, record and occurrence: a second instance's or a retried raise does nothing.
  await db.schema
    .createIndex('alert_open_key')
    .on('alert')
    .columns(['rule_id', 'record_id', 'occurrence'])
    .unique()
    .where(sql.ref('settled_at'), 'is', null)
    .execute();
  await db.schema
    .createIndex('alert_project_open_idx')
    .on('alert')
    .columns(['project_id', 'raised_at'])
    .where(sql.ref('settled_at'), 'is', null)
    .execute();

  await db.schema
    .createTable('alert_setting')
    .addColumn('project_id', 'text', (c) => c.notNull())
    .addColumn('rule_id', 'text', (c) => c.notNull())
    .addColumn('enabled', 'boolean', (c) => c.notNull())
    .addColumn('escalate_after_hours', 'double precision')
    .addColumn('escalate_to', 'jsonb', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_by', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('alert_setting_pk', ['project_id', 'rule_id'])
    .execute();

  await db.schema
    .createTable('alert_robot')
    .addColumn('project_id', 'text', (c) => c.primaryKey())
    .addColumn('wecom_url', 'text')
    .addColumn('dingtalk_url', 'text')
    .addColumn('dingtalk_secret', 'text')
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_by', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('message_preference')
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('sms', 'boolean', (c) => c.notNull())
    .addColumn('robot', 'boolean', (c) => c.notNull())
    .addPrimaryKeyConstraint('message_preference_pk', ['user_id', 'kind'])
    .execute();

  await db.schema
    .createTable('message_outbox')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('project_id', 'text')
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('channel', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('claimed_at', 'timestamptz')
    .addColumn('sent_at', 'timestamptz')
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('last_error', 'text')
    .execute();
  await db.schema
    .createIndex('message_outbox_waiting_idx')
    .on('message_outbox')
    .column('created_at')
    .where(sql.ref('sent_at'), 'is', null)
    .execute();
}
