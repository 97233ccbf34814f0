/**
 * The call of a dashboard panel, in one place: the panel asks with it, and the route starts it before the
 * dashboard's code has arrived. A panel whose required context is missing (no project chosen yet) makes no call.
 */
import { pickPath } from '../api';
import type { FirstCall } from '../renderers';
import { renderTemplate, type TemplateContext } from '../template';
import type { DashboardPageFile, DashboardPanel } from '../types';

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

export function dashboardCalls(file: DashboardPageFile, context: TemplateContext): FirstCall[] {
  return file.panels.flatMap((panel) => panelCall(panel, context) ?? []);
}
