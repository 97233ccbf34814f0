/**
 * Weights a weighbridge measured are locked: a weighing the device recorded (source `device`) keeps its plate,
 * weights, times, day and weighbridge as measured, whoever edits it through the data API, and it cannot be
 * deleted. What the device did not know (the material, the supplier, the delivery note, the remark) stays
 * editable. A wrong weight is corrected by its own request, 磅单更正申请 (processes/weighing-correction.json): the
 * approval writes the corrected weights back as an amendment (the one write this hook lets through) and keeps the
 * originals in their own fields, which no one writes by hand, on any weighing.
 */
import { DomainError, type CollectionRecords, type RecordValues } from '../../../src/server/module-api.js';
import { PASS_AUTHOR } from './passes.js';

/** What the weighbridge measured, locked on a record it made. */
const MEASURED = [
  'plateNo',
  'direction',
  'weighDate',
  'grossWeight',
  'grossTime',
  'tareWeight',
  'tareTime',
  'deviceId',
  'source',
] as const;

/** Written only by an approved correction, on every weighing. */
const CORRECTION = ['originalGrossWeight', 'originalTareWeight', 'correctionReason'] as const;

export const LOCKED_MESSAGE = '地磅采集的重量不能直接修改，请提交磅单更正申请';
export const DELETE_MESSAGE = '地磅采集的过磅记录不能删除，如有错误请提交磅单更正申请';
export const SOURCE_MESSAGE = '地磅上传的过磅记录只能由地磅产生，手工录入的记录来源须为手工录入';
export const CORRECTION_MESSAGE = '原始重量和更正原因只能由审批通过的磅单更正申请写入';

const empty = (value: unknown) => value === undefined || value === null || value === '';
const same = (a: unknown, b: unknown) => (empty(a) && empty(b)) || String(a) === String(b);

export function lockDeviceWeights(records: CollectionRecords): void {
  records.onWrite(async (write) => {
    if (write.actorId === PASS_AUTHOR || write.amendment) return;
    const before = write.before;
    if (write.kind === 'remove') {
      if (before?.source === 'device') throw new DomainError('forbidden', DELETE_MESSAGE);
      return;
    }
    if (write.kind !== 'create' && write.kind !== 'update') return;
    const after: RecordValues = await write.records(records.file.id).get(write.id);
    if (write.kind === 'create') {
      if (after.source === 'device') throw new DomainError('forbidden', SOURCE_MESSAGE);
      if (CORRECTION.some((field) => !empty(after[field]))) throw new DomainError('forbidden', CORRECTION_MESSAGE);
      return;
    }
    if (!before) return;
    if (CORRECTION.some((field) => !same(before[field], after[field])))
      throw new DomainError('forbidden', CORRECTION_MESSAGE);
    if (before.source === 'device' && MEASURED.some((field) => !same(before[field], after[field])))
      throw new DomainError('forbidden', LOCKED_MESSAGE);
    if (before.source !== 'device' && after.source === 'device') throw new DomainError('forbidden', SOURCE_MESSAGE);
  });
}
