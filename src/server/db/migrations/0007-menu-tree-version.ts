/**
 * A version number of everything a role menu tree is made of (menus, role grants, user roles), raised by the
 * database itself on every write to those tables, whoever writes (an administration screen, the seed, an
 * import, another instance). Instances cache trees and compare this one number to know they are still right.
 */
import { type Kysely, sql } from 'kysely';

type AnyDb = Kysely<unknown>;

export const MENU_TREE_VERSION = 'menu-tree';
const TABLES = ['sys_menu', 'sys_role_menu', 'sys_user_role'] as const;

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('cache_version')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('version', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();
  await sql`insert into cache_version (name, version) values (${MENU_TREE_VERSION}, 0)`.execute(db);
  // Once per statement, not per row: a bulk insert of grants raises the version once.
  await sql`
    create function bump_menu_tree_version() returns trigger language plpgsql as $$
    begin
      update cache_version set version = version + 1 where name = 'menu-tree';
      return null;
    end
    $$`.execute(db);
  for (const table of TABLES) {
    await sql`
      create trigger ${sql.raw(`${table}_menu_tree_version`)}
      after insert or update or delete or truncate on ${sql.table(table)}
      for each statement execute function bump_menu_tree_version()`.execute(db);
  }
}

export async function down(db: AnyDb): Promise<void> {
  for (const table of TABLES) {
    await sql`drop trigger if exists ${sql.raw(`${table}_menu_tree_version`)} on ${sql.table(table)}`.execute(db);
  }
  await sql`drop function if exists bump_menu_tree_version()`.execute(db);
  await db.schema.dropTable('cache_version').ifExists().execute();
}
