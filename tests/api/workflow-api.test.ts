/**
 * The approval API around the engine: the processes a user may start (by category, with search) and their forms;
 * starting (the form validated with its own messages, the project checked, a hazard reference checked); the
 * boxes with their filters; an instance's detail and who may read it; the workbench summary from real rows;
 * the demo approvals; the OpenAPI description.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { ApprovalSummary, ProcessTaskRow } from '../../src/server/workflow/queries.js';
import { useCallers, type Caller } from './admin-helpers.js';
import { addOtherCompany, OTHER } from './portal-helpers.js';
import { caller } from './admin-helpers.js';
import { loginTokens, useTestApp } from './test-app.js';
import { loadModules } from '../../src/server/modules/module-files.js';
import { loadProcessFiles, ProcessDefinitions } from '../../src/server/workflow/definitions.js';
import { approve, detail, material, start, USERS } from './workflow-helpers.js';

const t = useTestApp();
const who = useCallers(t);
let outsider: Caller;

beforeAll(async () => {
  await addOtherCompany(t.db);
  outsider = caller(t.app, (await loginTokens(t.app, OTHER.username, OTHER.password)).access_token);
});

type Page = { dataList: ProcessTaskRow[]; total: number };
const box = async (c: Caller, name: string, query: Record<string, string> = {}) => {
  const qs = new URLSearchParams({ pageSize: '100', ...query }).toString();
  const body = await c.call<Page>('GET', `/workflow/process/${name}List?${qs}`);
  expect(body.msgCode, `${name} ${qs}`).toBe(0);
  return body.data!;
};

describe('definitions', () => {
  it('lists what the user may start by category, with search', async () => {
    const body = await who.staff.call<{ category: string; definitions: { processId: string; name: string }[] }[]>(
      'GET',
      '/api/workflow/definitions',
    );
    expect(body.msgCode).toBe(0);
    expect(body.data!.map((g) => g.category)).toEqual(['物资管理', '技术管理', '安全管理', '行政管理', '财务管理']);
    expect(body.data!.flatMap((g) => g.definitions.map((d) => d.name)).sort()).toEqual(
      [
        '材料采购申请',
        '设计变更审批',
        '危大工程专项方案审批',
        '用章申请',
        '进度款支付申请',
        '隐患整改延期申请',
        '磅单更正申请',
        '产值月报审批',
      ].sort(),
    );
    const found = await who.staff.call<{ definitions: { name: string }[] }[]>(
      'GET',
      '/api/workflow/definitions?keyword=隐患',
    );
    expect(found.data!.flatMap((g) => g.definitions.map((d) => d.name))).toEqual(['隐患整改延期申请']);
    const safety = await who.staff.call<{ category: string }[]>(
      'GET',
      `/api/workflow/definitions?category=${encodeURIComponent('安全管理')}`,
    );
    expect(safety.data!.map((g) => g.category)).toEqual(['安全管理']);
    expect(await who.staff.call('GET', '/api/workflow/definitions?category=x')).toMatchObject({
      msgCode: -400,
      errMsg: '流程分类不正确',
    });
    expect(await who.none.call('GET', '/api/workflow/definitions')).toMatchObject({ msgCode: -401 });
  });

  it('gives one definition with its form and the nodes the starter chooses people for', async () => {
    const body = await who.staff.call<{
      name: string;
      version: number;
      form: { schema: { required: string[] } };
      starterChosen: { nodeId: string; name: string }[];
    }>('GET', '/api/workflow/definitions/seal-use');
    expect(body.data).toMatchObject({
      name: '用章申请',
      version: 1,
      starterChosen: [{ nodeId: 'keeper', name: '用章审批' }],
    });
    expect(body.data!.form.schema.required).toContain('sealType');
    expect(await who.staff.call('GET', '/api/workflow/definitions/no-such-process')).toMatchObject({
      msgCode: -404,
      errMsg: '流程不存在',
    });
  });
});

describe('the files as versions', () => {
  const versions = async (processId: string) =>
    (
      await t.db
        .selectFrom('wf_definition')
        .select('version')
        .where('process_id', '=', processId)
        .orderBy('version')
        .execute()
    ).map((r) => r.version);

  it('a changed file becomes the next version, an unchanged one nothing, until the designer publishes', async () => {
    const files = loadProcessFiles(loadModules());
    await ProcessDefinitions.seed(t.db, files);
    expect(await versions('design-change')).toEqual([1]);
    const changed = files.map((f) => (f.id === 'design-change' ? { ...f, description: '改过的说明' } : f));
    await ProcessDefinitions.seed(t.db, changed);
    await ProcessDefinitions.seed(t.db, changed);
    expect(await versions('design-change')).toEqual([1, 2]);
    const latest = await who.staff.call<{ description: string }>('GET', '/api/workflow/definitions/design-change');
    expect(latest.data!.description).toBe('改过的说明');
    // Once the designer published, the files no longer make versions of that process.
    const published = await who.admin.call(
      'POST',
      '/api/workflow/definitions/design-change/versions',
      changed.find((f) => f.id === 'design-change'),
    );
    expect(published.msgCode).toBe(0);
    await ProcessDefinitions.seed(t.db, files);
    expect(await versions('design-change')).toEqual([1, 2, 3]);
  });
});

describe('starting', () => {
  it("validates the form with the definition's own rules and messages", async () => {
    const body = await who.staff.call<{ errors: { field: string; message: string }[] }>(
      'POST',
      '/api/workflow/instances',
      {
        processId: 'material-purchase',
        projectId: 'project-binjiang',
        form: { quantity: -1, amount: 'abc', unit: '吨', neededDate: '2026-13-45' },
      },
    );
    expect(body.msgCode).toBe(-400);
    expect(body.data!.errors.map((e) => e.message)).toContain(body.errMsg);
    expect(body.data!.errors).toEqual(
      expect.arrayContaining([
        { field: 'form.materialName', message: '请输入材料名称' },
        { field: 'form.quantity', message: '数量必须大于0' },
        { field: 'form.amount', message: '采购金额必须是数字' },
        { field: 'form.neededDate', message: '需用日期格式不正确' },
      ]),
    );
    expect(
      await who.staff.call('POST', '/api/workflow/instances', {
        processId: 'material-purchase',
        projectId: 'project-binjiang',
      }),
    ).toMatchObject({ msgCode: -400, errMsg: '请填写表单' });
  });

  it('checks the process and the project', async () => {
    expect(
      await who.staff.call('POST', '/api/workflow/instances', {
        processId: 'nothing',
        projectId: 'project-binjiang',
        form: {},
      }),
    ).toMatchObject({ msgCode: -404 });
    expect(
      await who.staff.call('POST', '/api/workflow/instances', {
        processId: 'material-purchase',
        projectId: OTHER.projectId,
        form: material(10),
      }),
    ).toMatchObject({ msgCode: -403 });
  });

  it("a hazard extension names a hazard of the instance's own project still to be rectified", async () => {
    const form = (hazardId: string) => ({ hazardId, newDeadline: '2026-12-31', reason: '材料未到' });
    const refused = { msgCode: -400, errMsg: '所选隐患不存在、不属于本项目或不在待整改状态' };
    // Closed, already rectified (待复查), of another project, missing.
    for (const hazardId of ['hazard-1-02', 'hazard-1-11', 'hazard-2-07', 'hazard-none'])
      expect(
        await who.staff.call('POST', '/api/workflow/instances', {
          processId: 'hazard-extension',
          projectId: 'project-binjiang',
          form: form(hazardId),
        }),
      ).toMatchObject(refused);
    const id = await start(who.staff, 'hazard-extension', { ...form('hazard-1-04'), extra: 'x'.repeat(1000) });
    // Only the form's own fields are kept.
    expect((await detail(who.staff, id)).data).toEqual(form('hazard-1-04'));
  });
});

describe('boxes and detail', () => {
  it('a new approval shows in the right boxes, with filters, and in the workbench summary', async () => {
    const before = (
      await who.staff.call<ApprovalSummary>('POST', '/api/zhgd/workbench/approvalSummary', {
        projectName: '滨江花园住宅工程',
      })
    ).data!;
    const id = await start(who.manager, 'material-purchase', material(60000, { materialName: '盘扣脚手架' }));
    const after = (
      await who.staff.call<ApprovalSummary>('POST', '/api/zhgd/workbench/approvalSummary', {
        projectName: '滨江花园住宅工程',
      })
    ).data!;
    expect(after.todo).toBe(before.todo + 1);
    expect(after.byCategory.find((c) => c.name === '物资管理')!.value).toBe(
      (before.byCategory.find((c) => c.name === '物资管理')?.value ?? 0) + 1,
    );
    expect(after.rows[0]).toMatchObject({
      instanceId: id,
      title: '盘扣脚手架',
      nodeName: '材料员核对',
      status: '审批中',
    });

    const todo = await box(who.staff, 'todo');
    const row = todo.dataList.find((r) => r.instanceId === id)!;
    expect(row).toMatchObject({
      id,
      processName: '材料采购申请',
      category: '物资管理',
      initiator: '张经理',
      projectName: '滨江花园住宅工程',
      endTime: '',
    });
    expect(row.taskId).not.toBe('');
    expect((await box(who.manager, 'started')).dataList[0]!.instanceId).toBe(id);
    // Filters: name, category, start dates, project.
    expect((await box(who.staff, 'todo', { processName: '采购' })).dataList.some((r) => r.instanceId === id)).toBe(
      true,
    );
    expect((await box(who.staff, 'todo', { processName: '用章' })).dataList.some((r) => r.instanceId === id)).toBe(
      false,
    );
    expect(
      (await box(who.staff, 'todo', { category: '财务管理' })).dataList.every((r) => r.category === '财务管理'),
    ).toBe(true);
    const today = row.startTime.slice(0, 10);
    expect(
      (await box(who.staff, 'todo', { startFrom: today, startTo: today })).dataList.some((r) => r.instanceId === id),
    ).toBe(true);
    expect((await box(who.staff, 'todo', { startTo: '2020-01-01' })).total).toBe(0);
    expect(
      (await box(who.staff, 'todo', { projectName: '沿海高速公路工程' })).dataList.some((r) => r.instanceId === id),
    ).toBe(false);
    expect(await who.staff.call('GET', '/workflow/process/todoList?startFrom=yesterday')).toMatchObject({
      msgCode: -400,
      errMsg: '日期格式应为 yyyy-MM-dd',
    });

    await approve(who.staff, id);
    expect((await box(who.staff, 'todo')).dataList.some((r) => r.instanceId === id)).toBe(false);
    const finished = await box(who.staff, 'finished');
    expect(finished.dataList[0]).toMatchObject({ instanceId: id, nodeName: '材料员核对', status: '审批中' });
    expect(finished.dataList[0]!.endTime).not.toBe('');
    await approve(who.admin, id);
    // The copy node: the manager's office leader.
    expect((await box(who.admin, 'copy')).dataList[0]).toMatchObject({
      instanceId: id,
      nodeName: '抄送部门负责人',
      status: '已通过',
    });
  });

  it('the detail: form and data, the flow with the current node, the history; who may read it', async () => {
    const id = await start(who.staff, 'design-change', {
      subject: '外墙涂料变更',
      changeNo: 'BG-A-1',
      content: '改为真石漆',
      costImpact: 12000,
    });
    await approve(who.staff, id, '技术可行');
    const d = await detail(who.staff, id);
    expect(d).toMatchObject({
      processName: '设计变更审批',
      statusLabel: '审批中',
      currentNode: { name: '项目经理审批' },
      data: { subject: '外墙涂料变更', costImpact: 12000 },
      can: { approve: false, withdraw: false, urge: true, comment: true },
    });
    expect(d.nodes.map((n) => [n.name, n.state])).toEqual([
      ['技术负责人审批', 'done'],
      ['项目经理审批', 'current'],
      ['设计与监理会签', 'waiting'],
      ['抄送施工员', 'waiting'],
    ]);
    expect(d.history.map((h) => [h.actionLabel, h.userName, h.comment])).toEqual([
      ['发起申请', '李施工员', ''],
      ['同意', '李施工员', '技术可行'],
    ]);
    const managerView = await detail(who.manager, id);
    expect(managerView.can.approve).toBe(true);
    expect(managerView.myTaskId).not.toBe('');
    // The administrator sees every company; the outsider's company cannot see the project at all.
    expect((await who.admin.call('GET', `/api/workflow/instances/${id}`)).msgCode).toBe(0);
    expect(await outsider.call('GET', `/api/workflow/instances/${id}`)).toMatchObject({ msgCode: -404 });
    expect(await who.staff.call('GET', '/api/workflow/instances/no-such')).toMatchObject({
      msgCode: -404,
      errMsg: '流程不存在或无权查看',
    });
  });

  it('a colleague who takes no part cannot read it', async () => {
    const id = await start(
      who.manager,
      'seal-use',
      { sealType: '公章', fileName: '函', copies: 1, purpose: '报送' },
      {
        approvers: { keeper: [USERS.admin] },
      },
    );
    expect(await who.staff.call('GET', `/api/workflow/instances/${id}`)).toMatchObject({ msgCode: -404 });
    expect(await outsider.call('POST', `/api/workflow/instances/${id}/urge`, {})).toMatchObject({ msgCode: -404 });
  });
});

describe('demo approvals', () => {
  it('every definition in every state, made by the engine, on every box of the demo users', async () => {
    const rows = await t.db
      .selectFrom('wf_instance as i')
      .innerJoin('wf_definition as d', 'd.id', 'i.definition_id')
      .select(['d.process_id', 'i.status'])
      .where('i.started_at', '<', new Date(Date.now() - 3_600_000))
      .execute();
    // The portal's demo approvals put each of its processes in every state; a module's demo data may add its own
    // instances (磅单更正申请: one approved and one waiting per project, from the weighbridge's demo data; 产值月报审批:
    // last month's report waiting on one project and approved on another, from the economics module's).
    const moduleProcesses = new Set(['weighing-correction', 'economics-output-report']);
    const processes = new Set(rows.map((r) => r.process_id).filter((process) => !moduleProcesses.has(process)));
    expect(processes.size).toBe(6);
    for (const process of processes)
      expect(new Set(rows.filter((r) => r.process_id === process).map((r) => r.status)), process).toEqual(
        new Set(['running', 'approved', 'rejected', 'withdrawn']),
      );
    for (const user of [who.admin, who.manager, who.staff])
      for (const name of ['todo', 'finished', 'copy', 'started'])
        expect((await box(user, name)).total, name).toBeGreaterThan(0);
    const histories = await t.db
      .selectFrom('wf_history')
      .select(['instance_id', (eb) => eb.fn.countAll<string>().as('n')])
      .groupBy('instance_id')
      .execute();
    expect(histories.length).toBeGreaterThanOrEqual(rows.length);
  });
});

describe('OpenAPI', () => {
  it('describes every approval route', async () => {
    const spec = (await t.app.inject({ method: 'GET', url: '/api/pub/openapi.json' })).json<{
      paths: Record<string, Record<string, { summary?: string }>>;
    }>();
    const routes = [
      ['get', '/api/workflow/definitions/'],
      ['get', '/api/workflow/definitions/{processId}'],
      ['post', '/api/workflow/definitions/{processId}/versions'],
      ['post', '/api/workflow/instances/'],
      ['get', '/api/workflow/instances/{id}'],
      ['post', '/api/workflow/instances/{id}/withdraw'],
      ['post', '/api/workflow/instances/{id}/urge'],
      ['post', '/api/workflow/instances/{id}/comment'],
      ['post', '/api/workflow/tasks/{id}/approve'],
      ['post', '/api/workflow/tasks/{id}/reject'],
      ['post', '/api/workflow/tasks/{id}/transfer'],
      ['post', '/api/workflow/tasks/{id}/addSigner'],
      ['get', '/workflow/process/startedList'],
    ];
    for (const [method, url] of routes) expect(spec.paths[url]?.[method]?.summary, `${method} ${url}`).toBeTruthy();
  });
});
