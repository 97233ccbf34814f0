/**
 * Version numbers of data that instances cache, raised by the database itself on every write to the tables the
 * data is made of, whoever writes (an administration screen, the seed, an import, another instance). An instance
 * keeps what it derived together with the version it read first, and compares this one number to know it is still
 * right:
 * - `menu-tree`: role menu trees (menus, role grants, user roles);
 * - `user-list`: how many users a filter of the user list matches (users, offices, roles, user roles).
 */
import { type Kysely, sql } from 'kysely';

type AnyDb = Kysely<unknown>;

const TRIGGERS: Record<string, readonly string[]> = {
  'menu-tree': ['sys_menu', 'sys_role_menu', 'sys_user_role'],
  'user-list': ['sys_user', 'sys_office', 'sys_role', 'sys_user_role'],
};

const triggerName = (version: string, table: string) => `${table}_${version.replace('-', '_')}_version`;

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('cache_version')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('version', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();
  // Once per statement, not per row: a bulk insert raises the version once. The version's name is the argument.
  await sql`
    create function bump_cache_version() returns trigger language plpgsql as $$
    begin
      update cache_version set version = version + 1 where name = TG_ARGV[0];
      return null;
    end
    $$`.execute(db);
  for (const [version, tables] of Object.entries(TRIGGERS)) {
    await sql`insert into cache_version (name, version) values (${version}, 0)`.execute(db);
    for (const table of tables) {
      await sql`
        create trigger ${sql.raw(triggerName(version, table))}
        after insert or update or delete or truncate on ${sql.table(table)}
        for each statement execute function bump_cache_version(${sql.lit(version)})`.execute(db);
    }
  }
}

export async function down(db: AnyDb): Promise<void> {
  for (const [version, tables] of Object.entries(TRIGGERS)) {
    for (const table of tables) {
      await sql`drop trigger if exists ${sql.raw(triggerName(version, table))} on ${sql.table(table)}`.execute(db);
    }
  }
  await sql`drop function if exists bump_cache_version()`.execute(db);
  await db.schema.dropTable('cache_version').ifExists().execute();
}
