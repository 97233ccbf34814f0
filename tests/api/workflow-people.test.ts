/**
 * The people the approval screens' pickers offer (GET /api/workflow/people): the live users of the project's
 * company, for a project the caller may see; another company's project is refused.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { caller, useCallers, type Caller } from './admin-helpers.js';
import { addOtherCompany, OTHER } from './portal-helpers.js';
import { loginTokens, useTestApp } from './test-app.js';
import { PROJECT } from './workflow-helpers.js';

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
