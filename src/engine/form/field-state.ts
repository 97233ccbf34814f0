/**
 * Which fields of a form currently break a rule, judged by the form's own precompiled validator (the one
 * way to validate): a send-code button waits for its phone field, an effect waits for its trigger field.
 */
import type { RJSFSchema, ValidatorType } from '@rjsf/utils';

interface RawError {
  instancePath?: string;
  keyword?: string;
  params?: { missingProperty?: string };
}

export function invalidFields(validator: ValidatorType, schema: RJSFSchema, formData: unknown): Set<string> {
  const { errors } = validator.rawValidation<RawError>(schema, formData ?? {});
  const names = new Set<string>();
  for (const error of errors ?? []) {
    const top = (error.instancePath ?? '').split('/')[1];
    if (top) names.add(top);
    else if (error.keyword === 'required' && error.params?.missingProperty) names.add(error.params.missingProperty);
  }
  return names;
}
