/**
 * Build-time generation of a form's validator: ajv's standalone code for the form's JSON Schema, turned into
 * an ES module so the browser runs it under `script-src 'self'` (no `new Function`, no ajv compiler shipped).
 * Runs in Node only (Vite plugin, schema tests), never in the browser bundle.
 */
import { compileSchemaValidatorsCode } from '@rjsf/validator-ajv8/lib/compileSchemaValidatorsCode.js';
import type { RJSFSchema } from '@rjsf/utils';
import { formAjvOptions } from '../../shared/ajv-options';

/**
 * ajv writes CommonJS (`exports[...] =`, `require(...)`); the ESM output of rjsf fails on hashed ids
 * (rjsf issue 4436), so we rewrite the CommonJS ourselves: each `require("m")` becomes an import of `m`,
 * and the exports land in one object that is the module's default export.
 */
export function validatorModuleCode(schema: RJSFSchema): string {
  const cjs = compileSchemaValidatorsCode(schema, { ajvOptionsOverrides: { ...formAjvOptions } });
  const modules: string[] = [];
  const body = cjs
    .replace(/^"use strict";/, '')
    .replace(/require\("([^"]+)"\)/g, (_whole, name: string) => {
      let index = modules.indexOf(name);
      if (index === -1) index = modules.push(name) - 1;
      return `__cjs(__module${index})`;
    })
    .replace(/\bmodule\.exports\b/g, '__exports')
    // ajv names an export `exports["-6424a2af"]`, or `exports.e4f337a` when the schema's hash is an identifier.
    .replace(/(?<![\w$.])exports(?=[[.])/g, '__exports');
  const imports = modules.map((name, index) => `import * as __module${index} from ${JSON.stringify(name)};`);
  return [
    ...imports,
    // A bundler may hand a CommonJS module over as { default: exports } or as its named exports: accept both.
    'function __cjs(ns) { const keys = Object.keys(ns).filter((k) => k !== "default");',
    '  return keys.length === 0 && ns.default && typeof ns.default === "object" ? ns.default : ns; }',
    'const __exports = {};',
    body,
    'export default __exports;',
  ].join('\n');
}
