/**
 * schemas:check's part for the browser code modules bring (src/shared/module-parts.ts): each part file has a name
 * pages and forms can write and that nothing else has, and every panel a dashboard or a module's `panels` shows is
 * of a type the engine or a module brings.
 */
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { basename, join, relative } from 'node:path';
import {
  MODULE_PART_FILE,
  MODULE_PART_FOLDERS,
  modulePartName,
  type ModulePartFolder,
} from '../../shared/module-parts';
import type { SchemaFault } from './check-schemas';

/** The parts of one folder kind across every module: name -> file, with the faults of their names. */
export function moduleParts(
  root: string,
  folder: ModulePartFolder,
  taken: readonly string[] = [],
): { names: Set<string>; faults: SchemaFault[] } {
  const names = new Set<string>();
  const faults: SchemaFault[] = [];
  const owner = new Map<string, string>(taken.map((name) => [name, '核心']));
  const modulesDir = join(root, 'modules');
  if (!existsSync(modulesDir)) return { names, faults };
  for (const module of readdirSync(modulesDir).sort()) {
    const dir = join(modulesDir, module, folder);
    if (!existsSync(dir) || !statSync(dir).isDirectory()) continue;
    for (const name of readdirSync(dir).sort()) {
      const file = relative(root, join(dir, name));
      if (!MODULE_PART_FILE.test(name)) {
        faults.push({
          file,
          pointer: '',
          message: `${MODULE_PART_FOLDERS[folder]}的文件名须为小写字母开头的 <名称>.tsx`,
        });
        continue;
      }
      const part = modulePartName(name);
      const other = owner.get(part);
      if (other)
        faults.push({ file, pointer: '', message: `${MODULE_PART_FOLDERS[folder]} "${part}" 已由${other}提供` });
      else {
        owner.set(part, `模块 ${module} `);
        names.add(part);
      }
    }
  }
  return { names, faults };
}

/** Every dashboard panel's and every module panel's `widget` is a panel type of the engine or of a module. */
export function panelTypeFaults(
  root: string,
  files: readonly string[],
  panelTypes: ReadonlySet<string>,
): SchemaFault[] {
  const faults: SchemaFault[] = [];
  const check = (file: string, widget: unknown, pointer: string) => {
    if (typeof widget === 'string' && !panelTypes.has(widget))
      faults.push({
        file,
        pointer,
        message: `没有看板面板类型 "${widget}"：请用引擎的类型，或在模块的 panels/ 中放入 ${widget}.tsx`,
      });
  };
  for (const path of files) {
    let content: { kind?: unknown; panels?: unknown };
    try {
      content = JSON.parse(readFileSync(path, 'utf8')) as typeof content;
    } catch {
      continue; // reported with the file's other faults
    }
    if (!Array.isArray(content.panels)) continue;
    const file = relative(root, path);
    if (content.kind === 'dashboard')
      content.panels.forEach((panel: { widget?: unknown }, index) =>
        check(file, panel?.widget, `/panels/${index}/widget`),
      );
    if (basename(path) === 'module.json')
      content.panels.forEach((entry: { panel?: { widget?: unknown } }, index) =>
        check(file, entry?.panel?.widget, `/panels/${index}/panel/widget`),
      );
  }
  return faults;
}
