/**
 * Renders a form schema file: rjsf with the Arco theme, the validator precompiled from the same file, the
 * file's own messages, its effects, and its `submit` action run through the engine's transport.
 */
import Form from '@rjsf/core';
import type { IChangeEvent } from '@rjsf/core';
import type { ValidatorType } from '@rjsf/utils';
import { useCallback, useMemo, useRef, useState, type ReactNode } from 'react';
import { FormButtons } from '../../widgets/form/layout-templates';
import { formTemplates, formWidgets, type ChoiceOption, type FormWidgetContext } from '../../widgets/form/theme';
import { callApi, pickPath } from '../api';
import { runAction } from '../actions';
import { LoadFailure, Loading } from '../feedback';
import { loadForm, peekForm, type LoadedForm } from '../registry';
import { useSchemaFile } from '../use-schema-file';
import { useSeams } from '../seams';
import type { TemplateContext } from '../template';
import type { ApiDescriptor, EngineAction } from '../types';
import { invalidFields } from './field-state';
import { createFormValidator, schemaErrorTransformer } from './form-validator';
import { useFormEffects } from './use-effects';

export type FormData = Record<string, unknown>;

export interface SchemaFormProps {
  formId: string;
  initialData?: FormData;
  /**
   * Values the file's templates may read beside the form's own (`{{account}}`, an earlier step's values);
   * a function receives the form's current values.
   */
  context?: TemplateContext | ((values: FormData) => TemplateContext);
  /** Replaces the file's `submit` (a wizard step that verifies a code, then saves). */
  actions?: readonly EngineAction[];
  /** msgCodes the caller handles itself (e.g. -16001 on login): they reach `onSubmitted`, not `onFailed`. */
  acceptCodes?: readonly number[];
  /** Called with the whole envelope of a successful (or accepted) submit; no submit action gives `undefined`. */
  onSubmitted?: (envelope: unknown, data: FormData) => void | Promise<void>;
  onFailed?: (error: unknown) => void;
  onChange?: (data: FormData) => void;
  /** A second button beside submit (a wizard's 上一步). */
  secondaryAction?: FormWidgetContext['secondaryAction'];
  /** Test id of the wrapper element. */
  testId?: string;
  /**
   * Fields of the host shown between the form's fields and its submit button (the approvers a starter picks): the
   * host keeps and checks their values itself, in `onSubmitted` after the form's own rules passed.
   */
  hostFields?: ReactNode;
}

const DEFAULT_FORM_STATE = { constAsDefaults: 'never', arrayMinItems: { populate: 'never' } } as const;

/** Where a form's files go: the portal's upload service (spec section 7), which answers `data.url`. */
const UPLOAD_API: ApiDescriptor = { method: 'POST', url: '/api/zhgd/base/updateFile' };

/** Uploads one file to the portal's upload service and answers its address. */
export async function uploadFile(seams: ReturnType<typeof useSeams>, upload: File): Promise<string> {
  const body = new FormData();
  body.append('file', upload);
  const envelope = await callApi(seams, UPLOAD_API, { body });
  const url = pickPath(envelope, 'data.url');
  if (typeof url !== 'string') throw new Error('upload answered no address');
  return url;
}

interface Prepared extends LoadedForm {
  validator: ValidatorType;
}

/**
 * `ui:options.source` of a choice field: a call, which members of each row are label and value, and for a tree
 * which member holds the children.
 */
interface OptionsSource {
  api: ApiDescriptor;
  params?: Record<string, unknown>;
  label?: string;
  value?: string;
  children?: string;
  /** 'session': keep the options for the browser session (a dictionary). */
  cache?: 'session';
}

function toOptions(rows: unknown, source: OptionsSource): ChoiceOption[] {
  if (!Array.isArray(rows)) return [];
  return rows.map((row: Record<string, unknown>) => {
    const children = source.children ? toOptions(row[source.children], source) : [];
    return {
      label: String(row[source.label ?? 'label'] ?? ''),
      value: row[source.value ?? 'value'] as ChoiceOption['value'],
      ...(children.length > 0 ? { children } : {}),
    };
  });
}

export function SchemaForm(props: SchemaFormProps) {
  const { file: loaded, error, retry } = useSchemaFile(loadForm, props.formId, true, peekForm);
  const prepared = useMemo<Prepared | null>(
    () => (loaded ? { ...loaded, validator: createFormValidator(loaded.validateFns, loaded.file.schema) } : null),
    [loaded],
  );
  if (error) return <LoadFailure error={error} onRetry={retry} />;
  if (!prepared || prepared.file.id !== props.formId) return <Loading />;
  return <LoadedSchemaForm {...props} prepared={prepared} />;
}

function LoadedSchemaForm({
  prepared,
  initialData,
  context,
  actions,
  acceptCodes,
  onSubmitted,
  onFailed,
  onChange,
  secondaryAction,
  testId,
  hostFields,
}: SchemaFormProps & { prepared: Prepared }) {
  const seams = useSeams();
  const { file, validator } = prepared;
  const [formData, setFormData] = useState<FormData>(initialData ?? {});
  const [submitting, setSubmitting] = useState(false);
  const [submitFailures, setSubmitFailures] = useState(0);
  const [triedOnce, setTriedOnce] = useState(false);

  const templateContext = useCallback(
    (values: FormData): TemplateContext => ({
      ...(typeof context === 'function' ? context(values) : context),
      ...values,
    }),
    [context],
  );
  const invalid = useMemo(() => invalidFields(validator, file.schema, formData), [validator, file.schema, formData]);
  const update = useCallback(
    (next: FormData) => {
      setFormData(next);
      onChange?.(next);
    },
    [onChange],
  );
  const applyPatch = useCallback(
    (patch: FormData) =>
      setFormData((current) => {
        const next = { ...current, ...patch };
        onChange?.(next);
        return next;
      }),
    [onChange],
  );
  useFormEffects(file.effects, formData, invalid, seams, applyPatch);

  const transformErrors = useMemo(() => schemaErrorTransformer(file.schema), [file.schema]);
  // Widgets call back with the form's latest values, not those of the render that created the callback.
  const latestContext = useRef<TemplateContext>({});
  latestContext.current = templateContext(formData);
  const widgetServices = useMemo<Pick<FormWidgetContext, 'runAction' | 'loadOptions' | 'uploadFile'>>(
    () => ({
      runAction: async (action) => {
        try {
          await runAction(seams, action as EngineAction, latestContext.current);
          return true;
        } catch {
          return false; // the transport has told the user why
        }
      },
      loadOptions: async (raw) => {
        const source = raw as OptionsSource;
        // Dictionaries are cached in session storage by key (spec section 3): one call per browser session.
        const cacheKey = source.cache === 'session' ? `options:${source.api.method}:${source.api.url}` : undefined;
        const cached = cacheKey ? sessionStorage.getItem(cacheKey) : null;
        if (cached) return JSON.parse(cached) as ChoiceOption[];
        // Params may read the host's context (the selected project of a module form), never the form's values.
        const envelope = await runAction(seams, { api: source.api, params: source.params ?? {} }, templateContext({}));
        const options = toOptions(pickPath(envelope, source.api.resultPath), source);
        if (cacheKey && options.length > 0) sessionStorage.setItem(cacheKey, JSON.stringify(options));
        return options;
      },
      uploadFile: (upload) => uploadFile(seams, upload),
    }),
    [seams, templateContext],
  );
  const invalidList = useMemo(() => [...invalid].sort(), [invalid]);
  const hidden = hiddenFields(file.uiSchema, formData).join(',');
  const formContext = useMemo<FormWidgetContext>(
    () => ({
      ...widgetServices,
      submitFailures,
      submitting,
      secondaryAction,
      invalidFields: invalidList,
      hiddenFields: hidden ? hidden.split(',').map((field) => `${file.id}_${field}`) : [],
    }),
    [widgetServices, submitFailures, submitting, secondaryAction, invalidList, hidden, file.id],
  );

  // The form file says which of its fields travel encrypted, whichever call sends them (an edit dialog's PUT).
  const withFormCipher = (step: EngineAction): EngineAction => {
    const cipher = file.submit?.api.encrypt;
    return cipher && !step.api.encrypt ? { ...step, api: { ...step.api, encrypt: cipher } } : step;
  };

  const submit = async ({ formData: data }: IChangeEvent<FormData>) => {
    const values = data ?? {};
    const steps = actions?.map(withFormCipher) ?? (file.submit ? [file.submit] : []);
    if (steps.length === 0) {
      await onSubmitted?.(undefined, values);
      return;
    }
    setSubmitting(true);
    try {
      let envelope: unknown;
      for (const step of steps) {
        // Without params an action sends exactly the form's values, never the host's context.
        envelope = await runAction(seams, step, step.params ? templateContext(values) : values, { acceptCodes });
      }
      setSubmitting(false);
      await onSubmitted?.(envelope, values);
    } catch (error) {
      // The schema says which fields a failed submit empties (a used captcha code, for one).
      const cleared = Object.fromEntries((file.clearOnFailure ?? []).map((field) => [field, undefined]));
      update({ ...values, ...cleared });
      setSubmitFailures((count) => count + 1);
      setSubmitting(false);
      onFailed?.(error);
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
        // Nothing is chosen for the user: a `oneOf: [{ const, title }]` choice starts empty, a list of photos with none.
        experimental_defaultFormStateBehavior={DEFAULT_FORM_STATE}
        showErrorList={false}
        liveValidate={triedOnce ? 'onChange' : undefined}
        focusOnFirstError
        disabled={submitting}
        onChange={({ formData: next }) => update(next ?? {})}
        onError={() => setTriedOnce(true)}
        onSubmit={(event) => {
          setTriedOnce(true);
          void submit(event);
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
