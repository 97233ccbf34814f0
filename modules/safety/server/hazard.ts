/**
 * 隐患等级 by 《房屋市政工程生产安全重大事故隐患判定标准（2022版）》: a hazard is 一般事故隐患 or 重大事故隐患. A 重大
 * one is rectified on a plan (整改方案) its responsible person reports and the project manager signs: the collection
 * file declares the steps (报送整改方案 by the responsible person, 签认/退回 by the 项目经理 the plan names, the only
 * user the engine lets take them); this hook keeps what the file cannot say: only a 重大 hazard has a plan, the plan
 * names a 判定情形 and a manager other than its author, and no 重大 hazard is rectified before its plan is signed. A
 * 停工 order carries its reason.
 */
import { sql } from 'kysely';
import { type CollectionRecords, DomainError, invalidField, type RecordWrite } from '../../../src/server/module-api.js';

const HAZARD = 'safety-hazard';

export const HazardMessages = {
  planOnlyMajor: '一般事故隐患无需报送整改方案，请直接整改',
  planNeedsSituation: '请选择重大事故隐患的判定情形',
  managerNotAuthor: '整改方案须由项目经理签认，不能由整改责任人本人签认',
  planNotSigned: '重大事故隐患的整改方案须经项目经理签认后，方可提交整改',
  stopWorkReason: '责令停工时请填写停工原因及范围',
} as const;

async function onHazard(write: RecordWrite): Promise<void> {
  if (write.kind === 'remove') return;
  const hazard = await write.records(HAZARD).get(write.id);
  if (hazard.stopWork === true && !String(hazard.stopWorkReason ?? '').trim())
    throw invalidField('stopWorkReason', HazardMessages.stopWorkReason);
  if (write.kind !== 'transition') return;
  const before = write.before ?? {};
  if (write.action === 'submitPlan') {
    if (before.level !== 'major') throw new DomainError('invalid', HazardMessages.planOnlyMajor);
    if (!hazard.majorSituation) throw invalidField('majorSituation', HazardMessages.planNeedsSituation);
    if (hazard.managerId === hazard.responsibleId) throw invalidField('managerId', HazardMessages.managerNotAuthor);
    // A plan reported again (after 退回) is signed again.
    await sql`update c_safety_hazard set plan_signed_at = null where id = ${write.id}`.execute(write.db);
  } else if (write.action === 'signPlan') {
    await sql`update c_safety_hazard set plan_signed_at = now() where id = ${write.id}`.execute(write.db);
  } else if (write.action === 'rectify' && before.level === 'major' && !before.planSignedAt) {
    throw new DomainError('conflict', HazardMessages.planNotSigned);
  }
}

export function hazardHooks(collections: ReadonlyMap<string, CollectionRecords>): void {
  const records = collections.get(HAZARD);
  if (!records) throw new Error(`the safety module needs the collection ${HAZARD}`);
  records.onWrite(onHazard);
  // 停工 shown as one line wherever the hazard is listed: 已责令停工：<reason>.
  records.extendReads(async (rows) => {
    for (const row of rows)
      row.stopWorkText = row.stopWork === true ? `已责令停工：${String(row.stopWorkReason ?? '')}` : '';
  });
}
