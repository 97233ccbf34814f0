/**
 * Panels modules add to the portal's dashboards (`panels` of modules/<m>/module.json): where they go, what the web
 * app's build makes of the page file, and what schemas:check says of a wrong one.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { checkSchemaTree } from '../../src/build/check/check-schemas';
import { panelContributions, withModulePanels } from '../../src/shared/module-panels';
import workbench from '../../schemas/pages/workbench.json';
import projectScreen from '../../schemas/pages/project-screen.json';

const root = join(import.meta.dirname, '../..');
const ids = (panels: readonly { id: string }[]) => panels.map((panel) => panel.id);

describe('placing modules’ panels', () => {
  const page = [{ id: 'a' }, { id: 'b' }];
  it('puts each after the panel it names, also one of another module, and the rest at the end', () => {
    const contributions = panelContributions([
      { id: 'zeta', panels: [{ page: 'p', after: 'x1', panel: { id: 'z1' } }] },
      {
        id: 'xray',
        panels: [
          { page: 'p', after: 'a', panel: { id: 'x1' } },
          { page: 'p', after: 'x1', panel: { id: 'x2' } },
          { page: 'p', after: 'gone', panel: { id: 'x3' } },
          { page: 'other', panel: { id: 'elsewhere' } },
        ],
      },
    ]);
    expect(ids(withModulePanels('p', page, contributions))).toEqual(['a', 'x1', 'x2', 'z1', 'b', 'x3']);
    expect(ids(withModulePanels('q', page, contributions))).toEqual(['a', 'b']);
  });
});

describe('the dashboards as the web app gets them', () => {
  it('carry the panels of the modules present, in the order the big screen was designed in', () => {
    expect(ids(workbench.panels).slice(-3)).toEqual(['device-warnings', 'plan-progress', 'open-alerts']);
    expect(ids(projectScreen.panels)).toEqual([
      'overview',
      'pm25',
      'pm10',
      'noise',
      'wind',
      'personnel',
      'devices',
      'warnings',
      'attendance',
      'devices-by-type',
      'hazards',
      'open-hazards',
      'cranes',
      'hoists',
      'open-alerts',
    ]);
  });

  it('keep none of a module’s panels in the portal’s own page files', () => {
    const own = JSON.parse(readFileSync(join(root, 'schemas/pages/project-screen.json'), 'utf8'));
    // 待处理提醒 is the core's: the alerts of every module (src/server/alerts).
    expect(ids(own.panels)).toEqual(['overview', 'personnel', 'open-alerts']);
  });
});

describe('schemas:check of module panels', () => {
  const copies: string[] = [];
  afterEach(() => {
    for (const copy of copies.splice(0)) rmSync(copy, { recursive: true, force: true });
  });

  function copyWithLabourPanels(panels: unknown[]): string {
    const copy = mkdtempSync(join(tmpdir(), 'module-panels-'));
    copies.push(copy);
    cpSync(join(root, 'schemas'), join(copy, 'schemas'), { recursive: true });
    cpSync(join(root, 'modules'), join(copy, 'modules'), { recursive: true });
    const manifest = join(copy, 'modules/labour/module.json');
    writeFileSync(manifest, JSON.stringify({ ...JSON.parse(readFileSync(manifest, 'utf8')), panels }));
    return join(copy, 'schemas');
  }

  const panel = (id: string) => ({ id, title: '测试面板', widget: 'list', empty: '无' });

  it('names the page that is no dashboard, the panel that follows nothing and the id taken twice', () => {
    const faults = checkSchemaTree(
      copyWithLabourPanels([
        { page: 'no-such-page', panel: panel('one') },
        { page: 'workbench', after: 'nothing-here', panel: panel('two') },
        { page: 'workbench', panel: panel('weather') },
      ]),
    );
    const file = 'modules/labour/module.json';
    expect(faults).toEqual(
      expect.arrayContaining([
        { file, pointer: '/panels/0/page', message: '没有仪表盘页面 "no-such-page"' },
        { file, pointer: '/panels/1/after', message: '页面 "workbench" 没有面板 "nothing-here"' },
        { file, pointer: '/panels/2/panel/id', message: '页面 "workbench" 已有面板 "weather"' },
      ]),
    );
  });

  it('checks the panel itself by the dashboard meta-schema', () => {
    const faults = checkSchemaTree(copyWithLabourPanels([{ page: 'workbench', panel: { id: 'x', widget: 'nope' } }]));
    expect(
      faults.some(
        (fault) => fault.file === 'modules/labour/module.json' && fault.pointer.startsWith('/panels/0/panel'),
      ),
    ).toBe(true);
  });
});
