/**
 * The cached role menu trees (portal/menu-tree-cache.ts): compressed answers carry exactly the uncompressed
 * bytes, and writes to menus, role grants and user roles show, through this instance at once, through the
 * database (another instance, the seed, an import) as soon as the version is checked.
 */
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Envelope, MenuRecord } from '../../src/shared/envelope.js';
import { type Caller, callerWith, useLogins } from './portal-helpers.js';
import { useTestApp } from './test-app.js';

const t = useTestApp();
const [admin, staff] = useLogins(t, 'admin', 'staff');
const URL = '/api/zhgd/menu/roleMenuList';

type MenuAnswer = Envelope<{ pcMenu: { childList: MenuRecord[] } }>;

function flatten(list: MenuRecord[]): MenuRecord[] {
  return list.flatMap((m) => [m, ...flatten(m.childList)]);
}

async function menus(caller: Caller): Promise<MenuRecord[]> {
  const body = await caller.post<MenuAnswer['data']>(URL, { type: '' });
  expect(body.msgCode).toBe(0);
  return flatten(body.data!.pcMenu.childList);
}

async function menuVersion(): Promise<bigint> {
  const row = await t.db
    .selectFrom('cache_version')
    .select(sql<string>`version::text`.as('version'))
    .where('name', '=', 'menu-tree')
    .executeTakeFirstOrThrow();
  return BigInt(row.version);
}

describe('compressed answers', () => {
  const ask = (encoding?: string) =>
    admin.raw({
      method: 'POST',
      url: URL,
      payload: { type: '' },
      headers: encoding === undefined ? {} : { 'accept-encoding': encoding },
    });

  it('br and gzip carry exactly the bytes of the plain answer', async () => {
    const plain = await ask();
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers['content-type']).toBe('application/json; charset=utf-8');
    expect((JSON.parse(plain.body) as MenuAnswer).msgCode).toBe(0);

    const br = await ask('gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toBe('accept-encoding');
    expect(brotliDecompressSync(br.rawPayload).toString('utf8')).toBe(plain.body);
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);

    const gzip = await ask('gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString('utf8')).toBe(plain.body);
  });

  it('an encoding refused with q=0 is not used', async () => {
    const answer = await ask('br;q=0, gzip;q=0');
    expect(answer.headers['content-encoding']).toBeUndefined();
    expect(answer.body).toBe((await ask()).body);
  });
});

describe('freshness', () => {
  let other: FastifyInstance;
  let otherAdmin: Caller;
  let otherStaff: Caller;

  beforeAll(async () => {
    // Another instance on the same database that checks the version on every request.
    other = await t.sibling({ menuTreeRecheckMs: 0 });
    otherAdmin = callerWith(other, admin.token);
    otherStaff = callerWith(other, staff.token);
  });

  it('a menu renamed through this instance shows on the next request', async () => {
    expect((await menus(admin)).find((m) => m.id === 'work-bench')?.name).toBe('工作台');
    const record = await admin.get<MenuRecord>('/api/system/menu/work-bench');
    expect(record.msgCode).toBe(0);
    const { childList: _children, ...menu } = record.data!;
    const saved = await admin.raw({
      method: 'PUT',
      url: '/api/system/menu/work-bench',
      payload: { ...menu, name: '我的工作台' },
    });
    expect(JSON.parse(saved.body)).toMatchObject({ msgCode: 0 });
    expect((await menus(admin)).find((m) => m.id === 'work-bench')?.name).toBe('我的工作台');
  });

  it('a menu renamed in the database shows in another instance', async () => {
    expect((await menus(otherAdmin)).find((m) => m.id === 'process-todo')?.name).not.toBe('待办（改）');
    await t.db.updateTable('sys_menu').set({ name: '待办（改）' }).where('id', '=', 'process-todo').execute();
    expect((await menus(otherAdmin)).find((m) => m.id === 'process-todo')?.name).toBe('待办（改）');
  });

  it('the administration menu tree follows a rename too, and its filters are cached apart', async () => {
    const tree = async (query: string) => {
      const body = await otherAdmin.get<MenuRecord[]>(`/api/system/menu/0/treeData${query}`);
      expect(body.msgCode).toBe(0);
      return flatten(body.data!);
    };
    expect((await tree('')).find((m) => m.id === 'sys-log')?.name).not.toBe('日志（改）');
    await t.db.updateTable('sys_menu').set({ name: '日志（改）' }).where('id', '=', 'sys-log').execute();
    expect((await tree('')).find((m) => m.id === 'sys-log')?.name).toBe('日志（改）');
    const filtered = await tree(`?menuName=${encodeURIComponent('日志（改）')}`);
    expect(filtered.map((m) => m.id)).toContain('sys-log');
    expect(filtered.length).toBeLessThan((await tree('')).length);
  });

  it('a grant withdrawn in the database is gone from the role tree', async () => {
    const before = await menus(otherStaff);
    expect(before.map((m) => m.id)).toContain('message-mine');
    const roles = await t.db
      .selectFrom('sys_user_role')
      .select('role_id')
      .where('user_id', '=', 'user-staff')
      .execute();
    await t.db
      .deleteFrom('sys_role_menu')
      .where('menu_id', '=', 'message-mine')
      .where(
        'role_id',
        'in',
        roles.map((r) => r.role_id),
      )
      .execute();
    expect((await menus(otherStaff)).map((m) => m.id)).not.toContain('message-mine');
  });

  it('the database raises the version on writes to menus, grants and user roles', async () => {
    const start = await menuVersion();
    await t.db.updateTable('sys_menu').set({ sort: 1 }).where('id', '=', 'never-such-menu').execute();
    const afterMenu = await menuVersion();
    expect(afterMenu).toBeGreaterThan(start);
    await t.db.insertInto('sys_user_role').values({ user_id: 'user-staff', role_id: 'role-company-manager' }).execute();
    const afterUserRole = await menuVersion();
    expect(afterUserRole).toBeGreaterThan(afterMenu);
    await t.db.deleteFrom('sys_role_menu').where('menu_id', '=', 'never-such-menu').execute();
    expect(await menuVersion()).toBeGreaterThan(afterUserRole);
  });
});
