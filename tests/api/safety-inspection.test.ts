/**
 * 安全检查 (modules/safety): a checklist template with its items, an inspection whose checklist is made from the
 * template, each row judged 合格/不合格 (不合格 with photos), and completion raising exactly one hazard per 不合格
 * row, linked both ways, in one transaction and never twice; the permission matrix and the project scope.
 */
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { useCallers, type Caller, type PageData } from './admin-helpers.js';
import { addOutsiderProject, OTHER_COMPANY_PROJECT } from './outsider-project.js';
import { personalCaller, PROJECT } from './safety-helpers.js';
import { useTestApp } from './test-app.js';

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

async function template(caller: Caller, projectId = PROJECT): Promise<Row> {
  const created = await ok(caller, 'POST', '/api/data/safety-checklist-template', {
    projectId,
    name: `脚手架检查表 ${Math.random().toString(36).slice(2, 8)}`,
    inspectionType: 'special',
    basis: 'JGJ 59-2011',
  });
  const items = [
    ['脚手架', '立杆基础平整坚实，设置底座、垫板和扫地杆', 'JGJ 59-2011 第3.3.3条', 'collapse'],
    ['脚手架', '作业层脚手板满铺，设置挡脚板和防护栏杆', 'JGJ 59-2011 第3.3.3条', 'fall'],
    ['施工用电', '配电箱实行“一机、一闸、一漏、一箱”', 'JGJ 59-2011 第3.14.3条', 'electric'],
  ];
  for (const [index, [section, content, standard, category]] of items.entries())
    await ok(caller, 'POST', '/api/data/safety-checklist-item', {
      projectId,
      templateId: created.id,
      section,
      content,
      standard,
      category,
      sort: index + 1,
    });
  return created;
}

async function inspection(caller: Caller, templateId: string): Promise<Row> {
  return ok(caller, 'POST', '/api/data/safety-inspection', {
    projectId: PROJECT,
    title: '11月第3周安全周检',
    inspectionType: 'weekly',
    area: '3号楼主体结构施工区',
    inspectorId: 'user-manager',
    inspectionDate: '2026-11-20',
    templateId,
  });
}

async function checklist(caller: Caller, inspectionId: string): Promise<Row[]> {
  const page = await ok<PageData<Row>>(
    caller,
    'GET',
    `/api/data/safety-inspection-item?projectId=${PROJECT}&inspectionId=${inspectionId}&sort=sort&pageSize=100`,
  );
  return page.dataList;
}

async function hazardsOf(caller: Caller, inspectionId: string): Promise<Row[]> {
  const page = await ok<PageData<Row>>(
    caller,
    'GET',
    `/api/data/safety-hazard?projectId=${PROJECT}&inspectionId=${inspectionId}&pageSize=100`,
  );
  return page.dataList;
}

function judge(caller: Caller, item: Row, values: Record<string, unknown>) {
  return caller.call<Row>('PUT', `/api/data/safety-inspection-item/${item.id}`, {
    version: item.version,
    inspectionId: item.inspectionId,
    content: item.content,
    ...values,
  });
}

/** An inspection with its first row 不合格 (with two photos) and the others 合格, ready to complete. */
async function judgedInspection(caller: Caller): Promise<{ inspection: Row; items: Row[] }> {
  const made = await inspection(caller, (await template(caller)).id);
  const items = await checklist(caller, made.id);
  const [first, ...rest] = items;
  expect(
    (
      await judge(caller, first, {
        result: 'fail',
        level: 'major',
        photos: [
          '/api/zhgd/base/file/0cc175b9c0f1b6a831c399e269772661.jpg',
          '/api/zhgd/base/file/92eb5ffee6ae2fec3ad71c777531578f.jpg',
        ],
        remark: '东侧缺扫地杆',
      })
    ).msgCode,
  ).toBe(0);
  for (const item of rest) expect((await judge(caller, item, { result: 'pass' })).msgCode).toBe(0);
  const read = await ok(caller, 'GET', `/api/data/safety-inspection/${made.id}`);
  return { inspection: read, items: await checklist(caller, made.id) };
}

const complete = (caller: Caller, inspection: Row, extra: Record<string, unknown> = {}) =>
  caller.call<Row>('POST', `/api/data/safety-inspection/${inspection.id}/transition`, {
    action: 'complete',
    version: inspection.version,
    responsibleId: 'user-staff',
    rectifyDeadline: '2026-11-27',
    summary: '脚手架基础需整改',
    ...extra,
  });

describe('安全检查: an inspection made from a template', () => {
  it('gets one checklist row per template item, in the template order, with content and standard', async () => {
    const made = await inspection(who.manager, (await template(who.manager)).id);
    expect(made).toMatchObject({ status: 'checking', statusLabel: '检查中', itemCount: 3, failCount: 0 });
    const items = await checklist(who.staff, made.id);
    expect(items.map((item) => [item.sort, item.section, item.standard])).toEqual([
      [1, '脚手架', 'JGJ 59-2011 第3.3.3条'],
      [2, '脚手架', 'JGJ 59-2011 第3.3.3条'],
      [3, '施工用电', 'JGJ 59-2011 第3.14.3条'],
    ]);
    expect(items.every((item) => item.result === undefined && item.inspectionIdLabel === '11月第3周安全周检')).toBe(
      true,
    );
  });

  it('refuses a template of another project, and a template without items', async () => {
    const elsewhere = await template(who.admin, OTHER_COMPANY_PROJECT);
    const refused = await who.manager.call('POST', '/api/data/safety-inspection', {
      projectId: PROJECT,
      title: '周检',
      inspectionType: 'weekly',
      area: '1号楼',
      inspectorId: 'user-manager',
      inspectionDate: '2026-11-20',
      templateId: elsewhere.id,
    });
    expect(refused).toMatchObject({ msgCode: -400, errMsg: '检查模板不存在或不属于本项目' });
    const empty = await ok(who.manager, 'POST', '/api/data/safety-checklist-template', {
      projectId: PROJECT,
      name: '空模板',
      inspectionType: 'daily',
    });
    const none = await who.manager.call('POST', '/api/data/safety-inspection', {
      projectId: PROJECT,
      title: '日常检查',
      inspectionType: 'daily',
      area: '1号楼',
      inspectorId: 'user-manager',
      inspectionDate: '2026-11-20',
      templateId: empty.id,
    });
    expect(none).toMatchObject({ msgCode: -400, errMsg: '该检查模板还没有检查项，请先在检查模板中添加' });
    const all = await ok<PageData<Row>>(
      who.manager,
      'GET',
      `/api/data/safety-inspection?projectId=${PROJECT}&pageSize=100`,
    );
    expect(all.dataList.some((row) => row.title === '日常检查')).toBe(false);
  });

  it('asks for photos of a 不合格 row, and for every row to be judged before completion', async () => {
    const made = await inspection(who.manager, (await template(who.manager)).id);
    const [first] = await checklist(who.manager, made.id);
    expect(await judge(who.manager, first, { result: 'fail' })).toMatchObject({
      msgCode: -400,
      errMsg: '不合格项请上传现场照片',
    });
    expect((await judge(who.manager, first, { result: 'pass' })).msgCode).toBe(0);
    expect(await complete(who.manager, made)).toMatchObject({
      msgCode: -400,
      errMsg: '还有2项未判定，请逐项检查后再完成检查',
    });
    expect((await ok(who.manager, 'GET', `/api/data/safety-inspection/${made.id}`)).status).toBe('checking');
  });
});

describe('安全检查: completing raises hazards', () => {
  it('raises exactly one hazard for the 不合格 row, with its photos, linked both ways', async () => {
    const { inspection: ready, items } = await judgedInspection(who.manager);
    expect(ready.failCount).toBe(1);
    const done = await complete(who.manager, ready);
    expect(done.msgCode).toBe(0);
    expect(done.data).toMatchObject({
      status: 'done',
      statusLabel: '已完成',
      hazardCount: 1,
      responsibleIdLabel: '李施工员',
    });
    const hazards = await hazardsOf(who.staff, ready.id);
    expect(hazards).toHaveLength(1);
    expect(hazards[0]).toMatchObject({
      description: '【脚手架】未达要求：立杆基础平整坚实，设置底座、垫板和扫地杆；东侧缺扫地杆',
      category: 'collapse',
      level: 'major',
      location: '3号楼主体结构施工区',
      photos: [
        '/api/zhgd/base/file/0cc175b9c0f1b6a831c399e269772661.jpg',
        '/api/zhgd/base/file/92eb5ffee6ae2fec3ad71c777531578f.jpg',
      ],
      responsibleId: 'user-staff',
      reviewerId: 'user-manager',
      deadline: '2026-11-27',
      status: 'pending',
      inspectionId: ready.id,
      inspectionIdLabel: '11月第3周安全周检',
    });
    const linked = await checklist(who.staff, ready.id);
    expect(linked.find((item) => item.id === items[0].id)?.hazardId).toBe(hazards[0].id);
    expect(linked.filter((item) => item.hazardId)).toHaveLength(1);
  });

  it('never raises twice: a second completion is refused and leaves one hazard', async () => {
    const { inspection: ready } = await judgedInspection(who.manager);
    expect((await complete(who.manager, ready)).msgCode).toBe(0);
    expect(await complete(who.manager, ready)).toMatchObject({ msgCode: -409 });
    const fresh = await ok(who.manager, 'GET', `/api/data/safety-inspection/${ready.id}`);
    expect(await complete(who.manager, fresh)).toMatchObject({
      msgCode: -409,
      errMsg: '当前状态为“已完成”，不能执行“完成检查”',
    });
    expect(await hazardsOf(who.manager, ready.id)).toHaveLength(1);
  });

  it('of two completions at once, one wins and one hazard is raised', async () => {
    const { inspection: ready } = await judgedInspection(who.manager);
    const answers = await Promise.all([complete(who.manager, ready), complete(who.staff, ready)]);
    expect(answers.map((answer) => answer.msgCode).sort()).toEqual([-409, 0]);
    expect(await hazardsOf(who.manager, ready.id)).toHaveLength(1);
  });

  it('needs a responsible person and a deadline when a row is 不合格, and raises nothing without them', async () => {
    const { inspection: ready } = await judgedInspection(who.manager);
    expect(await complete(who.manager, ready, { responsibleId: undefined })).toMatchObject({
      msgCode: -400,
      errMsg: '存在不合格项，请选择整改责任人',
    });
    expect(await complete(who.manager, ready, { rectifyDeadline: undefined })).toMatchObject({
      msgCode: -400,
      errMsg: '存在不合格项，请选择整改期限',
    });
    expect(await hazardsOf(who.manager, ready.id)).toHaveLength(0);
    expect((await ok(who.manager, 'GET', `/api/data/safety-inspection/${ready.id}`)).status).toBe('checking');
  });

  it('raises all or nothing: a 不合格 row that cannot become a hazard undoes the completion', async () => {
    const { inspection: ready, items } = await judgedInspection(who.manager);
    const second = items[1];
    expect(
      (
        await judge(who.manager, second, {
          result: 'fail',
          photos: ['/api/zhgd/base/file/4a8a08f09d37b73795649038408b5f33.jpg'],
        })
      ).msgCode,
    ).toBe(0);
    // The row loses its photos behind the API's back (an old import): its hazard could not be raised.
    await sql`update c_safety_inspection_item set photos = null where id = ${second.id}`.execute(t.db);
    expect(await complete(who.manager, ready)).toMatchObject({
      msgCode: -400,
      errMsg: `不合格项请上传现场照片：${String(second.content)}`,
    });
    expect(await hazardsOf(who.manager, ready.id)).toHaveLength(0);
    expect(await checklist(who.manager, ready.id)).toSatisfy((rows: Row[]) => rows.every((row) => !row.hazardId));
    expect((await ok(who.manager, 'GET', `/api/data/safety-inspection/${ready.id}`)).status).toBe('checking');
  });

  it('keeps a completed checklist as it was', async () => {
    const { inspection: ready, items } = await judgedInspection(who.manager);
    expect((await complete(who.manager, ready)).msgCode).toBe(0);
    expect(
      await judge(who.manager, items[1], {
        result: 'fail',
        photos: ['/api/zhgd/base/file/4a8a08f09d37b73795649038408b5f33.jpg'],
      }),
    ).toMatchObject({
      msgCode: -409,
      errMsg: '检查已完成，检查项不能再修改',
    });
  });

  it('completes an inspection without 不合格 rows with no hazard and no responsible person', async () => {
    const made = await inspection(who.staff, (await template(who.staff)).id);
    for (const item of await checklist(who.staff, made.id))
      expect((await judge(who.staff, item, { result: 'pass' })).msgCode).toBe(0);
    const read = await ok(who.staff, 'GET', `/api/data/safety-inspection/${made.id}`);
    const done = await complete(who.staff, read, { responsibleId: undefined, rectifyDeadline: undefined });
    expect(done).toMatchObject({ msgCode: 0, data: { status: 'done', hazardCount: 0 } });
  });
});

describe('安全检查: permissions and the project scope', () => {
  it('answers admin, manager and staff, refuses a user without the module and anyone not logged in', async () => {
    const list = `/api/data/safety-inspection?projectId=${PROJECT}`;
    for (const caller of [who.admin, who.manager, who.staff]) expect((await caller.call('GET', list)).msgCode).toBe(0);
    expect((await visitor.call('GET', list)).msgCode).toBe(-403);
    expect(
      (
        await visitor.call('POST', '/api/data/safety-checklist-template', {
          projectId: PROJECT,
          name: 'x',
          inspectionType: 'daily',
        })
      ).msgCode,
    ).toBe(-403);
    expect((await who.none.call('GET', list)).msgCode).toBe(-401);
    expect((await who.none.call('GET', `/api/data/safety-inspection-item?projectId=${PROJECT}`)).msgCode).toBe(-401);
  });

  it("never shows or changes another company's inspections", async () => {
    const elsewhere = await template(who.admin, OTHER_COMPANY_PROJECT);
    const items = await ok<PageData<Row>>(
      who.admin,
      'GET',
      `/api/data/safety-checklist-item?projectId=${OTHER_COMPANY_PROJECT}&templateId=${elsewhere.id}`,
    );
    expect(items.total).toBe(3);
    for (const caller of [who.manager, who.staff]) {
      expect(
        (await caller.call('GET', `/api/data/safety-checklist-template?projectId=${OTHER_COMPANY_PROJECT}`)).msgCode,
      ).toBe(-403);
      expect((await caller.call('GET', `/api/data/safety-checklist-template/${elsewhere.id}`)).msgCode).toBe(-404);
      const row = items.dataList[0];
      expect(
        (await caller.call('PUT', `/api/data/safety-checklist-item/${row.id}`, { ...row, content: '改' })).msgCode,
      ).toBe(-404);
      expect(
        (
          await caller.call('POST', '/api/data/safety-inspection', {
            projectId: OTHER_COMPANY_PROJECT,
            title: '周检',
            inspectionType: 'weekly',
            area: '1号楼',
            inspectorId: 'user-manager',
            inspectionDate: '2026-11-20',
            templateId: elsewhere.id,
          })
        ).msgCode,
      ).toBe(-403);
    }
  });
});
