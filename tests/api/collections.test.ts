/**
 * The standard API every collection file gets (src/server/collections), through the labour module's workers and
 * the safety module's hazards: validation messages from the file, computed fields, unique rules, permissions,
 * the project scope, status steps with their actors and concurrency, the timeline and aggregates.
 */
import { describe, expect, it, beforeAll } from 'vitest';
import { useCallers, type PageData } from './admin-helpers.js';
import { addOutsiderProject, OTHER_COMPANY_PROJECT } from './outsider-project.js';
import { idNumber, useTestApp } from './test-app.js';

const PROJECT = 'project-binjiang';

type Row = Record<string, unknown> & { id: string; version: number };

const t = useTestApp();
const who = useCallers(t);

beforeAll(async () => {
  await addOutsiderProject(t.db);
});

function worker(overrides: Record<string, unknown> = {}) {
  return {
    projectId: PROJECT,
    name: '张建国',
    idCardNumber: idNumber('19850612', '131', '410102'),
    phone: '13912345678',
    team: '钢筋一班',
    trade: 'rebar',
    entryDate: '2026-09-01',
    ...overrides,
  };
}

describe('labour workers: the standard calls', () => {
  it('creates a worker with sex, birthday, native province and age derived from the ID number', async () => {
    const created = await who.manager.call<Row>('POST', '/api/data/labour-worker', worker());
    expect(created.msgCode).toBe(0);
    const row = created.data as Row;
    expect(row).toMatchObject({
      name: '张建国',
      sex: '男',
      birthday: '1985-06-12',
      nativePlace: '河南省',
      status: 'onSite',
      statusLabel: '在场',
      trade: 'rebar',
      tradeLabel: '钢筋工',
      projectId: PROJECT,
      createdByName: '张经理',
      version: 1,
    });
    expect(typeof row.age).toBe('number');
    const read = await who.staff.call<Row>('GET', `/api/data/labour-worker/${row.id}`);
    expect(read.data).toMatchObject({ id: row.id, name: '张建国', sex: '男' });
  });

  it("refuses a body with the file's own messages, all of them in data.errors", async () => {
    const answer = await who.manager.call('POST', '/api/data/labour-worker', {
      projectId: PROJECT,
      idCardNumber: '12345',
      phone: '123',
    });
    expect(answer.msgCode).toBe(-400);
    const messages = (answer.data as { errors: { field: string; message: string }[] }).errors.map((e) => e.message);
    expect(messages).toEqual(
      expect.arrayContaining([
        '请输入姓名',
        '身份证号码格式不正确',
        '手机号格式不正确',
        '请选择工种',
        '请选择进场日期',
      ]),
    );
  });

  it('refuses an ID number whose check character is wrong, naming the field', async () => {
    const good = idNumber('19900101', '222', '320102');
    const bad = `${good.slice(0, 17)}${good[17] === '1' ? '2' : '1'}`;
    const answer = await who.manager.call('POST', '/api/data/labour-worker', worker({ idCardNumber: bad }));
    expect(answer.msgCode).toBe(-400);
    expect(answer.errMsg).toContain('身份证号不正确');
  });

  it('keeps an ID number unique within a project (-409 with the declared message), not across projects', async () => {
    const idCardNumber = idNumber('19920202', '345', '510104');
    expect((await who.manager.call('POST', '/api/data/labour-worker', worker({ idCardNumber }))).msgCode).toBe(0);
    const again = await who.manager.call('POST', '/api/data/labour-worker', worker({ idCardNumber, name: '李四' }));
    expect(again).toMatchObject({ msgCode: -409, errMsg: '该身份证号已在本项目登记' });
    const elsewhere = await who.manager.call(
      'POST',
      '/api/data/labour-worker',
      worker({ idCardNumber, projectId: 'project-expressway' }),
    );
    expect(elsewhere.msgCode).toBe(0);
  });

  it('lists a project with filters, sort and paging', async () => {
    for (const [index, team] of ['测试木工班', '测试木工班', '测试架子班'].entries()) {
      const created = await who.manager.call('POST', '/api/data/labour-worker', {
        ...worker({ idCardNumber: idNumber('19800101', `4${index}1`, '330106'), name: `王师傅${index}`, team }),
        trade: team.startsWith('测试木工') ? 'formwork' : 'scaffold',
        entryDate: `2026-10-0${index + 1}`,
      });
      expect(created.msgCode).toBe(0);
    }
    const byTeam = await who.staff.call<PageData<Row>>(
      'GET',
      `/api/data/labour-worker?projectId=${PROJECT}&team=${encodeURIComponent('测试木工班')}&sort=entryDate`,
    );
    expect(byTeam.data?.total).toBe(2);
    expect(byTeam.data?.dataList.map((r) => r.entryDate)).toEqual(['2026-10-01', '2026-10-02']);
    const byName = await who.staff.call<PageData<Row>>(
      'GET',
      `/api/data/labour-worker?projectId=${PROJECT}&name=${encodeURIComponent('王师傅')}&pageSize=2&pageNo=2`,
    );
    expect(byName.data).toMatchObject({ total: 3, pageNo: 2, pageSize: 2 });
    expect(byName.data?.dataList).toHaveLength(1);
    const range = await who.staff.call<PageData<Row>>(
      'GET',
      `/api/data/labour-worker?projectId=${PROJECT}&name=${encodeURIComponent('王师傅')}&entryDateFrom=2026-10-02&entryDateTo=2026-10-31`,
    );
    expect(range.data?.dataList.map((r) => r.name).sort()).toEqual(['王师傅1', '王师傅2']);
  });

  it('updates with the version read and refuses a stale one', async () => {
    const row = (
      await who.manager.call<Row>(
        'POST',
        '/api/data/labour-worker',
        worker({
          idCardNumber: idNumber('19881111', '567', '440103'),
        }),
      )
    ).data as Row;
    const first = await who.manager.call<Row>('PUT', `/api/data/labour-worker/${row.id}`, {
      ...worker({ idCardNumber: row.idCardNumber, team: '钢筋二班' }),
      version: row.version,
    });
    expect(first.data).toMatchObject({ team: '钢筋二班', version: 2 });
    const stale = await who.manager.call('PUT', `/api/data/labour-worker/${row.id}`, {
      ...worker({ idCardNumber: row.idCardNumber, team: '钢筋三班' }),
      version: row.version,
    });
    expect(stale).toMatchObject({ msgCode: -409, errMsg: '该记录已被他人修改，请刷新后重试' });
  });

  it('moves a worker off site and back through its steps, each step asking for its date', async () => {
    const row = (
      await who.manager.call<Row>(
        'POST',
        '/api/data/labour-worker',
        worker({
          idCardNumber: idNumber('19950505', '789', '420102'),
        }),
      )
    ).data as Row;
    const missing = await who.manager.call('POST', `/api/data/labour-worker/${row.id}/transition`, {
      action: 'exit',
      version: row.version,
    });
    expect(missing).toMatchObject({ msgCode: -400, errMsg: '请选择退场日期' });
    const left = await who.manager.call<Row>('POST', `/api/data/labour-worker/${row.id}/transition`, {
      action: 'exit',
      version: row.version,
      exitReason: '合同期满',
      exitDate: '2026-11-20',
    });
    expect(left.data).toMatchObject({ status: 'left', statusLabel: '退场', exitDate: '2026-11-20' });
    const wrongState = await who.manager.call('POST', `/api/data/labour-worker/${row.id}/transition`, {
      action: 'exit',
      version: (left.data as Row).version,
      exitDate: '2026-11-21',
    });
    expect(wrongState).toMatchObject({ msgCode: -409, errMsg: '当前状态为“退场”，不能执行“退场”' });
    const history = await who.staff.call<{ actionLabel: string; toLabel: string; byName: string }[]>(
      'GET',
      `/api/data/labour-worker/${row.id}/history`,
    );
    expect(history.data?.map((h) => [h.actionLabel, h.toLabel, h.byName])).toEqual([
      ['新建', '在场', '张经理'],
      ['退场', '退场', '张经理'],
    ]);
  });

  it('counts workers by trade and by entry month for charts, with the labels users read', async () => {
    const byTrade = await who.staff.call<{ name: string; value: number }[]>(
      'GET',
      `/api/data/labour-worker/aggregate?projectId=${PROJECT}&op=count&groupBy=trade`,
    );
    expect(byTrade.msgCode).toBe(0);
    const names = byTrade.data?.map((row) => row.name) ?? [];
    expect(names).toEqual(expect.arrayContaining(['钢筋工', '模板工', '架子工']));
    const list = await who.staff.call<PageData<Row>>(
      'GET',
      `/api/data/labour-worker?projectId=${PROJECT}&pageSize=100`,
    );
    expect(byTrade.data?.reduce((sum, row) => sum + row.value, 0)).toBe(list.data?.total);
    const byMonth = await who.staff.call<{ name: string; value: number; series: string }[]>(
      'GET',
      `/api/data/labour-worker/aggregate?projectId=${PROJECT}&bucket=month&dateField=entryDate&seriesBy=status`,
    );
    expect(byMonth.data).toEqual(
      expect.arrayContaining([expect.objectContaining({ name: '2026-10', series: '在场' })]),
    );
  });

  it('deletes a worker', async () => {
    const row = (
      await who.manager.call<Row>(
        'POST',
        '/api/data/labour-worker',
        worker({
          idCardNumber: idNumber('19700707', '901', '370102'),
        }),
      )
    ).data as Row;
    expect((await who.manager.call('DELETE', `/api/data/labour-worker/${row.id}`)).msgCode).toBe(0);
    expect((await who.manager.call('GET', `/api/data/labour-worker/${row.id}`)).msgCode).toBe(-404);
  });
});

describe('permissions and the project scope', () => {
  it('needs a login and the collection permission', async () => {
    expect((await who.none.call('GET', `/api/data/labour-worker?projectId=${PROJECT}`)).msgCode).toBe(-401);
    expect((await who.staff.call('GET', `/api/data/labour-worker?projectId=${PROJECT}`)).msgCode).toBe(0);
  });

  it('never lets a user read or write records of a project they cannot see', async () => {
    const created = await who.admin.call<Row>(
      'POST',
      '/api/data/labour-worker',
      worker({ projectId: OTHER_COMPANY_PROJECT, idCardNumber: idNumber('19830303', '111', '210102') }),
    );
    expect(created.msgCode).toBe(0);
    const id = (created.data as Row).id;
    for (const caller of [who.manager, who.staff]) {
      expect((await caller.call('GET', `/api/data/labour-worker?projectId=${OTHER_COMPANY_PROJECT}`)).msgCode).toBe(
        -403,
      );
      expect(
        (await caller.call('GET', `/api/data/labour-worker/aggregate?projectId=${OTHER_COMPANY_PROJECT}`)).msgCode,
      ).toBe(-403);
      expect((await caller.call('GET', `/api/data/labour-worker/${id}`)).msgCode).toBe(-404);
      expect((await caller.call('GET', `/api/data/labour-worker/${id}/history`)).msgCode).toBe(-404);
      expect((await caller.call('PUT', `/api/data/labour-worker/${id}`, { ...worker(), version: 1 })).msgCode).toBe(
        -404,
      );
      expect((await caller.call('DELETE', `/api/data/labour-worker/${id}`)).msgCode).toBe(-404);
      expect(
        (await caller.call('POST', '/api/data/labour-worker', worker({ projectId: OTHER_COMPANY_PROJECT }))).msgCode,
      ).toBe(-403);
    }
    expect((await who.admin.call('GET', `/api/data/labour-worker/${id}`)).msgCode).toBe(0);
  });

  it("lists the people of a project's company for pickers, only to those who may see the project", async () => {
    const members = await who.staff.call<{ id: string; name: string }[]>('GET', `/api/zhgd/project/${PROJECT}/members`);
    expect(members.data?.map((m) => m.name)).toEqual(expect.arrayContaining(['张经理', '李施工员']));
    expect((await who.staff.call('GET', `/api/zhgd/project/${OTHER_COMPANY_PROJECT}/members`)).msgCode).toBe(-403);
    expect((await who.none.call('GET', `/api/zhgd/project/${PROJECT}/members`)).msgCode).toBe(-401);
  });

  it('describes every collection route in the OpenAPI document', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/pub/openapi.json' })).json<{
      paths: Record<string, unknown>;
    }>();
    for (const path of [
      '/api/data/labour-worker/',
      '/api/data/labour-worker/{id}',
      '/api/data/labour-worker/{id}/transition',
      '/api/data/labour-worker/aggregate',
      '/api/data/safety-hazard/{id}/history',
    ])
      expect(Object.keys(doc.paths)).toContain(path);
  });
});

describe('safety hazards: 待整改 -> 待复查 -> 已闭合, each step by its own person', () => {
  const hazard = {
    projectId: PROJECT,
    description: '3号楼12层临边防护栏杆缺失',
    category: 'fall',
    level: 'general',
    location: '3号楼12层东侧',
    photos: ['/api/zhgd/base/file/8189ffb086e48987df9f74ec2a58c82e.jpg'],
    responsibleId: 'user-staff',
    reviewerId: 'user-manager',
    deadline: '2026-01-10',
  };

  async function raise(): Promise<Row> {
    const created = await who.manager.call<Row>('POST', '/api/data/safety-hazard', hazard);
    expect(created.msgCode).toBe(0);
    return created.data as Row;
  }

  it('registers a hazard with its labels, overdue after its deadline', async () => {
    const row = await raise();
    expect(row).toMatchObject({
      status: 'pending',
      statusLabel: '待整改',
      levelLabel: '一般事故隐患',
      categoryLabel: '高处坠落',
      responsibleIdLabel: '李施工员',
      reviewerIdLabel: '张经理',
      overdue: true,
    });
  });

  it('lets only the responsible person rectify, with remark and photos, then only the reviewer recheck', async () => {
    const row = await raise();
    const url = `/api/data/safety-hazard/${row.id}/transition`;
    const byOther = await who.manager.call('POST', url, {
      action: 'rectify',
      version: row.version,
      rectifyRemark: '已补设防护栏杆',
      rectifyPhotos: ['/api/zhgd/base/file/cec315e3d0975e5cc2811d5d8725f149.jpg'],
    });
    expect(byOther).toMatchObject({ msgCode: -403, errMsg: '只有整改责任人可以执行“提交整改”' });
    const noPhotos = await who.staff.call('POST', url, {
      action: 'rectify',
      version: row.version,
      rectifyRemark: '已整改',
    });
    expect(noPhotos).toMatchObject({ msgCode: -400, errMsg: '请上传整改后照片' });
    const rectified = await who.staff.call<Row>('POST', url, {
      action: 'rectify',
      version: row.version,
      rectifyRemark: '已补设防护栏杆',
      rectifyPhotos: ['/api/zhgd/base/file/cec315e3d0975e5cc2811d5d8725f149.jpg'],
    });
    expect(rectified.data).toMatchObject({ status: 'review', statusLabel: '待复查', rectifyRemark: '已补设防护栏杆' });
    const failed = await who.manager.call<Row>('POST', url, {
      action: 'fail',
      version: (rectified.data as Row).version,
      recheckRemark: '栏杆高度不足1.2米',
    });
    expect(failed.data).toMatchObject({ status: 'pending', statusLabel: '待整改' });
    const again = await who.staff.call<Row>('POST', url, {
      action: 'rectify',
      version: (failed.data as Row).version,
      rectifyRemark: '栏杆加高至1.2米',
      rectifyPhotos: ['/api/zhgd/base/file/479d479ec6b2d6af3b35ce1bb46125ac.jpg'],
    });
    const closed = await who.manager.call<Row>('POST', url, {
      action: 'pass',
      version: (again.data as Row).version,
      recheckRemark: '复查合格',
    });
    expect(closed.data).toMatchObject({ status: 'closed', statusLabel: '已闭合', overdue: false });
    const history = await who.staff.call<{ actionLabel: string; byName: string; data: Record<string, unknown> }[]>(
      'GET',
      `/api/data/safety-hazard/${row.id}/history`,
    );
    expect(history.data?.map((h) => `${h.actionLabel}/${h.byName}`)).toEqual([
      '新建/张经理',
      '提交整改/李施工员',
      '复查不合格/张经理',
      '提交整改/李施工员',
      '复查合格/张经理',
    ]);
    expect(history.data?.[1]?.data).toMatchObject({
      rectifyPhotos: ['/api/zhgd/base/file/cec315e3d0975e5cc2811d5d8725f149.jpg'],
    });
  });

  it('of two people acting on one record at once, exactly one wins and the other is told', async () => {
    const row = await raise();
    const url = `/api/data/safety-hazard/${row.id}/transition`;
    const body = {
      action: 'rectify',
      version: row.version,
      rectifyRemark: '整改',
      rectifyPhotos: ['/api/zhgd/base/file/0cc175b9c0f1b6a831c399e269772661.jpg'],
    };
    const answers = await Promise.all([who.staff.call('POST', url, body), who.staff.call('POST', url, body)]);
    expect(answers.map((a) => a.msgCode).sort()).toEqual([-409, 0]);
    expect(answers.find((a) => a.msgCode === -409)?.errMsg).toBe('该记录已被他人修改，请刷新后重试');
    const history = await who.staff.call<unknown[]>('GET', `/api/data/safety-hazard/${row.id}/history`);
    expect(history.data).toHaveLength(2);
  });

  it('counts hazards by level and status for the statistics charts', async () => {
    const byLevel = await who.staff.call<{ name: string; value: number; series: string }[]>(
      'GET',
      `/api/data/safety-hazard/aggregate?projectId=${PROJECT}&groupBy=level&seriesBy=status`,
    );
    expect(byLevel.data).toEqual(
      expect.arrayContaining([expect.objectContaining({ name: '重大事故隐患', series: '已闭合' })]),
    );
  });
});

describe('demo data of the modules', () => {
  it('gives each demo project its workers and hazards in every state, with dates relative to today', async () => {
    for (const project of ['project-binjiang', 'project-expressway', 'project-highway']) {
      const workers = await who.admin.call<PageData<Row>>('GET', `/api/data/labour-worker?projectId=${project}`);
      expect(workers.data?.total).toBeGreaterThanOrEqual(90);
      const states = await who.admin.call<{ name: string; value: number }[]>(
        'GET',
        `/api/data/safety-hazard/aggregate?projectId=${project}&groupBy=status`,
      );
      // Each project also has a 重大事故隐患 whose rectification plan waits for the project manager's sign-off.
      expect(states.data?.map((row) => row.name).sort()).toEqual(['已闭合', '待复查', '待整改', '方案待签认'].sort());
      const latest = workers.data?.dataList[0];
      expect(String(latest?.entryDate)).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    }
  });

  it('seeds again without adding or changing anything', async () => {
    const before = await who.admin.call<PageData<Row>>('GET', `/api/data/labour-worker?projectId=project-highway`);
    const { seedModuleDemo } = await import('../../src/server/seed/module-demo.js');
    const { loadModules } = await import('../../src/server/modules/module-files.js');
    await seedModuleDemo(t.db, loadModules());
    const after = await who.admin.call<PageData<Row>>('GET', `/api/data/labour-worker?projectId=project-highway`);
    expect(after.data?.total).toBe(before.data?.total);
  });
});
