/**
 * A form whose schema arrives at run time (a form a designer wrote and the server keeps), rendered by rjsf with the
 * engine's Arco theme. The browser cannot compile a validator for it (no ajv compiler under the CSP, DESIGN.md), so
 * every rule is the server's: the host submits, the server validates with the engine's one validator and the file's
 * own Chinese messages, and the field errors of its -400 answer are shown under their fields here.
 */
import Form from '@rjsf/core';
import type { ErrorSchema, RJSFSchema, UiSchema, ValidatorType } from '@rjsf/utils';
import { useMemo, type ReactNode } from 'react';
import type { FieldError } from '../../shared/envelope';
import { formTemplates, formWidgets, type FormWidgetContext } from '../../widgets/form/theme';
import { useSeams } from '../seams';
import { uploadFile } from './form-run';

type Values = Record<string, unknown>;

/** No checks in the browser: the server's answer carries them (see above). */
const serverChecked: ValidatorType<Values> = {
  validateFormData: () => ({ errors: [], errorSchema: {} }),
  isValid: () => true,
  rawValidation: () => ({}),
};

export interface ServerCheckedFormProps {
  /** Prefix of the fields' element ids (the form's id). */
  id: string;
  schema: RJSFSchema;
  uiSchema?: UiSchema;
  value: Values;
  onChange: (value: Values) => void;
  /** The field errors of the server's last -400 answer (`data.errors`). */
  errors?: readonly FieldError[];
  disabled?: boolean;
  /** The host's buttons, shown where rjsf puts its submit button. */
  children: ReactNode;
}

export function ServerCheckedForm(props: ServerCheckedFormProps) {
  const { id, schema, uiSchema, value, onChange, errors, disabled, children } = props;
  const seams = useSeams();
  const extraErrors = useMemo(() => {
    const tree: Record<string, { __errors: string[] }> = {};
    for (const error of errors ?? []) {
      const field = error.field || '';
      (tree[field] ??= { __errors: [] }).__errors.push(error.message);
    }
    return tree as ErrorSchema<Values>;
  }, [errors]);
  const formContext = useMemo<FormWidgetContext>(
    () => ({
      uploadFile: (file, kind) => uploadFile(seams, file, kind),
      submitFailures: 0,
      submitting: disabled ?? false,
      invalidFields: (errors ?? []).map((error) => error.field).filter(Boolean),
      hiddenFields: [],
    }),
    [seams, disabled, errors],
  );
  return (
    <div className="sf-root">
      <Form<Values>
        className="sf-form"
        schema={schema}
        uiSchema={uiSchema}
        formData={value}
        validator={serverChecked}
        extraErrors={extraErrors}
        templates={formTemplates}
        widgets={formWidgets}
        formContext={formContext}
        idPrefix={id}
        noHtml5Validate
        showErrorList={false}
        disabled={disabled}
        onChange={({ formData }) => onChange(formData ?? {})}
      >
        {children}
      </Form>
    </div>
  );
}
