/**
 * Vite plugin: `import validators from '/schemas/forms/login.json?validator'` yields the precompiled
 * validator functions of that form file's `schema`, generated from the file itself whenever it changes.
 */
import type { RJSFSchema } from '@rjsf/utils';
import type { Plugin } from 'vite';
import { jsonQueryPlugin } from './json-query-plugin';
import { validatorModuleCode } from './validator-code';

export function formValidatorPlugin(): Plugin {
  return jsonQueryPlugin({
    name: 'portal-form-validators',
    query: '?validator',
    generate(parsed, file, fail) {
      const form = parsed.kind === 'process' ? (parsed.form as Record<string, unknown> | undefined) : parsed;
      if (!form?.schema) fail(`${file}: a form file needs a "schema"`);
      return validatorModuleCode(form?.schema as RJSFSchema);
    },
  });
}
