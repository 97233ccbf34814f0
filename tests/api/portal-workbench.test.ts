/**
 * Workbench data: project statistics computed from the labour registry, contract figures, approval summary, messages,
 * process task lists, device warnings, micro-app versions and the portal's demo seed (the gantt rows are the planning
 * module's: tests/api/planning-schedule.test.ts).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { seedPortalDemo } from '../../src/server/seed/portal-demo.js';
import { loadModules } from '../../src/server/modules/module-files.js';
import type { MessageList } from '../../src/server/messages/messages.js';
import type { ApprovalSummary, ProcessTaskRow } from '../../src/server/workflow/queries.js';
import type { ContractFigures, ProjectStatistics } from '../../src/server/portal/workbench.js';
import { addOtherCompany, OTHER, PROJECTS, useLogins } from './portal-helpers.js';
import { chinaDate } from '../../src/server/lib/china-time.js';
import { idNumber, json, useTestApp } from './test-app.js';

const t = useTestApp();
beforeAll(() => addOtherCompany(t.db));
const [admin, manager, staff] = useLogins(t, 'admin', 'manager', 'staff');

const unauthenticated = async (method: 'GET' | 'POST', url: string) =>
  json(await t.app.inject({ method, url, ...(method === 'POST' ? { payload: {} } : {}) })).msgCode;

describe('project statistics', () => {
  it('are computed from the labour registry', async () => {
    const body = await manager.post<ProjectStatistics>('/api/zhgd/projectstatistics/project', {
      projectName: PROJECTS.binjiang.name,
    });
    expect(body.msgCode).toBe(0);
    const stats = body.data!;
    expect(stats.project).toEqual({
      id: PROJECTS.binjiang.id,
      name: PROJECTS.binjiang.name,
      projectType: '1',
      status: '1',
    });
    // The demo registry of the labour module (modules/labour/seed): 140 workers, 10 of whom left.
    const onSite = stats.personnel.onSite;
    expect(stats.personnel).toMatchObject({ registered: 140, exited: 140 - onSite });
    expect(onSite).toBeGreaterThan(100);
    expect(stats.personnel.onSiteToday).toBeLessThanOrEqual(onSite);
    expect(stats.personnel.attendanceRate).toBeCloseTo((stats.personnel.onSiteToday * 100) / onSite, 1);

    expect(stats.ageDistribution.map((b) => b.name)).toEqual(['18-30岁', '31-40岁', '41-50岁', '51-60岁', '60岁以上']);
    expect(stats.ageDistribution.reduce((sum, b) => sum + b.value, 0)).toBe(onSite);
    expect(stats.ageDistribution.filter((b) => b.value > 0).length).toBeGreaterThanOrEqual(4);
    expect(stats.geoDistribution.reduce((sum, b) => sum + b.value, 0)).toBe(onSite);
    expect(stats.geoDistribution.length).toBeGreaterThan(8);
    const values = stats.geoDistribution.map((g) => g.value);
    expect(values).toEqual([...values].sort((a, b) => b - a));

    expect(stats.signboard).toMatchObject({
      projectName: PROJECTS.binjiang.name,
      projectCode: 'ZJZH-2026-001',
      builder: '杭州滨江城市建设开发有限公司',
      constructor: '中建智慧建设集团有限公司',
      supervisor: '浙江江南工程管理股份有限公司',
      startDate: '2025-03-01',
      endDate: '2027-06-30',
      contractAmount: 386500000,
    });
    expect(stats.signboard.totalDays).toBe(852);
    expect(stats.signboard.elapsedDays + stats.signboard.remainingDays).toBe(852);
  });

  it('follow the registry: a new worker, a clock-in today and an exit change the figures', async () => {
    const figures = async () =>
      (
        await admin.post<ProjectStatistics>('/api/zhgd/projectstatistics/project', {
          projectName: PROJECTS.highway.name,
        })
      ).data!;
    const before = await figures();
    const created = await admin.post<{ id: string; version: number }>('/api/data/labour-worker', {
      projectId: PROJECTS.highway.id,
      name: '测试工人',
      idCardNumber: idNumber('20000101', '135', '540102'),
      team: '测试班',
      trade: 'labourer',
      entryDate: '2026-05-01',
    });
    expect(created.msgCode, created.errMsg).toBe(0);
    const worker = created.data!;
    const clockIn = await admin.post('/api/data/labour-attendance', {
      projectId: PROJECTS.highway.id,
      worker: worker.id,
      date: chinaDate(new Date()),
      clockIn: '07:40',
      source: 'manual',
      reason: '闸机未识别，手工补录',
    });
    expect(clockIn.msgCode, clockIn.errMsg).toBe(0);
    const after = await figures();
    expect(after.personnel.registered).toBe(before.personnel.registered + 1);
    expect(after.personnel.onSiteToday).toBe(before.personnel.onSiteToday + 1);
    expect(after.personnel.teams).toBe(before.personnel.teams + 1);
    expect(after.ageDistribution[0].value).toBe(before.ageDistribution[0].value + 1);
    expect(after.geoDistribution.find((g) => g.name === '西藏自治区')?.value).toBe(
      (before.geoDistribution.find((g) => g.name === '西藏自治区')?.value ?? 0) + 1,
    );
    const exit = await admin.post('/api/data/labour-worker/' + worker.id + '/transition', {
      action: 'exit',
      version: worker.version,
      exitReason: '合同期满',
      exitDate: chinaDate(new Date()),
    });
    expect(exit.msgCode, exit.errMsg).toBe(0);
    const exited = await figures();
    expect(exited.personnel).toMatchObject({
      onSite: before.personnel.onSite,
      exited: before.personnel.exited + 1,
      onSiteToday: before.personnel.onSiteToday,
    });
  });

  it('contract figures add up', async () => {
    const body = await staff.post<ContractFigures>('/api/zhgd/projectstatistics/contract', {
      projectName: PROJECTS.binjiang.name,
    });
    expect(body.msgCode).toBe(0);
    const c = body.data!;
    expect(c.count).toBe(6);
    expect(c.totalAmount).toBe(c.rows.reduce((s, r) => s + r.amount, 0));
    expect(c.paidAmount).toBe(c.rows.reduce((s, r) => s + r.paidAmount, 0));
    expect(c.unpaidAmount).toBeCloseTo(c.totalAmount - c.paidAmount, 2);
    expect(c.paidRate).toBeCloseTo((c.paidAmount * 100) / c.totalAmount, 1);
    expect(c.byType.reduce((s, b) => s + b.count, 0)).toBe(6);
    expect(c.rows[0]).toMatchObject({
      name: '幕墙工程专业分包合同',
      type: '专业分包',
      signedOn: '2026-05-08',
      paidAmount: 0,
    });
  });

  it('need a project the user may see', async () => {
    for (const url of ['/api/zhgd/projectstatistics/project', '/api/zhgd/projectstatistics/contract']) {
      expect(await manager.post(url, {})).toMatchObject({ msgCode: -400, errMsg: '请选择项目' });
      expect(await manager.post(url, { projectName: '' })).toMatchObject({ msgCode: -400, errMsg: '请选择项目' });
      expect((await manager.post(url, { projectName: OTHER.projectName })).msgCode).toBe(-403);
      expect(await unauthenticated('POST', url)).toBe(-401);
    }
    // The admin sees the other company's project, which has no workers registered: empty, not an error.
    const theirs = await admin.post<ProjectStatistics>('/api/zhgd/projectstatistics/project', {
      projectName: OTHER.projectName,
    });
    expect(theirs.msgCode).toBe(0);
    expect(theirs.data!.personnel).toEqual({
      registered: 0,
      onSite: 0,
      onSiteToday: 0,
      exited: 0,
      teams: 0,
      blacklisted: 0,
      attendanceRate: 0,
    });
    expect(theirs.data!.ageDistribution).toEqual([]);
    expect(theirs.data!.geoDistribution).toEqual([]);
    expect(theirs.data!.signboard).toMatchObject({ builder: '', contractAmount: 0, totalDays: 0 });
  });
});

describe('approval summary and process lists', () => {
  type Page = { dataList: ProcessTaskRow[]; total: number; pageNum: number; pageSize: number };

  it("counts the user's boxes of the approval engine, by category, with the newest rows", async () => {
    const body = await staff.post<ApprovalSummary>('/api/zhgd/workbench/approvalSummary', {
      projectName: PROJECTS.binjiang.name,
    });
    expect(body.msgCode).toBe(0);
    const inProject = { projectName: PROJECTS.binjiang.name, pageSize: '100' };
    const todo = (await staff.get<Page>('/workflow/process/todoList', inProject)).data!;
    const copy = (await staff.get<Page>('/workflow/process/copyList', inProject)).data!;
    const finished = (await staff.get<Page>('/workflow/process/finishedList', inProject)).data!;
    expect(body.data).toMatchObject({ todo: todo.total, copy: copy.total, finished: finished.total });
    expect(todo.total).toBeGreaterThan(0);
    expect(copy.total).toBeGreaterThan(0);
    expect(finished.total).toBeGreaterThan(0);
    expect(body.data!.byCategory.reduce((s, c) => s + c.value, 0)).toBe(todo.total);
    expect(body.data!.rows.map((r) => r.taskId)).toEqual(todo.dataList.slice(0, 5).map((r) => r.taskId));
    expect(body.data!.rows[0]).toMatchObject({ status: '审批中', endTime: '', projectName: PROJECTS.binjiang.name });
    expect(body.data!.rows[0].startTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    const done = await staff.post<ApprovalSummary>('/api/zhgd/workbench/approvalSummary', { type: 'finished' });
    expect(done.data!.rows.length).toBeGreaterThan(0);
    expect(done.data!.rows.every((r) => r.endTime !== '')).toBe(true);
  });

  it('is per project for users on several projects', async () => {
    const all = (await manager.post<ApprovalSummary>('/api/zhgd/workbench/approvalSummary', {})).data!;
    const one = (
      await manager.post<ApprovalSummary>('/api/zhgd/workbench/approvalSummary', { projectName: PROJECTS.highway.name })
    ).data!;
    expect(one.todo + one.copy + one.finished).toBeLessThan(all.todo + all.copy + all.finished);
    expect(one.rows.every((r) => r.projectName === PROJECTS.highway.name)).toBe(true);
  });

  it('validates and needs a login', async () => {
    expect(await staff.post('/api/zhgd/workbench/approvalSummary', { type: 'all' })).toMatchObject({
      msgCode: -400,
      errMsg: '类型只能是 todo、copy 或 finished',
    });
    expect(await unauthenticated('POST', '/api/zhgd/workbench/approvalSummary')).toBe(-401);
  });

  it("todoList, copyList, finishedList: paged, filtered, the user's own", async () => {
    const all = (await manager.get<Page>('/workflow/process/todoList', { pageSize: '100' })).data!;
    expect(all.total).toBeGreaterThan(2);
    const first = await manager.get<Page>('/workflow/process/todoList', { pageNum: '1', pageSize: '2' });
    expect(first.msgCode).toBe(0);
    expect(first.data).toMatchObject({ total: all.total, pageNum: 1, pageSize: 2 });
    const second = (await manager.get<Page>('/workflow/process/todoList', { pageNum: '2', pageSize: '2' })).data!;
    expect([...first.data!.dataList, ...second.dataList].map((r) => r.taskId)).toEqual(
      all.dataList.slice(0, 4).map((r) => r.taskId),
    );
    const name = all.dataList[0].processName;
    const byName = (await manager.get<Page>('/workflow/process/todoList', { processName: name.slice(0, 2) })).data!;
    expect(byName.total).toBeGreaterThan(0);
    expect(byName.dataList.every((r) => r.processName.includes(name.slice(0, 2)))).toBe(true);
    const finished = (await staff.get<Page>('/workflow/process/finishedList')).data!;
    expect(finished.dataList.map((r) => r.endTime)).toEqual(
      [...finished.dataList.map((r) => r.endTime)].sort().reverse(),
    );
  });

  it('lists validate paging and projects', async () => {
    expect(await staff.get('/workflow/process/todoList', { pageSize: '101' })).toMatchObject({
      msgCode: -400,
      errMsg: '每页条数不能超过100',
    });
    expect(await staff.get('/workflow/process/copyList', { pageNum: 'x' })).toMatchObject({
      msgCode: -400,
      errMsg: '页码必须是正整数',
    });
    expect((await manager.get('/workflow/process/finishedList', { projectName: OTHER.projectName })).msgCode).toBe(
      -403,
    );
    for (const path of ['todoList', 'copyList', 'finishedList'])
      expect(await unauthenticated('GET', `/workflow/process/${path}`)).toBe(-401);
  });
});

describe('messages', () => {
  it('myMessage: newest first with read flags; personalTotal counts the unread; read marks one', async () => {
    const body = await staff.post<MessageList>('/api/zhgd/workbench/myMessage', {
      projectName: PROJECTS.binjiang.name,
    });
    expect(body.msgCode).toBe(0);
    // 8 of the workbench's first rows, the urge, carbon copy and hazard warning, and the staff's training notice.
    expect(body.data).toMatchObject({
      total: 12,
      unread: 7,
      unreadTasks: 1,
      unreadUrges: 1,
      unreadWarnings: 2,
      unreadNotices: 3,
    });
    expect(body.data!.rows[0]).toMatchObject({
      title: '关于开展冬季安全生产大检查的通知',
      category: '1',
      readFlag: '0',
    });
    const times = body.data!.rows.map((r) => r.time);
    expect(times).toEqual([...times].sort().reverse());

    const unread = await staff.post<MessageList>('/api/zhgd/workbench/myMessage', { type: 'unread', limit: 2 });
    expect(unread.data!.rows).toHaveLength(2);
    expect(unread.data!.rows.every((r) => r.readFlag === '0')).toBe(true);

    const total = await staff.get<number>('/api/MC/McMessageUser/v1.0/personalTotal');
    expect(total).toEqual({ msgCode: 0, errMsg: '', data: 7 });
    expect(await staff.post('/api/MC/McMessageUser/v1.0/read', { id: unread.data!.rows[0].id })).toMatchObject({
      msgCode: 0,
    });
    expect((await staff.get<number>('/api/MC/McMessageUser/v1.0/personalTotal')).data).toBe(6);
    // Someone else's message is not found for the staff.
    expect(await staff.post('/api/MC/McMessageUser/v1.0/read', { id: 'msg-admin-01' })).toEqual({
      msgCode: -404,
      errMsg: '消息不存在',
    });
    expect((await admin.get<number>('/api/MC/McMessageUser/v1.0/personalTotal')).data).toBe(6);
  });

  it('validates and needs a login', async () => {
    expect(await staff.post('/api/zhgd/workbench/myMessage', { limit: 51 })).toMatchObject({
      msgCode: -400,
      errMsg: '条数必须是1到50的整数',
    });
    expect(await staff.post('/api/zhgd/workbench/myMessage', { type: 'new' })).toMatchObject({
      msgCode: -400,
      errMsg: '类型只能是 all、unread 或 read',
    });
    expect(await staff.post('/api/MC/McMessageUser/v1.0/read', {})).toMatchObject({
      msgCode: -400,
      errMsg: '请选择消息',
    });
    expect(await unauthenticated('POST', '/api/zhgd/workbench/myMessage')).toBe(-401);
    expect(await unauthenticated('GET', '/api/MC/McMessageUser/v1.0/personalTotal')).toBe(-401);
  });
});

describe('micro-app versions', () => {
  it('answer a version, never cached, whatever the query', async () => {
    for (const url of ['/systemProject/version.json?time=1', '/other/version.json?time=2']) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(200);
      expect(response.headers['cache-control']).toBe('no-store');
      expect(response.json<{ version: string }>().version).toMatch(/^\d+\.\d+\.\d+/);
    }
  });
});

describe('portal demo seed', () => {
  it('is idempotent', async () => {
    const tables = [
      'company_profile',
      'project_profile',
      'project_contract',
      'mc_notice',
      'portal_message',
      'common_menu',
    ] as const;
    const snapshot = async () => {
      const result: Record<string, number> = {};
      for (const table of tables) {
        const row = await t.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<string>().as('n'))
          .executeTakeFirstOrThrow();
        result[table] = Number(row.n);
      }
      const read = await t.db.selectFrom('portal_message').select(['id', 'read_at']).orderBy('id').execute();
      return { counts: result, read: read.map((r) => `${r.id}:${r.read_at === null ? 0 : 1}`) };
    };
    const before = await snapshot();
    await seedPortalDemo(t.db, loadModules(), new Date(Date.now() + 86_400_000));
    expect(await snapshot()).toEqual(before);
    expect(before.counts.project_contract).toBeGreaterThan(0);
  });
});

describe('OpenAPI', () => {
  it('describes every portal route with a summary', async () => {
    const spec = (await t.app.inject({ method: 'GET', url: '/api/pub/openapi.json' })).json<{
      paths: Record<string, Record<string, { summary?: string }>>;
    }>();
    const routes = [
      ['get', '/api/zhgd/MyCommonMenu/getMenu'],
      ['post', '/api/zhgd/MyCommonMenu/getAll'],
      ['post', '/api/zhgd/MyCommonMenu/insert'],
      ['get', '/api/zhgd/MyCommonMenu/delete/{id}'],
      ['post', '/api/zhgd/RecentlyUsed/insert'],
      ['post', '/api/zhgd/RecentlyUsed/getAll'],
      ['post', '/api/zhgd/workbench/approvalSummary'],
      ['post', '/api/zhgd/workbench/myMessage'],
      ['post', '/api/zhgd/projectstatistics/project'],
      ['post', '/api/zhgd/projectstatistics/contract'],
      ['get', '/api/zhgd/companyManager/detail/{id}'],
      ['get', '/api/zhgd/office/tree'],
      ['post', '/api/yt/v1.0/loginSkipPC'],
      ['post', '/zhgd/project/withOfficeName'],
      ['post', '/api/zhgd/base/updateFile'],
      ['get', '/api/zhgd/base/file/{name}'],
      ['post', '/api/device/base/v2.0/companyTree'],
      ['post', '/api/device/base/v1.0/devWarnData'],
      ['post', '/api/provideLDF/weather/{id}/{type}'],
      ['post', '/api/provideLDF/weather/{id}'],
      ['get', '/workflow/process/todoList'],
      ['get', '/workflow/process/copyList'],
      ['get', '/workflow/process/finishedList'],
      ['get', '/workflow/process/startedList'],
      ['get', '/api/smart/subitem01/v1.0/toGanttChartByProjectName'],
      ['get', '/api/MC/McMessageUser/v1.0/personalTotal'],
      ['post', '/api/MC/McMessageUser/v1.0/read'],
      ['post', '/api/userTheme/v1.0/insertOrUpdate'],
      ['get', '/api/userTheme/v1.0/get'],
      ['get', '/systemProject/version.json'],
      ['get', '/other/version.json'],
    ];
    for (const [method, url] of routes) expect(spec.paths[url]?.[method]?.summary, `${method} ${url}`).toBeTruthy();
  });
});
