/**
 * Renders a form schema file: its fields (plain text fields by the engine's own renderer, any other form by rjsf
 * with the Arco theme, loaded on first use), the validator precompiled from the same file, the file's own
 * messages, its effects, and its `submit` action run through the engine's transport.
 */
import { lazy, Suspense } from 'react';
import { LoadFailure, Loading } from '../feedback';
import { loadForm, peekForm } from '../schema-files';
import { useSchemaFile } from '../use-schema-file';
import type { SchemaFormProps } from './form-run';
import { PlainForm, plainFields } from './PlainForm';

export { uploadFile, type FormData, type SchemaFormProps } from './form-run';

const RjsfForm = lazy(() => import('./RjsfForm'));

export function SchemaForm(props: SchemaFormProps) {
  const { file: loaded, error, retry } = useSchemaFile(loadForm, props.formId, true, peekForm);
  if (error) return <LoadFailure error={error} onRetry={retry} />;
  if (!loaded || loaded.file.id !== props.formId) return <Loading />;
  const fields = props.hostFields === undefined ? plainFields(loaded.file) : null;
  if (fields) return <PlainForm {...props} loaded={loaded} fields={fields} />;
  return (
    <Suspense fallback={<Loading />}>
      <RjsfForm {...props} loaded={loaded} />
    </Suspense>
  );
}
