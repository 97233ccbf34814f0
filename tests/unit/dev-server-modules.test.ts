// @vitest-environment node
/**
 * `npm run dev`: the modules Vite's dev server generates from schema files (a form's precompiled validator) import
 * what they need by URLs the browser can load. The dev server had left `ajv/dist/runtime/ucs2length` bare, and the
 * login page never rendered (src/build/vite/json-query-plugin.ts).
 */
import { createServer, type ViteDevServer } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

let server: ViteDevServer;

beforeAll(async () => {
  server = await createServer({
    configFile: 'vite.config.ts',
    logLevel: 'silent',
    server: { middlewareMode: true, hmr: false, ws: false },
  });
}, 60_000);
afterAll(async () => {
  await server?.close();
});

describe('the dev server', () => {
  it("serves a form's validator with its imports resolved to URLs", async () => {
    const main = await server.transformRequest('/src/app/login/bundled-forms.ts');
    const validatorUrl = /from "([^"]*login\.json[^"]*validator[^"]*)"/.exec(main?.code ?? '')?.[1];
    expect(validatorUrl).toBeDefined();
    // The URL as the browser asks for it: under the web app's base path, a generated module's id wrapped in /@id/.
    const id = (validatorUrl as string)
      .slice(server.config.base.length)
      .replace(/^@id\//, '')
      .replace('__x00__', '\0');
    const validator = await server.transformRequest(id);
    const imports = [...(validator?.code ?? '').matchAll(/\bimport [^;]*?\bfrom "([^"]+)"/g)].map((match) => match[1]);
    expect(imports.length).toBeGreaterThan(0);
    for (const specifier of imports) expect(specifier).toMatch(/^\//);
  }, 60_000);
});
