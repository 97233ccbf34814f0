/**
 * Where a session's tokens were issued from (the address and browser of the login or refresh that made each one),
 * shown in 系统管理 / 在线用户 beside who is signed in.
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('refresh_token').addColumn('ip', 'text').execute();
  await db.schema.alterTable('refresh_token').addColumn('user_agent', 'text').execute();
}
