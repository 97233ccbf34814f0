/**
 * The outcomes process files declare, written through the collections' records (`amend`): the record's own
 * service with its hooks and timeline, never its table, inside the approval's transaction.
 */
import type { CollectionRecords } from '../collections/records.js';
import type { OutcomeWriter } from './engine.js';

/** `collections`: read at each write, since the workflow is built before the collections are. */
export function collectionOutcomes(collections: () => ReadonlyMap<string, CollectionRecords>): OutcomeWriter {
  return async (trx, write) => {
    const records = collections().get(write.collection);
    if (!records) throw new Error(`an approval's outcome names the unknown collection "${write.collection}"`);
    await records.within(trx).amend(write.id, write.values, write.actorId, {
      label: write.label,
      remark: write.remark,
      states: write.states,
      keep: write.keep,
    });
  };
}
