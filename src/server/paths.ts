/**
 * Absolute locations the server reads from, independent of the working directory and of where the running code
 * sits: src/server/ under tsx, dist-server/ when built (scripts/build-server.ts). The project root is the nearest
 * folder above this file that holds package.json.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

function findProjectRoot(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  while (!existsSync(path.join(dir, 'package.json'))) {
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error(`no package.json above ${fileURLToPath(import.meta.url)}`);
    dir = parent;
  }
  return dir;
}

export const projectRoot = `${findProjectRoot()}${path.sep}`;
export const schemasDir = path.join(projectRoot, 'schemas') + path.sep;
export const packageJsonPath = path.join(projectRoot, 'package.json');

/** The folder of the running server code when it is the build (dist-server/), else undefined (tsx runs the sources). */
export function builtServerDir(): string | undefined {
  const here = fileURLToPath(import.meta.url);
  if (!here.endsWith('.js')) return undefined;
  let dir = path.dirname(here);
  while (path.basename(dir) !== 'dist-server') {
    const parent = path.dirname(dir);
    if (parent === dir) return undefined;
    dir = parent;
  }
  return dir;
}
