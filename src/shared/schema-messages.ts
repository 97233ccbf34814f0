/**
 * Turns validator errors into the Chinese messages written in the schema file itself.
 *
 * A property schema may carry `errorMessage`: either one string for every rule of that property, or an object
 * from JSON Schema keyword (`required`, `pattern`, `maxLength`, `const`, ...) to message. The message for
 * `required` sits on the missing property, not on its parent, so every rule and its message stand together.
 * The browser (rjsf's transformErrors) and the server (its -400 answers) both call this module, so a rule
 * and its message are written once.
 */

/** The subset of an ajv `ErrorObject` that this module reads (precompiled and runtime validators agree). */
export interface ValidatorError {
  instancePath: string;
  schemaPath: string;
  keyword: string;
  params: Record<string, unknown>;
  message?: string;
}

export interface JsonSchemaNode {
  type?: string | string[];
  title?: string;
  properties?: Record<string, JsonSchemaNode>;
  items?: JsonSchemaNode;
  required?: string[];
  errorMessage?: string | Record<string, string>;
  [keyword: string]: unknown;
}

export interface ResolvedError {
  /** Dot-separated property path of the field the message belongs to ('' for the whole object). */
  field: string;
  keyword: string;
  message: string;
}

/** The message ajv-i18n would give, used only where the schema names no message of its own. */
export type FallbackMessage = (error: ValidatorError) => string;

function schemaAt(root: JsonSchemaNode, pointer: string[]): JsonSchemaNode | undefined {
  let node: unknown = root;
  for (const segment of pointer) {
    if (node === null || typeof node !== 'object') return undefined;
    node = (node as Record<string, unknown>)[decodeURIComponent(segment.replace(/~1/g, '/').replace(/~0/g, '~'))];
  }
  return node !== null && typeof node === 'object' ? (node as JsonSchemaNode) : undefined;
}

function pickMessage(node: JsonSchemaNode | undefined, keyword: string): string | undefined {
  const declared = node?.errorMessage;
  if (typeof declared === 'string') return declared;
  return declared?.[keyword];
}

function pathToField(instancePath: string): string {
  return instancePath
    .split('/')
    .filter(Boolean)
    .map((segment) => segment.replace(/~1/g, '/').replace(/~0/g, '~'))
    .join('.');
}

export function resolveError(root: JsonSchemaNode, error: ValidatorError, fallback: FallbackMessage): ResolvedError {
  // "#/properties/username/pattern" -> the schema holding the keyword is "#/properties/username".
  const pointer = error.schemaPath.replace(/^#\/?/, '').split('/').filter(Boolean);
  const owner = schemaAt(root, pointer.slice(0, -1));
  const baseField = pathToField(error.instancePath);

  if (error.keyword === 'required' && typeof error.params.missingProperty === 'string') {
    const missing = error.params.missingProperty;
    const field = baseField ? `${baseField}.${missing}` : missing;
    const message = pickMessage(owner?.properties?.[missing], 'required');
    return { field, keyword: 'required', message: message ?? fallback(error) };
  }
  const message = pickMessage(owner, error.keyword) ?? choiceMessage(root, pointer);
  return { field: baseField, keyword: error.keyword, message: message ?? fallback(error) };
}

/**
 * A value that is none of a field's choices fails each `oneOf` branch's `const` first: the field's own `oneOf`
 * message says it, not the validator's generic "应当等于常量".
 */
function choiceMessage(root: JsonSchemaNode, pointer: string[]): string | undefined {
  const at = pointer.length - 3;
  if (at < 0 || pointer[at] !== 'oneOf' || pointer[pointer.length - 1] !== 'const') return undefined;
  return pickMessage(schemaAt(root, pointer.slice(0, at)), 'oneOf');
}

/**
 * All errors of one validation, one per field (the first rule a field breaks wins), in the order the fields are
 * declared in the schema, so "the first message" is the first field's as the user reads the form.
 */
export function resolveErrors(
  root: JsonSchemaNode,
  errors: readonly ValidatorError[],
  fallback: FallbackMessage,
): ResolvedError[] {
  const order = fieldOrder(root);
  const byField = new Map<string, ResolvedError>();
  for (const error of errors) {
    const resolved = resolveError(root, error, fallback);
    if (!byField.has(resolved.field)) byField.set(resolved.field, resolved);
  }
  const rank = (field: string) => {
    const index = order.indexOf(field);
    return index === -1 ? order.length : index;
  };
  return [...byField.values()].sort((a, b) => rank(a.field) - rank(b.field));
}

/** Dot paths of every declared property, depth first, in declaration order. */
export function fieldOrder(root: JsonSchemaNode, prefix = ''): string[] {
  const fields: string[] = [];
  for (const [name, child] of Object.entries(root.properties ?? {})) {
    const path = prefix ? `${prefix}.${name}` : name;
    fields.push(path, ...fieldOrder(child, path));
  }
  return fields;
}

/** Text that says nothing: empty or only whitespace (a label of spaces is no label). */
export function isBlank(value: unknown): boolean {
  return typeof value === 'string' && value.trim() === '';
}

/**
 * A browser form leaves an emptied text field out of its data; both sides also treat a whitespace-only value as
 * absent before validating, so "required" means the same thing on both sides and answers with the field's own
 * required message (the browser through src/engine/form/form-validator.ts, the server through form-validation.ts).
 */
export function dropBlankStrings<T>(value: T): T {
  if (Array.isArray(value)) return value.map((item) => dropBlankStrings(item)) as T;
  if (value === null || typeof value !== 'object') return value;
  const result: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value as Record<string, unknown>)) {
    if (isBlank(item)) continue;
    result[key] = dropBlankStrings(item);
  }
  return result as T;
}
