/**
 * 三级安全教育 recorded as its three levels (公司级 15, 项目级 15, 班组级 20 学时, 建教〔1997〕83号): a worker is done
 * only with all three passed; attendees added in bulk from the labour module's workers (by 班组, by 工种) through its
 * collection, each once; 班前讲话 keeps who attended and no score or pass.
 */
import { describe, expect, it } from 'vitest';
import { useCallers, type Caller, type PageData } from './admin-helpers.js';
import { PROJECT } from './safety-helpers.js';
import { idNumber, useTestApp } from './test-app.js';

type Row = Record<string, unknown> & { id: string; version: number };

const t = useTestApp();
const who = useCallers(t);

async function ok<T = Row>(caller: Caller, method: 'GET' | 'POST' | 'PUT', url: string, body?: unknown): Promise<T> {
  const answer = await caller.call<T>(method, url, body);
  expect(answer.msgCode, `${method} ${url}: ${answer.errMsg}`).toBe(0);
  return answer.data as T;
}

let serial = 300;
async function worker(team: string, trade = 'formwork'): Promise<Row> {
  serial += 1;
  return ok(who.admin, 'POST', '/api/data/labour-worker', {
    projectId: PROJECT,
    name: '周新工',
    idCardNumber: idNumber('19920412', String(serial), '320102'),
    phone: '13912345678',
    team,
    trade,
    entryDate: '2026-11-01',
  });
}

async function course(courseType: string, hours: number): Promise<Row> {
  return ok(who.manager, 'POST', '/api/data/safety-course', {
    projectId: PROJECT,
    title: `课程 ${courseType} ${Math.random().toString(36).slice(2, 8)}`,
    courseType,
    hours,
  });
}

async function training(courseId: string, educationLevel?: string): Promise<Row> {
  return ok(who.manager, 'POST', '/api/data/safety-training', {
    projectId: PROJECT,
    title: '新进场工人安全教育',
    courseId,
    trainingDate: '2026-11-18',
    trainer: '张安全',
    place: '项目部会议室',
    ...(educationLevel ? { educationLevel } : {}),
  });
}

const bulk = (trainingId: string, body: Record<string, unknown>) =>
  who.manager.call<{ added: number; skipped: number }>(
    'POST',
    `/api/safety/v1.0/trainings/${trainingId}/attendees/bulk`,
    body,
  );

const attendees = async (trainingId: string): Promise<Row[]> =>
  (
    await ok<PageData<Row>>(
      who.staff,
      'GET',
      `/api/data/safety-training-attendee?projectId=${PROJECT}&trainingId=${trainingId}&pageSize=500`,
    )
  ).dataList;

const flagOf = async (id: string): Promise<unknown> =>
  (await ok(who.staff, 'GET', `/api/data/labour-worker/${id}`)).safetyEducationMissing;

describe('三级安全教育 by level, and attendees in bulk', () => {
  it('records each level with its hours, and clears the flag only when all three are passed', async () => {
    const team = `钢筋${serial}班`;
    const newcomer = await worker(team, 'rebar');
    const level3 = await course('level3', 50);
    const sessions: Record<string, Row> = {};
    for (const level of ['company', 'project', 'team']) sessions[level] = await training(level3.id, level);
    expect([sessions.company.hours, sessions.project.hours, sessions.team.hours]).toEqual([15, 15, 20]);
    expect(sessions.team).toMatchObject({ educationLevelLabel: '班组级', courseType: 'level3' });
    for (const level of ['company', 'project']) {
      const added = await bulk(sessions[level].id, { team, passed: true });
      expect(added.data, added.errMsg).toEqual({ added: 1, skipped: 0 });
      expect(await flagOf(newcomer.id)).toBe(true);
    }
    expect((await attendees(sessions.project.id))[0]).toMatchObject({
      workerId: newcomer.id,
      educationLevel: 'project',
      educationLevelLabel: '项目级',
      passed: true,
    });
    expect((await bulk(sessions.team.id, { team, passed: true })).msgCode).toBe(0);
    expect(await flagOf(newcomer.id)).toBe(false);
  });

  it('adds a whole 班组 once, by 工种 too, and says when nobody matches', async () => {
    const team = `木工${serial}班`;
    const crew = [await worker(team), await worker(team), await worker(team, 'scaffold')];
    const special = await training((await course('special', 2)).id);
    const first = await bulk(special.id, { team });
    expect(first.data).toEqual({ added: 3, skipped: 0 });
    expect(first.errMsg).toBe('已添加3人');
    const again = await bulk(special.id, { team });
    expect(again.data).toEqual({ added: 0, skipped: 3 });
    const listed = await attendees(special.id);
    expect(listed.map((row) => row.workerId).sort()).toEqual(crew.map((row) => row.id).sort());
    const byTrade = await training((await course('special', 2)).id);
    expect((await bulk(byTrade.id, { team, trade: 'scaffold' })).data).toEqual({ added: 1, skipped: 0 });
    expect((await bulk(byTrade.id, { team: '没有这个班组' })).errMsg).toBe('没有符合条件的劳务人员');
  });

  it('keeps no score or pass for 班前讲话', async () => {
    const team = `架子${serial}班`;
    const member = await worker(team, 'scaffold');
    const talk = await training((await course('preShift', 0.5)).id);
    expect((await bulk(talk.id, { team, passed: true })).msgCode).toBe(0);
    const single = await ok(who.manager, 'POST', '/api/data/safety-training-attendee', {
      projectId: PROJECT,
      trainingId: (await training((await course('preShift', 0.5)).id)).id,
      workerId: member.id,
      score: 88,
      passed: true,
    });
    for (const row of [
      ...(await attendees(talk.id)),
      await ok(who.staff, 'GET', `/api/data/safety-training-attendee/${single.id}`),
    ]) {
      expect(row.score ?? null).toBeNull();
      expect(row.passed ?? null).toBeNull();
    }
  });

  it('refuses a level on a course that is not 三级安全教育', async () => {
    const answer = await who.manager.call('POST', '/api/data/safety-training', {
      projectId: PROJECT,
      title: '专项教育',
      courseId: (await course('special', 2)).id,
      trainingDate: '2026-11-18',
      trainer: '张安全',
      place: '项目部会议室',
      educationLevel: 'team',
    });
    expect(answer.errMsg).toBe('只有三级安全教育分公司级、项目级、班组级');
  });
});
