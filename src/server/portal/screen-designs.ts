/**
 * The big screens (dashboard pages of theme `screen` in schemas/pages: 项目大屏, 公司大屏) and their design. A screen
 * ships as its page file with the panels the modules present add to it (module.json `panels`, placed as the web app's
 * build places them: src/shared/module-panels.ts). A module may keep a designed version of a screen (a designer's
 * saved one) and hand it over through `setSource`; the screen's page asks for its design (GET
 * /api/zhgd/screenDesign/<id>) and draws the shipped file when no module gives one. The core names no such module.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { panelContributions, withModulePanels, type PanelsDeclaring } from '../../shared/module-panels.js';
import { schemasDir } from '../paths.js';

/** A panel of a screen: the dashboard meta-schema's panel (schemas/meta/dashboard.json); only these keys are read. */
export interface ScreenPanel {
  id: string;
  title: string;
  widget: string;
  span?: number;
  rowSpan?: number;
  permission?: string;
  [key: string]: unknown;
}

/** A screen's page file (kind dashboard, theme screen). */
export interface ScreenFile {
  kind: 'dashboard';
  id: string;
  title: string;
  theme: 'screen';
  columns?: number;
  panels: ScreenPanel[];
  [key: string]: unknown;
}

/** A module's designed version of a screen, given the shipped one; undefined: the shipped one is shown. */
export type ScreenDesignSource = (screenId: string, shipped: ScreenFile) => Promise<ScreenFile | undefined>;

export interface ScreenDesign {
  file: ScreenFile;
  /** false: the shipped design. */
  designed: boolean;
}

export class ScreenDesigns {
  private files: Map<string, ScreenFile> | undefined;
  private source: ScreenDesignSource | undefined;

  constructor(
    private readonly manifests: readonly PanelsDeclaring[],
    private readonly pagesDir = path.join(schemasDir, 'pages'),
  ) {}

  /** The screens by id, read once (the page files and the module manifests do not change while the server runs). */
  private shippedFiles(): Map<string, ScreenFile> {
    if (this.files) return this.files;
    const contributions = panelContributions(this.manifests);
    const files = new Map<string, ScreenFile>();
    const names = existsSync(this.pagesDir) ? readdirSync(this.pagesDir).filter((name) => name.endsWith('.json')) : [];
    for (const name of names.sort()) {
      const page = JSON.parse(readFileSync(path.join(this.pagesDir, name), 'utf8')) as Partial<ScreenFile>;
      if (page.kind !== 'dashboard' || page.theme !== 'screen' || typeof page.id !== 'string') continue;
      const file = page as ScreenFile;
      files.set(file.id, { ...file, panels: withModulePanels(file.id, file.panels, contributions) });
    }
    this.files = files;
    return files;
  }

  /** The screens, with their titles. */
  screens(): { id: string; title: string }[] {
    return [...this.shippedFiles().values()].map((file) => ({ id: file.id, title: file.title }));
  }

  /** A screen as shipped (with the modules' panels), or undefined for an id that is no screen. */
  shipped(id: string): ScreenFile | undefined {
    return this.shippedFiles().get(id);
  }

  /** The one module that keeps designed screens hands over its reader here. */
  setSource(source: ScreenDesignSource): void {
    if (this.source) throw new Error('two modules give the big screens their designs');
    this.source = source;
  }

  /** What a screen shows: its designed version when a module keeps one, else the shipped file. */
  async design(id: string): Promise<ScreenDesign | undefined> {
    const shipped = this.shipped(id);
    if (!shipped) return undefined;
    const designed = this.source ? await this.source(id, shipped) : undefined;
    return designed ? { file: designed, designed: true } : { file: shipped, designed: false };
  }
}
