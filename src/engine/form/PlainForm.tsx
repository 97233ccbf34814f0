/**
 * A form file whose fields are all plain text (text, password, captcha): rendered with the same Arco widgets and
 * templates as rjsf renders them, the same markup, and judged by the same precompiled validator and the file's
 * own messages, without rjsf and its runtime (about 60 KB gzip the login page does not load). rjsf's behaviour
 * is kept: messages show after the first submit and then follow every change, the first broken field takes the
 * focus, Enter moves or submits per `ui:options.enter`. Any other form goes to rjsf (RjsfForm.tsx).
 */
import type { RJSFSchema, UiSchema } from '@rjsf/utils';
import { getUiOptions, hashForSchema } from '@rjsf/utils';
import type { ValidatorFunctions } from '@rjsf/validator-ajv8/lib/types.js';
import localizeZh from 'ajv-i18n/localize/zh';
import { useMemo, useRef, type FormEvent } from 'react';
import { BaseInputTemplate } from '../../widgets/form/BaseInputTemplate';
import { CaptchaWidget } from '../../widgets/form/CaptchaWidget';
import type { FormWidgetContext } from '../../widgets/form/form-context';
import { FieldErrorTemplate, FieldTemplate } from '../../widgets/form/FieldTemplate';
import { FormButtons, ObjectFieldTemplate } from '../../widgets/form/layout-templates';
import { dropBlankStrings, resolveError, type JsonSchemaNode, type ValidatorError } from '../../shared/schema-messages';
import type { LoadedForm } from '../schema-files';
import type { FormSchemaFile } from '../types';
import { useFormRun, type FormData, type SchemaFormProps } from './form-run';

type PlainWidget = 'text' | 'password' | 'captcha';

export interface PlainField {
  name: string;
  widget: PlainWidget;
}

// What a plain form may say: anything else (a choice, a date, a condition, a default, a help text) is rjsf's.
const ROOT_SCHEMA_KEYS = new Set(['type', 'required', 'properties']);
const FIELD_SCHEMA_KEYS = new Set(['type', 'title', 'maxLength', 'minLength', 'pattern', 'const', 'errorMessage']);
const ROOT_UI_KEYS = new Set(['ui:order', 'ui:options']);
const ROOT_UI_OPTIONS = new Set(['columns']);
const FIELD_UI_KEYS = new Set(['ui:widget', 'ui:placeholder', 'ui:autofocus', 'ui:title', 'ui:options']);
const FIELD_UI_OPTIONS = new Set(['enter', 'autocomplete', 'prefixIcon', 'hideLabel', 'image', 'span']);
const PLAIN_WIDGETS = new Set<unknown>([undefined, 'text', 'password', 'captcha']);

const isRecord = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);
const only = (value: unknown, allowed: ReadonlySet<string>) =>
  value === undefined || (isRecord(value) && Object.keys(value).every((key) => allowed.has(key)));

const plainCache = new WeakMap<FormSchemaFile, PlainField[] | null>();

/** The fields of a form the plain renderer shows exactly as rjsf would, in order; null for any other form. */
export function plainFields(file: FormSchemaFile): PlainField[] | null {
  if (!plainCache.has(file)) plainCache.set(file, findPlainFields(file));
  return plainCache.get(file) ?? null;
}

function findPlainFields(file: FormSchemaFile): PlainField[] | null {
  const { schema } = file;
  const ui: Record<string, unknown> = file.uiSchema ?? {};
  if (file.effects?.length || schema.type !== 'object' || !only(schema, ROOT_SCHEMA_KEYS)) return null;
  const properties = schema.properties ?? {};
  const names = Object.keys(properties);
  for (const key of Object.keys(ui)) if (!ROOT_UI_KEYS.has(key) && !names.includes(key)) return null;
  if (!only(ui['ui:options'], ROOT_UI_OPTIONS)) return null;
  const order = fieldOrder(names, ui['ui:order']);
  if (!order) return null;
  const fields: PlainField[] = [];
  for (const name of order) {
    const property = properties[name];
    if (!isRecord(property) || property.type !== 'string' || !only(property, FIELD_SCHEMA_KEYS)) return null;
    const fieldUi = ui[name];
    if (!only(fieldUi, FIELD_UI_KEYS)) return null;
    const fieldUiRecord = isRecord(fieldUi) ? fieldUi : {};
    if (!only(fieldUiRecord['ui:options'], FIELD_UI_OPTIONS)) return null;
    const widget = fieldUiRecord['ui:widget'];
    if (!PLAIN_WIDGETS.has(widget)) return null;
    fields.push({ name, widget: (widget ?? 'text') as PlainWidget });
  }
  return fields;
}

/** rjsf's order: `ui:order` with `*` for the fields it does not name; an order naming other fields is rjsf's to refuse. */
function fieldOrder(names: string[], order: unknown): string[] | null {
  if (order === undefined) return names;
  if (!Array.isArray(order) || !order.every((name): name is string => typeof name === 'string')) return null;
  const rest = names.filter((name) => !order.includes(name));
  const star = order.indexOf('*');
  if (order.some((name) => name !== '*' && !names.includes(name))) return null;
  if (star === -1) return rest.length === 0 ? order : null;
  return [...order.slice(0, star), ...rest, ...order.slice(star + 1)];
}

type Messages = Map<string, string[]>;

/**
 * The form's messages for these values: the precompiled validator of the form file (a whitespace-only text is
 * absent, as on the server), each error mapped to the file's own message (ajv-i18n's where it names none), in the
 * validator's order (the first one takes the focus).
 */
function validate(validateFns: ValidatorFunctions, schema: RJSFSchema, values: FormData): Messages {
  const key = typeof schema.$id === 'string' ? schema.$id : hashForSchema(schema);
  const check = validateFns[key];
  if (!check) throw new Error(`表单校验函数缺失：${key}`);
  const messages: Messages = new Map();
  if (check(dropBlankStrings(values))) return messages;
  const errors = check.errors ?? [];
  check.errors = null;
  localizeZh(errors);
  for (const error of errors as ValidatorError[]) {
    const { field, message } = resolveError(schema as JsonSchemaNode, error, (raw) => raw.message ?? '');
    messages.set(field, [...(messages.get(field) ?? []), message]);
  }
  return messages;
}

const NO_MESSAGES: Messages = new Map();

export function PlainForm(props: SchemaFormProps & { loaded: LoadedForm; fields: readonly PlainField[] }) {
  const { loaded, fields, secondaryAction, testId } = props;
  const { file, validateFns } = loaded;
  const run = useFormRun(props, file);
  const { formData, submitting } = run;
  const formRef = useRef<HTMLFormElement>(null);
  const messages = useMemo(
    () => (run.triedOnce ? validate(validateFns, file.schema, formData) : NO_MESSAGES),
    [run.triedOnce, validateFns, file.schema, formData],
  );
  const formContext = useMemo<FormWidgetContext>(
    () => ({ ...run.widgetServices, submitFailures: run.submitFailures, submitting, secondaryAction }),
    [run.widgetServices, run.submitFailures, submitting, secondaryAction],
  );
  const registry = { formContext };
  const uiSchema: UiSchema = file.uiSchema ?? {};
  const required = new Set(file.schema.required ?? []);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (event.target !== event.currentTarget) return;
    run.setTriedOnce(true);
    const found = validate(validateFns, file.schema, formData);
    const [first] = found.keys();
    if (first === undefined) {
      void run.submit(formData);
      return;
    }
    // rjsf's focusOnFirstError: the element whose id is the field's.
    const id = first ? `${file.id}_${first}` : file.id;
    const form = formRef.current;
    const element = form?.elements.namedItem(id) ?? form?.querySelector(`input[id^="${id}"]`);
    if (element instanceof HTMLElement) element.focus();
  };

  const properties = fields.map(({ name, widget }) => {
    const id = `${file.id}_${name}`;
    const fieldUi: UiSchema = uiSchema[name] ?? {};
    const schema = file.schema.properties?.[name] as RJSFSchema;
    const { widget: _widget, placeholder = '', title: uiTitle, ...options } = getUiOptions(fieldUi);
    const rawErrors = messages.get(name) ?? [];
    const common = {
      id,
      value: formData[name],
      disabled: submitting,
      readonly: false,
      placeholder,
      options,
      schema,
      rawErrors,
      onChange: (value: unknown) => run.applyPatch({ [name]: value }),
      onBlur: () => undefined,
      onFocus: () => undefined,
    };
    const control =
      widget === 'captcha' ? (
        <CaptchaWidget {...common} registry={registry} />
      ) : (
        <BaseInputTemplate
          {...common}
          autofocus={Boolean(options.autofocus)}
          type={widget === 'password' ? 'password' : undefined}
        />
      );
    const content = (
      <FieldTemplate
        id={id}
        label={String(uiTitle ?? schema.title ?? name)}
        errors={<FieldErrorTemplate errors={rawErrors} fieldPathId={{ $id: id, path: [name] }} />}
        help={undefined}
        hidden={false}
        required={required.has(name)}
        displayLabel={options.label !== false}
        uiSchema={fieldUi}
        classNames={
          rawErrors.length > 0 ? 'rjsf-field rjsf-field-string rjsf-field-error' : 'rjsf-field rjsf-field-string'
        }
        registry={registry}
      >
        {control}
      </FieldTemplate>
    );
    return { name, content, hidden: false };
  });
  const rootErrors = messages.get('') ?? [];

  return (
    <div className="sf-root" data-testid={testId}>
      <form className="sf-form" noValidate ref={formRef} onSubmit={onSubmit}>
        <FieldTemplate
          id={file.id}
          label=""
          errors={<FieldErrorTemplate errors={rootErrors} fieldPathId={{ $id: file.id, path: [] }} />}
          help={undefined}
          hidden={false}
          required={false}
          displayLabel={false}
          uiSchema={uiSchema}
          classNames={
            rootErrors.length > 0 ? 'rjsf-field rjsf-field-object rjsf-field-error' : 'rjsf-field rjsf-field-object'
          }
          registry={registry}
        >
          <ObjectFieldTemplate properties={properties} uiSchema={uiSchema} />
        </FieldTemplate>
        <FormButtons submitText={file.submitText ?? '提交'} submitting={submitting} secondaryAction={secondaryAction} />
      </form>
    </div>
  );
}
