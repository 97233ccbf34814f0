/**
 * Builds the server's renderer of first screens (src/shared/first-screen.ts) after the client build: the worker
 * entry (src/app/first-screen/worker.ts) and the portal's modules it renders, for Node, into `<outDir>/ssr/`,
 * with the plugins and aliases that turn the sources into modules in the client build too (schemas, validators,
 * page kinds). Every dependency is bundled: Arco's modules import their CSS, which Node cannot load.
 */
import { join } from 'node:path';
import { build, type AliasOptions, type PluginOption, type Plugin } from 'vite';
import { FIRST_SCREEN_DIR, FIRST_SCREEN_FILE } from '../../shared/first-screen';

export interface FirstScreenBuild {
  /** The worker entry, relative to the project root. */
  entry: string;
  /** The plugins that make modules of the sources, made anew for this build. */
  sourcePlugins: () => PluginOption[];
  alias: AliasOptions;
}

export function firstScreenPlugin({ entry, sourcePlugins, alias }: FirstScreenBuild): Plugin {
  let outDir = 'dist';
  let root = process.cwd();
  let base = '/';
  return {
    name: 'portal-first-screen',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir;
      root = config.root;
      base = config.base;
    },
    closeBundle: {
      order: 'pre',
      sequential: true,
      async handler() {
        await build({
          configFile: false,
          root,
          base,
          // Its warnings are the client build's, printed there already.
          logLevel: 'error',
          mode: 'production',
          plugins: sourcePlugins(),
          resolve: { alias },
          define: { 'process.env.NODE_ENV': JSON.stringify('production') },
          ssr: { noExternal: true, target: 'node' },
          build: {
            ssr: entry,
            outDir: join(outDir, FIRST_SCREEN_DIR),
            emptyOutDir: true,
            copyPublicDir: false,
            target: 'node24',
            minify: false,
            rolldownOptions: { output: { entryFileNames: FIRST_SCREEN_FILE } },
          },
        });
      },
    },
  };
}
