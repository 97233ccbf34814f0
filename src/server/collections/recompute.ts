/**
 * Stored computed fields (净重, 理论方量, 充盈系数, 超限原因, ...) are written with each record. When a collection's
 * file declares a new one or changes how one is computed, the records stored before hold nothing or the old value:
 * at start, before the server answers, each such collection's records are brought up to date, once per definition
 * (a fingerprint of the collection's stored computed fields recorded in the database, like the seed's).
 */
import { createHash } from 'node:crypto';
import { isStoredComputed, type CollectionFile } from '../../shared/collections.js';
import type { Db } from '../db/database.js';
import { recordedFingerprints, recordFingerprint } from '../db/start-fingerprints.js';
import { CollectionRecords } from './records.js';

function computedFingerprint(file: CollectionFile): string | undefined {
  const stored = Object.entries(file.computed ?? {}).filter(([, field]) => isStoredComputed(field));
  if (stored.length === 0) return undefined;
  const hash = createHash('sha256').update(JSON.stringify(stored)).digest('hex');
  return `computed:${file.id}:${hash}`;
}

/** Recomputes the records of every collection whose stored computed fields changed; how many records changed. */
export async function recomputeChangedFields(
  db: Db,
  files: readonly CollectionFile[],
  now: () => Date = () => new Date(),
): Promise<Map<string, number>> {
  const changed = new Map<string, number>();
  const due = new Map<string, CollectionFile>();
  for (const file of files) {
    const fingerprint = computedFingerprint(file);
    if (fingerprint !== undefined) due.set(fingerprint, file);
  }
  // One query for all of them: a start on existing data finds every definition recorded.
  for (const fingerprint of await recordedFingerprints(db, [...due.keys()])) due.delete(fingerprint);
  if (due.size === 0) return changed;
  const registry = new Map<string, CollectionRecords>();
  for (const file of files) registry.set(file.id, new CollectionRecords(db, file, now, registry));
  for (const [fingerprint, file] of due) {
    changed.set(file.id, await registry.get(file.id)!.recomputeStored());
    await recordFingerprint(db, fingerprint);
  }
  return changed;
}
