/**
 * schemas:check's part for the browser code modules bring (src/shared/module-parts.ts): each part file has a name
 * pages and forms can write and that nothing else has, and every panel a dashboard or a module's `panels` shows is
 * of a type the engine or a module brings.
 */
import { readFileSync } from 'node:fs';
import { basename, relative } from 'node:path';
import {
  MODULE_PART_FILE,
  MODULE_PART_FOLDERS,
  modulePartName,
  type ModulePartFolder,
} from '../../shared/module-parts';
import type { SchemaFault } from './check-schemas';
import { moduleNamedFiles } from './module-named-files';

/** The parts of one folder kind across every module: their names, with the faults of their names. */
export function moduleParts(
  root: string,
  folder: ModulePartFolder,
  taken: readonly string[] = [],
): { names: Set<string>; faults: SchemaFault[] } {
  const { files, faults } = moduleNamedFiles(
    root,
    folder,
    {
      file: MODULE_PART_FILE,
      nameOf: modulePartName,
      clash: (name, owner) => `${MODULE_PART_FOLDERS[folder]} "${name}" 已由${owner}提供`,
      badName: `${MODULE_PART_FOLDERS[folder]}的文件名须为小写字母开头的 <名称>.tsx`,
    },
    taken,
  );
  return { names: new Set(files.map((part) => part.name)), faults };
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
