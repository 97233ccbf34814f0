/**
 * Vite plugin: `import validators from '/schemas/forms/login.json?validator'` yields the precompiled
 * validator functions of that form file's `schema`, generated from the file itself whenever it changes.
 */
import { readFile } from 'node:fs/promises';
import type { Plugin } from 'vite';
import type { RJSFSchema } from '@rjsf/utils';
import { validatorModuleCode } from './validator-code';

const QUERY = '?validator';

export function formValidatorPlugin(): Plugin {
  return {
    name: 'portal-form-validators',
    enforce: 'pre',
    async resolveId(source, importer) {
      if (!source.endsWith(QUERY)) return null;
      const resolved = await this.resolve(source.slice(0, -QUERY.length), importer, { skipSelf: true });
      return resolved ? `\0${resolved.id}${QUERY}` : null;
    },
    async load(id) {
      if (!id.startsWith('\0') || !id.endsWith(QUERY)) return null;
      const file = id.slice(1, -QUERY.length);
      this.addWatchFile(file);
      const parsed = JSON.parse(await readFile(file, 'utf8')) as { schema?: RJSFSchema };
      if (!parsed.schema) this.error(`${file}: a form file needs a "schema"`);
      return validatorModuleCode(parsed.schema);
    },
  };
}
