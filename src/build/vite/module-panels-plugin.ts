/**
 * Vite plugin: a dashboard page file (`schemas/pages/workbench.json`, `project-screen.json`, a module's dashboard)
 * arrives in the web app with the panels the modules present add to it (`panels` of modules/<m>/module.json, placed
 * by src/shared/module-panels.ts), and a crud page file with the row actions they add to its rows (`rowActions`,
 * src/shared/module-row-actions.ts). A module's folder removed, its panels and row actions are gone from the next build.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';
import { panelContributions, withModulePanels, type PanelsDeclaring } from '../../shared/module-panels';
import { withModuleRowActions, type RowActionsDeclaring } from '../../shared/module-row-actions';

const PAGE_FILE = /\/(?:schemas|modules\/[^/]+)\/pages\/[^/]+\.json$/;

/** The module.json files under `<root>/modules`. */
export function moduleManifestFiles(root: string): string[] {
  const modulesDir = path.join(root, 'modules');
  if (!existsSync(modulesDir)) return [];
  return readdirSync(modulesDir)
    .map((name) => path.join(modulesDir, name, 'module.json'))
    .filter((file) => existsSync(file));
}

export function modulePanelsPlugin(): Plugin {
  let root = process.cwd();
  return {
    name: 'portal-module-panels',
    enforce: 'pre',
    configResolved(config) {
      root = config.root;
    },
    transform(code, id) {
      if (id.includes('?') || id.startsWith('\0') || !PAGE_FILE.test(id)) return null;
      const page = JSON.parse(code) as {
        kind?: unknown;
        id?: unknown;
        panels?: { id: string }[];
        rowActions?: { label: string }[];
      };
      if ((page.kind !== 'dashboard' && page.kind !== 'crud') || typeof page.id !== 'string') return null;
      const files = moduleManifestFiles(root);
      // A module that adds or drops a panel or a row action rebuilds the page.
      for (const file of files) this.addWatchFile(file);
      const manifests = files.map(
        (file) => JSON.parse(readFileSync(file, 'utf8')) as PanelsDeclaring & RowActionsDeclaring,
      );
      if (page.kind === 'crud') {
        const rowActions = withModuleRowActions(page.id, page.rowActions, manifests);
        if (rowActions.length === (page.rowActions?.length ?? 0)) return null;
        return { code: JSON.stringify({ ...page, rowActions }), map: null };
      }
      if (!Array.isArray(page.panels)) return null;
      const panels = withModulePanels(page.id, page.panels, panelContributions(manifests));
      if (panels.length === page.panels.length) return null;
      return { code: JSON.stringify({ ...page, panels }), map: null };
    },
  };
}
