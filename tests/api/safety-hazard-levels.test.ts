/**
 * 隐患等级 by 《房屋市政工程生产安全重大事故隐患判定标准（2022版）》: 一般事故隐患 and 重大事故隐患, the 重大 ones with
 * the standard's situations to choose from; a 重大 hazard's rectification plan is reported by its responsible person
 * and signed by the project manager it names, and by nobody else; until then it cannot be rectified; 停工 needs its
 * reason and is listed as one line.
 */
import { describe, expect, it } from 'vitest';
import { useCallers, type Caller } from './admin-helpers.js';
import { PROJECT } from './safety-helpers.js';
import { useTestApp } from './test-app.js';

type Row = Record<string, unknown> & { id: string; version: number };

const t = useTestApp();
const who = useCallers(t);

async function ok<T = Row>(caller: Caller, method: 'GET' | 'POST' | 'PUT', url: string, body?: unknown): Promise<T> {
  const answer = await caller.call<T>(method, url, body);
  expect(answer.msgCode, `${method} ${url}: ${answer.errMsg}`).toBe(0);
  return answer.data as T;
}

const hazard = (level: string, extra: Record<string, unknown> = {}) =>
  ok(who.manager, 'POST', '/api/data/safety-hazard', {
    projectId: PROJECT,
    description: '高支模立杆间距大于方案，模板支架承受的施工荷载超过设计值',
    category: 'collapse',
    level,
    location: '地下车库顶板',
    photos: ['/api/zhgd/base/file/ea0d499702591353c462bb1b0fe5a7a5.jpg'],
    responsibleId: 'user-staff',
    reviewerId: 'user-admin',
    deadline: '2026-12-05',
    ...extra,
  });

const step = (caller: Caller, record: Row, action: string, body: Record<string, unknown> = {}) =>
  caller.call<Row>('POST', `/api/data/safety-hazard/${record.id}/transition`, {
    action,
    version: record.version,
    ...body,
  });

const plan = {
  rectifyPlan: '卸除顶板堆载，按方案加密立杆至0.9m，增设水平杆与剪刀撑，经验收合格后恢复浇筑',
  managerId: 'user-manager',
  majorSituation: 'art6-2',
};

describe('隐患等级 (2022 判定标准)', () => {
  it('has the two levels, and the standard’s situations of a 重大 hazard to choose from', async () => {
    const answer = await who.staff.call<never>('GET', '/api/system/dictionary/major_hazard_situation/list');
    const list = (answer.item as { dictionaryList: { label: string; value: string }[] }).dictionaryList;
    expect(list.length).toBe(34);
    expect(list.find((entry) => entry.value === 'art6-2')?.label).toBe('第六条（二）模板支架承受的施工荷载超过设计值');
    expect(list.at(-1)?.label).toMatch(/^第十五条 /);
    const major = await hazard('major', { majorSituation: 'art6-2' });
    expect(major).toMatchObject({
      levelLabel: '重大事故隐患',
      majorSituationLabel: '第六条（二）模板支架承受的施工荷载超过设计值',
    });
    expect((await hazard('general')).levelLabel).toBe('一般事故隐患');
    expect(
      (await who.manager.call('POST', '/api/data/safety-hazard', { ...major, id: undefined, level: 'critical' }))
        .msgCode,
    ).not.toBe(0);
  });

  it('signs a 重大 hazard’s plan by the project manager only, and rectifies only after the signature', async () => {
    const major = await hazard('major');
    // Not before a plan is reported and signed.
    const early = await step(who.staff, major, 'rectify', {
      rectifyRemark: '已整改',
      rectifyPhotos: ['/api/zhgd/base/file/632a2406bbcbcd553eec45ac14b40a0a.jpg'],
    });
    expect(early.errMsg).toBe('重大事故隐患的整改方案须经项目经理签认后，方可提交整改');
    // The plan names its 判定情形, and a manager other than its author.
    expect((await step(who.staff, major, 'submitPlan', { ...plan, majorSituation: undefined })).errMsg).toBe(
      '请选择重大事故隐患的判定情形',
    );
    expect((await step(who.staff, major, 'submitPlan', { ...plan, managerId: 'user-staff' })).errMsg).toBe(
      '整改方案须由项目经理签认，不能由整改责任人本人签认',
    );
    const reported = await ok(who.staff, 'POST', `/api/data/safety-hazard/${major.id}/transition`, {
      action: 'submitPlan',
      version: major.version,
      ...plan,
    });
    expect(reported).toMatchObject({ status: 'planReview', statusLabel: '方案待签认', managerIdLabel: '张经理' });
    // Nobody but the project manager signs: not the author, not even an administrator.
    for (const caller of [who.staff, who.admin]) {
      const refused = await step(caller, reported, 'signPlan', { planSignRemark: '同意' });
      expect(refused.msgCode).toBe(-403);
      expect(refused.errMsg).toBe('只有项目经理可以执行“签认整改方案”');
    }
    const signed = await ok(who.manager, 'POST', `/api/data/safety-hazard/${major.id}/transition`, {
      action: 'signPlan',
      version: reported.version,
      planSignRemark: '同意按此方案整改，整改期间该区域停止浇筑',
    });
    expect(signed).toMatchObject({ status: 'pending', planSignRemark: '同意按此方案整改，整改期间该区域停止浇筑' });
    expect(signed.planSignedAt).toEqual(expect.any(String));
    const rectified = await step(who.staff, signed, 'rectify', {
      rectifyRemark: '已按方案加密立杆并验收',
      rectifyPhotos: ['/api/zhgd/base/file/632a2406bbcbcd553eec45ac14b40a0a.jpg'],
    });
    expect(rectified.msgCode, rectified.errMsg).toBe(0);
    expect(rectified.data?.status).toBe('review');
  });

  it('sends a refused plan back to be reported and signed again', async () => {
    const major = await hazard('major');
    const reported = await ok(who.staff, 'POST', `/api/data/safety-hazard/${major.id}/transition`, {
      action: 'submitPlan',
      version: major.version,
      ...plan,
    });
    const back = await ok(who.manager, 'POST', `/api/data/safety-hazard/${major.id}/transition`, {
      action: 'rejectPlan',
      version: reported.version,
      planSignRemark: '未明确应急措施',
    });
    expect(back.status).toBe('pending');
    expect(back.planSignedAt ?? null).toBeNull();
    const early = await step(who.staff, back, 'rectify', {
      rectifyRemark: '已整改',
      rectifyPhotos: ['/api/zhgd/base/file/0cc175b9c0f1b6a831c399e269772661.jpg'],
    });
    expect(early.errMsg).toBe('重大事故隐患的整改方案须经项目经理签认后，方可提交整改');
  });

  it('has no plan step for a 一般 hazard, which is rectified at once', async () => {
    const general = await hazard('general');
    expect((await step(who.staff, general, 'submitPlan', plan)).errMsg).toBe(
      '一般事故隐患无需报送整改方案，请直接整改',
    );
    const done = await step(who.staff, general, 'rectify', {
      rectifyRemark: '已整改',
      rectifyPhotos: ['/api/zhgd/base/file/0cc175b9c0f1b6a831c399e269772661.jpg'],
    });
    expect(done.msgCode, done.errMsg).toBe(0);
  });

  it('orders 停工 with its reason, shown as one line', async () => {
    const refused = await who.manager.call('POST', '/api/data/safety-hazard', {
      projectId: PROJECT,
      description: '基坑北侧出现裂缝',
      category: 'collapse',
      level: 'major',
      location: '基坑北侧',
      photos: ['/api/zhgd/base/file/721f99927350450e076a57d4c74221e1.jpg'],
      responsibleId: 'user-staff',
      reviewerId: 'user-admin',
      deadline: '2026-12-05',
      stopWork: true,
    });
    expect(refused.errMsg).toBe('责令停工时请填写停工原因及范围');
    const stopped = await hazard('major', { stopWork: true, stopWorkReason: '基坑北侧10m范围内停止一切作业' });
    expect(stopped).toMatchObject({ stopWork: true, stopWorkText: '已责令停工：基坑北侧10m范围内停止一切作业' });
    const listed = await ok<{ dataList: Row[] }>(
      who.staff,
      'GET',
      `/api/data/safety-hazard?projectId=${PROJECT}&stopWork=true&pageSize=100`,
    );
    expect(listed.dataList.map((row) => row.id)).toContain(stopped.id);
  });
});
