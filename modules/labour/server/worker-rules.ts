/**
 * Rules on the registry's writes that no schema file can declare: the age rule of the project's company at
 * registration (a warning the form shows and the list keeps, or a refusal when the company's rule says so), a hand-entered attendance
 * record's reason, and a paid wage's account. Each runs inside the write's transaction (records.onWrite), so a
 * refusal undoes the whole call.
 */
import { sql } from 'kysely';
import {
  type CollectionRecords,
  fieldColumn,
  invalidField,
  type RecordValues,
} from '../../../src/server/module-api.js';
import { judgeAge, type AgeLimits } from './age-rule.js';
import type { AgeRules } from './age-rules.js';

export const WorkerRuleMessages = {
  manualReason: '手工补录的考勤须填写补录原因',
  paidWithoutAccount: '实发工资须经项目的农民工工资专用账户代发，请选择代发账户',
  ageRefused: (problem: string) => `${problem}，按公司规定不予登记`,
} as const;

/** The warning of the age rule for a worker (empty when inside the rule or the ID number cannot be read). */
export function ageWarning(record: RecordValues, limits: AgeLimits, day: Date): string {
  const verdict = judgeAge(String(record.idCardNumber ?? ''), String(record.trade ?? ''), limits, day);
  return verdict?.problem ? `${verdict.problem}，不符合进场年龄规定` : '';
}

const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');

export function workerRules(of: (id: string) => CollectionRecords, rules: AgeRules, now: () => Date): void {
  const workers = of('labour-worker');
  workers.onWrite(async (write) => {
    if (write.kind !== 'create' && write.kind !== 'update') return;
    const worker = await write.records('labour-worker').get(write.id);
    const limits = await rules.ofProject(write.projectId, write.db);
    const warning = ageWarning(worker, limits, now());
    // Only a registration (or an ID number or trade that changed) is refused: a worker who ages past the limit
    // stays editable, and the gate refuses them.
    const judged =
      write.kind === 'create' ||
      write.before?.idCardNumber !== worker.idCardNumber ||
      write.before?.trade !== worker.trade;
    if (warning && limits.refuseRegistration && judged)
      throw invalidField('idCardNumber', WorkerRuleMessages.ageRefused(warning.replace(/，不符合进场年龄规定$/, '')));
    await sql`update ${sql.table(workers.table)} set ${sql.ref(fieldColumn('ageWarning'))} = ${warning || null} where id = ${write.id}`.execute(
      write.db,
    );
  });
  // The warning as of today and by the company's rule as it is now: a worker turns 61 while on the books, a
  // company tightens its limits. One look-up per project of the rows read.
  workers.extendReads(async (rows) => {
    const day = now();
    const byProject = new Map<string, Promise<AgeLimits>>();
    const limitsOf = (projectId: string) => {
      let limits = byProject.get(projectId);
      if (!limits) byProject.set(projectId, (limits = rules.ofProject(projectId)));
      return limits;
    };
    for (const row of rows) {
      const warning = ageWarning(row, await limitsOf(String(row.projectId ?? '')), day);
      if (warning) row.ageWarning = warning;
      else delete row.ageWarning;
    }
  });

  of('labour-attendance').onWrite(async (write) => {
    if (write.kind !== 'create' && write.kind !== 'update') return;
    const record = await write.records('labour-attendance').get(write.id);
    if (record.source === 'manual' && text(record.reason).length === 0)
      throw invalidField('reason', WorkerRuleMessages.manualReason);
  });

  of('labour-wage').onWrite(async (write) => {
    if (write.kind !== 'create' && write.kind !== 'update') return;
    const wage = await write.records('labour-wage').get(write.id);
    if (typeof wage.paid === 'number' && wage.paid > 0 && !text(wage.account))
      throw invalidField('account', WorkerRuleMessages.paidWithoutAccount);
  });
}
