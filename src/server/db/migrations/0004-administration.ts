/**
 * System administration (issue 5): areas, the audit log of every API write, company logos. Offices, users,
 * roles, menus, dictionaries and projects already have their tables (0001).
 */
import { type Kysely, sql } from 'kysely';

// Migrations must not depend on the current table types: they describe the schema as it was.
type AnyDb = Kysely<unknown>;

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('sys_area')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('parent_id', 'text', (c) => c.notNull())
    .addColumn('parent_ids', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('code', 'text')
    // '1' country, '2' province, '3' city, '4' district (the usual administrative levels).
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('remarks', 'text')
    .addColumn('del_flag', 'text', (c) => c.notNull().defaultTo('0'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('sys_area_parent_idx').on('sys_area').column('parent_id').execute();

  await db.schema
    .createTable('sys_log')
    .addColumn('id', 'text', (c) => c.primaryKey())
    // '1' access, '2' exception (the request ended with -500).
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('method', 'text', (c) => c.notNull())
    .addColumn('request_uri', 'text', (c) => c.notNull())
    // JSON of the query and body with every secret (password, code, token) removed.
    .addColumn('params', 'text')
    .addColumn('msg_code', 'integer')
    .addColumn('duration_ms', 'integer', (c) => c.notNull())
    .addColumn('remote_addr', 'text')
    .addColumn('user_agent', 'text')
    // No foreign key: a log row outlives the user it names.
    .addColumn('user_id', 'text')
    .addColumn('login_name', 'text')
    // Written from the server clock (config.now), so the date filters and tests share one time source.
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('sys_log_created_idx').on('sys_log').column('created_at').execute();

  await db.schema
    .createTable('sys_logo')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    // A data URL (image/png, jpeg, gif, webp or svg+xml, at most 512 KiB decoded): kept in the database so
    // every instance behind a load balancer serves the same logo.
    .addColumn('image', 'text', (c) => c.notNull())
    .addColumn('remarks', 'text')
    .addColumn('del_flag', 'text', (c) => c.notNull().defaultTo('0'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('sys_logo_created_idx').on('sys_logo').column('created_at').execute();

  // The user list filters by company and office.
  await db.schema.createIndex('sys_user_company_idx').on('sys_user').column('company_id').execute();
  await db.schema.createIndex('sys_user_office_idx').on('sys_user').column('office_id').execute();
  await db.schema.createIndex('sys_user_role_role_idx').on('sys_user_role').column('role_id').execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropIndex('sys_user_role_role_idx').ifExists().execute();
  await db.schema.dropIndex('sys_user_office_idx').ifExists().execute();
  await db.schema.dropIndex('sys_user_company_idx').ifExists().execute();
  for (const table of ['sys_logo', 'sys_log', 'sys_area']) await db.schema.dropTable(table).ifExists().execute();
}
