/**
 * Adds `<link rel="modulepreload">` for the chunks of the named forms (the file and its precompiled validator),
 * so the landing form downloads beside the main bundle instead of one round trip after it has run.
 */
import type { Plugin } from 'vite';

export function preloadFormsPlugin(formIds: readonly string[]): Plugin {
  let base = '/';
  return {
    name: 'portal-preload-forms',
    apply: 'build',
    configResolved(config) {
      base = config.base;
    },
    transformIndexHtml: {
      order: 'post',
      handler(_html, context) {
        const chunks = Object.values(context.bundle ?? {}).filter(
          (output) =>
            output.type === 'chunk' &&
            formIds.some((id) =>
              output.facadeModuleId?.replace(/\?validator$/, '').endsWith(`/schemas/forms/${id}.json`),
            ),
        );
        return chunks.map((chunk) => ({
          tag: 'link',
          attrs: { rel: 'modulepreload', crossorigin: true, href: `${base}${chunk.fileName}` },
          injectTo: 'head' as const,
        }));
      },
    },
  };
}
