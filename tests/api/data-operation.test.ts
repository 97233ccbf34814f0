/**
 * 数据运营 (module data-operation): the overview's figures are the audit log's rows counted, nothing more and nothing
 * less. A week long ago (no demo history there) is filled with known rows: logins by name (as the login call is
 * logged, before there is a session), menus opened in projects, record writes, a failed login and a refresh; every
 * figure, day, menu, module and project must equal what was inserted. A company user counts only their company's
 * people and projects, an administrator everyone's. The demo history is there for the last weeks, and written once.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { addOutsiderProject, OTHER_COMPANY_PROJECT } from './outsider-project.js';
import { useCallers } from './admin-helpers.js';
import { useTestApp } from './test-app.js';
import { DEMO_DAYS, writeDemoHistory } from '../../modules/data-operation/server/demo-history.js';

const t = useTestApp();
const who = useCallers(t);

const OVERVIEW = '/api/data-operation/v1.0/overview';
const BINJIANG = { id: 'project-binjiang', name: '滨江花园住宅工程' };
const EXPRESSWAY = { id: 'project-expressway', name: '城市快速路改造工程' };
const OUTSIDER_USER = 'user-dataop-outsider';
/** The week counted: 2025-03-04 .. 2025-03-10, long before any demo history. */
const WEEK = { to: '2025-03-10', days: '7' };

interface Overview {
  range: { from: string; to: string };
  figures: Record<string, number>;
  daily: { name: string; value: number; series: string }[];
  modules: { name: string; value: number }[];
  menus: { menuId: string; name: string; moduleName: string; opens: number; users: number; lastUsed: string }[];
  projects: {
    rank: number;
    projectId: string;
    projectName: string;
    activeUsers: number;
    menuOpens: number;
    operations: number;
    lastActive: string;
  }[];
}

let sequence = 0;
/** One audit row as the audit plugin writes it. */
function logRow(
  at: string,
  uri: string,
  params: Record<string, string>,
  user: { id: string | null; login: string },
  msgCode = 0,
) {
  sequence += 1;
  return {
    id: `test-dataop-${sequence}`,
    type: '1',
    title: '测试',
    method: 'POST',
    request_uri: uri,
    params: JSON.stringify(params),
    msg_code: msgCode,
    duration_ms: 10,
    remote_addr: '127.0.0.1',
    user_agent: 'test',
    user_id: user.id,
    login_name: user.login,
    created_at: new Date(`${at}+08:00`),
  };
}

const manager = { id: 'user-manager', login: 'manager' };
const staff = { id: 'user-staff', login: 'staff' };
const outsider = { id: OUTSIDER_USER, login: 'dataop-outsider' };
/** Logins are logged without a user id: the account is known by the name typed, or the phone. */
const byName = (user: { login: string }) => ({ id: null, login: user.login });
const open = (menuId: string, project: { name: string }) => ({ menuId, projectName: project.name });

beforeAll(async () => {
  await addOutsiderProject(t.db);
  await t.db
    .insertInto('sys_user')
    .values({
      id: OUTSIDER_USER,
      login_name: outsider.login,
      name: '外单位人员',
      password_hash: 'x',
      office_id: 'office-pd-outsider',
      company_id: 'office-outsider',
    })
    .execute();
  const staffMobile = await t.db
    .selectFrom('sys_user')
    .select('mobile')
    .where('id', '=', 'user-staff')
    .executeTakeFirstOrThrow();
  await t.db
    .insertInto('sys_log')
    .values([
      // 03-04: the manager logs in twice, opens 工作台-like menus in 滨江 and writes one record.
      logRow('2025-03-04T08:10:00', '/api/login', { username: 'manager' }, byName(manager)),
      logRow('2025-03-04T08:11:00', '/api/zhgd/RecentlyUsed/insert', open('process-todo', BINJIANG), manager),
      logRow('2025-03-04T08:12:00', '/api/zhgd/RecentlyUsed/insert', open('process-todo', BINJIANG), manager),
      logRow('2025-03-04T08:20:00', '/api/data/some-records', { projectId: BINJIANG.id }, manager),
      logRow('2025-03-04T14:00:00', '/api/login', { username: 'manager' }, byName(manager)),
      // A failed login counts for nothing.
      logRow('2025-03-04T15:00:00', '/api/login', { username: 'staff' }, byName(staff), -1),
      // 03-06: the staff logs in by phone, opens a message menu in 快速路, refreshes the session.
      logRow('2025-03-06T09:00:00', '/api/login', { phone: 'x' }, { id: null, login: staffMobile.mobile ?? '' }),
      logRow('2025-03-06T09:01:00', '/api/zhgd/RecentlyUsed/insert', open('message-mine', EXPRESSWAY), staff),
      logRow('2025-03-06T09:30:00', '/api/token/refresh', {}, staff),
      // 03-10 late evening, China time (still 03-10): the manager opens 待办 in 快速路.
      logRow('2025-03-10T23:30:00', '/api/zhgd/RecentlyUsed/insert', open('process-todo', EXPRESSWAY), manager),
      // Outside the week: neither counted.
      logRow('2025-03-03T23:59:00', '/api/login', { username: 'manager' }, byName(manager)),
      logRow('2025-03-11T00:00:00', '/api/login', { username: 'manager' }, byName(manager)),
      // Another company's person, in their own project: only the administrator counts them.
      logRow('2025-03-05T10:00:00', '/api/login', { username: outsider.login }, byName(outsider)),
      logRow(
        '2025-03-05T10:01:00',
        '/api/zhgd/RecentlyUsed/insert',
        open('process-todo', { name: '外单位项目' }),
        outsider,
      ),
      logRow('2025-03-05T10:05:00', '/api/data/some-records', { projectId: OTHER_COMPANY_PROJECT }, outsider),
    ])
    .execute();
});

async function overview(caller = who.manager, query: Record<string, string> = WEEK): Promise<Overview> {
  const answer = await caller.call<Overview>('GET', `${OVERVIEW}?${new URLSearchParams(query).toString()}`);
  expect(answer.msgCode, answer.errMsg).toBe(0);
  return answer.data as Overview;
}

const series = (data: Overview, name: string) =>
  Object.fromEntries(data.daily.filter((row) => row.series === name).map((row) => [row.name, row.value]));

describe('数据运营 overview', () => {
  it("counts a company user's week exactly as the log holds it, without another company's people", async () => {
    const data = await overview();
    expect(data.range).toEqual({ from: '2025-03-04', to: '2025-03-10' });
    expect(data.figures).toMatchObject({
      activeUsers: 2,
      logins: 3,
      menuOpens: 4,
      operations: 1,
      activeProjects: 2,
    });
    expect(series(data, '活跃用户')).toEqual({
      '2025-03-04': 1,
      '2025-03-05': 0,
      '2025-03-06': 1,
      '2025-03-07': 0,
      '2025-03-08': 0,
      '2025-03-09': 0,
      '2025-03-10': 1,
    });
    expect(series(data, '登录次数')).toEqual({
      '2025-03-04': 2,
      '2025-03-05': 0,
      '2025-03-06': 1,
      '2025-03-07': 0,
      '2025-03-08': 0,
      '2025-03-09': 0,
      '2025-03-10': 0,
    });
    expect(
      data.menus.map(({ menuId, name, moduleName, opens, users }) => ({ menuId, name, moduleName, opens, users })),
    ).toEqual([
      { menuId: 'process-todo', name: '待办', moduleName: '流程审批', opens: 3, users: 1 },
      { menuId: 'message-mine', name: '我的消息', moduleName: '消息中心', opens: 1, users: 1 },
    ]);
    expect(data.menus[0].lastUsed).toBe('2025-03-10 23:30');
    expect(data.modules).toEqual([
      { name: '流程审批', value: 3 },
      { name: '消息中心', value: 1 },
    ]);
    // By active people first: 快速路 had two, 滨江 one.
    expect(
      data.projects.map(({ rank, projectId, activeUsers, menuOpens, operations }) => ({
        rank,
        projectId,
        activeUsers,
        menuOpens,
        operations,
      })),
    ).toEqual([
      { rank: 1, projectId: EXPRESSWAY.id, activeUsers: 2, menuOpens: 2, operations: 0 },
      { rank: 2, projectId: BINJIANG.id, activeUsers: 1, menuOpens: 2, operations: 1 },
    ]);
  });

  it("the administrator counts everyone's, the other company's person and project too", async () => {
    const data = await overview(who.admin);
    expect(data.figures).toMatchObject({ activeUsers: 3, logins: 4, menuOpens: 5, operations: 2, activeProjects: 3 });
    expect(series(data, '活跃用户')['2025-03-05']).toBe(1);
    expect(data.menus[0]).toMatchObject({ menuId: 'process-todo', opens: 4, users: 2 });
    expect(data.projects.find((row) => row.projectId === OTHER_COMPANY_PROJECT)).toMatchObject({
      activeUsers: 1,
      menuOpens: 1,
      operations: 1,
    });
  });

  it('refuses a range it cannot count, with the field named', async () => {
    const bad = async (query: Record<string, string>) =>
      who.manager.call('GET', `${OVERVIEW}?${new URLSearchParams(query).toString()}`);
    expect(await bad({ days: '0' })).toMatchObject({
      msgCode: -400,
      errMsg: '统计天数须为 1 到 366 之间的整数',
      data: { errors: [{ field: 'days' }] },
    });
    expect(await bad({ days: '400' })).toMatchObject({ msgCode: -400 });
    expect(await bad({ to: '2025-02-30' })).toMatchObject({ msgCode: -400, errMsg: '请选择正确的截止日期' });
    expect(await bad({ to: '2999-01-01' })).toMatchObject({ msgCode: -400, errMsg: '截止日期不能晚于今天' });
    expect(await who.none.call('GET', OVERVIEW)).toMatchObject({ msgCode: -401 });
  });

  it('shows the demo history of the last weeks, written once', async () => {
    const data = await overview(who.admin, { days: '30' });
    expect(data.daily).toHaveLength(60);
    expect(data.figures.activeUsers).toBeGreaterThanOrEqual(3);
    expect(data.figures.logins).toBeGreaterThan(30);
    expect(data.figures.menuOpens).toBeGreaterThan(data.figures.logins);
    expect(data.modules.length).toBeGreaterThan(3);
    expect(data.projects.map((row) => row.projectId)).toEqual(
      expect.arrayContaining([BINJIANG.id, EXPRESSWAY.id, 'project-highway']),
    );
    // The plugin wrote it at start: again, nothing is missing and nothing is written.
    expect(await writeDemoHistory(t.db, t.config.now(), [])).toBe(0);
    const demoRows = await t.db
      .selectFrom('sys_log')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('id', 'like', 'demo-usage-%')
      .executeTakeFirstOrThrow();
    expect(Number(demoRows.n)).toBeGreaterThan(DEMO_DAYS * 3);
  });
});
