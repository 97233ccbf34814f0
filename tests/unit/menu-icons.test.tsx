/**
 * Every icon a seeded menu or tile names (of the core's seed and of the modules') has a glyph, a module's icon is
 * drawn from its file, and the concrete app tile goes through its hand-over.
 */
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import menuSeed from '../../schemas/seed/menus.json';
import { MenuIcon } from '../../src/app/menus/menu-icons';
import { loadModules, menuIconNames, withModuleMenus } from '../../src/server/modules/module-files';
import type { MenuSeedItem } from '../../src/server/seed/seed-files';
import { tileAction } from '../../src/app/gateway/tile-actions';
import type { MenuRecord } from '../../src/shared/envelope';
import { MENU_ICON_NAMES } from '../../src/shared/menu-icons';

interface SeedMenu {
  id: string;
  icon?: string;
  highlightIcon?: string;
  children?: SeedMenu[];
}
const flat = (menus: SeedMenu[]): SeedMenu[] => menus.flatMap((menu) => [menu, ...flat(menu.children ?? [])]);
const modules = loadModules();
const menus = withModuleMenus(menuSeed.menus as MenuSeedItem[], modules) as SeedMenu[];
const seeded = flat(menus);

describe('menu icons', () => {
  it("every seeded icon and highlight icon, the modules' too, is a known name", () => {
    const known = new Set(menuIconNames(modules));
    const named = seeded.flatMap((menu) => [menu.icon, menu.highlightIcon]).filter((name) => name !== undefined);
    expect(named.filter((name) => !known.has(name))).toEqual([]);
  });

  it('every top-level entry and every gateway tile names an icon', () => {
    const tiles = menus.find((menu) => menu.id === 'gateway')!.children ?? [];
    const entries = menus.filter((menu) => menu.id !== 'gateway');
    expect([...tiles, ...entries].filter((menu) => !menu.icon).map((menu) => menu.id)).toEqual([]);
  });

  it('names are unique', () => {
    expect(new Set(MENU_ICON_NAMES).size).toBe(MENU_ICON_NAMES.length);
  });

  it("draws a module's icon from its file, in the menu's colour, and a core icon from Arco's set", () => {
    expect(modules.find((module) => module.manifest.id === 'pile')!.icons).toEqual(['icon-pile']);
    const pile = renderToStaticMarkup(<MenuIcon name="icon-pile" color="#a0522d" />);
    expect(pile).toContain('data-icon="icon-pile"');
    expect(pile).toContain('color:#a0522d');
    expect(pile).toMatch(/<svg class="arco-icon" width="1em" height="1em"[^>]*viewBox="0 0 48 48"/);
    expect(renderToStaticMarkup(<MenuIcon name="icon-home" />)).toContain('data-icon="icon-home"');
    expect(renderToStaticMarkup(<MenuIcon name="icon-nowhere" />)).toContain('data-icon="unknown"');
  });

  it("stops the start when a module's icon has the name of another's", () => {
    const clash = { manifest: { kind: 'module' as const, id: 'other', title: '其他' }, icons: ['icon-pile'] };
    expect(() => menuIconNames([...modules, clash])).toThrow('模块 other 的图标 icon-pile 已由模块 pile 提供');
  });
});

describe('the concrete app tile', () => {
  const tile = { id: 'tile-concrete', name: '混凝土应用', target: 'concrete-app' } as MenuRecord;
  it('needs login, then runs its hand-over (loginSkipPC) rather than opening a bare address', () => {
    expect(tileAction(tile, false)).toEqual({ kind: 'login' });
    expect(tileAction(tile, true, '滨江花园住宅工程')).toEqual({ kind: 'special', handler: 'concrete-app' });
  });
});
