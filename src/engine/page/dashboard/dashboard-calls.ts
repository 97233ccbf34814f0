/**
 * The call of a dashboard panel, in one place: the panel asks with it, and the route starts it before the
 * dashboard's code has arrived. A panel whose required context is missing (no project chosen yet) makes no call.
 */
import { chinaDate } from '../../../shared/china-time';
import { pickPath } from '../../api';
import type { FirstCall } from '../../renderers';
import { renderTemplate, type TemplateContext } from '../../template';
import type { DashboardPageFile, DashboardPanel } from '../../types';

const isEmpty = (value: unknown) => value === undefined || value === null || value === '';

/** The requirements (context paths) of a panel that the context does not meet. */
export function unmetRequirements(panel: DashboardPanel, context: TemplateContext): string[] {
  return (panel.requires ?? []).filter((path) => isEmpty(pickPath(context, path)));
}

/** What the user chose for a panel's choices: param -> value. */
export type PanelChosen = Record<string, string>;

/** The first option of each choice with fixed options (a choice from a call is known only once it answers). */
export function initialChoices(panel: DashboardPanel): PanelChosen {
  return Object.fromEntries(
    (panel.choices ?? []).flatMap((choice) => (choice.options?.[0] ? [[choice.param, choice.options[0].value]] : [])),
  );
}

/**
 * The panel's call with the user's choices among its params; none while a requirement or a choice is still
 * open (a metric list not yet loaded).
 */
export function panelCall(
  panel: DashboardPanel,
  context: TemplateContext,
  chosen: PanelChosen = initialChoices(panel),
): FirstCall | null {
  if (!panel.api || unmetRequirements(panel, context).length > 0) return null;
  if ((panel.choices ?? []).some((choice) => chosen[choice.param] === undefined)) return null;
  return {
    api: panel.api,
    params: { ...(panel.params ? (renderTemplate(panel.params, context) as Record<string, unknown>) : {}), ...chosen },
  };
}

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
const pad = (n: number) => String(n).padStart(2, '0');

/** The filter form's first values: the file's defaults, `@today` as the site's day (China time, as the server counts). */
export function initialFilter(file: DashboardPageFile, now = new Date()): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(file.filter?.defaults ?? {}).map(([name, value]) => [
      name,
      value === '@today' ? chinaDate(now) : value,
    ]),
  );
}

/**
 * The context the panels read: the page's, plus the filter's values (a date with its month's first and last day,
 * and the first day of the 30 days that end with it).
 */
export function withFilter(context: TemplateContext, values: Record<string, unknown>): TemplateContext {
  const filter: Record<string, unknown> = { ...values };
  for (const [name, value] of Object.entries(values)) {
    const match = typeof value === 'string' ? DAY.exec(value) : null;
    if (!match) continue;
    const lastDay = new Date(Number(match[1]), Number(match[2]), 0).getDate();
    filter[`${name}MonthFrom`] = `${match[1]}-${match[2]}-01`;
    filter[`${name}MonthTo`] = `${match[1]}-${match[2]}-${pad(lastDay)}`;
    // Calendar arithmetic on the date as written (local fields in, local fields out: no time zone involved).
    const from = new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3]) - 29);
    filter[`${name}Last30From`] = `${from.getFullYear()}-${pad(from.getMonth() + 1)}-${pad(from.getDate())}`;
  }
  return { ...context, filter };
}

export function dashboardCalls(file: DashboardPageFile, context: TemplateContext): FirstCall[] {
  const full = file.filter ? withFilter(context, initialFilter(file)) : context;
  // A panel behind a permission is called once the page knows the user may see it, never ahead.
  return file.panels.flatMap((panel) => (panel.permission ? [] : (panelCall(panel, full) ?? [])));
}
