/**
 * The form designer's model: a list of fields from the palette, each with its rules and the Chinese message of each
 * rule, turned into a form schema file (kind form: JSON Schema, its `errorMessage`s, a uiSchema) and read back from
 * one (a template or a saved form to start from). The server checks the file with the form meta-schema and refuses a
 * rule without its message; the designer fills in a message for each rule it sets, which the user may reword.
 */
import type { RJSFSchema, UiSchema } from '@rjsf/utils';
import { type FormDefinition, orderedFields } from './fill-api';

export type FieldKind = 'text' | 'textarea' | 'number' | 'date' | 'select' | 'switch';

export const PALETTE: { kind: FieldKind; label: string }[] = [
  { kind: 'text', label: '单行文本' },
  { kind: 'textarea', label: '多行文本' },
  { kind: 'number', label: '数字' },
  { kind: 'date', label: '日期' },
  { kind: 'select', label: '下拉选择' },
  { kind: 'switch', label: '是/否' },
];

export interface DesignField {
  /** The property name (field1, field2, ...): stable, so results keep their columns when labels change. */
  key: string;
  kind: FieldKind;
  label: string;
  required: boolean;
  requiredMessage: string;
  /** Text fields: at most this many characters (empty: no limit). */
  maxLength?: number;
  maxLengthMessage: string;
  /** Text fields: a regular expression the value must match (empty: none). */
  pattern: string;
  patternMessage: string;
  /** Number fields. */
  minimum?: number;
  minimumMessage: string;
  maximum?: number;
  maximumMessage: string;
  /** Select fields: the choices. */
  options: string[];
}

const isText = (kind: FieldKind) => kind === 'text' || kind === 'textarea';

type Rule = 'required' | 'maxLength' | 'pattern' | 'minimum' | 'maximum';
const RULES: Rule[] = ['required', 'maxLength', 'pattern', 'minimum', 'maximum'];
const messageKey = (rule: Rule) => `${rule}Message` as const;

/** The message the designer suggests for a rule of a field (the user may reword it). */
export function suggestion(field: Pick<DesignField, 'label' | 'maxLength' | 'minimum' | 'maximum'>, rule: Rule) {
  const { label } = field;
  if (rule === 'required') return `请填写${label}`;
  if (rule === 'maxLength') return `${label}不能超过${field.maxLength ?? ''}个字符`;
  if (rule === 'pattern') return `${label}格式不正确`;
  if (rule === 'minimum') return `${label}不能小于${field.minimum ?? ''}`;
  return `${label}不能超过${field.maximum ?? ''}`;
}

/**
 * A field changed by `patch`: a message still worded as suggested (or empty) follows the change (a new label, a new
 * limit); one the user reworded stays.
 */
export function updateField(field: DesignField, patch: Partial<DesignField>): DesignField {
  const next = { ...field, ...patch };
  for (const rule of RULES) {
    const key = messageKey(rule);
    if (key in patch) continue;
    if (!field[key] || field[key] === suggestion(field, rule)) next[key] = suggestion(next, rule);
  }
  return next;
}

export function newField(kind: FieldKind, existing: readonly DesignField[]): DesignField {
  let n = existing.length + 1;
  while (existing.some((field) => field.key === `field${n}`)) n += 1;
  const label = `${PALETTE.find((entry) => entry.kind === kind)!.label}${n}`;
  const maxLength = isText(kind) ? (kind === 'text' ? 50 : 500) : undefined;
  const base = { label, maxLength, minimum: undefined, maximum: undefined };
  return {
    key: `field${n}`,
    kind,
    label,
    required: false,
    requiredMessage: suggestion(base, 'required'),
    maxLength,
    maxLengthMessage: suggestion(base, 'maxLength'),
    pattern: '',
    patternMessage: suggestion(base, 'pattern'),
    minimumMessage: suggestion(base, 'minimum'),
    maximumMessage: suggestion(base, 'maximum'),
    options: kind === 'select' ? ['选项一', '选项二'] : [],
  };
}

/** The form schema file the fields make. */
export function toDefinition(id: string, title: string, fields: readonly DesignField[]): FormDefinition {
  const properties: Record<string, RJSFSchema> = {};
  const uiSchema: UiSchema = { 'ui:order': fields.map((field) => field.key) };
  for (const field of fields) {
    // A rule's message left empty is left out, so that the server names the rule that lacks one.
    const messages: Record<string, string> = {};
    const say = (rule: string, message: string) => {
      if (message.trim()) messages[rule] = message.trim();
    };
    const node: RJSFSchema = { title: field.label };
    if (field.required) say('required', field.requiredMessage);
    if (isText(field.kind)) {
      node.type = 'string';
      if (field.maxLength !== undefined) {
        node.maxLength = field.maxLength;
        say('maxLength', field.maxLengthMessage);
      }
      if (field.pattern) {
        node.pattern = field.pattern;
        say('pattern', field.patternMessage);
      }
      if (field.kind === 'textarea') uiSchema[field.key] = { 'ui:widget': 'textarea' };
    } else if (field.kind === 'number') {
      node.type = 'number';
      say('type', `${field.label}必须是数字`);
      if (field.minimum !== undefined) {
        node.minimum = field.minimum;
        say('minimum', field.minimumMessage);
      }
      if (field.maximum !== undefined) {
        node.maximum = field.maximum;
        say('maximum', field.maximumMessage);
      }
    } else if (field.kind === 'date') {
      node.type = 'string';
      node.format = 'date';
      say('format', `请选择正确的${field.label}`);
      uiSchema[field.key] = { 'ui:widget': 'date' };
    } else if (field.kind === 'select') {
      node.type = 'string';
      node.enum = field.options;
      say('enum', `请从列表中选择${field.label}`);
      uiSchema[field.key] = { 'ui:widget': 'select' };
    } else {
      node.type = 'boolean';
    }
    if (Object.keys(messages).length > 0) node.errorMessage = messages;
    properties[field.key] = node;
  }
  return {
    kind: 'form',
    id,
    title,
    schema: {
      type: 'object',
      required: fields.filter((field) => field.required).map((field) => field.key),
      properties,
    },
    uiSchema,
  };
}

const messageOf = (node: RJSFSchema, rule: string): string | undefined => {
  const declared = (node as { errorMessage?: string | Record<string, string> }).errorMessage;
  return typeof declared === 'string' ? declared : declared?.[rule];
};

/** The fields of a form file, for the designer to start from (a template, a saved form). */
export function fromDefinition(definition: FormDefinition): DesignField[] {
  const required = new Set(definition.schema.required ?? []);
  return orderedFields(definition).map(([key, node]) => {
    const widget = (definition.uiSchema?.[key] as { 'ui:widget'?: string } | undefined)?.['ui:widget'];
    const kind: FieldKind =
      node.type === 'boolean'
        ? 'switch'
        : node.type === 'number' || node.type === 'integer'
          ? 'number'
          : Array.isArray(node.enum)
            ? 'select'
            : node.format === 'date' || widget === 'date'
              ? 'date'
              : widget === 'textarea'
                ? 'textarea'
                : 'text';
    const base = { label: node.title ?? key, maxLength: node.maxLength, minimum: node.minimum, maximum: node.maximum };
    const message = (rule: Rule) => messageOf(node, rule) ?? suggestion(base, rule);
    return {
      key,
      kind,
      ...base,
      required: required.has(key),
      requiredMessage: message('required'),
      maxLengthMessage: message('maxLength'),
      pattern: node.pattern ?? '',
      patternMessage: message('pattern'),
      minimumMessage: message('minimum'),
      maximumMessage: message('maximum'),
      options: Array.isArray(node.enum) ? node.enum.map(String) : [],
    };
  });
}

/** An id for a new designed form (the meta-schema's pattern); the server keys its versions by its own id. */
export const designedFormId = () => `ldf-form-${Date.now().toString(36)}`;
