/**
 * Renders a form schema file: rjsf with the Arco theme, the validator precompiled from the same file, the
 * file's own messages, and its `submit` descriptor run through the engine's transport.
 */
import Form from '@rjsf/core';
import type { IChangeEvent } from '@rjsf/core';
import type { ValidatorType } from '@rjsf/utils';
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { formTemplates, formWidgets, type FormWidgetContext } from '../../widgets/form/theme';
import { callApi } from '../api';
import { loadForm, type LoadedForm } from '../registry';
import { useSeams } from '../seams';
import { createFormValidator, schemaErrorTransformer } from './form-validator';
import { LoadFailure, Loading } from '../feedback';

export type FormData = Record<string, unknown>;

export interface SchemaFormProps {
  formId: string;
  initialData?: FormData;
  /** msgCodes the caller handles itself (e.g. -16001 on login): they reach `onSubmitted`, not `onFailed`. */
  acceptCodes?: readonly number[];
  /** Called with the whole envelope of a successful (or accepted) submit. */
  onSubmitted?: (envelope: unknown, data: FormData) => void | Promise<void>;
  onFailed?: (error: unknown) => void;
  /** Test id of the <form> element. */
  testId?: string;
  footer?: ReactNode;
}

interface Prepared extends LoadedForm {
  validator: ValidatorType;
}

export function SchemaForm({
  formId,
  initialData,
  acceptCodes,
  onSubmitted,
  onFailed,
  testId,
  footer,
}: SchemaFormProps) {
  const seams = useSeams();
  const [prepared, setPrepared] = useState<Prepared | null>(null);
  const [loadError, setLoadError] = useState<unknown>(null);
  const [attempt, setAttempt] = useState(0);
  const [formData, setFormData] = useState<FormData>(initialData ?? {});
  const [submitting, setSubmitting] = useState(false);
  const [submitFailures, setSubmitFailures] = useState(0);
  const [triedOnce, setTriedOnce] = useState(false);

  useEffect(() => {
    let live = true;
    setLoadError(null);
    loadForm(formId).then(
      (loaded) =>
        live && setPrepared({ ...loaded, validator: createFormValidator(loaded.validateFns, loaded.file.schema) }),
      (error: unknown) => live && setLoadError(error),
    );
    return () => {
      live = false;
    };
  }, [formId, attempt]);

  const transformErrors = useMemo(
    () => (prepared ? schemaErrorTransformer(prepared.file.schema) : undefined),
    [prepared],
  );
  const formContext = useMemo<FormWidgetContext & { submitting: boolean }>(
    () => ({ submitFailures, submitting }),
    [submitFailures, submitting],
  );

  if (loadError) return <LoadFailure error={loadError} onRetry={() => setAttempt((count) => count + 1)} />;
  if (!prepared) return <Loading />;
  const { file, validator } = prepared;

  const submit = async ({ formData: data }: IChangeEvent<FormData>) => {
    const values = data ?? {};
    if (!file.submit) {
      await onSubmitted?.(undefined, values);
      return;
    }
    setSubmitting(true);
    try {
      const envelope = await callApi(seams, file.submit, { body: values, acceptCodes });
      await onSubmitted?.(envelope, values);
    } catch (error) {
      // The schema says which fields a failed submit empties (a used captcha code, for one).
      const cleared = Object.fromEntries((file.clearOnFailure ?? []).map((field) => [field, undefined]));
      setFormData({ ...values, ...cleared });
      setSubmitFailures((count) => count + 1);
      onFailed?.(error);
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <div className="sf-root" data-testid={testId}>
      <Form<FormData>
        className="sf-form"
        schema={file.schema}
        uiSchema={{ ...file.uiSchema, 'ui:submitButtonOptions': { submitText: file.submitText ?? '提交' } }}
        formData={formData}
        validator={validator}
        transformErrors={transformErrors}
        templates={formTemplates}
        widgets={formWidgets}
        formContext={formContext}
        idPrefix={file.id}
        noHtml5Validate
        showErrorList={false}
        liveValidate={triedOnce ? 'onChange' : undefined}
        focusOnFirstError
        disabled={submitting}
        onChange={({ formData: next }) => setFormData(next ?? {})}
        onError={() => setTriedOnce(true)}
        onSubmit={(event) => {
          setTriedOnce(true);
          void submit(event);
        }}
      >
        {footer}
      </Form>
    </div>
  );
}
