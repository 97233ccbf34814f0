/**
 * pdf.js (the attachments' PDF preview, src/widgets/attachments/pdf-pages.tsx) reads the Adobe character maps of
 * Chinese PDFs (CID fonts) and the standard fonts from URLs of the app: this copies them from pdfjs-dist into the
 * build as /app/pdfjs/{cmaps,standard_fonts}/ and serves the same paths from node_modules under `npm run dev`.
 * Nothing is fetched from a CDN: a customer's intranet reaches none.
 */
import { createReadStream, readdirSync, readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, normalize } from 'node:path';
import type { Plugin } from 'vite';

const FOLDERS = ['cmaps', 'standard_fonts'] as const;
export const PDFJS_ASSETS_PATH = 'pdfjs/';

const pdfjsRoot = () => dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json'));

export function pdfjsAssetsPlugin(): Plugin {
  return {
    name: 'portal-pdfjs-assets',
    configureServer(server) {
      server.middlewares.use(`/app/${PDFJS_ASSETS_PATH}`, (request, response, next) => {
        const [folder, file] = (request.url ?? '').replace(/^\//, '').split('?')[0]!.split('/');
        if (!FOLDERS.includes(folder as (typeof FOLDERS)[number]) || !file || normalize(file) !== file) return next();
        const path = join(pdfjsRoot(), folder!, file);
        if (!statSync(path, { throwIfNoEntry: false })?.isFile()) return next();
        createReadStream(path).pipe(response);
      });
    },
    generateBundle() {
      const root = pdfjsRoot();
      for (const folder of FOLDERS)
        for (const file of readdirSync(join(root, folder)))
          this.emitFile({
            type: 'asset',
            fileName: `${PDFJS_ASSETS_PATH}${folder}/${file}`,
            source: readFileSync(join(root, folder, file)),
          });
    },
  };
}
