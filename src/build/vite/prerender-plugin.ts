/**
 * Prerenders pages at build time: after the client build, renders each page's entry with Vite's SSR loader and
 * writes `<file>` (index.html with the markup inside `#root`), which the server answers for the page's route and
 * the client hydrates. The login page so shows a form one can type into while its scripts still download.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { createServer, type Plugin } from 'vite';
import { ROOT_ELEMENT } from '../../shared/layout-page';

export interface PrerenderedPage {
  /** A module under the project root exporting `render(): string`. */
  entry: string;
  /** Written into the build's output folder, e.g. 'login.html'. */
  file: string;
}

interface PrerenderModule {
  render: () => string;
}

export function prerenderPlugin(pages: readonly PrerenderedPage[]): Plugin {
  let outDir = 'dist';
  let configFile: string | undefined;
  let root = process.cwd();
  return {
    name: 'portal-prerender',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir;
      configFile = config.configFile;
      root = config.root;
    },
    // Before the precompress plugin compresses what the build wrote.
    closeBundle: {
      order: 'pre',
      sequential: true,
      async handler() {
        const shell = await readFile(join(outDir, 'index.html'), 'utf8');
        if (!shell.includes(ROOT_ELEMENT)) throw new Error(`index.html has no ${ROOT_ELEMENT} to prerender into`);
        const server = await createServer({
          root,
          configFile,
          logLevel: 'error',
          appType: 'custom',
          server: { middlewareMode: true, hmr: false, ws: false },
          // Arco's ES modules import their CSS: Vite, not Node, has to load them.
          ssr: { noExternal: ['@arco-design/web-react'] },
        });
        try {
          for (const page of pages) {
            const { render } = (await server.ssrLoadModule(page.entry)) as PrerenderModule;
            const markup = render();
            await writeFile(join(outDir, page.file), shell.replace(ROOT_ELEMENT, `<div id="root">${markup}</div>`));
          }
        } finally {
          await server.close();
        }
      },
    },
  };
}
