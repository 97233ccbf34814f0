/**
 * The message centre: what kind each user's message is and which page it opens (portal_message gains kind, link
 * and notice_id; category stays for the workbench's three groups), the notices administrators publish (mc_notice),
 * and the single-use tickets that open an event stream (event_ticket: EventSource cannot send the Access-Token
 * header, and the long-lived token must not travel in a URL that gets logged).
 */
import { type Kysely, sql } from 'kysely';

type AnyDb = Kysely<unknown>;

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('mc_notice')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('title', 'text', (c) => c.notNull())
    // Sanitized on the server before it is stored (messages/rich-text.ts).
    .addColumn('content_html', 'text', (c) => c.notNull())
    .addColumn('attachments', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    // 'all' | 'office' | 'role'; audience_id the office or role id.
    .addColumn('audience', 'text', (c) => c.notNull())
    .addColumn('audience_id', 'text')
    .addColumn('audience_name', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('recipients', 'integer', (c) => c.notNull().defaultTo(0))
    // The company a publisher who sees only their company addressed (null: every company).
    .addColumn('scope_company_id', 'text')
    .addColumn('published_by', 'text', (c) => c.references('sys_user.id').onDelete('set null'))
    .addColumn('published_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('mc_notice_published_idx').on('mc_notice').column('published_at').execute();

  await db.schema
    .alterTable('portal_message')
    .addColumn('kind', 'text', (c) => c.notNull().defaultTo('notice'))
    .execute();
  await db.schema.alterTable('portal_message').addColumn('link', 'text').execute();
  await db.schema
    .alterTable('portal_message')
    .addColumn('notice_id', 'text', (c) => c.references('mc_notice.id').onDelete('cascade'))
    .execute();
  // The header's count and the "unread" filter read only a user's unread rows.
  await db.schema
    .createIndex('portal_message_unread_idx')
    .on('portal_message')
    .column('user_id')
    .where(sql.ref('read_at'), 'is', null)
    .execute();
  await db.schema.createIndex('portal_message_notice_idx').on('portal_message').column('notice_id').execute();

  await db.schema
    .createTable('event_ticket')
    // SHA-256 of the ticket, hex: the ticket itself is never stored.
    .addColumn('ticket_hash', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('sys_user.id').onDelete('cascade'))
    // The login session that asked: the stream ends when it does (logout, password change, disabled user).
    .addColumn('session_id', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('event_ticket_expires_idx').on('event_ticket').column('expires_at').execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('event_ticket').execute();
  await db.schema.dropIndex('portal_message_notice_idx').execute();
  await db.schema.dropIndex('portal_message_unread_idx').execute();
  await db.schema.alterTable('portal_message').dropColumn('notice_id').execute();
  await db.schema.alterTable('portal_message').dropColumn('link').execute();
  await db.schema.alterTable('portal_message').dropColumn('kind').execute();
  await db.schema.dropTable('mc_notice').execute();
}
