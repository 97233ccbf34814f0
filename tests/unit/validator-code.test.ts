/**
 * The build-time validators (src/engine/build/validator-code.ts): the module of every form and collection file
 * exports the validator of its root schema under the key rjsf looks it up by (the schema's hash), whether ajv
 * wrote that export as `exports["-6424a2af"]` or, for a hash that is an identifier, as `exports.e4f337a`.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { hashForSchema, type RJSFSchema } from '@rjsf/utils';
import { describe, expect, it } from 'vitest';
import { validatorModuleCode } from '../../src/build/vite/validator-code';

const folders = [
  'schemas/forms',
  ...readdirSync('modules').flatMap((module) => [`modules/${module}/forms`, `modules/${module}/collections`]),
];
const files = folders.flatMap((folder) => {
  try {
    return readdirSync(folder)
      .filter((name) => name.endsWith('.json'))
      .map((name) => join(folder, name));
  } catch {
    return [];
  }
});

describe('precompiled form validators', () => {
  it.each(files)('%s exports its root validator under its hash', (file) => {
    const schema = (JSON.parse(readFileSync(file, 'utf8')) as { schema: RJSFSchema }).schema;
    const code = validatorModuleCode(schema);
    const hash = hashForSchema(schema);
    expect(code.includes(`__exports["${hash}"]`) || code.includes(`__exports.${hash} `)).toBe(true);
    // Nothing is left to CommonJS's own `exports`, which an ES module does not have.
    expect(code).not.toMatch(/(?<![\w$.])exports\b/);
  });
});
