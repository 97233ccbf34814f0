/**
 * The rules table of spec section 5 against the browser engine: the precompiled validator of each form file
 * and the message mapping SchemaForm shows under the field.
 */
import type { RJSFSchema, ValidatorType } from '@rjsf/utils';
import { beforeAll, describe, expect, it } from 'vitest';
import { createFormValidator, schemaErrorTransformer } from '../../src/engine/form/form-validator';
import { loadForm } from '../../src/engine/schema-files';
import { bodyWith, ruleCases, validBodies, type RuleCase, type RuleForm } from '../support/validation-rules';

interface EngineForm {
  schema: RJSFSchema;
  validator: ValidatorType;
}

const forms = new Map<RuleForm, EngineForm>();

beforeAll(async () => {
  for (const id of Object.keys(validBodies) as RuleForm[]) {
    const { file, validateFns } = await loadForm(id);
    forms.set(id, { schema: file.schema, validator: createFormValidator(validateFns, file.schema) });
  }
});

/** The message the form shows under `field` (the first error of that field), or undefined. */
function messageFor(rule: RuleCase, body: Record<string, unknown>): string | undefined {
  const form = forms.get(rule.form)!;
  const { errors } = form.validator.validateFormData(body, form.schema, undefined, schemaErrorTransformer(form.schema));
  // rjsf names a missing property without the leading dot.
  return errors.find((error) => error.property === `.${rule.field}` || error.property === rule.field)?.message;
}

describe('every valid body passes its form', () => {
  it.each(Object.keys(validBodies) as RuleForm[])('%s', (id) => {
    const form = forms.get(id)!;
    expect(form.validator.validateFormData({ ...validBodies[id] }, form.schema).errors).toEqual([]);
  });
});

describe.each(ruleCases)('$form $field: $rule', (rule) => {
  it(`invalid gives "${rule.message}"`, () => {
    expect(messageFor(rule, bodyWith(rule, rule.invalid))).toBe(rule.message);
  });
  it('valid gives no message', () => {
    expect(messageFor(rule, bodyWith(rule, rule.valid))).toBeUndefined();
  });
});
