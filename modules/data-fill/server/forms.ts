/**
 * The forms of fill tasks: form schema files (kind form) that a designer wrote or took from a template
 * (modules/data-fill/forms). A form is saved only when it passes the form meta-schema (as `schemas:check` holds the
 * files to), every rule it sets has its Chinese message, and its rules compile; a fill's values are validated by
 * the engine's one validator (FormValidation) with the form's own messages, as the browser shows them.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import localizeZh from 'ajv-i18n/localize/zh/index.js';
import {
  DomainError,
  FormValidation,
  invalidField,
  schemaFileFaults,
  type FormFile,
  type JsonSchemaNode,
} from '../../../src/server/module-api.js';

export const FormMessages = {
  noFields: '表单至少需要一个字段',
  badRules: '表单的规则无效，请检查正则表达式',
  notFound: '表单不存在',
} as const;

/** The rules of a field that must carry their own message (the designer writes one for each). */
const RULES = ['required', 'pattern', 'minLength', 'maxLength', 'minimum', 'maximum'] as const;

function messageOf(field: JsonSchemaNode, rule: string): string | undefined {
  const declared = field.errorMessage;
  return typeof declared === 'string' ? declared : declared?.[rule];
}

/** Where a meta-schema fault sits, as the designer's user knows it: the field by its title, else the pointer. */
function placeOf(definition: unknown, pointer: string): string {
  const match = /^\/schema\/properties\/([^/]+)(\/.*)?$/.exec(pointer);
  if (!match) return pointer ? `${pointer} ` : '';
  const key = match[1]!.replace(/~1/g, '/').replace(/~0/g, '~');
  const field = (definition as FormFile).schema.properties?.[key];
  return `字段“${field?.title ?? key}”${match[2] ? `的 ${match[2].slice(1)} ` : ''}`;
}

/** The form file `definition` is, or a -400 naming the first fault (in Chinese, by ajv-i18n). */
export function checkedForm(definition: unknown): FormFile {
  const faults = schemaFileFaults(definition, 'form');
  if (faults.length > 0) {
    localizeZh(faults);
    const first = faults[0]!;
    throw invalidField(
      'definition',
      `表单格式不正确：${placeOf(definition, first.instancePath)}${first.message ?? ''}`,
    );
  }
  const file = definition as FormFile;
  const properties = Object.entries(file.schema.properties ?? {});
  if (properties.length === 0) throw invalidField('definition', FormMessages.noFields);
  const required = new Set(file.schema.required ?? []);
  for (const [name, field] of properties) {
    const title = field.title ?? name;
    for (const rule of RULES) {
      const set = rule === 'required' ? required.has(name) : field[rule] !== undefined;
      if (set && !messageOf(field, rule))
        throw invalidField('definition', `请为字段“${title}”的${ruleNames[rule]}规则填写提示`);
    }
  }
  try {
    new FormValidation([file], { decrypt: () => undefined }).validate(file.id, {});
  } catch (error) {
    if (!(error instanceof DomainError)) throw invalidField('definition', FormMessages.badRules);
  }
  return file;
}

const ruleNames: Record<(typeof RULES)[number], string> = {
  required: '必填',
  pattern: '格式',
  minLength: '最少字数',
  maxLength: '最多字数',
  minimum: '最小值',
  maximum: '最大值',
};

/** The module's form templates (forms/*.json), checked by `schemas:check` like every form file. */
export function formTemplates(moduleDir: string): FormFile[] {
  const dir = path.join(moduleDir, 'forms');
  return readdirSync(dir)
    .filter((name) => name.endsWith('.json'))
    .sort()
    .map((name) => JSON.parse(readFileSync(path.join(dir, name), 'utf8')) as FormFile);
}

/** One validator for every form version the instance has seen (compiled on a form's first fill). */
export class FillValidation {
  private readonly forms = new FormValidation([], { decrypt: () => undefined });

  /** The validated values of a fill of `form` (its stored version), or a -400 with the form's own messages. */
  validate(formId: string, version: number, file: FormFile, values: unknown): Record<string, unknown> {
    const key = `ldf-${formId}-v${version}`;
    if (!this.forms.has(key)) this.forms.add({ ...file, id: key });
    return this.forms.validate<Record<string, unknown>>(key, values);
  }
}

/** A form's fields in the order it lists them (`ui:order`, which the store writes down; jsonb keeps its own order). */
export function orderedFields(file: FormFile): [string, JsonSchemaNode][] {
  const order = ((file as FormFile & { uiSchema?: Record<string, unknown> }).uiSchema?.['ui:order'] ?? []) as string[];
  const place = (key: string) => (order.includes(key) ? order.indexOf(key) : order.length);
  return Object.entries(file.schema.properties ?? {}).sort(([a], [b]) => place(a) - place(b));
}
