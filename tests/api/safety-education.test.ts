/**
 * 安全教育 (modules/safety): courses, trainings and their attendees, who must be workers of the training's own
 * project; an on-site worker without a passed 三级安全教育 carries the registry's flag, which appears and disappears
 * as sessions are recorded, as the worker leaves or returns; the permission matrix and the project scope.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { useCallers, type Caller, type PageData } from './admin-helpers.js';
import { addOutsiderProject, OTHER_COMPANY_PROJECT } from './outsider-project.js';
import { personalCaller, PROJECT } from './safety-helpers.js';
import { idNumber, useTestApp } from './test-app.js';

type Row = Record<string, unknown> & { id: string; version: number };

const t = useTestApp();
const who = useCallers(t);
let visitor: Caller;

beforeAll(async () => {
  await addOutsiderProject(t.db);
  visitor = await personalCaller(t);
});

async function ok<T = Row>(caller: Caller, method: 'GET' | 'POST' | 'PUT', url: string, body?: unknown): Promise<T> {
  const answer = await caller.call<T>(method, url, body);
  expect(answer.msgCode, `${method} ${url}: ${answer.errMsg}`).toBe(0);
  return answer.data as T;
}

let serial = 100;
async function worker(projectId = PROJECT, name = '王小工'): Promise<Row> {
  serial += 1;
  return ok(who.admin, 'POST', '/api/data/labour-worker', {
    projectId,
    name,
    idCardNumber: idNumber('19900307', String(serial), '320102'),
    phone: '13912345678',
    team: '木工一班',
    trade: 'formwork',
    entryDate: '2026-11-01',
  });
}

async function course(caller: Caller, courseType: string, projectId = PROJECT): Promise<Row> {
  return ok(caller, 'POST', '/api/data/safety-course', {
    projectId,
    title: `课程 ${courseType} ${Math.random().toString(36).slice(2, 8)}`,
    courseType,
    hours: 8,
    content: '公司级、项目级、班组级安全教育',
  });
}

async function training(caller: Caller, courseId: string, projectId = PROJECT): Promise<Row> {
  return ok(caller, 'POST', '/api/data/safety-training', {
    projectId,
    title: '11月新进场工人三级安全教育',
    courseId,
    trainingDate: '2026-11-18',
    trainer: '张安全',
    place: '项目部会议室',
  });
}

const attend = (caller: Caller, trainingId: string, workerId: string, passed: boolean, projectId = PROJECT) =>
  caller.call<Row>('POST', '/api/data/safety-training-attendee', {
    projectId,
    trainingId,
    workerId,
    score: passed ? 90 : 45,
    passed,
  });

const flagOf = async (id: string): Promise<unknown> =>
  (await ok(who.staff, 'GET', `/api/data/labour-worker/${id}`)).safetyEducationMissing;

async function flaggedIds(): Promise<string[]> {
  const page = await ok<PageData<Row>>(
    who.staff,
    'GET',
    `/api/data/labour-worker?projectId=${PROJECT}&safetyEducationMissing=true&pageSize=9999`,
  );
  return page.dataList.map((row) => row.id);
}

describe('安全教育: the worker flag', () => {
  it('flags a new on-site worker and clears the flag once a 三级安全教育 is passed', async () => {
    const newcomer = await worker();
    expect(newcomer.safetyEducationMissing).toBe(true);
    expect(await flaggedIds()).toContain(newcomer.id);
    const level3 = await training(who.manager, (await course(who.manager, 'level3')).id);
    const failed = await attend(who.manager, level3.id, newcomer.id, false);
    expect(failed.msgCode).toBe(0);
    expect(failed.data).toMatchObject({
      courseType: 'level3',
      courseTypeLabel: '三级安全教育',
      trainingDate: '2026-11-18',
    });
    expect(await flagOf(newcomer.id)).toBe(true);
    const attendee = failed.data as Row;
    const passed = await ok(who.manager, 'PUT', `/api/data/safety-training-attendee/${attendee.id}`, {
      version: attendee.version,
      trainingId: level3.id,
      workerId: newcomer.id,
      score: 88,
      passed: true,
    });
    expect(passed.passed).toBe(true);
    expect(await flagOf(newcomer.id)).toBe(false);
    expect(await flaggedIds()).not.toContain(newcomer.id);
    expect(await ok(who.staff, 'GET', `/api/data/safety-training/${level3.id}`)).toMatchObject({
      attendeeCount: 1,
      passCount: 1,
      courseType: 'level3',
      courseIdLabel: expect.stringContaining('课程 level3'),
    });
    // The worker's education history: one collection, filtered by the worker.
    const history = await ok<PageData<Row>>(
      who.staff,
      'GET',
      `/api/data/safety-training-attendee?projectId=${PROJECT}&workerId=${newcomer.id}`,
    );
    expect(history.dataList.map((row) => [row.trainingIdLabel, row.score, row.passed])).toEqual([
      ['11月新进场工人三级安全教育', 88, true],
    ]);
    // Deleting the passed record brings the flag back.
    expect((await who.manager.call('DELETE', `/api/data/safety-training-attendee/${attendee.id}`)).msgCode).toBe(0);
    expect(await flagOf(newcomer.id)).toBe(true);
  });

  it('does not count a passed 班前教育, and never flags a worker who left the site', async () => {
    const newcomer = await worker();
    const preShift = await training(who.manager, (await course(who.manager, 'preShift')).id);
    expect((await attend(who.manager, preShift.id, newcomer.id, true)).msgCode).toBe(0);
    expect(await flagOf(newcomer.id)).toBe(true);
    const left = await ok(who.manager, 'POST', `/api/data/labour-worker/${newcomer.id}/transition`, {
      action: 'exit',
      version: newcomer.version,
      exitReason: '合同期满',
      exitDate: '2026-11-20',
    });
    expect(left.safetyEducationMissing).toBe(false);
    expect(await flaggedIds()).not.toContain(newcomer.id);
    const back = await ok(who.manager, 'POST', `/api/data/labour-worker/${newcomer.id}/transition`, {
      action: 'reenter',
      version: left.version,
      entryDate: '2026-11-22',
    });
    expect(back.safetyEducationMissing).toBe(true);
  });

  it('follows a course whose type is corrected', async () => {
    const newcomer = await worker();
    const mislabelled = await course(who.manager, 'special');
    const session = await training(who.manager, mislabelled.id);
    expect((await attend(who.manager, session.id, newcomer.id, true)).msgCode).toBe(0);
    expect(await flagOf(newcomer.id)).toBe(true);
    await ok(who.manager, 'PUT', `/api/data/safety-course/${mislabelled.id}`, {
      version: mislabelled.version,
      title: mislabelled.title,
      courseType: 'level3',
      hours: 8,
    });
    expect(await flagOf(newcomer.id)).toBe(false);
  });
});

describe('安全教育: attendees come from the labour registry of the same project', () => {
  it('refuses a worker of another project, and the same worker twice', async () => {
    const session = await training(who.admin, (await course(who.admin, 'level3')).id);
    const stranger = await worker(OTHER_COMPANY_PROJECT, '外单位工人');
    expect(await attend(who.admin, session.id, stranger.id, true)).toMatchObject({
      msgCode: -400,
      errMsg: '参训人员须为本项目的劳务人员',
    });
    expect(await attend(who.admin, session.id, 'no-such-worker', true)).toMatchObject({
      msgCode: -400,
      errMsg: '参训人员须为本项目的劳务人员',
    });
    const mine = await worker();
    expect((await attend(who.admin, session.id, mine.id, true)).msgCode).toBe(0);
    expect(await attend(who.admin, session.id, mine.id, true)).toMatchObject({
      msgCode: -409,
      errMsg: '该人员已在本次培训的名单中',
    });
    const elsewhere = await training(
      who.admin,
      (await course(who.admin, 'level3', OTHER_COMPANY_PROJECT)).id,
      OTHER_COMPANY_PROJECT,
    );
    expect(await attend(who.admin, elsewhere.id, mine.id, true, PROJECT)).toMatchObject({
      msgCode: -400,
      errMsg: '培训不存在或不属于本项目',
    });
  });

  it('refuses a training on a course of another project', async () => {
    const foreign = await course(who.admin, 'level3', OTHER_COMPANY_PROJECT);
    expect(
      await who.admin.call('POST', '/api/data/safety-training', {
        projectId: PROJECT,
        title: '错误的培训',
        courseId: foreign.id,
        trainingDate: '2026-11-18',
        trainer: '张安全',
        place: '会议室',
      }),
    ).toMatchObject({ msgCode: -400, errMsg: '课程不存在或不属于本项目' });
  });

  it('shows the messages of the files for an empty submit', async () => {
    const empty = await who.manager.call<unknown>('POST', '/api/data/safety-training', { projectId: PROJECT });
    expect(empty.msgCode).toBe(-400);
    expect(JSON.stringify(empty)).toContain('请输入培训名称');
  });
});

describe('安全教育: permissions and the project scope', () => {
  it('answers admin, manager and staff, refuses a user without the module and anyone not logged in', async () => {
    for (const path of ['safety-course', 'safety-training', 'safety-training-attendee']) {
      const list = `/api/data/${path}?projectId=${PROJECT}`;
      for (const caller of [who.admin, who.manager, who.staff])
        expect((await caller.call('GET', list)).msgCode).toBe(0);
      expect((await visitor.call('GET', list)).msgCode).toBe(-403);
      expect((await who.none.call('GET', list)).msgCode).toBe(-401);
    }
    expect(
      (
        await visitor.call('POST', '/api/data/safety-course', {
          projectId: PROJECT,
          title: 'x',
          courseType: 'level3',
          hours: 1,
        })
      ).msgCode,
    ).toBe(-403);
  });

  it("never shows or changes another company's trainings", async () => {
    const foreign = await training(
      who.admin,
      (await course(who.admin, 'level3', OTHER_COMPANY_PROJECT)).id,
      OTHER_COMPANY_PROJECT,
    );
    for (const caller of [who.manager, who.staff]) {
      expect((await caller.call('GET', `/api/data/safety-training?projectId=${OTHER_COMPANY_PROJECT}`)).msgCode).toBe(
        -403,
      );
      expect((await caller.call('GET', `/api/data/safety-training/${foreign.id}`)).msgCode).toBe(-404);
      expect(
        (await caller.call('GET', `/api/data/safety-training-attendee/aggregate?projectId=${OTHER_COMPANY_PROJECT}`))
          .msgCode,
      ).toBe(-403);
      expect((await caller.call('DELETE', `/api/data/safety-training/${foreign.id}`)).msgCode).toBe(-404);
    }
  });
});
