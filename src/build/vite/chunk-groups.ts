/**
 * Which chunk a module of the web build goes into. Left to itself the bundler gives every distinct set of importing
 * screens a chunk of its own, and the first screen after login then loaded some sixty small files (the layout's
 * pieces of Arco, then the list page's): the browser opens six connections to the server, so they arrived in
 * rounds, one after the other. Here the code that is always loaded together lands in one chunk:
 * - `shell`: everything the logged-in layout and its menu screens reach (every screen inside the layout loads it);
 * - a chunk per page kind in `KIND_GROUPS`: the kind's renderer with the parts of Arco it adds to the shell's.
 * What the main script imports statically stays with it (the login page's bundle is unchanged), and anything else
 * (page files, other screens, ECharts, rjsf) is split as before.
 */
import path from 'node:path';
import { crudFirstForms, crudShowsTree } from '../../engine/page/crud/crud-list';

interface ModuleNode {
  importedIds: readonly string[];
  /** The module's source, when the bundler keeps it. */
  code: string | null;
}
type ModuleGraph = (moduleId: string) => ModuleNode | null;

const ROOT = path.resolve(import.meta.dirname, '../../..');
const at = (file: string) => path.join(ROOT, file);

/** The main script: its static imports are the login page's bundle, never moved. */
const MAIN = at('src/app/main.tsx');
/** The logged-in layout, the menu screens and what a deep link starts beside them. */
const SHELL_ROOTS = [
  'src/app/layout/RootLayout.tsx',
  'src/app/screens/MenuScreen.tsx',
  'src/app/screens/PortalPage.tsx',
  'src/app/shell/route-preload.ts',
  'src/engine/page/SchemaPage.tsx',
].map(at);
interface KindGroup {
  chunk: string;
  roots: readonly string[];
  /** The forms a page of the kind shows in its first render: the engine's own rule (`firstForms` of the kind). */
  firstForms?: (file: never) => string[];
  /** The modules of the parts in chunks of their own a page shows in its first render (`firstParts` of the kind). */
  firstParts?: (file: never) => string[];
}

/**
 * Page kinds whose code is loaded as one chunk each, named after the renderer (the admin lists are CrudPage); the
 * layout page preloads it for a link to a page of that kind (src/build/vite/layout-page-plugin.ts).
 */
export const KIND_GROUPS: Readonly<Record<string, KindGroup>> = {
  crud: {
    chunk: 'CrudPage',
    roots: ['src/engine/page/crud/CrudPage.tsx'].map(at),
    firstForms: crudFirstForms,
    firstParts: (file) => (crudShowsTree(file) ? [at('src/engine/page/crud/CrudTree.tsx')] : []),
  },
};

/**
 * Arco's two barrels (`import { Table } from '@arco-design/web-react'`) import every component; the bundler keeps
 * only what is used, so a barrel counts as importing just the components its importer names.
 */
const BARRELS: Record<string, string> = {
  '@arco-design/web-react': '/node_modules/@arco-design/web-react/es/index.js',
  '@arco-design/web-react/icon': '/node_modules/@arco-design/web-react/icon/index.es.js',
};
// By the end of the path: node_modules may be a link to another folder (a copy of the project), and ids are real paths.
const isBarrel = (id: string) => Object.values(BARRELS).some((end) => id.endsWith(end));

/** Whether an import specifier written in `importer` names the barrel `barrelId` (by package name or path). */
function refersTo(importer: string, barrelId: string): (specifier: string) => boolean {
  return (specifier) => {
    if (specifier in BARRELS) return barrelId.endsWith(BARRELS[specifier]);
    if (!specifier.startsWith('.')) return false;
    const base = path.resolve(path.dirname(importer), specifier);
    return [base, `${base}.js`, `${base}/index.js`, `${base}/index.es.js`].includes(barrelId);
  };
}

/**
 * The names a module imports from the barrel (`import { A, B as C, type D } from '…'`, the specifier as
 * `refersToBarrel` recognises it), or null when it imports it otherwise (a default or namespace import: all of it).
 */
export function namedImports(code: string, refersToBarrel: (specifier: string) => boolean): string[] | null {
  const names: string[] = [];
  let found = false;
  for (const match of code.matchAll(/^[ \t]*import\s+(type\s+)?([^;'"]*?)\s*from\s*['"]([^'"]+)['"]/gm)) {
    const [, typeOnly, clause, specifier] = match;
    if (!refersToBarrel(specifier)) continue;
    found = true;
    if (typeOnly) continue;
    if (!clause.startsWith('{')) return null;
    for (const part of clause.replace(/[{}]/g, '').split(',')) {
      const name = part.trim();
      if (name && !name.startsWith('type ')) names.push(name.split(/\s+as\s+/)[0].trim());
    }
  }
  return found ? names : null;
}

/** What a barrel re-exports: name -> the module id it comes from. */
function barrelExports(graph: ModuleGraph, barrelId: string): Map<string, string> {
  const node = graph(barrelId);
  const exports = new Map<string, string>();
  for (const match of (node?.code ?? '').matchAll(/export\s*\{([^}]*)\}\s*from\s*['"]([^'"]+)['"]/g)) {
    const base = path.resolve(path.dirname(barrelId), match[2]);
    const target = node?.importedIds.find(
      (id) => id === base || id.startsWith(`${base}/index.`) || id.startsWith(`${base}.`),
    );
    if (!target) continue;
    for (const part of match[1].split(',')) {
      const exported = part
        .trim()
        .split(/\s+as\s+/)
        .pop()
        ?.trim();
      if (exported) exports.set(exported, target);
    }
  }
  return exports;
}

/** Every module reachable from `roots` through static imports (through a barrel, only to what is named). */
function staticClosure(graph: ModuleGraph, roots: readonly string[]): Set<string> {
  const barrels = new Map<string, Map<string, string>>();
  const seen = new Set<string>();
  const pending = [...roots];
  for (let id = pending.pop(); id !== undefined; id = pending.pop()) {
    if (seen.has(id)) continue;
    seen.add(id);
    const node = graph(id);
    for (const imported of node?.importedIds ?? []) {
      const names = isBarrel(imported) && node?.code ? namedImports(node.code, refersTo(id, imported)) : null;
      if (!names) {
        pending.push(imported);
        continue;
      }
      if (!barrels.has(imported)) barrels.set(imported, barrelExports(graph, imported));
      const exports = barrels.get(imported);
      for (const name of names) {
        const target = exports?.get(name);
        if (target) pending.push(target);
      }
    }
  }
  return seen;
}

/**
 * The `name` function of a code-splitting group: the chunk a module goes into, or null to leave it to the
 * bundler. The closures are computed once per build, from the first module asked about.
 */
export function chunkGroups(): (moduleId: string, ctx: { getModuleInfo: ModuleGraph }) => string | null {
  let assigned: Map<string, string> | undefined;
  return (moduleId, ctx) => {
    if (!assigned) {
      const graph: ModuleGraph = (id) => ctx.getModuleInfo(id);
      const initial = staticClosure(graph, [MAIN]);
      assigned = new Map();
      const claim = (name: string, roots: readonly string[]) => {
        for (const id of staticClosure(graph, roots)) {
          if (!initial.has(id) && !assigned?.has(id)) assigned?.set(id, name);
        }
      };
      claim('shell', SHELL_ROOTS);
      for (const { chunk, roots } of Object.values(KIND_GROUPS)) claim(chunk, roots);
    }
    return assigned.get(moduleId) ?? null;
  };
}
