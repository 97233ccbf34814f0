/**
 * Foundation tables: keys, offices, users, roles, menus, dictionaries, base config, projects, captchas and
 * refresh tokens. Text primary keys throughout, so seed rows keep stable ids.
 */
import { type Kysely, type CreateTableBuilder, sql } from 'kysely';

// Migrations must not depend on the current table types: they describe the schema as it was.
type AnyDb = Kysely<unknown>;

function withAudit<T extends string>(table: CreateTableBuilder<T, never>): CreateTableBuilder<T, never> {
  return table
    .addColumn('del_flag', 'text', (c) => c.notNull().defaultTo('0'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`));
}

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('app_key')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await withAudit(
    db.schema
      .createTable('sys_office')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('parent_id', 'text', (c) => c.notNull())
      .addColumn('parent_ids', 'text', (c) => c.notNull())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('english_name', 'text')
      .addColumn('simple_name', 'text')
      .addColumn('type', 'text', (c) => c.notNull())
      .addColumn('grade', 'text')
      .addColumn('code', 'text')
      .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('area_id', 'text')
      .addColumn('address', 'text')
      .addColumn('zip_code', 'text')
      .addColumn('master', 'text')
      .addColumn('phone', 'text')
      .addColumn('fax', 'text')
      .addColumn('email', 'text')
      .addColumn('useable', 'text', (c) => c.notNull().defaultTo('1'))
      .addColumn('remarks', 'text'),
  ).execute();
  await db.schema.createIndex('sys_office_parent_idx').on('sys_office').column('parent_id').execute();

  await withAudit(
    db.schema
      .createTable('sys_user')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('login_name', 'text', (c) => c.notNull().unique())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('password_hash', 'text', (c) => c.notNull())
      .addColumn('mobile', 'text')
      .addColumn('email', 'text')
      .addColumn('phone', 'text')
      .addColumn('no', 'text')
      .addColumn('office_id', 'text', (c) => c.references('sys_office.id'))
      .addColumn('company_id', 'text', (c) => c.references('sys_office.id'))
      .addColumn('login_flag', 'text', (c) => c.notNull().defaultTo('1'))
      .addColumn('user_type', 'text')
      .addColumn('skin_type', 'text', (c) => c.notNull().defaultTo('default'))
      .addColumn('password_must_change', 'boolean', (c) => c.notNull().defaultTo(false))
      .addColumn('password_changed_at', 'timestamptz')
      .addColumn('remarks', 'text'),
  ).execute();
  await db.schema.createIndex('sys_user_mobile_idx').on('sys_user').column('mobile').execute();

  await withAudit(
    db.schema
      .createTable('sys_role')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('enname', 'text', (c) => c.notNull().unique())
      .addColumn('office_id', 'text', (c) => c.references('sys_office.id'))
      .addColumn('is_sys', 'text', (c) => c.notNull().defaultTo('0'))
      .addColumn('useable', 'text', (c) => c.notNull().defaultTo('1'))
      .addColumn('data_scope', 'text')
      .addColumn('role_type', 'text')
      .addColumn('remarks', 'text'),
  ).execute();

  await db.schema
    .createTable('sys_user_role')
    .addColumn('user_id', 'text', (c) => c.notNull().references('sys_user.id').onDelete('cascade'))
    .addColumn('role_id', 'text', (c) => c.notNull().references('sys_role.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('sys_user_role_pk', ['user_id', 'role_id'])
    .execute();

  await withAudit(
    db.schema
      .createTable('sys_menu')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('parent_id', 'text', (c) => c.notNull())
      .addColumn('parent_ids', 'text', (c) => c.notNull())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('href', 'text')
      .addColumn('vue_route', 'text')
      .addColumn('vue_route_alias', 'text')
      .addColumn('target', 'text')
      .addColumn('icon', 'text')
      .addColumn('highlight_icon', 'text')
      .addColumn('is_show', 'text', (c) => c.notNull().defaultTo('1'))
      .addColumn('permission', 'text')
      .addColumn('third_party_url', 'text')
      .addColumn('special_logo', 'text')
      .addColumn('icon_color', 'text')
      .addColumn('title_color', 'text')
      .addColumn('remarks', 'text')
      .addColumn('click_flag', 'text', (c) => c.notNull().defaultTo('0'))
      .addColumn('project_types', sql`text[]`),
  ).execute();
  await db.schema.createIndex('sys_menu_parent_idx').on('sys_menu').column('parent_id').execute();

  await db.schema
    .createTable('sys_role_menu')
    .addColumn('role_id', 'text', (c) => c.notNull().references('sys_role.id').onDelete('cascade'))
    .addColumn('menu_id', 'text', (c) => c.notNull().references('sys_menu.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('sys_role_menu_pk', ['role_id', 'menu_id'])
    .execute();

  await withAudit(
    db.schema
      .createTable('sys_dict')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('type', 'text', (c) => c.notNull())
      .addColumn('label', 'text', (c) => c.notNull())
      .addColumn('value', 'text', (c) => c.notNull())
      .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('description', 'text')
      .addColumn('remarks', 'text')
      .addUniqueConstraint('sys_dict_type_value_uq', ['type', 'value']),
  ).execute();

  await db.schema
    .createTable('base_config')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('title_logo', 'text', (c) => c.notNull())
    .addColumn('project_logo', 'text', (c) => c.notNull())
    .addColumn('version', 'text', (c) => c.notNull())
    .addColumn('support', 'text', (c) => c.notNull())
    .addColumn('default_menu', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('base_config_created_idx').on('base_config').column('created_at').execute();

  await withAudit(
    db.schema
      .createTable('project')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('office_id', 'text', (c) => c.notNull().references('sys_office.id'))
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('engineering_type', 'text', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('area_code', 'text')
      .addColumn('code', 'text'),
  ).execute();

  await db.schema
    .createTable('captcha')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('answer_hash', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('used_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('captcha_expires_idx').on('captcha').column('expires_at').execute();

  await db.schema
    .createTable('refresh_token')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('user_id', 'text', (c) => c.notNull().references('sys_user.id').onDelete('cascade'))
    .addColumn('family_id', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('revoked_at', 'timestamptz')
    .addColumn('replaced_by', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('refresh_token_family_idx').on('refresh_token').column('family_id').execute();
  await db.schema.createIndex('refresh_token_expires_idx').on('refresh_token').column('expires_at').execute();
}

export async function down(db: AnyDb): Promise<void> {
  for (const table of [
    'refresh_token',
    'captcha',
    'project',
    'base_config',
    'sys_dict',
    'sys_role_menu',
    'sys_menu',
    'sys_user_role',
    'sys_role',
    'sys_user',
    'sys_office',
    'app_key',
  ]) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
