/**
 * The one template rule of schema files: a string that is exactly `{{path}}` stands for the value at that
 * dot-separated path of the context (a form's values, the host's context, earlier wizard steps); objects and
 * arrays are rendered member by member; everything else is sent as written. A whole-value rule (no string
 * interpolation) keeps numbers numbers and objects objects, and leaves no room for code in a schema.
 */
import { pickPath } from './api';

const WHOLE_VALUE = /^\{\{\s*([$\w]+(?:\.[$\w]+)*)\s*\}\}$/;

export type TemplateContext = Record<string, unknown>;

export function renderTemplate(template: unknown, context: TemplateContext): unknown {
  if (typeof template === 'string') {
    const match = WHOLE_VALUE.exec(template);
    return match ? pickPath(context, match[1]) : template;
  }
  if (Array.isArray(template)) return template.map((item) => renderTemplate(item, context));
  if (template !== null && typeof template === 'object') {
    return Object.fromEntries(
      Object.entries(template).map(([key, value]) => [key, renderTemplate(value, context)] as const),
    );
  }
  return template;
}

/** The names a template reads (`{{phone}}` -> `phone`), for the schema checker. */
export function templatePaths(template: unknown): string[] {
  if (typeof template === 'string') {
    const match = WHOLE_VALUE.exec(template);
    return match ? [match[1]] : [];
  }
  if (Array.isArray(template)) return template.flatMap(templatePaths);
  if (template !== null && typeof template === 'object') return Object.values(template).flatMap(templatePaths);
  return [];
}
