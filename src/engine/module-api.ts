/**
 * The one surface a module's browser code imports from the engine (modules/<m>/panels, widgets and renderers,
 * besides its own files): the props each kind of part receives, and what a part may use to read data and follow
 * links. tests/unit/module-boundaries.test.ts fails on any other import of the core.
 */
export type { WidgetProps } from '@rjsf/utils';
export type { CustomRendererProps, LinkTarget, OpenLink, PanelRendererProps } from './renderers';
export type { DashboardPanel } from './types';
export { useApi } from './use-api';
// Writes and reads a part makes itself (an editor's saves), through the portal's one transport; the toast and the
// permission check of the signed-in user; the engine's loading state.
export { callApi, type CallOptions } from './api';
export { useCan, useSeams, type EngineSeams } from './seams';
export type { ApiDescriptor } from './types';
export { Loading } from './feedback';
// A dashboard file drawn as the engine draws dashboard pages, and one panel type's drawing: a module that lets users
// design dashboards (data-visual) previews and publishes them with the engine's own panels, never a copy.
export { DashboardPage as DashboardView } from './page/dashboard/DashboardPage';
export { panelRenderer } from './renderers';
export type { DashboardPageFile } from './types';
// A form whose schema arrives at run time (a designer's), every rule checked by the server's one validator.
export { ServerCheckedForm, type ServerCheckedFormProps } from './form/ServerCheckedForm';
