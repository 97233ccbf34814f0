/**
 * Accounts and sign-in (issue 3): SMS codes, login failures (lockout), used single sign-on ticket ids, AI library
 * access codes; personal fields on users (ID number, sex, nation, birthday) and the registration fields of a
 * self-registered company on offices. Everything a rate limit or a single-use rule needs lives here, so several
 * instances on one database agree.
 */
import { type Kysely, sql } from 'kysely';

// Migrations must not depend on the current table types: they describe the schema as it was.
type AnyDb = Kysely<unknown>;

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('sms_code')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('phone', 'text', (c) => c.notNull())
    .addColumn('purpose', 'text', (c) => c.notNull())
    // HMAC-SHA256 of phone, purpose and code under a server key: the code itself is never stored.
    .addColumn('code_hash', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('verified_at', 'timestamptz')
    .addColumn('used_at', 'timestamptz')
    // Written from the server clock (not now()) so throttles and tests share one time source.
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('sms_code_phone_purpose_idx')
    .on('sms_code')
    .columns(['phone', 'purpose', 'created_at'])
    .execute();
  await db.schema.createIndex('sms_code_phone_created_idx').on('sms_code').columns(['phone', 'created_at']).execute();

  await db.schema
    .createTable('login_failure')
    .addColumn('login_name', 'text', (c) => c.primaryKey())
    .addColumn('failures', 'integer', (c) => c.notNull())
    .addColumn('first_failed_at', 'timestamptz', (c) => c.notNull())
    .addColumn('locked_until', 'timestamptz')
    .execute();

  await db.schema
    .createTable('sso_ticket_used')
    .addColumn('jti', 'text', (c) => c.primaryKey())
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('ai_access_code')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('code_hash', 'text', (c) => c.notNull().unique())
    .addColumn('account', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('used_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .alterTable('sys_user')
    .addColumn('id_card_number', 'text')
    .addColumn('sex', 'text')
    .addColumn('nation', 'text')
    .addColumn('birthday', 'text')
    .execute();
  // One live account per ID number; deleted users keep theirs without blocking a new registration.
  await db.schema
    .createIndex('sys_user_id_card_uq')
    .on('sys_user')
    .column('id_card_number')
    .unique()
    .where(sql.ref('del_flag'), '=', '0')
    .execute();

  await db.schema
    .alterTable('sys_office')
    .addColumn('credit_code', 'text')
    .addColumn('legal_representative', 'text')
    .addColumn('legal_representative_phone', 'text')
    .addColumn('appointed_agent', 'text')
    .addColumn('appointed_agent_phone', 'text')
    .execute();
  await db.schema
    .createIndex('sys_office_credit_code_uq')
    .on('sys_office')
    .column('credit_code')
    .unique()
    .where(sql.ref('del_flag'), '=', '0')
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropIndex('sys_office_credit_code_uq').ifExists().execute();
  await db.schema
    .alterTable('sys_office')
    .dropColumn('credit_code')
    .dropColumn('legal_representative')
    .dropColumn('legal_representative_phone')
    .dropColumn('appointed_agent')
    .dropColumn('appointed_agent_phone')
    .execute();
  await db.schema.dropIndex('sys_user_id_card_uq').ifExists().execute();
  await db.schema
    .alterTable('sys_user')
    .dropColumn('id_card_number')
    .dropColumn('sex')
    .dropColumn('nation')
    .dropColumn('birthday')
    .execute();
  for (const table of ['ai_access_code', 'sso_ticket_used', 'login_failure', 'sms_code']) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
