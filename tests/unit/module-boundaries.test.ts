/**
 * A module's server code reaches another module only through that module's `server/public.ts`, the surface it
 * publishes for others (modules/iot/server/public.ts), and the core only through src/server/module-api.ts: the rest
 * of a module, and the core's insides, may change without regard to the others.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { CollectionFile } from '../../src/shared/collections';
import {
  checkRequirements,
  loadModules,
  withModuleMenus,
  type PortalModule,
} from '../../src/server/modules/module-files';
import type { MenuSeedItem } from '../../src/server/seed/seed-files';

const ROOT = path.resolve(import.meta.dirname, '../..');
const MODULES = path.join(ROOT, 'modules');
const IMPORT = /(?:^|\n)\s*(?:import|export)[^'"]*?from\s+['"]([^'"]+)['"]/g;

function serverFiles(dir: string, extensions = /\.ts$/): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return serverFiles(full, extensions);
    return extensions.test(name) ? [full] : [];
  });
}

const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * What a module owns by name, each with the pattern that finds it in a file: its id (as a path segment or a quoted
 * word), its collections and their tables, its message kinds, and the paths of its menus.
 */
function moduleNames(module: PortalModule): { name: string; pattern: RegExp }[] {
  const word = (name: string) => new RegExp(`(?<![A-Za-z0-9_-])${escaped(name)}(?![A-Za-z0-9_])`);
  const paths = (items: readonly MenuSeedItem[]): string[] =>
    items.flatMap((item) => [...(item.href ? [item.href] : []), ...paths(item.children ?? [])]);
  return [
    { name: module.manifest.id, pattern: new RegExp(`['"\`/]${escaped(module.manifest.id)}['"\`/:.-]`) },
    ...module.collections
      .flatMap((file) => [file.id, `c_${file.id.replace(/-/g, '_')}`])
      .map((name) => ({ name, pattern: word(name) })),
    ...(module.manifest.messageKinds ?? []).map((kind) => ({ name: kind.id, pattern: word(kind.id) })),
    ...paths((module.manifest.menus ?? []).flatMap((group) => group.items)).map((href) => ({
      name: href,
      pattern: new RegExp(`${escaped(href)}(?![A-Za-z0-9_/-])`),
    })),
  ];
}

/** Every relative import of a module's server files that leaves the module's folder. */
function importsLeaving(): { file: string; target: string }[] {
  const found: { file: string; target: string }[] = [];
  for (const module of readdirSync(MODULES)) {
    const server = path.join(MODULES, module, 'server');
    if (!statSync(path.join(MODULES, module)).isDirectory()) continue;
    let files: string[];
    try {
      files = serverFiles(server);
    } catch {
      continue; // a module of schema files alone
    }
    for (const file of files) {
      for (const match of readFileSync(file, 'utf8').matchAll(IMPORT)) {
        const specifier = match[1];
        if (!specifier.startsWith('.')) continue;
        const target = path.relative(MODULES, path.resolve(path.dirname(file), specifier));
        const owner = target.split(path.sep)[0];
        if (target.startsWith('..') || owner !== module)
          found.push({ file: path.relative(MODULES, file), target: target.split(path.sep).join('/') });
      }
    }
  }
  return found;
}

/**
 * Every relative import of a module's browser code (panels/, widgets/, renderers/) that leaves the module, as the
 * module would import it from `modules/<module>/`: the real modules, and the sample module of the proof test.
 */
function browserImportsLeaving(): { file: string; target: string }[] {
  const folders = [
    ...readdirSync(MODULES).map((module) => ({ module, dir: path.join(MODULES, module) })),
    { module: 'material', dir: path.join(ROOT, 'tests/fixtures/material-module') },
  ];
  const found: { file: string; target: string }[] = [];
  for (const { module, dir } of folders) {
    for (const folder of ['panels', 'widgets', 'renderers']) {
      const parts = path.join(dir, folder);
      let files: string[];
      try {
        files = serverFiles(parts, /\.tsx?$/);
      } catch {
        continue;
      }
      for (const file of files) {
        // Where the file sits once in modules/<module>/.
        const placed = path.join(MODULES, module, path.relative(dir, file));
        for (const match of readFileSync(file, 'utf8').matchAll(IMPORT)) {
          const specifier = match[1];
          if (!specifier.startsWith('.')) continue;
          const target = path.relative(ROOT, path.resolve(path.dirname(placed), specifier));
          if (!target.startsWith(`modules${path.sep}${module}${path.sep}`))
            found.push({ file: path.relative(ROOT, placed), target: target.split(path.sep).join('/') });
        }
      }
    }
  }
  return found;
}

describe('module boundaries', () => {
  it("a module's browser code imports the core only through src/engine/module-api.ts", () => {
    const imports = browserImportsLeaving();
    // The sample module's panel and widget import the engine: the check has something to check.
    expect(imports.map((entry) => entry.file)).toEqual(
      expect.arrayContaining(['modules/material/panels/tonsBar.tsx', 'modules/material/widgets/tons.tsx']),
    );
    expect(imports.filter((entry) => entry.target !== 'src/engine/module-api')).toEqual([]);
  });

  it("no file of the core (src/, schemas/) names a module: its id, collections, tables, message kinds or menus' paths", () => {
    const modules = loadModules();
    const names = modules.flatMap(moduleNames);
    // The modules own names to look for: the check has something to check.
    expect(names.length).toBeGreaterThan(40);
    const core = [path.join(ROOT, 'src'), path.join(ROOT, 'schemas')]
      .flatMap((dir) => serverFiles(dir, /\.(ts|tsx|json|mjs|js|css)$/))
      // Migrations are the history of the database, written once; they stay as they ran.
      .filter((file) => !file.includes(`${path.sep}migrations${path.sep}`));
    const naming = core.flatMap((file) => {
      // The spec's own 混凝土应用 hand-over (loginSkipPC) is a portal feature that shares a word with the module.
      const text = readFileSync(file, 'utf8').replace(/concrete[-_ ]?app/gi, 'x');
      return names
        .filter(({ pattern }) => pattern.test(text))
        .map(({ name }) => `${path.relative(ROOT, file)}: ${name}`);
    });
    expect(naming).toEqual([]);
  });

  it("a module's server code imports another module only through its server/public.ts", () => {
    const imports = importsLeaving().filter((entry) => !entry.target.startsWith('..'));
    // The weighbridge and the concrete module use the IoT platform: the check has something to check.
    expect(imports.map((entry) => entry.file)).toEqual(
      expect.arrayContaining(['weighbridge/server/pass-route.ts', 'concrete/server/plugin.ts']),
    );
    const outside = imports.filter((entry) => !/^[a-z-]+\/server\/public\.js$/.test(entry.target));
    expect(outside).toEqual([]);
  });

  it("a module's server code imports the core only through src/server/module-api.ts", () => {
    const core = importsLeaving().filter((entry) => entry.target.startsWith('..'));
    // Every module with a plugin imports the core: the check has something to check.
    expect(core.length).toBeGreaterThan(20);
    expect(core.filter((entry) => entry.target !== '../src/server/module-api.js')).toEqual([]);
  });

  it("a module's SQL names only its own tables: another module's records are reached through its public code", () => {
    const modules = loadModules();
    // c_<collection> tables are their collection's module's; a module's own tables start with its id.
    const ownerOf = (table: string): string | undefined =>
      modules.find(
        (module) =>
          module.collections.some((file) => table === `c_${file.id.replace(/-/g, '_')}`) ||
          table.startsWith(`${module.manifest.id.replace(/-/g, '_')}_`),
      )?.manifest.id;
    const TABLE = /\b(?:from|join|into|update|table)\s+([a-z_][a-z0-9_]*)/gi;
    const foreign: string[] = [];
    let named = 0;
    for (const module of modules) {
      let files: string[];
      try {
        files = serverFiles(path.join(module.dir, 'server'));
      } catch {
        continue;
      }
      for (const file of files)
        for (const match of readFileSync(file, 'utf8').matchAll(TABLE)) {
          const owner = ownerOf(match[1]);
          if (owner) named += 1;
          if (owner && owner !== module.manifest.id)
            foreign.push(`${path.relative(MODULES, file)}: ${match[1]} (${owner})`);
        }
    }
    // The modules do name their own tables: the check has something to check.
    expect(named).toBeGreaterThan(10);
    expect(foreign).toEqual([]);
  });

  it('a module imports the public code only of the modules it requires in its module.json', () => {
    const requires = (module: string): string[] =>
      (JSON.parse(readFileSync(path.join(MODULES, module, 'module.json'), 'utf8')) as { requires?: string[] })
        .requires ?? [];
    const undeclared = importsLeaving()
      .filter((entry) => !entry.target.startsWith('..'))
      .filter((entry) => !requires(entry.file.split('/')[0]).includes(entry.target.split('/')[0]));
    expect(undeclared).toEqual([]);
  });
});

describe('menus a module adds', () => {
  const withMenus = (id: string, menus: NonNullable<PortalModule['manifest']['menus']>): PortalModule => ({
    dir: `/modules/${id}`,
    manifest: { kind: 'module', id, title: id, menus },
    collections: [],
    forms: [],
    seeds: [],
    demoMessages: [],
    icons: [],
    processes: [],
    alerts: [],
  });
  const seed: MenuSeedItem[] = [
    {
      id: 'gateway',
      name: '我的应用',
      children: [
        { id: 'tile-a', name: 'A' },
        { id: 'tile-b', name: 'B' },
      ],
    },
    { id: 'area', name: '区域', children: [{ id: 'area-page', name: '占位' }] },
    { id: 'sys', name: '系统管理' },
  ];
  const ids = (items: readonly MenuSeedItem[]): unknown[] =>
    items.map((item) => (item.children ? { [item.id]: ids(item.children) } : item.id));

  it('places top-level menus and tiles after the sibling they name, at the end when it is not there', () => {
    const merged = withModuleMenus(seed, [
      withMenus('one', [
        { parent: 'gateway', after: 'tile-a', items: [{ id: 'tile-one', name: '一' }] },
        { after: 'area', items: [{ id: 'one', name: '一', children: [{ id: 'one-page', name: '页' }] }] },
      ]),
      withMenus('two', [
        {
          after: 'gone',
          items: [
            { id: 'two', name: '二' },
            { id: 'two-more', name: '二续' },
          ],
        },
      ]),
    ]);
    expect(ids(merged)).toEqual([
      { gateway: ['tile-a', 'tile-one', 'tile-b'] },
      { area: ['area-page'] },
      { one: ['one-page'] },
      'sys',
      'two',
      'two-more',
    ]);
  });

  it("replaces a placeholder of the same id where it stands, and adds under another module's menu", () => {
    const merged = withModuleMenus(seed, [
      withMenus('one', [{ parent: 'area', items: [{ id: 'area-page', name: '真页' }] }]),
      withMenus('two', [{ after: 'sys', items: [{ id: 'two', name: '二' }] }]),
      withMenus('three', [{ parent: 'two', items: [{ id: 'three-page', name: '三' }] }]),
    ]);
    expect(merged[1].children).toEqual([{ id: 'area-page', name: '真页', module: 'one' }]);
    expect(ids(merged).slice(2)).toEqual(['sys', { two: ['three-page'] }]);
  });

  it('stops the start on a parent no menu has', () => {
    expect(() => withModuleMenus(seed, [withMenus('one', [{ parent: 'nowhere', items: [] }])])).toThrow(
      'a module adds menus under "nowhere"',
    );
  });
});

describe('required modules', () => {
  const module = (id: string, requires: string[], references: Record<string, string> = {}): PortalModule => ({
    dir: `/modules/${id}`,
    manifest: { kind: 'module', id, title: id, requires },
    collections: [
      {
        id: `${id}-record`,
        title: id,
        schema: { type: 'object', properties: {} },
        references: Object.fromEntries(
          Object.entries(references).map(([field, collection]) => [field, { collection, labelField: 'name' }]),
        ),
      } as unknown as CollectionFile,
    ],
    forms: [],
    seeds: [],
    demoMessages: [],
    icons: [],
    processes: [],
    alerts: [],
  });

  it('stops the start when a required module is missing, naming both', () => {
    expect(() => checkRequirements([module('safety', ['labour'])])).toThrow(
      '模块 safety 需要模块 labour，但 modules/labour 不存在',
    );
    expect(() => checkRequirements([module('safety', ['labour']), module('labour', [])])).not.toThrow();
  });

  it("refuses a reference to another module's collection that the module does not require", () => {
    expect(() =>
      checkRequirements([module('safety', [], { workerId: 'labour-record' }), module('labour', [])]),
    ).toThrow('请在 modules/safety/module.json 的 requires 中声明 "labour"');
  });

  it('the six modules declare what they need', () => {
    expect(() => checkRequirements(loadModules())).not.toThrow();
  });
});
