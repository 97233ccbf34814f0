/**
 * Vite plugin: `import validate from '/schemas/meta/process.json?meta-validator'` yields the precompiled validator
 * of that meta-schema, with the meta-schemas it refers to (`form`, `api-descriptor`, ...) from the same folder, so
 * the browser checks a file (the flow designer's definition) with the very schema the server and `schemas:check`
 * use, under `script-src 'self'` (ajv's standalone code, no compiler shipped).
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import Ajv from 'ajv';
import standaloneCode from 'ajv/dist/standalone/index.js';
import type { Plugin } from 'vite';
import { jsonQueryPlugin } from './json-query-plugin';

/** The module's code: ajv's ES module output, whose runtime helpers ajv still pulls in with `require()`. */
export function metaValidatorCode(file: string): string {
  const dir = path.dirname(file);
  const ajv = new Ajv({ allErrors: true, strict: false, code: { source: true, esm: true } });
  for (const name of readdirSync(dir).filter((n) => n.endsWith('.json')))
    ajv.addSchema(JSON.parse(readFileSync(path.join(dir, name), 'utf8')) as object, path.basename(name, '.json'));
  const code = standaloneCode(ajv, { validate: path.basename(file, '.json') });
  const modules: string[] = [];
  const body = code.replace(/^"use strict";/, '').replace(/require\("([^"]+)"\)/g, (_whole, name: string) => {
    let index = modules.indexOf(name);
    if (index === -1) index = modules.push(name) - 1;
    return `__runtime${index}`;
  });
  // ajv's runtime helpers are CommonJS modules whose `default` is the function.
  const imports = modules.map((name, index) => `import * as __ns${index} from ${JSON.stringify(`${name}.js`)};`);
  const unwrap = modules.map(
    (_name, index) => `const __runtime${index} = { default: __ns${index}.default?.default ?? __ns${index}.default };`,
  );
  return [...imports, ...unwrap, body, 'export default validate;'].join('\n');
}

export function metaValidatorPlugin(): Plugin {
  return jsonQueryPlugin({
    name: 'portal-meta-validators',
    query: '?meta-validator',
    generate(_parsed, file) {
      return metaValidatorCode(file);
    },
  });
}
