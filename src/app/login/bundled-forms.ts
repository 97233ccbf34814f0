/**
 * The login form travels in the first bundle with its precompiled validator, so /login renders it in its first
 * pass instead of waiting for a chunk (the login page's time to usable is a benchmarked budget).
 */
import type { ValidatorFunctions } from '@rjsf/validator-ajv8/lib/types.js';
import { provideForms } from '../../engine/schema-files';
import type { FormSchemaFile } from '../../engine/types';

provideForms(
  import.meta.glob<FormSchemaFile>('/schemas/forms/login.json', { eager: true, import: 'default' }),
  import.meta.glob<ValidatorFunctions>('/schemas/forms/login.json', {
    eager: true,
    query: '?validator',
    import: 'default',
  }),
);
