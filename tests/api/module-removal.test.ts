/**
 * A module's folder removed from an install that ran with it: the next start deletes the menus the module brought
 * (with their role grants and common apps), takes its approval processes out of 发起申请 and the designer, and keeps
 * its records and finished approvals; putting the folder back brings menus and processes back.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadModules } from '../../src/server/modules/module-files.js';
import { prepareDatabase } from '../../src/server/prepare.js';
import { ProcessDefinitions } from '../../src/server/workflow/definitions.js';
import { createTestDatabase, type TestDatabase } from './test-app.js';

describe('a module removed from an existing install', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database.drop();
  });

  const safetyMenus = async () =>
    (await database.db.selectFrom('sys_menu').select(['id', 'module']).where('module', '=', 'safety').execute()).map(
      (menu) => menu.id,
    );
  const processIds = async () =>
    (await new ProcessDefinitions(database.db).latestAll()).map((definition) => definition.processId);
  const hazardCount = async () =>
    Number((await sql<{ n: string }>`select count(*) as n from c_safety_hazard`.execute(database.db)).rows[0].n);
  const grantsOf = async (menuId: string) =>
    (await database.db.selectFrom('sys_role_menu').select('role_id').where('menu_id', '=', menuId).execute()).length;

  it('deletes its menus and hides its processes, keeps its records, and brings both back with the folder', async () => {
    const { db } = database;
    const all = loadModules();
    await prepareDatabase(db, { demo: true, modules: all, seed: 'always' });
    const menus = await safetyMenus();
    // Its group, its three screens with their permission items, and its gateway tile.
    expect(menus).toEqual(
      expect.arrayContaining([
        'constructionSafety',
        'constructionSafety-hazard',
        'constructionSafety-hazard-edit',
        'tile-education',
      ]),
    );
    expect(await grantsOf('constructionSafety-hazard')).toBeGreaterThan(0);
    expect(await processIds()).toEqual(
      expect.arrayContaining(['hazard-extension', 'dangerous-works-scheme', 'seal-use']),
    );
    const hazards = await hazardCount();
    expect(hazards).toBeGreaterThan(0);

    await prepareDatabase(db, {
      demo: true,
      modules: all.filter((module) => module.manifest.id !== 'safety'),
      seed: 'always',
    });
    expect(await safetyMenus()).toEqual([]);
    const left = await db.selectFrom('sys_menu').select('id').where('id', 'in', menus).execute();
    expect(left).toEqual([]);
    expect(await grantsOf('constructionSafety-hazard')).toBe(0);
    const processes = await processIds();
    expect(processes).not.toContain('hazard-extension');
    expect(processes).not.toContain('dangerous-works-scheme');
    // The core's processes, and the other modules' menus, stay.
    expect(processes).toContain('seal-use');
    expect(
      (await db.selectFrom('sys_menu').select('id').where('module', '=', 'labour').execute()).length,
    ).toBeGreaterThan(3);
    await expect(new ProcessDefinitions(db).latest('hazard-extension')).rejects.toThrow('流程不存在');
    // Its records stay for the day it comes back.
    expect(await hazardCount()).toBe(hazards);

    await prepareDatabase(db, { demo: true, modules: all, seed: 'always' });
    expect((await safetyMenus()).sort()).toEqual([...menus].sort());
    expect(await grantsOf('constructionSafety-hazard')).toBeGreaterThan(0);
    expect(await processIds()).toEqual(expect.arrayContaining(['hazard-extension', 'dangerous-works-scheme']));
  });
});
