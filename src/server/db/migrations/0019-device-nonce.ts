/**
 * Nonces of signed device calls (src/server/devices/device-calls.ts), one table for every kind of device: a nonce
 * is taken once per device and kept for twice the clock window.
 */
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('device_nonce')
    .addColumn('device_id', 'text', (c) => c.notNull())
    .addColumn('nonce', 'text', (c) => c.notNull())
    .addColumn('seen_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('device_nonce_pk', ['device_id', 'nonce'])
    .execute();
  await db.schema.createIndex('device_nonce_seen_idx').on('device_nonce').column('seen_at').execute();
}
