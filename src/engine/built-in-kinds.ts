/**
 * The engine's own page kinds and panel types, and the modules' panel types, registered in the renderer registry.
 * Each entry names the code to load (a chunk of its own) and, where the file alone tells, the page's first requests.
 */
import { dashboardCalls } from './page/dashboard/dashboard-calls';
import { crudFirstForms, crudShowsTree, FIRST_PAGE, listParams } from './page/crud/crud-list';
import { CrudTreePart } from './page/crud/crud-tree-part';
import type { ComponentType } from 'react';
import { modulePartName } from '../shared/module-parts';
import { registerPageKind, registerPanelType, type PanelRendererProps } from './renderers';
import { sheetFirstCalls } from './page/sheet/sheet-calls';
import { renderTemplate } from './template';
import type { ChartPanelType, DisplayPanelType } from './types';

registerPageKind('crud', {
  load: async () => (await import('./page/crud/CrudPage')).CrudPage,
  firstCalls: (file, context) => [
    { api: file.list.api, params: listParams(file, context, FIRST_PAGE) },
    // The tree panel's nodes (CrudTree asks with no params).
    ...(file.tree ? [{ api: file.tree.api, params: {} }] : []),
  ],
  firstForms: crudFirstForms,
  firstParts: (file) => (crudShowsTree(file) ? [CrudTreePart] : []),
});

registerPageKind('dashboard', {
  load: async () => (await import('./page/dashboard/DashboardPage')).DashboardPage,
  firstCalls: dashboardCalls,
});

registerPageKind('tabs', {
  load: async () => (await import('./page/tabs/TabsPage')).TabsPage,
});

registerPageKind('detail', {
  load: async () => (await import('./page/detail/DetailPage')).DetailPage,
  firstCalls: (file, context) => [
    { api: file.load.api, params: (renderTemplate(file.load.params ?? {}, context) ?? {}) as Record<string, unknown> },
  ],
});

registerPageKind('custom', {
  load: async () => (await import('./page/custom/CustomPage')).CustomPage,
  firstCalls: (file, context) =>
    file.data
      ? [
          {
            api: file.data.api,
            params: (renderTemplate(file.data.params ?? {}, context) ?? {}) as Record<string, unknown>,
          },
        ]
      : [],
});

registerPageKind('sheet', {
  load: async () => (await import('./page/sheet/SheetPage')).SheetPage,
  firstCalls: sheetFirstCalls,
});

registerPageKind('approval', {
  load: async () => (await import('./page/approval/ApprovalPage')).ApprovalPage,
  firstCalls: (file, context) => [
    { api: file.load.api, params: (renderTemplate(file.load.params ?? {}, context) ?? {}) as Record<string, unknown> },
  ],
});

registerPageKind('processes', {
  load: async () => (await import('./page/processes/ProcessesPage')).ProcessesPage,
});

const CHART_PANELS: readonly ChartPanelType[] = ['line', 'area', 'bar', 'stackedBar', 'pie', 'donut', 'gauge'];
const DISPLAY_PANELS: readonly DisplayPanelType[] = ['stats', 'fields', 'list', 'apps', 'cards'];

// Every chart type shares one chunk (ECharts), loaded only by a page that shows a chart.
for (const type of CHART_PANELS) {
  registerPanelType(type, async () => (await import('./panels/ChartPanel')).ChartPanel);
}
for (const type of DISPLAY_PANELS) {
  registerPanelType(type, async () => (await import('./panels/display-panels')).panelRenderers[type]);
}
registerPanelType('table', async () => (await import('./panels/TablePanel')).TablePanel);
// The projects on the map of China (ECharts' map parts and the outlines come only with it).
registerPanelType('projectMap', async () => (await import('./panels/ProjectMapPanel')).ProjectMapPanel);

// The panel types modules bring (`modules/<m>/panels/<type>.tsx`, default export): each its own chunk, loaded only
// by a page that shows one.
const modulePanels = import.meta.glob<ComponentType<PanelRendererProps>>('/modules/*/panels/*.tsx', {
  import: 'default',
});
for (const [file, load] of Object.entries(modulePanels)) registerPanelType(modulePartName(file), load);
