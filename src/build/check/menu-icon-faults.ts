/**
 * schemas:check's part for menu icons: each icon file a module brings (`modules/<m>/icons/<name>.svg`) is a plain
 * picture with a name of its own, and every icon a menu record names (schemas/seed/menus.json and the modules'
 * module.json `menus`) is the core's or a module's.
 */
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { MENU_ICON_NAMES } from '../../shared/menu-icons';
import { MODULE_ICON_FILE, moduleIconFaults, moduleIconName } from '../../shared/module-icons';
import type { SchemaFault } from './check-schemas';
import { moduleNamedFiles } from './module-named-files';

interface MenuLike {
  icon?: unknown;
  highlightIcon?: unknown;
  children?: unknown;
}

const readJson = (path: string): unknown => {
  try {
    return JSON.parse(readFileSync(path, 'utf8')) as unknown;
  } catch {
    return undefined; // reported with the file's other faults
  }
};

/** `root`: the project folder (schemas/ and modules/ beside each other). */
export function menuIconFaults(root: string): SchemaFault[] {
  const faults: SchemaFault[] = [];
  const icons = moduleNamedFiles(
    root,
    'icons',
    {
      file: MODULE_ICON_FILE,
      nameOf: moduleIconName,
      clash: (name, owner) => `图标 ${name} 已由${owner}提供`,
      contentFaults: (path) => moduleIconFaults(readFileSync(path, 'utf8')),
      badName: '图标文件名须为小写字母、数字和 - 组成的 <名称>.svg',
    },
    MENU_ICON_NAMES,
  );
  faults.push(...icons.faults);
  const known = new Set([...MENU_ICON_NAMES, ...icons.files.map((icon) => icon.name)]);

  const checkMenus = (file: string, items: unknown, pointer: string) => {
    if (!Array.isArray(items)) return;
    items.forEach((item: MenuLike, index) => {
      if (typeof item !== 'object' || item === null) return;
      for (const key of ['icon', 'highlightIcon'] as const) {
        const icon = item[key];
        if (typeof icon === 'string' && icon !== '' && !known.has(icon))
          faults.push({
            file,
            pointer: `${pointer}/${index}/${key}`,
            message: `图标 "${icon}" 不存在：请用核心的图标，或在模块的 icons/ 中放入 ${icon.replace(/^icon-/, '')}.svg`,
          });
      }
      checkMenus(file, item.children, `${pointer}/${index}/children`);
    });
  };
  const seed = readJson(join(root, 'schemas', 'seed', 'menus.json')) as { menus?: unknown } | undefined;
  checkMenus('schemas/seed/menus.json', seed?.menus, '/menus');
  const modulesDir = join(root, 'modules');
  for (const module of existsSync(modulesDir) ? readdirSync(modulesDir).sort() : []) {
    const path = join(modulesDir, module, 'module.json');
    if (!existsSync(path)) continue;
    const manifest = readJson(path) as { menus?: unknown } | undefined;
    if (!Array.isArray(manifest?.menus)) continue;
    manifest.menus.forEach((group: { items?: unknown }, index) =>
      checkMenus(relative(root, path), group?.items, `/menus/${index}/items`),
    );
  }
  return faults;
}
