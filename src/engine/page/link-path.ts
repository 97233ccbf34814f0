/** Where a link action of a page file leads: a detail page's header button, a crud row's button. */
import { renderTemplate, type TemplateContext } from '../template';

export interface LinkAction {
  path: string;
  query?: Record<string, unknown>;
}

/**
 * A link action's portal path with its query, the query's templates read over the record and the context. The path
 * may itself be a field of the record (`{{record.sourceLink}}`: the page a hazard came from); a record without one
 * has no such link (undefined), and the action is not offered. Empty query values are left out.
 */
export function linkPath(link: LinkAction, context: TemplateContext): string | undefined {
  const path = renderTemplate(link.path, context);
  if (typeof path !== 'string' || !path.startsWith('/')) return undefined;
  const query = Object.entries((renderTemplate(link.query ?? {}, context) ?? {}) as Record<string, unknown>)
    .filter(([, value]) => value !== undefined && value !== null && value !== '')
    .map(([name, value]) => [name, String(value)]);
  return query.length > 0 ? `${path}?${new URLSearchParams(query).toString()}` : path;
}
