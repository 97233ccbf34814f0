/**
 * A form's validator: the functions precompiled from its schema file (no ajv compiler at run time) plus the
 * mapping of every error to the message written in that same file (src/shared/schema-messages.ts).
 */
import createPrecompiledValidator from '@rjsf/validator-ajv8/lib/createPrecompiledValidator.js';
import type { ValidatorFunctions } from '@rjsf/validator-ajv8/lib/types.js';
import type { ErrorTransformer, RJSFSchema, RJSFValidationError, ValidatorType } from '@rjsf/utils';
import localizeZh from 'ajv-i18n/localize/zh';
import { resolveError, type JsonSchemaNode, type ValidatorError } from '../../shared/schema-messages';

export function createFormValidator(validateFns: ValidatorFunctions, schema: RJSFSchema): ValidatorType {
  return createPrecompiledValidator(validateFns, schema, localizeZh as never);
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
