/**
 * The people of approvals: whom the screens' pickers offer (GET /api/workflow/people: the live users of the
 * project's company, for a project the caller may see; another company's project is refused), and the office's
 * 审批负责人 that the administrator sets on the office form (the approver of "the starter's office leader").
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { caller, useCallers, type Caller } from './admin-helpers.js';
import { addOtherCompany, OTHER } from './portal-helpers.js';
import { loginTokens, useTestApp } from './test-app.js';
import { material, PROJECT, start } from './workflow-helpers.js';

const t = useTestApp();
const who = useCallers(t);
let outsider: Caller;

beforeAll(async () => {
  await addOtherCompany(t.db);
  outsider = caller(t.app, (await loginTokens(t.app, OTHER.username, OTHER.password)).access_token);
});

type Person = { id: string; name: string; officeName: string };

describe('GET /api/workflow/people', () => {
  it("lists the project company's people with their office", async () => {
    const body = await who.staff.call<Person[]>('GET', `/api/workflow/people?projectId=${PROJECT}`);
    expect(body.msgCode).toBe(0);
    const ids = body.data!.map((p) => p.id);
    expect(ids).toEqual(expect.arrayContaining(['user-admin', 'user-manager', 'user-staff']));
    expect(body.data!.find((p) => p.id === 'user-staff')?.name).toBe('李施工员');
    const others = await outsider.call<Person[]>('GET', `/api/workflow/people?projectId=${OTHER.projectId}`);
    expect(others.data!.map((p) => p.id)).not.toEqual(expect.arrayContaining(['user-staff']));
    expect(ids.filter((id) => others.data!.some((p) => p.id === id))).toEqual([]);
  });

  it('asks for a project, and refuses one the caller may not see', async () => {
    const missing = await who.staff.call('GET', '/api/workflow/people');
    expect([missing.msgCode, missing.errMsg]).toEqual([-400, '请选择项目']);
    const hidden = await outsider.call('GET', `/api/workflow/people?projectId=${PROJECT}`);
    expect(hidden.msgCode).toBe(-403);
  });
});

describe("an office's 审批负责人 (leaderId)", () => {
  const office = (leaderId: string) => ({ parentId: 'office-company', name: '华南分公司', type: '2', leaderId });

  it('is kept on the office, must name a live user, and receives the copy of a purchase', async () => {
    const before = await who.admin.call<{ leaderId: string }>('GET', '/api/system/office/office-pd-binjiang');
    expect(before.data!.leaderId).toBe('user-manager');
    const wrong = await who.admin.call('PUT', '/api/system/office/office-south', office('user-nobody'));
    expect([wrong.msgCode, wrong.errMsg]).toEqual([-400, '审批负责人不存在或已停用']);
    const saved = await who.admin.call<{ leaderId: string }>(
      'PUT',
      '/api/system/office/office-south',
      office('user-staff'),
    );
    expect(saved.msgCode).toBe(0);
    expect(saved.data!.leaderId).toBe('user-staff');
    // The staff's own office (项目部) names the manager: the purchase's copy goes to 张经理.
    const id = await start(who.staff, 'material-purchase', material(12000));
    const detail = await who.staff.call<{ nodes: { nodeId: string; people: { userId: string }[] }[] }>(
      'GET',
      `/api/workflow/instances/${id}`,
    );
    const copy = detail.data!.nodes.find((node) => node.nodeId === 'cc-leader');
    expect(copy?.people.map((p) => p.userId)).toEqual(['user-manager']);
  });
});
