/**
 * A module's own server code (modules/<id>/server/plugin.ts): found with the module's folder, registered after
 * the collections with its module as option, and taken from the build when the server runs built.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadModules } from '../../src/server/modules/module-files.js';
import { moduleServerFile } from '../../src/server/modules/module-plugins.js';
import { useTestApp } from './test-app.js';

const modulesDir = mkdtempSync(path.join(tmpdir(), 'portal-modules-'));
afterAll(() => rmSync(modulesDir, { recursive: true, force: true }));

function writeModule(id: string, plugin?: string, migrations?: string): void {
  const dir = path.join(modulesDir, id);
  mkdirSync(path.join(dir, 'server'), { recursive: true });
  writeFileSync(path.join(dir, 'module.json'), JSON.stringify({ kind: 'module', id, title: `模块${id}` }));
  if (plugin) writeFileSync(path.join(dir, 'server', 'plugin.ts'), plugin);
  if (migrations) writeFileSync(path.join(dir, 'server', 'migrations.ts'), migrations);
}

// No imports: the plugin sees the app (with every collection registered) and its own module.
writeModule(
  'notes',
  `export default async function notes(app, { module }) {
    app.get('/api/notes/about', async () => ({ module: module.manifest.id, collections: [...app.collections.keys()] }));
  }`,
  // Its own table, with a migration name that the portal's own migrations also use: histories are separate.
  `export const migrations = {
    '0001-foundation': {
      async up(db) {
        await db.schema.createTable('notes_entry').addColumn('id', 'text', (c) => c.primaryKey()).execute();
      },
    },
  };`,
);
writeModule('plain');

const modules = loadModules(modulesDir);
const t = useTestApp({}, { modules });

describe('module plugins', () => {
  it('finds a plugin only where the module has server/plugin.ts', () => {
    expect(modules.map((module) => [module.manifest.id, Boolean(module.pluginSource)])).toEqual([
      ['notes', true],
      ['plain', false],
    ]);
  });

  it('registers the plugin with its module, after the collections', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/notes/about' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ module: 'notes', collections: [] });
  });

  it("migrates the module's own tables in its own history", async () => {
    await t.db
      .insertInto('notes_entry' as never)
      .values({ id: 'n1' } as never)
      .execute();
    const history = await t.db
      .selectFrom('module_migration_notes' as never)
      .select('name' as never)
      .execute();
    expect(history).toEqual([{ name: '0001-foundation' }]);
  });

  it('takes the built JavaScript when the server runs built, and says so when it is missing', () => {
    const notes = modules.find((module) => module.manifest.id === 'notes')!;
    const serverDir = mkdtempSync(path.join(tmpdir(), 'dist-server-'));
    try {
      expect(() => moduleServerFile(notes, 'plugin', serverDir)).toThrow(/模块 notes 的服务端代码未构建/);
      const built = path.join(serverDir, 'modules', 'notes', 'plugin.js');
      mkdirSync(path.dirname(built), { recursive: true });
      writeFileSync(built, 'export default async () => {};');
      expect(moduleServerFile(notes, 'plugin', serverDir)).toBe(built);
      expect(moduleServerFile(notes, 'plugin', undefined)).toBe(notes.pluginSource);
      expect(moduleServerFile(notes, 'migrations', undefined)).toBe(notes.migrationsSource);
    } finally {
      rmSync(serverDir, { recursive: true, force: true });
    }
  });
});
