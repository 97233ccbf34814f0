/**
 * The files of one folder kind across every module (`modules/<m>/icons/*.svg`, `modules/<m>/panels/*.tsx`, ...),
 * each named by its file: a file whose name breaks the folder's rule, or whose name the core or an earlier module
 * already has, is a fault at that file.
 */
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import type { SchemaFault } from './check-schemas';

export interface NamingRule {
  /** What a file name must look like. */
  file: RegExp;
  /** The name a file gives (`tons-bar.svg` -> `icon-tons-bar`). */
  nameOf(fileName: string): string;
  /** The message for a file name that breaks the rule. */
  badName: string;
  /** The message for a name that `owner` (核心, 模块 x) has already. */
  clash(name: string, owner: string): string;
  /** What is wrong inside a well-named file, if its content matters (an icon must be a plain picture). */
  contentFaults?(path: string): string[];
}

export interface NamedFile {
  name: string;
  /** The file, from the project folder (the fault's `file`). */
  file: string;
  path: string;
}

/** `root`: the project folder; `taken`: the names the core has. */
export function moduleNamedFiles(
  root: string,
  folder: string,
  rule: NamingRule,
  taken: readonly string[] = [],
): { files: NamedFile[]; faults: SchemaFault[] } {
  const files: NamedFile[] = [];
  const faults: SchemaFault[] = [];
  const owner = new Map<string, string>(taken.map((name) => [name, '核心']));
  const modulesDir = join(root, 'modules');
  if (!existsSync(modulesDir)) return { files, faults };
  for (const module of readdirSync(modulesDir).sort()) {
    const dir = join(modulesDir, module, folder);
    if (!existsSync(dir) || !statSync(dir).isDirectory()) continue;
    for (const fileName of readdirSync(dir).sort()) {
      const path = join(dir, fileName);
      const file = relative(root, path);
      if (!rule.file.test(fileName)) {
        faults.push({ file, pointer: '', message: rule.badName });
        continue;
      }
      for (const message of rule.contentFaults?.(path) ?? []) faults.push({ file, pointer: '', message });
      const name = rule.nameOf(fileName);
      const other = owner.get(name);
      if (other) faults.push({ file, pointer: '', message: rule.clash(name, other) });
      else {
        owner.set(name, `模块 ${module} `);
        files.push({ name, file, path });
      }
    }
  }
  return { files, faults };
}
