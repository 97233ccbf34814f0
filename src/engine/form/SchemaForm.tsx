/**
 * Renders a form schema file: its fields (plain text fields by the engine's own renderer, any other form by rjsf
 * with the Arco theme, loaded on first use), the validator precompiled from the same file, the file's own
 * messages, its effects, and its `submit` action run through the engine's transport.
 */
import { lazy, Suspense } from 'react';
import { LoadFailure, Loading } from '../feedback';
import { loadForm, peekForm } from '../schema-files';
import { useSchemaFile } from '../use-schema-file';
import type { FormData, SchemaFormProps } from './form-run';
import type { FormSchemaFile } from '../types';
import { PlainForm, plainFields } from './PlainForm';

export { uploadFile, type FormData, type SchemaFormProps } from './form-run';

const RjsfForm = lazy(() => import('./RjsfForm'));

/** The preset's values of the form's own fields, read as each field's type reads (numbers, booleans, lists). */
function presetValues(file: FormSchemaFile, preset: Record<string, string>): FormData {
  const values: FormData = {};
  for (const [name, raw] of Object.entries(preset)) {
    const field = file.schema.properties?.[name];
    if (!field || field === true || raw === '') continue;
    const type = Array.isArray(field.type) ? field.type.find((candidate: string) => candidate !== 'null') : field.type;
    if (type === 'number' || type === 'integer') {
      const number = Number(raw);
      if (Number.isFinite(number)) values[name] = number;
    } else if (type === 'boolean') values[name] = raw === 'true' || raw === '1';
    else if (type === 'array') values[name] = raw.split(',').filter(Boolean);
    else values[name] = raw;
  }
  return values;
}

export function SchemaForm(props: SchemaFormProps) {
  const { file: loaded, error, retry } = useSchemaFile(loadForm, props.formId, true, peekForm);
  if (error) return <LoadFailure error={error} onRetry={retry} />;
  if (!loaded || loaded.file.id !== props.formId) return <Loading />;
  if (props.preset) {
    const { preset, ...rest } = props;
    return <SchemaForm {...rest} initialData={{ ...props.initialData, ...presetValues(loaded.file, preset) }} />;
  }
  const fields = props.hostFields === undefined ? plainFields(loaded.file) : null;
  if (fields) return <PlainForm {...props} loaded={loaded} fields={fields} />;
  return (
    <Suspense fallback={<Loading />}>
      <RjsfForm {...props} loaded={loaded} />
    </Suspense>
  );
}
