/**
 * A form's validator: the functions precompiled from its schema file (no ajv compiler at run time) plus the
 * mapping of every error to the message written in that same file (src/shared/schema-messages.ts).
 */
import createPrecompiledValidator from '@rjsf/validator-ajv8/lib/createPrecompiledValidator.js';
import type { ValidatorFunctions } from '@rjsf/validator-ajv8/lib/types.js';
import type { ErrorTransformer, RJSFSchema, RJSFValidationError, ValidatorType } from '@rjsf/utils';
import localizeZh from 'ajv-i18n/localize/zh';
import { dropBlankStrings, resolveError, type JsonSchemaNode, type ValidatorError } from '../../shared/schema-messages';

/**
 * The precompiled validator, judging a form's values as the server will: a whitespace-only text is absent, so a
 * required field of spaces shows the field's own required message (the data the form keeps is left as typed).
 */
export function createFormValidator(validateFns: ValidatorFunctions, schema: RJSFSchema): ValidatorType {
  const precompiled = createPrecompiledValidator(validateFns, schema, localizeZh as never);
  const validator: ValidatorType = Object.create(precompiled);
  validator.validateFormData = (formData, ...rest) => precompiled.validateFormData(dropBlankStrings(formData), ...rest);
  return validator;
}

/** rjsf moves a `required` error onto the missing property; give back the ajv shape the mapping reads. */
function toValidatorError(error: RJSFValidationError): ValidatorError {
  const segments = (error.property ?? '').split('.').filter(Boolean);
  if (error.name === 'required') segments.pop();
  return {
    instancePath: segments.map((segment) => `/${segment}`).join(''),
    schemaPath: error.schemaPath ?? '',
    keyword: error.name ?? '',
    params: (error.params ?? {}) as Record<string, unknown>,
    message: error.message,
  };
}

export function schemaErrorTransformer(schema: RJSFSchema): ErrorTransformer {
  return (errors) =>
    errors.map((error) => {
      const { message } = resolveError(schema as JsonSchemaNode, toValidatorError(error), (raw) => raw.message ?? '');
      return { ...error, message, stack: message };
    });
}
