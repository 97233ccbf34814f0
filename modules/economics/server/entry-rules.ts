/**
 * The rules of the module's records that no schema file can declare:
 * - an amount has at most two decimals (the 分 the reports count exactly; a third decimal would be lost unseen);
 * - a month's actual output is confirmed only by an approved 产值月报审批 (processes/economics-output-report.json),
 *   whose write-back is the one write of `confirmedActual`; a confirmed month's contract, month and actual output
 *   stay as approved, and it cannot be deleted: a correction is approved again.
 * Every read adds the amounts as users read them (¥1,234,567.89) and, for an output entry, its state and the line
 * that names it in the approval's picker.
 */
import {
  DomainError,
  invalidField,
  type CollectionRecords,
  type RecordValues,
} from '../../../src/server/module-api.js';
import { fenOfYuan, isWholeFen, percent, yuanText } from './money.js';

export const EntryMessages = {
  confirmedOnly: '确认产值只能由审批通过的产值月报写入',
  confirmedLocked: '本月产值已经审批确认，不能直接修改；如需更正，请修改后重新发起产值月报审批',
  confirmedDelete: '本月产值已经审批确认，不能删除',
  decimals: (title: string) => `${title}最多保留两位小数（精确到分）`,
} as const;

/** The amount fields (元) of each collection, with their titles for the message. */
const AMOUNTS: Record<string, Record<string, string>> = {
  'economics-contract': { amount: '合同金额' },
  'economics-output': { planned: '计划产值', actual: '实际产值' },
  'economics-target-cost': { amount: '目标成本' },
  'economics-cost': { amount: '金额' },
  'economics-material-price': { price: '单价' },
};

const empty = (value: unknown) => value === undefined || value === null || value === '';
const same = (a: unknown, b: unknown) => (empty(a) && empty(b)) || String(a) === String(b);
const text = (value: unknown) => (typeof value === 'number' ? yuanText(fenOfYuan(value)) : '');

export function entryRules(collections: ReadonlyMap<string, CollectionRecords>): void {
  for (const [id, fields] of Object.entries(AMOUNTS)) {
    const records = collections.get(id);
    if (!records) continue;
    records.onWrite(async (write) => {
      if (write.kind !== 'create' && write.kind !== 'update') return;
      const after = await write.records(id).get(write.id);
      for (const [field, title] of Object.entries(fields)) {
        const value = after[field];
        if (typeof value === 'number' && !isWholeFen(value)) throw invalidField(field, EntryMessages.decimals(title));
      }
    });
    records.extendReads(async (rows) => {
      for (const row of rows) for (const field of Object.keys(fields)) row[`${field}Text`] = text(row[field]);
    });
  }

  const outputs = collections.get('economics-output');
  if (!outputs) throw new Error('modules/economics: the collection economics-output is missing');
  outputs.onWrite(async (write) => {
    if (write.amendment) return;
    const before = write.before;
    if (write.kind === 'remove') {
      if (!empty(before?.confirmedActual)) throw new DomainError('forbidden', EntryMessages.confirmedDelete);
      return;
    }
    if (write.kind !== 'create' && write.kind !== 'update') return;
    const after: RecordValues = await write.records(outputs.file.id).get(write.id);
    if (write.kind === 'create') {
      if (!empty(after.confirmedActual)) throw new DomainError('forbidden', EntryMessages.confirmedOnly);
      return;
    }
    if (!before) return;
    if (!same(before.confirmedActual, after.confirmedActual))
      throw new DomainError('forbidden', EntryMessages.confirmedOnly);
    if (!empty(before.confirmedActual) && ['contract', 'month', 'actual'].some((f) => !same(before[f], after[f])))
      throw new DomainError('forbidden', EntryMessages.confirmedLocked);
  });
  outputs.extendReads(async (rows) => {
    for (const row of rows) {
      const planned = typeof row.planned === 'number' ? fenOfYuan(row.planned) : 0;
      const actual = typeof row.actual === 'number' ? fenOfYuan(row.actual) : null;
      const confirmed = !empty(row.confirmedActual);
      row.confirmed = confirmed;
      // The detail page offers 提交审批 on a reported month and 申请更正 on a confirmed one.
      row.state = confirmed ? 'confirmed' : actual === null ? 'unreported' : 'pending';
      row.stateLabel = confirmed ? '已确认' : actual === null ? '未填报' : '待确认';
      row.unconfirmed = row.state === 'pending';
      const rate = actual === null ? null : percent(actual, planned);
      row.rateText = rate === null ? '—' : `${rate.toFixed(2)}%`;
      row.confirmedActualText = text(row.confirmedActual);
      // The title an approval of this month starts with (a link's query takes whole values only).
      row.reportTitle = `${String(row.month ?? '')} ${String(row.contractLabel ?? '')}产值月报`;
      row.entryText = `${String(row.month ?? '')}　${String(row.contractLabel ?? '')}　实际 ${
        actual === null ? '未填报' : yuanText(actual)
      }${confirmed ? '（已确认）' : ''}`;
    }
  });
}
