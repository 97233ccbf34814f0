/**
 * Start-up work done once per fingerprint of what it depends on: the seed (seed/seed-once.ts) and the collection
 * tables (collections/table-sync.ts). The fingerprints live in `seed_run` (migration 0008), each kind with its own
 * prefix, so that a start on existing data checks with one query whether the work was already done on this
 * database, by any instance.
 */
import type { Db } from './database.js';

export async function fingerprintRecorded(db: Db, fingerprint: string): Promise<boolean> {
  return (await recordedFingerprints(db, [fingerprint])).has(fingerprint);
}

/** Which of `fingerprints` were recorded, in one query. */
export async function recordedFingerprints(db: Db, fingerprints: readonly string[]): Promise<Set<string>> {
  if (fingerprints.length === 0) return new Set();
  const rows = await db.selectFrom('seed_run').select('fingerprint').where('fingerprint', 'in', fingerprints).execute();
  return new Set(rows.map((row) => row.fingerprint));
}

/** Records `fingerprint` after its work succeeded (inside the work's transaction when it has one). */
export async function recordFingerprint(db: Db, fingerprint: string): Promise<void> {
  await db
    .insertInto('seed_run')
    .values({ fingerprint })
    .onConflict((oc) => oc.doNothing())
    .execute();
}
