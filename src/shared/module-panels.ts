/**
 * Panels a module adds to the portal's dashboards (`panels` of modules/<m>/module.json): each names its page, the
 * panel it follows and the panel itself. The web app's build puts them into the page file
 * (src/build/vite/module-panels-plugin.ts) and schemas:check checks them, both through `withModulePanels`.
 */

/** One panel of a dashboard page file; only its id matters here. */
export interface PanelLike {
  id: string;
}

export interface PanelContribution<Panel extends PanelLike = PanelLike> {
  /** The module that adds it. */
  module: string;
  page: string;
  /** The panel this one follows (of the page or of another module); at the end when absent or not there. */
  after?: string;
  panel: Panel;
}

/** The manifest fields this reads: `panels` of a module.json. */
export interface PanelsDeclaring {
  id: string;
  panels?: { page: string; after?: string; panel: PanelLike }[];
}

/** Every module's panels, in the order of the module ids. */
export function panelContributions(manifests: readonly PanelsDeclaring[]): PanelContribution[] {
  return [...manifests]
    .sort((a, b) => a.id.localeCompare(b.id))
    .flatMap((manifest) => (manifest.panels ?? []).map((declared) => ({ module: manifest.id, ...declared })));
}

/**
 * The page's panels with the modules' panels for it in place: each after the panel it names, as soon as that
 * panel is there (a module's panel may follow another module's), the rest at the end in module order.
 */
export function withModulePanels<Panel extends PanelLike>(
  pageId: string,
  panels: readonly Panel[],
  contributions: readonly PanelContribution[],
): Panel[] {
  const result = [...panels];
  // Which panel each placed one follows: two modules' panels after the same one keep the modules' order.
  const follows = new Map<string, string>();
  let waiting = contributions.filter((contribution) => contribution.page === pageId);
  for (let placed = true; placed && waiting.length > 0; ) {
    placed = false;
    waiting = waiting.filter(({ after, panel }) => {
      const at = after === undefined ? -1 : result.findIndex((each) => each.id === after);
      if (after === undefined || at < 0) return true;
      let index = at + 1;
      while (index < result.length && follows.get(result[index].id) === after) index += 1;
      result.splice(index, 0, panel as Panel);
      follows.set(panel.id, after);
      placed = true;
      return false;
    });
  }
  return [...result, ...waiting.map(({ panel }) => panel as Panel)];
}
