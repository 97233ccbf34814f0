/**
 * The permission matrix: every administration endpoint called as admin, company manager, site staff and without a
 * token. 'ok' = let through the permission gate (any answer but -401 / -403; reads answer 0), 403 = 无权访问,
 * 401 = 请先登录. Writes aim at ids that do not exist, so the matrix changes nothing.
 */
import { describe, expect, it } from 'vitest';
import { MsgCode } from '../../src/shared/envelope.js';
import { useCallers, type Method, type Who } from './admin-helpers.js';
import { useTestApp } from './test-app.js';

type Expect = 'ok' | 403 | 401;
type Row = [method: Method, url: string, admin: Expect, manager: Expect, staff: Expect, none: Expect];

const X = 'no-such-id';
const ALL: [Expect, Expect, Expect, Expect] = ['ok', 'ok', 'ok', 'ok'];
const LOGGED_IN: [Expect, Expect, Expect, Expect] = ['ok', 'ok', 'ok', 401];
const ADMIN_ONLY: [Expect, Expect, Expect, Expect] = ['ok', 403, 403, 401];
const ADMIN_AND_MANAGER: [Expect, Expect, Expect, Expect] = ['ok', 'ok', 403, 401];

const matrix: Row[] = [
  // Offices: the tree is readable with sys:user:view too (the user form's office select).
  ['GET', '/api/system/office/0/treeData', ...ADMIN_AND_MANAGER],
  ['GET', '/api/system/office/v1.0/0/treeData', ...ADMIN_AND_MANAGER],
  ['POST', '/api/system/office/v1.2/treeData', ...ADMIN_AND_MANAGER],
  ['GET', '/api/system/office/office-east', ...ADMIN_AND_MANAGER],
  ['POST', '/api/system/office', ...ADMIN_ONLY],
  ['PUT', `/api/system/office/${X}`, ...ADMIN_ONLY],
  ['DELETE', `/api/system/office/${X}`, ...ADMIN_ONLY],
  // Users.
  ['GET', '/api/user/list', ...ADMIN_AND_MANAGER],
  ['GET', '/api/user/user-staff', ...ADMIN_AND_MANAGER],
  ['POST', '/api/user', ...ADMIN_AND_MANAGER],
  ['PUT', `/api/user/${X}`, ...ADMIN_AND_MANAGER],
  ['DELETE', `/api/user/${X}`, ...ADMIN_AND_MANAGER],
  ['GET', '/api/user/role-site-staff/roles/userData?pageNo=1&pageSize=9999', ...ADMIN_AND_MANAGER],
  ['GET', '/api/user/v1.0/importTemplate', ...ADMIN_AND_MANAGER],
  ['POST', '/api/user/v1.0/importUserInfo', ...ADMIN_AND_MANAGER],
  ['GET', '/api/user/current/menus/treeData?isShowHide=1', ...LOGGED_IN],
  ['GET', '/api/system/role/grantableMenus/treeData', ...ADMIN_AND_MANAGER],
  ['GET', '/api/user/current/roles', ...LOGGED_IN],
  ['GET', '/api/user/current/permissions', ...LOGGED_IN],
  // Areas: readable with sys:office:view too (the office form's area select).
  ['GET', '/api/system/area/0/treeData', ...ADMIN_ONLY],
  ['GET', `/api/system/area/${X}`, ...ADMIN_ONLY],
  ['POST', '/api/system/area', ...ADMIN_ONLY],
  ['PUT', `/api/system/area/${X}`, ...ADMIN_ONLY],
  ['DELETE', `/api/system/area/${X}`, ...ADMIN_ONLY],
  // Logs.
  ['GET', '/api/system/test/systemLog/list?pageNo=1&pageSize=10', ...ADMIN_ONLY],
  // Online users: listing and 强退 (an id that is no session answers -404 after the gate).
  ['GET', '/api/system/online/list?pageNo=1&pageSize=10', ...ADMIN_ONLY],
  ['DELETE', `/api/system/online/${X}`, ...ADMIN_ONLY],
  // Scheduled jobs and the job log: actions on a schedule or job that does not exist answer -404 after the gate.
  ['GET', '/api/system/job/schedules', ...ADMIN_ONLY],
  ['POST', `/api/system/job/schedules/${X}/run`, ...ADMIN_ONLY],
  ['POST', `/api/system/job/schedules/${X}/pause`, ...ADMIN_ONLY],
  ['POST', `/api/system/job/schedules/${X}/resume`, ...ADMIN_ONLY],
  ['GET', '/api/system/job/queues', ...ADMIN_ONLY],
  ['GET', '/api/system/job/log/list?pageNo=1&pageSize=10', ...ADMIN_ONLY],
  ['POST', `/api/system/job/log/${X}/retry`, ...ADMIN_ONLY],
  ['POST', `/api/system/job/log/${X}/cancel`, ...ADMIN_ONLY],
  // Server monitoring.
  ['GET', '/api/system/server/instances', ...ADMIN_ONLY],
  ['GET', '/api/system/server/database', ...ADMIN_ONLY],
  // Excel export: the page's permission.
  ['GET', '/api/system/export/user', ...ADMIN_AND_MANAGER],
  ['GET', '/api/system/export/log', ...ADMIN_ONLY],
  ['GET', '/api/system/export/menu', ...ADMIN_ONLY],
  // Menus.
  ['GET', '/api/system/menu/0/treeData?isShowHide=1', ...ADMIN_ONLY],
  ['GET', '/api/system/menu/sys-user', ...ADMIN_ONLY],
  ['GET', '/api/system/menu/iconChange', ...ADMIN_ONLY],
  ['POST', '/api/system/menu', ...ADMIN_ONLY],
  ['PUT', `/api/system/menu/${X}`, ...ADMIN_ONLY],
  ['DELETE', `/api/system/menu/${X}`, ...ADMIN_ONLY],
  // Dictionaries: the by-type list stays public (registration needs it).
  ['GET', '/api/system/dictionary/list?type=sex', ...ADMIN_ONLY],
  ['GET', '/api/system/dictionary/sex/list', ...ALL],
  ['GET', '/api/system/dictionary/dict-sex-1', ...ADMIN_ONLY],
  ['POST', '/api/system/dictionary', ...ADMIN_ONLY],
  ['PUT', `/api/system/dictionary/${X}`, ...ADMIN_ONLY],
  ['DELETE', `/api/system/dictionary/${X}`, ...ADMIN_ONLY],
  // Roles.
  ['GET', '/api/system/role/open/list', ...ADMIN_AND_MANAGER],
  ['GET', '/api/system/role/role-site-staff', ...ADMIN_AND_MANAGER],
  ['POST', '/api/system/role', ...ADMIN_AND_MANAGER],
  ['PUT', `/api/system/role/${X}`, ...ADMIN_AND_MANAGER],
  ['DELETE', `/api/system/role/${X}`, ...ADMIN_AND_MANAGER],
  ['POST', `/api/system/role/${X}/assign`, ...ADMIN_AND_MANAGER],
  // Logos: the newest logo is public (header and login page).
  ['POST', '/api/system/logo/v1.0/create', ...ADMIN_ONLY],
  ['POST', `/api/system/logo/v1.0/edit/${X}`, ...ADMIN_ONLY],
  ['GET', '/api/system/logo/v1.0/list', ...ADMIN_ONLY],
  ['GET', `/api/system/logo/v1.0/delete/${X}`, ...ADMIN_ONLY],
  ['GET', '/api/system/logo/getNewest', ...ALL],
  // Projects.
  ['GET', '/api/system/project/list', ...ADMIN_ONLY],
  ['GET', '/api/system/project/project-binjiang', ...ADMIN_ONLY],
  ['POST', '/api/system/project', ...ADMIN_ONLY],
  ['PUT', `/api/system/project/${X}`, ...ADMIN_ONLY],
  ['DELETE', `/api/system/project/${X}`, ...ADMIN_ONLY],
  // Base config: the newest is public (GET /api/pub/baseConfig/newest).
  ['GET', '/api/system/baseConfig/list?pageNo=1&pageSize=10', ...ADMIN_ONLY],
  ['GET', '/api/system/baseConfig/base-config-demo', ...ADMIN_ONLY],
  ['POST', '/api/system/baseConfig', ...ADMIN_ONLY],
  ['PUT', `/api/system/baseConfig/${X}`, ...ADMIN_ONLY],
  ['DELETE', `/api/system/baseConfig/${X}`, ...ADMIN_ONLY],
];

const t = useTestApp();
const as = useCallers(t);

const WHO: Who[] = ['admin', 'manager', 'staff', 'none'];

describe('permission matrix', () => {
  const cells = matrix.flatMap(([method, url, ...expected]) =>
    WHO.map((who, i) => ({ method, url, who, expected: expected[i] as Expect })),
  );
  it.each(cells)('$method $url as $who -> $expected', async ({ method, url, who, expected }) => {
    const body = await as[who].call(method, url, method === 'GET' || method === 'DELETE' ? undefined : {});
    if (expected === 401) {
      expect(body.msgCode).toBe(MsgCode.notLoggedIn);
    } else if (expected === 403) {
      expect(body).toMatchObject({ msgCode: MsgCode.forbidden, errMsg: '无权访问' });
    } else {
      expect([MsgCode.notLoggedIn, MsgCode.forbidden]).not.toContain(body.msgCode);
      // Reads of existing records and lists succeed outright.
      if (method === 'GET' && !url.includes(X) && !url.includes('importTemplate')) expect(body.msgCode).toBe(0);
    }
  });

  it('covers every administration route the server registers (from the OpenAPI description)', () => {
    const spec = t.app.swagger() as { paths: Record<string, Record<string, unknown>> };
    // Routes of earlier issues under the same prefixes, with tests of their own.
    const others = [
      '/api/user/getCurrentUser',
      '/api/user/v1.0/validateChangePassword',
      '/api/system/sendCode/',
      '/api/system/dictionary/{type}/list',
    ];
    const missing: string[] = [];
    for (const [path, methods] of Object.entries(spec.paths)) {
      if (!/^\/api\/(system|user)(\/|$)/.test(path) || others.some((o) => path.startsWith(o))) continue;
      const pattern = new RegExp(`^${path.replace(/\{[^}]+\}/g, '[^/]+').replace(/\./g, '\\.')}/?$`);
      for (const method of Object.keys(methods).map((m) => m.toUpperCase())) {
        const hit = matrix.some(([m, url]) => m === method && pattern.test(url.split('?')[0]));
        if (!hit) missing.push(`${method} ${path}`);
      }
    }
    expect(missing).toEqual([]);
  });

  it('a company manager cannot reach users of another scope: the administrator is hidden (-404)', async () => {
    for (const [method, payload] of [
      ['GET', undefined],
      ['DELETE', undefined],
    ] as const) {
      const body = await as.manager.call(method, '/api/user/user-admin', payload);
      expect(body).toMatchObject({ msgCode: MsgCode.notFound, errMsg: '用户不存在' });
    }
    const list = await as.manager.call<{ dataList: { loginName: string }[] }>('GET', '/api/user/list?pageSize=100');
    expect(list.data!.dataList.map((u) => u.loginName)).not.toContain('admin');
    expect(list.data!.dataList.map((u) => u.loginName)).toEqual(expect.arrayContaining(['manager', 'staff']));
  });

  it('exposes the caller permission strings', async () => {
    const admin = await as.admin.call<{ permissions: string[]; dataScope: { all: boolean } }>(
      'GET',
      '/api/user/current/roles',
    );
    expect(admin.data!.permissions).toEqual(
      expect.arrayContaining([
        'sys:user:edit',
        'sys:role:edit',
        'sys:office:edit',
        'sys:area:edit',
        'sys:menu:edit',
        'sys:dict:edit',
        'sys:log:view',
        'sys:logo:edit',
        'sys:project:edit',
        'sys:config:edit',
      ]),
    );
    expect(admin.data!.dataScope).toEqual({ all: true });
    const manager = await as.manager.call<string[]>('GET', '/api/user/current/permissions');
    expect(manager.data).toEqual(
      expect.arrayContaining(['sys:user:view', 'sys:user:edit', 'sys:user:import', 'sys:role:edit', 'sys:role:assign']),
    );
    expect(manager.data).not.toContain('sys:office:edit');
    expect(manager.data).not.toContain('sys:config:edit');
    const staff = await as.staff.call<string[]>('GET', '/api/user/current/permissions');
    expect(staff.data!.filter((p) => p.startsWith('sys:'))).toEqual([]);
  });
});
