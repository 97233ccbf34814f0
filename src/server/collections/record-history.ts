/**
 * A record's timeline (table collection_history): its creation and every status step with who took it, when,
 * the remark and what the step brought (a rectification's photos), written in the step's transaction and read by
 * the detail page. Only collections with a status flow keep one.
 */
import { randomUUID } from 'node:crypto';
import type { CollectionFile } from '../../shared/collections.js';
import type { Db } from '../db/database.js';
import type { RecordTable } from './record-table.js';
import type { HistoryEntry, RecordValues } from './record-types.js';

/** The timeline's action of a change decided elsewhere (an approval's outcome): fields changed, the status not. */
export const AMEND_ACTION = 'amend';

/** One step of a record's timeline, as it is written. */
export interface RecordStep {
  recordId: string;
  projectId: string;
  action: string;
  from: string | null;
  to: string | null;
  actorId: string;
  remark: string | null;
  data: RecordValues;
}

/** Writes steps of the collection's records (many at once for an import), in the write's transaction `db`. */
export async function writeSteps(db: Db, file: CollectionFile, at: Date, steps: readonly RecordStep[]): Promise<void> {
  for (let start = 0; start < steps.length; start += 500)
    await db
      .insertInto('collection_history')
      .values(
        steps.slice(start, start + 500).map((step) => ({
          id: randomUUID(),
          collection: file.id,
          record_id: step.recordId,
          project_id: step.projectId,
          action: step.action,
          from_status: step.from,
          to_status: step.to,
          actor_id: step.actorId,
          remark: step.remark,
          data: JSON.stringify(step.data),
          at,
        })),
      )
      .execute();
}

/** Forgets a deleted record's timeline, in the deletion's transaction. */
export async function forgetSteps(db: Db, file: CollectionFile, recordId: string): Promise<void> {
  await db
    .deleteFrom('collection_history')
    .where('collection', '=', file.id)
    .where('record_id', '=', recordId)
    .execute();
}

/** The timeline of a record, oldest first, with the labels of its states and steps and the photos each brought. */
export async function readHistory(table: RecordTable, id: string): Promise<HistoryEntry[]> {
  const { file } = table;
  const flow = file.status;
  const label = (state: string | null) => (state ? (flow?.states[state]?.label ?? state) : '');
  const stepLabel = (action: string) =>
    action === 'create'
      ? '新建'
      : action === AMEND_ACTION
        ? '审批变更'
        : (flow?.transitions.find((t) => t.id === action)?.label ?? action);
  const rows = await table.db
    .selectFrom('collection_history as h')
    .leftJoin('sys_user as u', 'u.id', 'h.actor_id')
    .select(['h.action', 'h.from_status', 'h.to_status', 'h.remark', 'h.data', 'h.at', 'u.name'])
    .where('h.collection', '=', file.id)
    .where('h.record_id', '=', id)
    .orderBy('h.at')
    .orderBy('h.id')
    .execute();
  const imageFields = Object.entries(file.files ?? {})
    .filter(([, kind]) => kind !== 'attachments')
    .map(([field]) => field);
  return rows.map((row) => {
    const data = (typeof row.data === 'string' ? JSON.parse(row.data) : (row.data ?? {})) as RecordValues;
    return {
      action: row.action,
      actionLabel: stepLabel(row.action),
      from: row.from_status,
      to: row.to_status,
      fromLabel: label(row.from_status),
      toLabel: label(row.to_status),
      byName: row.name ?? '',
      at: row.at,
      remark: row.remark ?? '',
      data,
      // The pictures the step brought (a rectification's photos), for the timeline.
      photos: imageFields.flatMap((field) => {
        const value = data[field];
        return Array.isArray(value) ? value.map(String) : typeof value === 'string' && value ? [value] : [];
      }),
    };
  });
}
