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

export function panelCall(panel: DashboardPanel, context: TemplateContext): FirstCall | null {
  if (!panel.api || unmetRequirements(panel, context).length > 0) return null;
  return {
    api: panel.api,
    params: panel.params ? (renderTemplate(panel.params, context) as Record<string, unknown>) : {},
  };
}

export function dashboardCalls(file: DashboardPageFile, context: TemplateContext): FirstCall[] {
  return file.panels.flatMap((panel) => panelCall(panel, context) ?? []);
}
