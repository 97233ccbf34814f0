/**
 * Writes layout.html beside index.html: the same page, with the logged-in layout's chunk (`shell`,
 * src/build/vite/chunk-groups.ts) preloaded. The server answers it for the routes inside the layout
 * (src/shared/layout-routes.ts), so that code downloads beside the main script instead of after it has run; the
 * login page and the gateway keep index.html and load nothing more.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Plugin } from 'vite';

export const LAYOUT_PAGE = 'layout.html';
const LAYOUT_CHUNK = 'shell';

export function layoutPagePlugin(): Plugin {
  let outDir = 'dist';
  let base = '/';
  let chunkFile: string | undefined;
  return {
    name: 'portal-layout-page',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir;
      base = config.base;
    },
    generateBundle(_options, bundle) {
      chunkFile = Object.values(bundle).find((file) => file.type === 'chunk' && file.name === LAYOUT_CHUNK)?.fileName;
    },
    // Before the precompress plugin compresses what the build wrote.
    closeBundle: {
      order: 'pre',
      sequential: true,
      async handler() {
        if (!chunkFile) throw new Error(`the build made no "${LAYOUT_CHUNK}" chunk for ${LAYOUT_PAGE} to preload`);
        const index = await readFile(join(outDir, 'index.html'), 'utf8');
        const preload = `<link rel="modulepreload" crossorigin href="${base}${chunkFile}">`;
        if (!index.includes('</head>')) throw new Error('index.html has no </head> to add the preload to');
        await writeFile(join(outDir, LAYOUT_PAGE), index.replace('</head>', `  ${preload}\n  </head>`));
      },
    },
  };
}
