/**
 * 磅差超差: a weighing whose 磅差率 is outside its material's tolerance (the collection's `deviationIssue`, a
 * declared `limits` field) is a 磅差超差 message to the people answering for the weighbridge, once: when a write
 * makes the weighing out of tolerance, not again on a write that leaves it so (an edit of the remark, a second
 * save of the same form), so repeating a write never repeats the message.
 */
import type { CollectionRecords, Messages, RecordWrite } from '../../../src/server/module-api.js';
import { PASS_AUTHOR } from './passes.js';

/**
 * Who hears of it: the weighbridge's 负责人 (else whoever registered it, as for its device warnings); a weighing
 * typed in without a weighbridge, its 司磅员, else whoever typed it.
 */
async function recipients(write: RecordWrite, record: Record<string, unknown>): Promise<string[]> {
  const person = (value: unknown) => (typeof value === 'string' && value !== '' && value !== PASS_AUTHOR ? value : '');
  const deviceId = person(record.deviceId);
  if (deviceId) {
    const device = await write
      .records('iot-device')
      .get(deviceId)
      .catch(() => undefined);
    const chosen = person(device?.responsibleId) || person(device?.createdBy);
    if (chosen) return [chosen];
  }
  const chosen = person(record.operatorId) || person(record.createdBy);
  return chosen ? [chosen] : [];
}

export function notifyDeviations(records: CollectionRecords, messages: Messages): void {
  records.onWrite(async (write) => {
    if (write.kind !== 'create' && write.kind !== 'update') return;
    const record = await write.records(records.file.id).get(write.id);
    const issue = record.deviationIssue;
    if (typeof issue !== 'string' || issue === '') return;
    const before = write.before?.deviationIssue;
    if (typeof before === 'string' && before !== '') return;
    const userIds = await recipients(write, record);
    const net = typeof record.netWeight === 'number' ? record.netWeight.toFixed(2) : '';
    const note = typeof record.deliveryNoteWeight === 'number' ? record.deliveryNoteWeight.toFixed(2) : '';
    await messages.send(
      {
        userIds,
        kind: 'weighbridge-deviation',
        title: `磅差超差：${String(record.plateNo ?? '')} ${String(record.materialLabel ?? record.material ?? '')}`,
        content: `${String(record.weighDate ?? '')} 净重 ${net} t，送货单重量 ${note} t（送货单 ${String(record.deliveryNoteNo ?? '—')}）：${issue}`,
        link: `/weighbridge/records/${write.id}`,
        projectId: write.projectId,
      },
      write.db,
    );
  });
}
