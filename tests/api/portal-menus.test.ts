/**
 * Menus of the logged-in portal: role menu trees per demo role and project type, common applications
 * (MyCommonMenu) and recently used menus (RecentlyUsed).
 */
import { describe, expect, it } from 'vitest';
import type { MenuRecord } from '../../src/shared/envelope.js';
import { type Caller, PROJECTS, useLogins } from './portal-helpers.js';
import { json, useTestApp } from './test-app.js';

const t = useTestApp();
const [admin, manager, staff] = useLogins(t, 'admin', 'manager', 'staff');

function flatten(list: MenuRecord[]): MenuRecord[] {
  return list.flatMap((m) => [m, ...flatten(m.childList)]);
}

async function menuIds(caller: Caller, type: string): Promise<Set<string>> {
  const body = await caller.post<{ pcMenu: { childList: MenuRecord[] } }>('/api/zhgd/menu/roleMenuList', {
    type,
    officeId: 'office-company',
  });
  expect(body.msgCode).toBe(0);
  return new Set(flatten(body.data!.pcMenu.childList).map((m) => m.id));
}

const SYSTEM_SETTINGS = [
  'sys-area',
  'sys-base-config',
  'sys-dict',
  'sys-office',
  'sys-menu',
  'sys-log',
  'sys-online',
  'sys-job',
  'sys-server',
  'sys-project',
  'sys-logo',
  'sys-process',
];

describe('role menu trees per demo role', () => {
  it('admin: everything, administration included', async () => {
    const ids = await menuIds(admin, '');
    for (const id of ['work-bench', 'process-todo', 'sys', 'sys-user', 'sys-role', ...SYSTEM_SETTINGS])
      expect(ids).toContain(id);
    expect(ids).toContain('sys-user-import');
  });

  it('manager: user and role administration, no system settings', async () => {
    const ids = await menuIds(manager, '');
    for (const id of ['work-bench', 'process-todo', 'sys', 'sys-user', 'sys-role', 'sys-role-assign'])
      expect(ids).toContain(id);
    for (const id of SYSTEM_SETTINGS) expect(ids).not.toContain(id);
  });

  it('staff: no administration at all', async () => {
    const ids = await menuIds(staff, '');
    expect([...ids].filter((id) => id === 'sys' || id.startsWith('sys-'))).toEqual([]);
    for (const id of ['work-bench', 'process-todo', 'message-mine', 'ldhw-workers']) expect(ids).toContain(id);
  });

  it('the three trees differ; every kind of site has the modules every site needs', async () => {
    const [a, m, s] = await Promise.all([menuIds(admin, '1'), menuIds(manager, '1'), menuIds(staff, '1')]);
    expect(a.size).toBeGreaterThan(m.size);
    expect(m.size).toBeGreaterThan(s.size);
    // Every site weighs concrete, steel and spoil, monitors its dust, may drive piles and model in BIM.
    for (const type of ['1', '2', '3']) {
      const ids = await menuIds(manager, type);
      for (const id of ['weighbridge', 'weighbridge-home', 'iotDevices-environment', 'slother', 'bim', 'detachmodel'])
        expect(ids, `type ${type}`).toContain(id);
    }
  });

  it('a menu kept for some project types leaves the others, and the screen is told why', async () => {
    await t.db
      .updateTable('sys_menu')
      .set({ project_types: ['1', '2'] })
      .where('id', '=', 'jw-elevator')
      .execute();
    try {
      const status = (projectName: string, href = '/jw/elevator') =>
        manager.get<{ state: string; menuName: string; projectTypes: string[] }>('/api/zhgd/menu/routeStatus', {
          href,
          projectName,
        });
      expect((await status(PROJECTS.highway.name)).data).toEqual({
        state: 'projectType',
        menuName: '升降机监测',
        projectTypes: ['1', '2'],
      });
      expect((await status(PROJECTS.binjiang.name)).data).toMatchObject({
        state: 'notGranted',
        menuName: '升降机监测',
      });
      // A record's page under the menu's path is the menu's.
      expect((await status(PROJECTS.highway.name, '/jw/elevator/some-id')).data).toMatchObject({
        state: 'projectType',
      });
      expect((await status(PROJECTS.highway.name, '/videoSearch/nothing-here')).data).toMatchObject({
        state: 'unknown',
      });
    } finally {
      await t.db.updateTable('sys_menu').set({ project_types: null }).where('id', '=', 'jw-elevator').execute();
    }
  });
});

describe('MyCommonMenu', () => {
  const project = PROJECTS.binjiang.name;

  it('needs a login', async () => {
    const calls = [
      { method: 'GET' as const, url: '/api/zhgd/MyCommonMenu/getMenu' },
      { method: 'POST' as const, url: '/api/zhgd/MyCommonMenu/getAll', payload: {} },
      { method: 'POST' as const, url: '/api/zhgd/MyCommonMenu/insert', payload: { menuId: 'process-todo' } },
      { method: 'GET' as const, url: '/api/zhgd/MyCommonMenu/delete/process-todo' },
      { method: 'POST' as const, url: '/api/zhgd/RecentlyUsed/insert', payload: { menuId: 'process-todo' } },
      { method: 'POST' as const, url: '/api/zhgd/RecentlyUsed/getAll', payload: {} },
    ];
    for (const call of calls) expect(json(await t.app.inject(call)).msgCode, call.url).toBe(-401);
  });

  it('getAll: the seeded pair of the admin, in order, flagged', async () => {
    const body = await admin.post<MenuRecord[]>('/api/zhgd/MyCommonMenu/getAll', {
      projectName: project,
      officeId: 'x',
    });
    expect(body.msgCode).toBe(0);
    expect(body.data!.map((m) => [m.id, m.flag])).toEqual([
      ['process-todo', '1'],
      ['ldhw-workers', '1'],
    ]);
    expect(body.data![0]).toMatchObject({ name: '待办', href: '/process/todo', childList: [] });
    // Common apps are per project.
    const other = await admin.post<MenuRecord[]>('/api/zhgd/MyCommonMenu/getAll', {
      projectName: PROJECTS.highway.name,
    });
    expect(other.data).toEqual([]);
  });

  it('getMenu: searches the applications by name with the common flag', async () => {
    const all = await admin.get<MenuRecord[]>('/api/zhgd/MyCommonMenu/getMenu', { projectName: project });
    expect(all.msgCode).toBe(0);
    expect(all.data!.every((m) => m.href !== '' || m.thirdPartyUrl !== '')).toBe(true);
    expect(all.data!.every((m) => m.specialLogo !== 'permission' && m.childList.length === 0)).toBe(true);
    const found = await admin.get<MenuRecord[]>('/api/zhgd/MyCommonMenu/getMenu', {
      projectName: project,
      menuName: '待办',
      officeId: 'office-company',
    });
    expect(found.data!.map((m) => [m.id, m.flag])).toEqual([['process-todo', '1']]);
    const plain = await admin.get<MenuRecord[]>('/api/zhgd/MyCommonMenu/getMenu', {
      projectName: project,
      menuName: '甘特',
    });
    expect(plain.data!.map((m) => [m.id, m.flag])).toEqual([['lag-gantt', '0']]);
    const none = await admin.get<MenuRecord[]>('/api/zhgd/MyCommonMenu/getMenu', {
      projectName: project,
      menuName: '不存在的功能',
    });
    expect(none.data).toEqual([]);
  });

  it('getMenu follows roles and project type', async () => {
    const staffSys = await staff.get<MenuRecord[]>('/api/zhgd/MyCommonMenu/getMenu', {
      projectName: project,
      menuName: '管理',
    });
    expect(staffSys.data!.some((m) => m.id.startsWith('sys-'))).toBe(false);
    const adminSys = await admin.get<MenuRecord[]>('/api/zhgd/MyCommonMenu/getMenu', {
      projectName: project,
      menuName: '管理',
    });
    expect(adminSys.data!.some((m) => m.id === 'sys-user')).toBe(true);
    const building = await admin.get<MenuRecord[]>('/api/zhgd/MyCommonMenu/getMenu', {
      projectName: project,
      menuName: '地磅',
    });
    expect(building.data!.map((m) => m.id)).toEqual(['weighbridge-home']);
    const highway = await admin.get<MenuRecord[]>('/api/zhgd/MyCommonMenu/getMenu', {
      projectName: PROJECTS.highway.name,
      menuName: '地磅',
    });
    expect(highway.data!.map((m) => m.id)).toEqual(['weighbridge-home']);
  });

  it('insert: adds once (a duplicate is a no-op success), delete removes only your own', async () => {
    const add = await staff.post('/api/zhgd/MyCommonMenu/insert', { projectName: project, menuId: 'lag-gantt' });
    expect(add).toEqual({ msgCode: 0, errMsg: '功能添加成功' });
    const again = await staff.post('/api/zhgd/MyCommonMenu/insert', { projectName: project, menuId: 'lag-gantt' });
    expect(again).toEqual({ msgCode: 0, errMsg: '功能添加成功' });
    await staff.post('/api/zhgd/MyCommonMenu/insert', { projectName: project, menuId: 'message-mine' });
    const list = await staff.post<MenuRecord[]>('/api/zhgd/MyCommonMenu/getAll', { projectName: project });
    expect(list.data!.map((m) => m.id)).toEqual(['lag-gantt', 'message-mine']);

    // The manager removing the same menu id touches only the manager's own list.
    expect(await manager.get('/api/zhgd/MyCommonMenu/delete/lag-gantt', { projectName: project })).toEqual({
      msgCode: 0,
      errMsg: '功能取消成功',
    });
    const still = await staff.post<MenuRecord[]>('/api/zhgd/MyCommonMenu/getAll', { projectName: project });
    expect(still.data!.map((m) => m.id)).toEqual(['lag-gantt', 'message-mine']);

    expect((await staff.get('/api/zhgd/MyCommonMenu/delete/lag-gantt', { projectName: project })).errMsg).toBe(
      '功能取消成功',
    );
    const after = await staff.post<MenuRecord[]>('/api/zhgd/MyCommonMenu/getAll', { projectName: project });
    expect(after.data!.map((m) => m.id)).toEqual(['message-mine']);
    // Without projectName: gone from every project.
    await staff.get('/api/zhgd/MyCommonMenu/delete/message-mine');
    expect((await staff.post<MenuRecord[]>('/api/zhgd/MyCommonMenu/getAll', { projectName: project })).data).toEqual(
      [],
    );
  });

  it('insert: -403 for a menu the roles do not grant or the project type hides, -404-free for unknown ids', async () => {
    expect(await staff.post('/api/zhgd/MyCommonMenu/insert', { projectName: project, menuId: 'sys-user' })).toEqual({
      msgCode: -403,
      errMsg: '无权添加该功能',
    });
    await t.db
      .updateTable('sys_menu')
      .set({ project_types: ['3'] })
      .where('id', '=', 'weighbridge')
      .execute();
    try {
      const hidden = await admin.post('/api/zhgd/MyCommonMenu/insert', {
        projectName: project,
        menuId: 'weighbridge-home',
      });
      expect(hidden.msgCode).toBe(-403);
    } finally {
      await t.db.updateTable('sys_menu').set({ project_types: null }).where('id', '=', 'weighbridge').execute();
    }
    const unknown = await admin.post('/api/zhgd/MyCommonMenu/insert', { projectName: project, menuId: 'no-such-menu' });
    expect(unknown.msgCode).toBe(-403);
    // A menu group (no href) is not an application.
    expect(
      (await admin.post('/api/zhgd/MyCommonMenu/insert', { projectName: project, menuId: 'process' })).msgCode,
    ).toBe(-403);
  });

  it('validates with Chinese messages', async () => {
    expect(await admin.post('/api/zhgd/MyCommonMenu/insert', { projectName: project })).toMatchObject({
      msgCode: -400,
      errMsg: '请选择功能',
    });
    expect(await admin.post('/api/zhgd/MyCommonMenu/insert', {})).toMatchObject({
      msgCode: -400,
      errMsg: '请选择功能',
    });
    const long = await admin.get('/api/zhgd/MyCommonMenu/getMenu', { menuName: 'x'.repeat(51) });
    expect(long).toMatchObject({ msgCode: -400, errMsg: '应用名称不能超过50个字符' });
    const badProject = await admin.post('/api/zhgd/MyCommonMenu/getAll', { projectName: 'x'.repeat(101) });
    expect(badProject).toMatchObject({ msgCode: -400, errMsg: '项目名称不能超过100个字符' });
  });

  it('an unknown project name is -403 (names of hidden projects cannot be probed)', async () => {
    expect(await admin.post('/api/zhgd/MyCommonMenu/getAll', { projectName: '没有这个项目' })).toEqual({
      msgCode: -403,
      errMsg: '项目不存在或无权访问',
    });
  });
});

describe('RecentlyUsed', () => {
  const project = PROJECTS.expressway.name;

  it('records uses newest first, moves a reopened menu to the front, caps at 10', async () => {
    const clockStart = Date.now();
    const opened = ['process-todo', 'message-mine', 'lag-plan', 'process-todo'];
    for (const menuId of opened) {
      expect(await manager.post('/api/zhgd/RecentlyUsed/insert', { menuId, projectName: project })).toMatchObject({
        msgCode: 0,
      });
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    const list = await manager.post<(MenuRecord & { usedAt: string })[]>('/api/zhgd/RecentlyUsed/getAll', {
      projectName: project,
    });
    expect(list.msgCode).toBe(0);
    expect(list.data!.map((m) => m.id)).toEqual(['process-todo', 'lag-plan', 'message-mine']);
    expect(Date.parse(list.data![0].usedAt)).toBeGreaterThanOrEqual(clockStart - 1000);
    expect(list.data![0]).toMatchObject({ name: '待办', href: '/process/todo' });

    const many = [
      'ldhw-workers',
      'ldhw-attendance',
      'lag-gantt',
      'jw-tower-crane',
      'jw-elevator',
      'ldf-task',
      'ldf-fill-data',
      'process-finished',
      'process-copy',
      'message-notice',
    ];
    for (const menuId of many) {
      await manager.post('/api/zhgd/RecentlyUsed/insert', { id: menuId, projectName: project });
      await new Promise((resolve) => setTimeout(resolve, 2));
    }
    const capped = await manager.post<MenuRecord[]>('/api/zhgd/RecentlyUsed/getAll', { projectName: project });
    expect(capped.data).toHaveLength(10);
    expect(capped.data![0].id).toBe('message-notice');
    // Other users and other projects have their own lists.
    expect(
      (await staff.post<MenuRecord[]>('/api/zhgd/RecentlyUsed/getAll', { projectName: PROJECTS.binjiang.name })).data,
    ).toEqual([]);
    expect((await manager.post<MenuRecord[]>('/api/zhgd/RecentlyUsed/getAll', {})).data).toEqual([]);
  });

  it('refuses menus not granted, and needs a menu id', async () => {
    expect((await staff.post('/api/zhgd/RecentlyUsed/insert', { menuId: 'sys-dict' })).msgCode).toBe(-403);
    expect(await staff.post('/api/zhgd/RecentlyUsed/insert', { projectName: PROJECTS.binjiang.name })).toMatchObject({
      msgCode: -400,
      errMsg: '请选择功能',
    });
  });
});
