/**
 * A form file rendered by rjsf with the Arco theme: every form whose fields are more than plain text (choices,
 * dates, uploads, lists, fields shown by a condition, effects). Loaded on first use, so the login page (plain
 * text fields) carries neither rjsf nor its validator runtime.
 */
import Form from '@rjsf/core';
import { useMemo } from 'react';
import { FormButtons } from '../../widgets/form/layout-templates';
import { formTemplates, formWidgets, type FormWidgetContext } from '../../widgets/form/theme';
import type { LoadedForm } from '../schema-files';
import { invalidFields } from './field-state';
import { useFormRun, type FormData, type SchemaFormProps } from './form-run';
import { createFormValidator, schemaErrorTransformer } from './form-validator';
import { useFormEffects } from './use-effects';

const DEFAULT_FORM_STATE = { constAsDefaults: 'never', arrayMinItems: { populate: 'never' } } as const;

export default function RjsfForm(props: SchemaFormProps & { loaded: LoadedForm }) {
  const { loaded, secondaryAction, testId, hostFields } = props;
  const { file } = loaded;
  const validator = useMemo(() => createFormValidator(loaded.validateFns, file.schema), [loaded, file.schema]);
  const run = useFormRun(props, file);
  const { formData, update, submitting } = run;

  const invalid = useMemo(() => invalidFields(validator, file.schema, formData), [validator, file.schema, formData]);
  useFormEffects(file.effects, formData, invalid, run.seams, run.applyPatch);

  const transformErrors = useMemo(() => schemaErrorTransformer(file.schema), [file.schema]);
  const invalidList = useMemo(() => [...invalid].sort(), [invalid]);
  const hidden = hiddenFields(file.uiSchema, formData).join(',');
  const formContext = useMemo<FormWidgetContext>(
    () => ({
      ...run.widgetServices,
      submitFailures: run.submitFailures,
      submitting,
      secondaryAction,
      invalidFields: invalidList,
      hiddenFields: hidden ? hidden.split(',').map((field) => `${file.id}_${field}`) : [],
    }),
    [run.widgetServices, run.submitFailures, submitting, secondaryAction, invalidList, hidden, file.id],
  );

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
        // Nothing is chosen for the user: a `oneOf: [{ const, title }]` choice starts empty, a list of photos with none.
        experimental_defaultFormStateBehavior={DEFAULT_FORM_STATE}
        showErrorList={false}
        liveValidate={run.triedOnce ? 'onChange' : undefined}
        focusOnFirstError
        disabled={submitting}
        onChange={({ formData: next }) => update(next ?? {})}
        onError={() => run.setTriedOnce(true)}
        onSubmit={({ formData: data }) => {
          run.setTriedOnce(true);
          void run.submit(data ?? {});
        }}
      >
        {/* rjsf shows its children instead of its submit button: the host's fields, then the same buttons. */}
        {hostFields !== undefined ? (
          <>
            {hostFields}
            <FormButtons
              submitText={file.submitText ?? '提交'}
              submitting={submitting}
              secondaryAction={secondaryAction}
            />
          </>
        ) : undefined}
      </Form>
    </div>
  );
}

/**
 * The top-level fields whose `ui:options.showWhen` ({field, equals}) does not hold for the current values: a
 * notice's 接收角色 shows only when 接收范围 is 指定角色. They stay in the form (their values are kept), unseen.
 */
function hiddenFields(uiSchema: Record<string, unknown> | undefined, values: Record<string, unknown>): string[] {
  const hidden: string[] = [];
  for (const [field, ui] of Object.entries(uiSchema ?? {})) {
    const options = (ui as { 'ui:options'?: { showWhen?: { field: string; equals: unknown } } } | null)?.['ui:options'];
    const when = options?.showWhen;
    if (when && values[when.field] !== when.equals) hidden.push(field);
  }
  return hidden.sort();
}
