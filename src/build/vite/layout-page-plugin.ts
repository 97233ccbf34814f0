/**
 * Writes beside index.html what the server answers for routes inside the logged-in layout
 * (src/shared/layout-routes.ts, src/server/plugins/web-app.ts):
 * - layout.html: the same page, with the layout's chunk (`shell`, src/build/vite/chunk-groups.ts) and its styles
 *   preloaded, so that code downloads beside the main script instead of after it has run; the login page and the
 *   gateway keep index.html and load nothing more;
 * - page-preloads.json: for every page file, the code a link to it needs beyond that page (the file's own chunk, the
 *   chunk of its kind's renderer, the forms and the parts its first render shows (a list's search form, its tree
 *   panel), their styles). The server adds them to layout.html for a route whose menu record
 *   names the page, so a link opened directly loads its screen in one round instead of after the menus answered.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Plugin, Rolldown } from 'vite';
import { type PagePreloads, preloadTags } from '../../shared/layout-page';
import { KIND_GROUPS } from './chunk-groups';

export const LAYOUT_PAGE = 'layout.html';
export const PAGE_PRELOADS = 'page-preloads.json';
const LAYOUT_CHUNK = 'shell';
/** A page file's module id: `<root>/schemas/pages/<id>.json` or `<root>/modules/<name>/pages/<id>.json`. */
const PAGE_FILE = /\/(?:schemas|modules\/[^/]+)\/pages\/([^/]+)\.json$/;
/** A form's module ids (src/engine/schema-files.ts): its file, and its precompiled validator (`?validator`). */
const FORM_FILE = /\/(?:schemas\/forms|modules\/[^/]+\/(?:forms|collections))\/([^/?]+)\.json(?:\?validator)?$/;

type OutputBundle = Rolldown.OutputBundle;
type OutputChunk = Rolldown.OutputChunk;

function chunksOf(bundle: OutputBundle): Map<string, OutputChunk> {
  const chunks = new Map<string, OutputChunk>();
  for (const file of Object.values(bundle)) if (file.type === 'chunk') chunks.set(file.fileName, file);
  return chunks;
}

/** The files `roots` load: the chunks and what they import statically, and the styles of those chunks. */
function loadedFiles(chunks: Map<string, OutputChunk>, roots: readonly string[]): Set<string> {
  const files = new Set<string>();
  const pending = [...roots];
  for (let name = pending.pop(); name !== undefined; name = pending.pop()) {
    if (files.has(name)) continue;
    files.add(name);
    const chunk = chunks.get(name);
    pending.push(...(chunk?.imports ?? []));
    for (const css of chunk?.viteMetadata?.importedCss ?? []) files.add(css);
  }
  return files;
}

/** What the build adds to index.html: for the layout, and for each page file a route may lead to. */
interface LayoutPreloads {
  layout: string[];
  pages: PagePreloads;
}

/**
 * The layout's files beyond the main script's: its chunk, what it imports, and their styles (the styles too: the
 * layout's code is imported only once they have loaded, which would otherwise start only when the main script runs).
 * And for each page file, the files beyond those: its own chunk, its kind's chunk and its first forms' chunks, with
 * what they import.
 */
function layoutPreloads(bundle: OutputBundle, base: string, layoutChunk: string): LayoutPreloads {
  const chunks = chunksOf(bundle);
  const byEntry = loadedFiles(
    chunks,
    [...chunks.values()].filter((chunk) => chunk.isEntry).map((chunk) => chunk.fileName),
  );
  const layout = [...loadedFiles(chunks, [layoutChunk])].filter((file) => !byEntry.has(file));
  const loadedByLayout = new Set([...byEntry, ...layout]);
  const kindChunks = new Map(
    Object.entries(KIND_GROUPS).map(([kind, group]) => [
      kind,
      [...chunks.values()].find((chunk) => chunk.name === group.chunk)?.fileName,
    ]),
  );
  // A part's chunk by the module it was split at (`lazyPart`; module ids are real paths, as `at()` writes them), and a
  // form's chunks (its file, its validator) by its id.
  const partChunks = new Map<string, string>();
  const formChunks = new Map<string, string[]>();
  for (const chunk of chunks.values()) {
    if (!chunk.facadeModuleId) continue;
    partChunks.set(chunk.facadeModuleId, chunk.fileName);
    const formId = FORM_FILE.exec(chunk.facadeModuleId)?.[1];
    if (formId) formChunks.set(formId, [...(formChunks.get(formId) ?? []), chunk.fileName]);
  }
  const pages: PagePreloads = {};
  for (const chunk of chunks.values()) {
    const pageId = chunk.facadeModuleId && PAGE_FILE.exec(chunk.facadeModuleId)?.[1];
    if (!pageId || !chunk.facadeModuleId) continue;
    const file = JSON.parse(readFileSync(chunk.facadeModuleId, 'utf8')) as { kind?: string };
    const kindChunk = file.kind ? kindChunks.get(file.kind) : undefined;
    const group = file.kind ? KIND_GROUPS[file.kind] : undefined;
    const firstForms = group?.firstForms?.(file as never) ?? [];
    const firstParts = group?.firstParts?.(file as never) ?? [];
    const roots = [
      chunk.fileName,
      ...(kindChunk ? [kindChunk] : []),
      ...firstForms.flatMap((formId) => formChunks.get(formId) ?? []),
      ...firstParts.flatMap((moduleId) => partChunks.get(moduleId) ?? []),
    ];
    pages[pageId] = [...loadedFiles(chunks, roots)]
      .filter((file) => !loadedByLayout.has(file))
      .map((file) => `${base}${file}`);
  }
  return { layout: layout.map((file) => `${base}${file}`), pages };
}

export function layoutPagePlugin(): Plugin {
  let outDir = 'dist';
  let base = '/';
  let chunkFile: string | undefined;
  let preloads: LayoutPreloads = { layout: [], pages: {} };
  return {
    name: 'portal-layout-page',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir;
      base = config.base;
    },
    generateBundle(_options, bundle) {
      chunkFile = Object.values(bundle).find((file) => file.type === 'chunk' && file.name === LAYOUT_CHUNK)?.fileName;
      if (chunkFile) preloads = layoutPreloads(bundle, base, chunkFile);
    },
    // Before the precompress plugin compresses what the build wrote.
    closeBundle: {
      order: 'pre',
      sequential: true,
      async handler() {
        if (!chunkFile) throw new Error(`the build made no "${LAYOUT_CHUNK}" chunk for ${LAYOUT_PAGE} to preload`);
        const index = await readFile(join(outDir, 'index.html'), 'utf8');
        if (!index.includes('</head>')) throw new Error('index.html has no </head> to add the preload to');
        const tags = preloadTags(preloads.layout).join('\n    ');
        await writeFile(join(outDir, LAYOUT_PAGE), index.replace('</head>', `  ${tags}\n  </head>`));
        await writeFile(join(outDir, PAGE_PRELOADS), JSON.stringify(preloads.pages));
      },
    },
  };
}
