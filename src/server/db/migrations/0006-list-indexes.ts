/**
 * Indexes that serve the sort of the long administration lists, so a page is read in index order instead of
 * sorting the whole table: users by creation time (live users only, the list never shows deleted ones), the
 * audit log newest first (sys_log grows with every write).
 */
import { type Kysely, sql } from 'kysely';

// Migrations must not depend on the current table types: they describe the schema as it was.
type AnyDb = Kysely<unknown>;

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createIndex('sys_user_list_idx')
    .on('sys_user')
    .columns(['created_at', 'id'])
    .where(sql.ref('del_flag'), '=', '0')
    .execute();
  await db.schema.createIndex('sys_log_list_idx').on('sys_log').columns(['created_at', 'id']).execute();
  // The new (created_at, id) index answers everything the single-column one did.
  await db.schema.dropIndex('sys_log_created_idx').ifExists().execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.createIndex('sys_log_created_idx').on('sys_log').column('created_at').execute();
  await db.schema.dropIndex('sys_log_list_idx').ifExists().execute();
  await db.schema.dropIndex('sys_user_list_idx').ifExists().execute();
}
