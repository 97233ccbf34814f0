import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin, type UserConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { formValidatorPlugin } from './src/build/vite/validator-plugin';
import { pageKindPlugin } from './src/build/vite/page-kind-plugin';
import { moduleClientPlugin } from './src/build/vite/module-client-plugin';
import { modulePanelsPlugin } from './src/build/vite/module-panels-plugin';
import { metaValidatorPlugin } from './src/build/vite/meta-validator-plugin';
import { versionFilePlugin } from './src/build/vite/version-plugin';
import { chunkGroups } from './src/build/vite/chunk-groups';
import { layoutPagePlugin } from './src/build/vite/layout-page-plugin';
import { precompressPlugin } from './src/build/vite/precompress-plugin';
import { prerenderPlugin } from './src/build/vite/prerender-plugin';
import { firstScreenPlugin } from './src/build/vite/first-screen-plugin';
import { arcoElementRefPlugin } from './src/build/vite/arco-element-ref-plugin';
import { pdfjsAssetsPlugin } from './src/build/vite/pdfjs-assets-plugin';

/** @rjsf/utils needs two URI operations of fast-uri; the browser's URL does them (src/engine/form/uri-resolver.ts). */
const uriResolver: Plugin = {
  name: 'portal-rjsf-uri-resolver',
  enforce: 'pre',
  apply: 'build',
  resolveId(source, importer) {
    if (source === 'fast-uri' && importer?.includes('/@rjsf/utils/')) {
      return fileURLToPath(new URL('./src/engine/form/uri-resolver.ts', import.meta.url));
    }
    return null;
  },
};

const apiTarget = `http://127.0.0.1:${process.env.PORT ?? 8080}`;

/**
 * What makes modules of the sources (schemas, validators, page kinds): the client's build and the server's renderer.
 * `extra` comes first: the bench's build of the portal with a hand-written page (bench/arco-table/) swaps a module.
 */
const sourcePluginsWith = (extra: readonly Plugin[]) => () => [
  ...extra,
  react(),
  arcoElementRefPlugin(),
  uriResolver,
  formValidatorPlugin(),
  pageKindPlugin(),
  moduleClientPlugin(),
  modulePanelsPlugin(),
  metaValidatorPlugin(),
];

const alias = {
  // rjsf renders Markdown descriptions only when asked to; we show descriptions as plain text.
  'markdown-to-jsx/react': fileURLToPath(new URL('./src/widgets/form/plain-description.tsx', import.meta.url)),
  'resize-observer-polyfill': fileURLToPath(new URL('./src/widgets/native-resize-observer.ts', import.meta.url)),
};

/** The portal's build; `extraSourcePlugins` are added to both builds of its sources. */
export function portalConfig(extraSourcePlugins: readonly Plugin[] = []): UserConfig {
  const sourcePlugins = sourcePluginsWith(extraSourcePlugins);
  return {
    base: '/app/',
    plugins: [
      ...sourcePlugins(),
      versionFilePlugin(),
      pdfjsAssetsPlugin(),
      prerenderPlugin([{ entry: '/src/app/prerender.tsx', file: 'login.html' }]),
      firstScreenPlugin({ entry: 'src/app/first-screen/worker.ts', sourcePlugins, alias }),
      layoutPagePlugin(),
      precompressPlugin(),
    ],
    resolve: { alias },
    // `npm run dev` serves dependencies pre-bundled, past the plugins above: Arco's ref fix goes there too.
    optimizeDeps: { rolldownOptions: { plugins: [arcoElementRefPlugin()] } },
    build: {
      outDir: 'dist',
      emptyOutDir: true,
      target: 'es2022',
      chunkSizeWarningLimit: 900,
      rolldownOptions: {
        // The first screen after login in a few chunks instead of some sixty (src/build/vite/chunk-groups.ts).
        output: {
          codeSplitting: {
            groups: [
              // What the main script loads stays with it, whatever the groups below reach.
              { name: 'index', tags: ['$initial'], priority: 2 },
              // Each group takes only the modules it names: what they import is in its own group, the shell or the
              // main script's chunk already, so no group drags the others' modules in.
              { name: chunkGroups(), debugName: 'portal', includeDependenciesRecursively: false, priority: 1 },
            ],
          },
        },
      },
    },
    server: {
      // `npm run dev`: Vite serves the web app, the API server runs beside it.
      proxy: { '/api': apiTarget, '/zhgd': apiTarget, '/workflow': apiTarget },
    },
  };
}

export default defineConfig(portalConfig());
