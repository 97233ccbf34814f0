/**
 * The `laborer` table of the first workbench is gone: the workbench's worker figures come from the labour module's
 * registry (modules/labour/server/worker-figures.ts), and nothing read the table any more.
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('laborer').ifExists().execute();
}
