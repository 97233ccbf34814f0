/**
 * BIM协同 / 碰撞检查 (modules/bim/server/clash-*.ts): the job bim-clash run on the demo building (structure against
 * MEP of one model, and the model against itself) finds exactly its deliberate clashes (DEMO_CLASHES) and none of
 * its face-to-face contacts; a tolerance above their depth drops them; a rerun keeps each pair's status and
 * assignee; status changes are audited; a user of another project neither sees nor runs the check. The geometry is
 * also checked alone: two boxes touching face to face do not clash, a shallow overlap is as deep as it is.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { contact, type ElementMesh, boxOf } from '../../modules/bim/server/clash-geometry.js';
import { DEMO_CLASHES } from '../../modules/bim/server/demo-ifc.js';
import { addOtherCompany, OTHER, PROJECTS, useLogins, type Caller } from './portal-helpers.js';
import { json, useTestApp } from './test-app.js';

// The demo building is what the checks run on (the other API files run without it, test-app.ts).
const t = useTestApp({ environment: { PORTAL_MQTT_PORT: 'off', PORTAL_BIM_DEMO_MODELS: 'on' } });
beforeAll(() => addOtherCompany(t.db));
const [manager, staff, outsider] = useLogins(t, 'manager', 'staff', 'other');

interface Model {
  id: string;
  demo: boolean;
  status: string;
}
interface Check {
  id: string;
  status: string;
  progress: number;
  error: string;
  run: number;
  clashCount: number;
  elementsA: number;
  elementsB: number;
  toleranceMm: number;
}
interface Clash {
  id: string;
  a: { name: string; ifcClass: string; guid: string; localId: number };
  b: { name: string; ifcClass: string; guid: string; localId: number };
  storey: string;
  distanceMm: number;
  point: number[];
  viewpoint: { position: number[]; target: number[]; section: { min: number[]; max: number[] } };
  status: string;
  statusLabel: string;
  assigneeId: string;
  assigneeName: string;
}

const project = PROJECTS.binjiang.id;

async function demoModel(): Promise<Model> {
  for (let i = 0; i < 1500; i++) {
    const list = await manager.get<Model[]>('/api/bim/v1.0/models', { projectId: project });
    const demo = list.data!.find((model) => model.demo);
    if (demo?.status === 'ready') return demo;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error('the demo model was not converted');
}

/** A PUT as `caller`, answering the envelope. */
async function put<T = unknown>(caller: Caller, url: string, payload: Record<string, unknown>) {
  return json(await caller.raw({ method: 'PUT', url, payload })) as { msgCode: number; errMsg: string; data?: T };
}

/** Runs a check and waits for its end. */
async function run(caller: Caller, body: Record<string, unknown>): Promise<Check> {
  const started = await caller.post<Check>('/api/bim/v1.0/clash-tests', { projectId: project, ...body });
  expect(started.msgCode, started.errMsg).toBe(0);
  for (let i = 0; i < 3000; i++) {
    const answer = await caller.get<Check>(`/api/bim/v1.0/clash-tests/${started.data!.id}`);
    expect(answer.msgCode, answer.errMsg).toBe(0);
    if (answer.data!.status === 'done' || answer.data!.status === 'failed') return answer.data!;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error('the clash check did not end');
}

const clashesOf = async (id: string, status?: string) => {
  const answer = await manager.get<Clash[]>(`/api/bim/v1.0/clash-tests/${id}/clashes`, status ? { status } : {});
  expect(answer.msgCode, answer.errMsg).toBe(0);
  return answer.data!;
};

/** A clash by its two element names, whichever side each is on. */
const pairOf = (clash: Clash) => [clash.a.name, clash.b.name].sort().join(' × ');
const EXPECTED = DEMO_CLASHES.map((clash) => [clash.a, clash.b].sort().join(' × ')).sort();

describe('BIM clash check', () => {
  let model: Model;
  let check: Check;
  beforeAll(async () => {
    model = await demoModel();
  }, 60_000);

  it('finds exactly the demo building’s clashes of structure against MEP, with storey, depth and viewpoint', async () => {
    check = await run(manager, {
      modelA: model.id,
      disciplineA: 'structure',
      modelB: model.id,
      disciplineB: 'mep',
      toleranceMm: 10,
    });
    expect(check.status, check.error).toBe('done');
    expect(check.progress).toBe(100);
    // 3 storeys × (4 walls, a slab, 4 columns, 4 beams) against the 4 ducts.
    expect([check.elementsA, check.elementsB]).toEqual([39, 4]);
    const clashes = await clashesOf(check.id);
    expect(clashes.map(pairOf).sort()).toEqual(EXPECTED);
    expect(check.clashCount).toBe(4);
    for (const clash of clashes) {
      expect(clash.a.ifcClass).toMatch(/^IFC(BEAM|COLUMN)$/);
      expect(clash.b.ifcClass).toBe('IFCDUCTSEGMENT');
      expect(clash.a.guid).toHaveLength(22);
      // The ducts (0.4 m across) run through beams and columns: the least move that separates them is 400 mm.
      expect(clash.distanceMm).toBe(400);
      expect(clash.storey).toBe(clash.a.name.includes('1F') ? '一层' : '三层');
      expect(clash.status).toBe('new');
      expect(clash.statusLabel).toBe('新建');
      // The camera looks at the clash point from a few metres away.
      expect(clash.viewpoint.target).toEqual(clash.point);
      const away = Math.hypot(...clash.viewpoint.position.map((v, k) => v - clash.point[k]!));
      expect(away).toBeGreaterThan(2);
      expect(away).toBeLessThan(50);
      // Its section box holds the clash point, cut just above the clash (the slab over it out of view).
      const { min, max } = clash.viewpoint.section;
      for (let k = 0; k < 3; k++) expect(min[k]! < clash.point[k]! && clash.point[k]! < max[k]!).toBe(true);
      expect(max[1]! - clash.point[1]!).toBeLessThan(0.5);
    }
  });

  it('checks the model against itself: still the same four, none of the face-to-face contacts', async () => {
    const whole = await run(manager, {
      modelA: model.id,
      disciplineA: 'all',
      modelB: model.id,
      disciplineB: 'all',
      toleranceMm: 0,
    });
    expect(whole.status, whole.error).toBe('done');
    expect((await clashesOf(whole.id)).map(pairOf).sort()).toEqual(EXPECTED);
  });

  it('keeps status and assignee across reruns; a tolerance above the depth drops the clashes', async () => {
    const [first, second] = await clashesOf(check.id);
    const assigned = await put<Clash>(manager, `/api/bim/v1.0/clashes/${first!.id}`, {
      status: 'new',
      assigneeId: 'user-staff',
    });
    expect(assigned.msgCode, assigned.errMsg).toBe(0);
    // A 新建 clash given an assignee is 已指派.
    expect(assigned.data).toMatchObject({ status: 'assigned', statusLabel: '已指派', assigneeId: 'user-staff' });
    expect(assigned.data!.assigneeName).toBeTruthy();
    const ignored = await put<Clash>(manager, `/api/bim/v1.0/clashes/${second!.id}`, { status: 'ignored' });
    expect(ignored.data).toMatchObject({ status: 'ignored', statusLabel: '忽略' });
    const bad = await put(manager, `/api/bim/v1.0/clashes/${second!.id}`, { status: 'done' });
    expect(bad).toMatchObject({ msgCode: -400, errMsg: '请选择状态' });
    const nobody = await put(manager, `/api/bim/v1.0/clashes/${second!.id}`, {
      status: 'new',
      assigneeId: 'user-nobody',
    });
    expect(nobody).toMatchObject({ msgCode: -400, errMsg: '负责人不存在' });

    // The same sets again (the sides swapped): the same check, its pairs with their status.
    const again = await run(manager, {
      modelA: model.id,
      disciplineA: 'mep',
      modelB: model.id,
      disciplineB: 'structure',
      toleranceMm: 10,
    });
    expect(again.id).toBe(check.id);
    expect(again.run).toBe(check.run + 1);
    const kept = await clashesOf(check.id);
    expect(kept).toHaveLength(4);
    expect(kept.find((clash) => clash.id === first!.id)).toMatchObject({
      status: 'assigned',
      assigneeId: 'user-staff',
    });
    expect(kept.find((clash) => clash.id === second!.id)).toMatchObject({ status: 'ignored' });
    expect((await clashesOf(check.id, 'new')).map((clash) => clash.id).sort()).toEqual(
      kept
        .filter((clash) => clash.status === 'new')
        .map((clash) => clash.id)
        .sort(),
    );
    expect(await clashesOf(check.id, 'ignored')).toHaveLength(1);

    // Below their depth (400 mm) they are hard clashes; above it, none.
    expect((await run(manager, { ...sets(model.id), toleranceMm: 390 })).clashCount).toBe(4);
    const deep = await run(manager, { ...sets(model.id), toleranceMm: 410 });
    expect(deep.clashCount).toBe(0);
    expect(await clashesOf(check.id)).toEqual([]);
    // Found again, they come back with their status.
    await run(manager, { ...sets(model.id), toleranceMm: 10 });
    expect((await clashesOf(check.id)).find((clash) => clash.id === first!.id)).toMatchObject({
      status: 'assigned',
    });
  });

  it('refuses what cannot be checked', async () => {
    const same = await manager.post('/api/bim/v1.0/clash-tests', {
      projectId: project,
      ...sets(model.id),
      disciplineB: 'structure',
      toleranceMm: 10,
    });
    expect(same).toMatchObject({ msgCode: -400, errMsg: '同一模型请选择两个不同的专业' });
    const tolerance = await manager.post('/api/bim/v1.0/clash-tests', {
      projectId: project,
      ...sets(model.id),
      toleranceMm: -1,
    });
    expect(tolerance).toMatchObject({ msgCode: -400, errMsg: '容差应为 0 到 1000 之间的整数（毫米）' });
    const discipline = await manager.post('/api/bim/v1.0/clash-tests', {
      projectId: project,
      ...sets(model.id),
      disciplineA: 'plumbing',
      toleranceMm: 10,
    });
    expect(discipline).toMatchObject({ msgCode: -400, errMsg: '请选择专业A' });
    const disciplines = await manager.get<{ key: string; label: string }[]>('/api/bim/v1.0/clash-disciplines');
    expect(disciplines.data!.map((row) => row.label)).toEqual(['结构', '机电', '建筑', '全部构件']);
  });

  it('audits runs and status changes with their Chinese titles', async () => {
    await t.app.services.admin.auditLog.flush();
    const titles = await t.db
      .selectFrom('sys_log')
      .select(['title'])
      .where('request_uri', 'like', '/api/bim/v1.0/clash%')
      .execute();
    expect(titles.map((row) => row.title)).toEqual(expect.arrayContaining(['修改碰撞状态', '运行碰撞检查']));
  });

  it('shows and runs a project’s checks only for users who see the project', async () => {
    const list = await outsider.get('/api/bim/v1.0/clash-tests', { projectId: project });
    expect(list.msgCode).toBe(-403);
    expect((await outsider.get(`/api/bim/v1.0/clash-tests/${check.id}`)).msgCode).toBe(-404);
    expect((await outsider.get(`/api/bim/v1.0/clash-tests/${check.id}/clashes`)).msgCode).toBe(-404);
    const [one] = await clashesOf(check.id);
    expect((await put(outsider, `/api/bim/v1.0/clashes/${one!.id}`, { status: 'resolved' })).msgCode).toBe(-404);
    const runs = await outsider.post('/api/bim/v1.0/clash-tests', {
      projectId: project,
      ...sets(model.id),
      toleranceMm: 10,
    });
    expect(runs.msgCode).toBe(-403);
    // A model of another project cannot be checked from one's own.
    const foreign = await outsider.post('/api/bim/v1.0/clash-tests', {
      projectId: OTHER.projectId,
      ...sets(model.id),
      toleranceMm: 10,
    });
    expect(foreign).toMatchObject({ msgCode: -404, errMsg: '模型不存在或已被删除' });
    const own = await outsider.get<Check[]>('/api/bim/v1.0/clash-tests', { projectId: OTHER.projectId });
    expect(own.data).toEqual([]);
    const seen = await staff.get<Check[]>('/api/bim/v1.0/clash-tests', { projectId: project });
    expect(seen.data!.map((row) => row.id)).toContain(check.id);
    const removed = await manager.raw({ method: 'DELETE', url: `/api/bim/v1.0/clash-tests/${check.id}` });
    expect(json(removed).msgCode, json(removed).errMsg).toBe(0);
    expect((await manager.get(`/api/bim/v1.0/clash-tests/${check.id}`)).msgCode).toBe(-404);
  });
});

const sets = (modelId: string) => ({ modelA: modelId, disciplineA: 'structure', modelB: modelId, disciplineB: 'mep' });

/** An axis-aligned box as a closed triangle mesh. */
function box(min: [number, number, number], max: [number, number, number]): ElementMesh {
  const corners: number[] = [];
  for (let i = 0; i < 8; i++) corners.push(i & 1 ? max[0] : min[0], i & 2 ? max[1] : min[1], i & 4 ? max[2] : min[2]);
  const faces = [
    [0, 2, 3, 1],
    [4, 5, 7, 6],
    [0, 1, 5, 4],
    [2, 6, 7, 3],
    [0, 4, 6, 2],
    [1, 3, 7, 5],
  ];
  const indices = faces.flatMap(([a, b, c, d]) => [a!, b!, c!, a!, c!, d!]);
  const positions = new Float64Array(corners);
  return { positions, indices: new Uint32Array(indices), box: boxOf(positions) };
}

describe('clash geometry', () => {
  it('does not count face-to-face contact, counts a shallow overlap at its depth and an element inside another', () => {
    expect(contact(box([0, 0, 0], [1, 1, 1]), box([1, 0, 0], [2, 1, 1]))).toBeNull();
    expect(contact(box([0, 0, 0], [1, 1, 1]), box([1, 0.2, 0.2], [2, 0.8, 0.8]))).toBeNull();
    expect(contact(box([0, 0, 0], [1, 1, 1]), box([0.2, 0.2, 1], [0.8, 0.8, 2]))).toBeNull();
    const shallow = contact(box([0, 0, 0], [1, 1, 1]), box([0.995, 0.2, 0.2], [2, 0.8, 0.8]));
    expect(shallow?.depth).toBeCloseTo(0.005, 6);
    const inner = contact(box([0, 0, 0], [1, 1, 1]), box([0.4, 0.4, 0.4], [0.6, 0.6, 0.6]));
    expect(inner?.point).toEqual([0.5, 0.5, 0.5]);
    expect(inner?.depth).toBeCloseTo(0.6, 6);
  });
});
