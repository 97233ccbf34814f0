import smCrypto from 'sm-crypto';
import { describe, expect, it } from 'vitest';
import { migrateToLatest } from '../../src/server/db/migrate.js';
import { loadModules } from '../../src/server/modules/module-files.js';
import { runSeed } from '../../src/server/seed/index.js';
import { ensureKeys } from '../../src/server/accounts/keys.js';
import type { BaseConfig, MenuRecord, PublicKeys } from '../../src/shared/envelope.js';
import { DEMO, createTestDatabase, json, loginTokens, useTestApp } from './test-app.js';

const t = useTestApp();

interface MenuData {
  pcMenu: { childList: MenuRecord[] };
}

function flatten(list: MenuRecord[]): MenuRecord[] {
  return list.flatMap((m) => [m, ...flatten(m.childList)]);
}

async function roleMenus(user: keyof typeof DEMO, type: string): Promise<MenuRecord[]> {
  const tokens = await loginTokens(t.app, DEMO[user].username, DEMO[user].password);
  const body = json<MenuData>(
    await t.app.inject({
      method: 'POST',
      url: '/api/zhgd/menu/roleMenuList',
      headers: { 'access-token': tokens.access_token },
      payload: { type, officeId: 'office-company' },
    }),
  );
  expect(body.msgCode).toBe(0);
  return body.data!.pcMenu.childList;
}

describe('public data', () => {
  it('keys: RSA PEM and a 130-hex SM2 key starting 04', async () => {
    const body = json<PublicKeys>(await t.app.inject({ method: 'GET', url: '/api/pub/keys' }));
    expect(body.data!.rsaPublicKey).toMatch(/^-----BEGIN PUBLIC KEY-----\n[\s\S]+-----END PUBLIC KEY-----\n?$/);
    expect(body.data!.sm2PublicKey).toMatch(/^04[0-9a-f]{128}$/);
  });

  it('keys are kept in the database and shared by every app on it', async () => {
    const other = await t.sibling({});
    const a = json<PublicKeys>(await t.app.inject({ method: 'GET', url: '/api/pub/keys' })).data;
    const b = json<PublicKeys>(await other.inject({ method: 'GET', url: '/api/pub/keys' })).data;
    expect(b).toEqual(a);
    // A token issued by one instance is accepted by the other.
    const tokens = await loginTokens(t.app, DEMO.staff.username, DEMO.staff.password);
    const me = await other.inject({
      method: 'GET',
      url: '/api/user/getCurrentUser',
      headers: { 'access-token': tokens.access_token },
    });
    expect(json(me).msgCode).toBe(0);
  });

  it('SM2: the server decrypts what the client encrypts with the 04 prefix (for password changes)', () => {
    const { crypto, keys } = t.app.services;
    const cipher = '04' + smCrypto.sm2.doEncrypt('新密码Abc123', keys.sm2.publicKey, 1);
    expect(crypto.decryptSm2(cipher)).toBe('新密码Abc123');
    expect(crypto.decryptSm2(cipher.slice(2))).toBeUndefined();
    expect(crypto.decryptSm2('04abcdef')).toBeUndefined();
  });

  it('key generation is race-safe: concurrent first starts agree on one set', async () => {
    const fresh = await createTestDatabase();
    try {
      await migrateToLatest(fresh.db);
      const [a, b] = await Promise.all([ensureKeys(fresh.db), ensureKeys(fresh.db)]);
      expect(b.rsa.publicKeyPem).toBe(a.rsa.publicKeyPem);
      expect(b.sm2.publicKey).toBe(a.sm2.publicKey);
      expect(b.tokenSecret.equals(a.tokenSecret)).toBe(true);
    } finally {
      await fresh.drop();
    }
  });

  it('base config: the newest row', async () => {
    const body = json<never, { newest: BaseConfig }>(
      await t.app.inject({ method: 'GET', url: '/api/pub/baseConfig/newest' }),
    );
    expect(body.item!.newest).toMatchObject({ name: '智慧工地管理平台', defaultMenu: '/work-bench', version: '1.0.0' });
    await t.db
      .insertInto('base_config')
      .values({
        id: 'newer',
        name: '新平台',
        title_logo: '',
        project_logo: '',
        version: '2',
        support: '',
        default_menu: '/process/todo',
        created_at: new Date(Date.now() + 1000),
      })
      .execute();
    const newer = json<never, { newest: BaseConfig }>(
      await t.app.inject({ method: 'GET', url: '/api/pub/baseConfig/newest' }),
    );
    expect(newer.item!.newest.name).toBe('新平台');
    await t.db.deleteFrom('base_config').where('id', '=', 'newer').execute();
  });

  it('gateway tiles: 16 application tiles in order, with the special cases', async () => {
    const tiles = json<MenuRecord[]>(await t.app.inject({ method: 'GET', url: '/api/pub/gateway/tiles' })).data!;
    expect(tiles).toHaveLength(16);
    expect(tiles[0]).toMatchObject({ name: '智慧工地管理系统', href: '/work-bench', specialLogo: 'application' });
    expect(tiles.every((tile) => tile.specialLogo === 'application')).toBe(true);
    expect(tiles.map((tile) => tile.sort)).toEqual([...tiles.map((tile) => tile.sort)].sort((a, b) => a - b));
    expect(tiles.some((tile) => tile.remarks === '_blank' && tile.thirdPartyUrl.startsWith('http'))).toBe(true);
    expect(tiles.some((tile) => tile.target === 'ai-library')).toBe(true);
    expect(tiles.some((tile) => tile.href === '' && tile.thirdPartyUrl === '' && tile.target === '')).toBe(true);
  });

  it('nation dictionary: 56 groups, 汉族 first; sex: 男/女', async () => {
    const nation = json<never, { dictionaryList: { label: string; value: string; sort: number }[] }>(
      await t.app.inject({ method: 'GET', url: '/api/system/dictionary/nation/list' }),
    ).item!.dictionaryList;
    expect(nation).toHaveLength(56);
    expect(nation[0]).toEqual({ label: '汉族', value: '01', sort: 1 });
    expect(nation[55]).toMatchObject({ label: '基诺族', value: '56' });
    const sex = json<never, { dictionaryList: { label: string; value: string }[] }>(
      await t.app.inject({ method: 'GET', url: '/api/system/dictionary/sex/list' }),
    ).item!.dictionaryList;
    expect(sex.map((e) => [e.label, e.value])).toEqual([
      ['男', '1'],
      ['女', '2'],
    ]);
    const unknown = json<never, { dictionaryList: unknown[] }>(
      await t.app.inject({ method: 'GET', url: '/api/system/dictionary/nope/list' }),
    );
    expect(unknown.item!.dictionaryList).toEqual([]);
  });
});

describe('role menu list', () => {
  it('needs a login', async () => {
    expect(
      json(await t.app.inject({ method: 'POST', url: '/api/zhgd/menu/roleMenuList', payload: { type: '' } })).msgCode,
    ).toBe(-401);
  });

  it('differs for admin, manager and staff', async () => {
    const admin = flatten(await roleMenus('admin', ''));
    const manager = flatten(await roleMenus('manager', ''));
    const staff = flatten(await roleMenus('staff', ''));
    const ids = (list: MenuRecord[]) => new Set(list.map((m) => m.id));

    expect(ids(admin)).toContain('sys-dict');
    expect(ids(admin)).toContain('sys-user');
    expect(ids(manager)).toContain('sys-user');
    expect(ids(manager)).toContain('sys-role');
    expect(ids(manager)).not.toContain('sys-dict');
    expect(ids(manager)).not.toContain('sys-menu');
    expect(ids(staff)).not.toContain('sys');
    expect(ids(staff)).toContain('process-todo');
    expect(admin.length).toBeGreaterThan(manager.length);
    expect(manager.length).toBeGreaterThan(staff.length);
    // The gateway tiles are never part of the tree.
    expect(admin.some((m) => m.id === 'gateway' || m.parentId === 'gateway')).toBe(false);
  });

  it('is a sorted tree built from parent ids', async () => {
    const tree = await roleMenus('admin', '');
    expect(tree[0].id).toBe('work-bench');
    const sys = tree.find((m) => m.id === 'sys')!;
    expect(sys.childList.map((m) => m.name)).toEqual([
      '区域管理',
      '基础配置',
      '字典管理',
      '机构管理',
      '菜单管理',
      '角色管理',
      '用户管理',
      '日志查询',
      '在线用户',
      '定时任务',
      '服务监控',
      '项目管理',
      'Logo管理',
      '流程设计',
      // Hidden permissions (the flow designer's publish, the search dictionary's upkeep), not screens.
      '流程发布',
      '词库维护',
    ]);
    expect(sys.childList.find((m) => m.id === 'sys-user')!).toMatchObject({
      permission: 'sys:user:view',
      specialLogo: 'navigation',
    });
    const process = tree.find((m) => m.id === 'process')!;
    expect(process.childList.map((m) => m.name).slice(0, 3)).toEqual(['待办', '已办', '抄送']);
    for (const node of flatten(tree)) for (const child of node.childList) expect(child.parentId).toBe(node.id);
  });

  it('serves every project type the modules every site needs', async () => {
    const ids = async (type: string) => new Set(flatten(await roleMenus('staff', type)).map((m) => m.id));
    for (const type of ['1', '2', '3']) {
      const tree = await ids(type);
      for (const id of ['bim', 'weighbridge', 'detachmodel']) expect(tree, `type ${type}`).toContain(id);
    }
    const all = await ids('');
    for (const id of ['bim', 'weighbridge', 'detachmodel']) expect(all).toContain(id);
  });
});

describe('seed', () => {
  it('is idempotent', async () => {
    const tables = [
      'sys_menu',
      'sys_dict',
      'sys_office',
      'sys_user',
      'sys_role',
      'sys_user_role',
      'sys_role_menu',
      'project',
      'base_config',
      'sys_area',
    ] as const;
    const counts = async () => {
      const result: Record<string, number> = {};
      for (const table of tables) {
        const row = await t.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<string>().as('n'))
          .executeTakeFirstOrThrow();
        result[table] = Number(row.n);
      }
      return result;
    };
    const before = await counts();
    // As a start does: with the modules it loaded (a module left out would be one removed, and its menus go).
    const modules = loadModules();
    await runSeed(t.db, { demo: true, modules });
    await runSeed(t.db, { demo: true, modules });
    expect(await counts()).toEqual(before);
    expect(before.sys_user).toBeGreaterThanOrEqual(3);
    expect(before.project).toBe(3);
  });

  it('has three demo users with distinct mobiles and three project types', async () => {
    const users = await t.db
      .selectFrom('sys_user')
      .select(['login_name', 'mobile'])
      .where('id', 'like', 'user-%')
      .orderBy('id')
      .execute();
    const demo = users.filter((u) => ['admin', 'manager', 'staff'].includes(u.login_name));
    expect(new Set(demo.map((u) => u.mobile)).size).toBe(3);
    const types = await t.db.selectFrom('project').select('engineering_type').distinct().execute();
    expect(types).toHaveLength(3);
  });

  it('has an area tree whose districts are the ones the demo projects name', async () => {
    const areas = await t.db.selectFrom('sys_area').select(['id', 'parent_ids', 'code', 'type']).execute();
    expect(areas.find((a) => a.id === 'area-cn')).toMatchObject({ parent_ids: '0,', type: '1' });
    expect(areas.find((a) => a.id === 'area-hz-bj')).toMatchObject({ parent_ids: '0,area-cn,area-zj,area-hz,' });
    const projectAreas = await t.db.selectFrom('project').select('area_code').execute();
    const codes = new Set(areas.map((a) => a.code));
    for (const { area_code } of projectAreas) expect(codes.has(area_code)).toBe(true);
  });
});
