/**
 * The logged-in portal (issue 4): a user's common and recently used menus, saved theme (selected project),
 * company logos, project profiles (construction signboard), laborers (age and origin statistics), contracts,
 * messages, process tasks, device warnings and gantt tasks. Rows of one project go when the project goes.
 */
import { type Kysely, sql } from 'kysely';

// Migrations must not depend on the current table types: they describe the schema as it was.
type AnyDb = Kysely<unknown>;

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('common_menu')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('sys_user.id').onDelete('cascade'))
    .addColumn('project_key', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('menu_id', 'text', (c) => c.notNull().references('sys_menu.id').onDelete('cascade'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('common_menu_user_project_menu_uq', ['user_id', 'project_key', 'menu_id'])
    .execute();

  await db.schema
    .createTable('recent_menu')
    .addColumn('user_id', 'text', (c) => c.notNull().references('sys_user.id').onDelete('cascade'))
    .addColumn('project_key', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('menu_id', 'text', (c) => c.notNull().references('sys_menu.id').onDelete('cascade'))
    .addColumn('used_at', 'timestamptz', (c) => c.notNull())
    .addPrimaryKeyConstraint('recent_menu_pk', ['user_id', 'project_key', 'menu_id'])
    .execute();

  await db.schema
    .createTable('user_theme')
    .addColumn('user_id', 'text', (c) => c.primaryKey().references('sys_user.id').onDelete('cascade'))
    .addColumn('theme', 'text', (c) => c.notNull())
    .addColumn('remarks', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('company_profile')
    .addColumn('office_id', 'text', (c) => c.primaryKey().references('sys_office.id').onDelete('cascade'))
    .addColumn('log_path', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('project_profile')
    .addColumn('project_id', 'text', (c) => c.primaryKey().references('project.id').onDelete('cascade'))
    .addColumn('builder_unit', 'text')
    .addColumn('construction_unit', 'text')
    .addColumn('design_unit', 'text')
    .addColumn('supervision_unit', 'text')
    .addColumn('project_manager', 'text')
    .addColumn('address', 'text')
    .addColumn('start_date', 'text')
    .addColumn('end_date', 'text')
    .addColumn('contract_amount', sql`numeric(16, 2)`)
    .addColumn('function_model', 'text')
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('laborer')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('project_id', 'text', (c) => c.notNull().references('project.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('sex', 'text', (c) => c.notNull())
    .addColumn('birth_date', 'text', (c) => c.notNull())
    .addColumn('native_province', 'text', (c) => c.notNull())
    .addColumn('work_type', 'text', (c) => c.notNull())
    .addColumn('category', 'text', (c) => c.notNull())
    .addColumn('entered_on', 'text', (c) => c.notNull())
    .addColumn('exited_on', 'text')
    .addColumn('last_clock_in_at', 'timestamptz')
    .addColumn('del_flag', 'text', (c) => c.notNull().defaultTo('0'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('laborer_project_idx').on('laborer').column('project_id').execute();

  await db.schema
    .createTable('project_contract')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('project_id', 'text', (c) => c.notNull().references('project.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('contract_type', 'text', (c) => c.notNull())
    .addColumn('party_b', 'text', (c) => c.notNull())
    .addColumn('amount', sql`numeric(16, 2)`, (c) => c.notNull())
    .addColumn('paid_amount', sql`numeric(16, 2)`, (c) => c.notNull().defaultTo(0))
    .addColumn('signed_on', 'text', (c) => c.notNull())
    .addColumn('del_flag', 'text', (c) => c.notNull().defaultTo('0'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('project_contract_project_idx').on('project_contract').column('project_id').execute();

  await db.schema
    .createTable('portal_message')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('sys_user.id').onDelete('cascade'))
    .addColumn('project_id', 'text', (c) => c.references('project.id').onDelete('cascade'))
    .addColumn('category', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('sent_at', 'timestamptz', (c) => c.notNull())
    .addColumn('read_at', 'timestamptz')
    .execute();
  await db.schema.createIndex('portal_message_user_idx').on('portal_message').columns(['user_id', 'sent_at']).execute();

  await db.schema
    .createTable('process_task')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('sys_user.id').onDelete('cascade'))
    .addColumn('project_id', 'text', (c) => c.references('project.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('todo', 'copy', 'finished')`))
    .addColumn('process_name', 'text', (c) => c.notNull())
    .addColumn('category', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('initiator', 'text', (c) => c.notNull())
    .addColumn('node_name', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('started_at', 'timestamptz', (c) => c.notNull())
    .addColumn('finished_at', 'timestamptz')
    .execute();
  await db.schema
    .createIndex('process_task_user_kind_idx')
    .on('process_task')
    .columns(['user_id', 'kind', 'started_at'])
    .execute();

  await db.schema
    .createTable('device_warning')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('project_id', 'text', (c) => c.notNull().references('project.id').onDelete('cascade'))
    .addColumn('device_name', 'text', (c) => c.notNull())
    .addColumn('device_type', 'text', (c) => c.notNull())
    .addColumn('device_code', 'text', (c) => c.notNull())
    .addColumn('warn_type', 'text', (c) => c.notNull())
    .addColumn('warn_level', 'text', (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('warn_time', 'timestamptz', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('0'))
    .execute();
  await db.schema
    .createIndex('device_warning_project_idx')
    .on('device_warning')
    .columns(['project_id', 'warn_time'])
    .execute();

  await db.schema
    .createTable('gantt_task')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('project_id', 'text', (c) => c.notNull().references('project.id').onDelete('cascade'))
    .addColumn('parent_id', 'text')
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('start_date', 'text', (c) => c.notNull())
    .addColumn('end_date', 'text', (c) => c.notNull())
    .addColumn('progress', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('gantt_task_project_idx').on('gantt_task').column('project_id').execute();
}

export async function down(db: AnyDb): Promise<void> {
  for (const table of [
    'gantt_task',
    'device_warning',
    'process_task',
    'portal_message',
    'project_contract',
    'laborer',
    'project_profile',
    'company_profile',
    'user_theme',
    'recent_menu',
    'common_menu',
  ]) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
