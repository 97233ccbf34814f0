/**
 * What an approval writes back, as its process file declares (`outcomes`): an approved 隐患整改延期申请 moves the
 * hazard's deadline through the hazard's own records (its timeline says so); a rejected one changes nothing; a hazard
 * that was rectified while the request waited refuses the last approval, which then changes nothing either.
 */
import { describe, expect, it } from 'vitest';
import { useCallers, type Caller } from './admin-helpers.js';
import { useTestApp } from './test-app.js';
import { detail, start } from './workflow-helpers.js';

const t = useTestApp();
const who = useCallers(t);
const PROJECT = 'project-binjiang';
type Row = Record<string, unknown>;

async function hazard(id: string): Promise<Row> {
  const body = await who.admin.call<Row>('GET', `/api/data/safety-hazard/${id}`);
  expect(body.msgCode).toBe(0);
  return body.data!;
}

/** A pending hazard of the project that no earlier test of this file used, and whose responsible person can log in. */
async function pendingHazard(used: Set<string>, responsible?: string): Promise<Row> {
  const body = await who.admin.call<{ dataList: Row[] }>(
    'GET',
    `/api/data/safety-hazard?projectId=${PROJECT}&status=pending&pageSize=100`,
  );
  // A 一般事故隐患: a 重大 one is rectified only after its plan is signed (modules/safety/server/hazard.ts).
  const found = body.data!.dataList.find(
    (row) =>
      !used.has(String(row.id)) && row.level === 'general' && (!responsible || row.responsibleId === responsible),
  );
  if (!found) throw new Error('no pending hazard left in the demo data');
  used.add(String(found.id));
  return found;
}

const callers = (): Caller[] => [who.staff, who.manager, who.admin];

/** Whoever holds the pending task of the instance acts on it, until `last` (the final approval) is left. */
async function approveUntilLast(id: string): Promise<{ caller: Caller; task: string }> {
  for (;;) {
    const holders = [];
    for (const caller of callers()) {
      const task = (await detail(caller, id)).myTaskId;
      if (task) holders.push({ caller, task });
    }
    const current = await detail(who.admin, id);
    const remaining = current.nodes.filter((node) => node.type === 'approval' && node.state !== 'done');
    if (holders.length === 0) throw new Error(`nobody of the demo holds a task of ${id}`);
    if (remaining.length <= 1) return holders[0];
    const { caller, task } = holders[0];
    const body = await caller.call('POST', `/api/workflow/tasks/${task}/approve`, {});
    expect(body.msgCode).toBe(0);
  }
}

const used = new Set<string>();
const newDeadline = '2027-01-15';

describe('an approval writes its declared outcome to the record it names', () => {
  it('an approved extension moves the hazard deadline, and the hazard timeline says by which approval', async () => {
    const target = await pendingHazard(used);
    const id = await start(who.staff, 'hazard-extension', {
      hazardId: target.id,
      newDeadline,
      reason: '防护材料到货延迟',
    });
    const last = await approveUntilLast(id);
    expect(await hazard(String(target.id))).toMatchObject({ deadline: target.deadline, status: 'pending' });
    const body = await last.caller.call('POST', `/api/workflow/tasks/${last.task}/approve`, {});
    expect(body.msgCode).toBe(0);
    expect((await detail(who.admin, id)).status).toBe('approved');
    // The approval shows the hazard by its description, not its id.
    expect((await detail(who.admin, id)) as unknown as { labels: Record<string, string> }).toMatchObject({
      labels: { hazardId: target.description },
    });
    const after = await hazard(String(target.id));
    expect(after).toMatchObject({ deadline: newDeadline, status: 'pending' });
    expect(Number(after.version)).toBe(Number(target.version) + 1);
    const timeline = await who.admin.call<{ actionLabel: string; remark: string; data: Row }[]>(
      'GET',
      `/api/data/safety-hazard/${String(target.id)}/history`,
    );
    expect(timeline.data!.at(-1)).toMatchObject({
      actionLabel: '审批变更',
      remark: expect.stringContaining('隐患整改延期申请已通过'),
      data: { deadline: newDeadline },
    });
    expect(timeline.data!.at(-1)!.remark).toContain(newDeadline);
  });

  it('a rejected extension leaves the hazard as it was', async () => {
    const target = await pendingHazard(used);
    const id = await start(who.staff, 'hazard-extension', { hazardId: target.id, newDeadline, reason: '人员不足' });
    const { caller, task } = await approveUntilLast(id);
    expect(
      await caller.call('POST', `/api/workflow/tasks/${task}/reject`, { to: 'starter', comment: '请立即整改' }),
    ).toMatchObject({ msgCode: 0 });
    expect((await detail(who.admin, id)).status).toBe('rejected');
    expect(await hazard(String(target.id))).toMatchObject({ deadline: target.deadline, version: target.version });
  });

  it('refuses the last approval of a hazard rectified meanwhile, and changes nothing', async () => {
    const target = await pendingHazard(used, 'user-staff');
    const id = await start(who.staff, 'hazard-extension', { hazardId: target.id, newDeadline, reason: '雨季停工' });
    const last = await approveUntilLast(id);
    // The responsible person rectifies while the request waits: the hazard goes to 待复查.
    const rectified = await who.staff.call<Row>('POST', `/api/data/safety-hazard/${String(target.id)}/transition`, {
      action: 'rectify',
      version: target.version,
      rectifyRemark: '已补齐防护栏杆',
      rectifyPhotos: ['/api/zhgd/base/file/cec315e3d0975e5cc2811d5d8725f149.jpg'],
    });
    expect(rectified.msgCode).toBe(0);
    const refused = await last.caller.call('POST', `/api/workflow/tasks/${last.task}/approve`, {});
    expect(refused.msgCode).toBe(-409);
    expect(refused.errMsg).toBe('隐患整改延期申请无法生效：记录当前状态为“待复查”');
    expect((await detail(who.admin, id)).status).toBe('running');
    expect(await hazard(String(target.id))).toMatchObject({ deadline: target.deadline, status: 'review' });
  });
});
