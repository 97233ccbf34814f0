/** Every icon a seeded menu or tile names has a glyph, and the concrete app tile goes through its hand-over. */
import { describe, expect, it } from 'vitest';
import menuSeed from '../../schemas/seed/menus.json';
import { tileAction } from '../../src/app/gateway/tile-actions';
import type { MenuRecord } from '../../src/shared/envelope';
import { isMenuIconName, MENU_ICON_NAMES } from '../../src/shared/menu-icons';

interface SeedMenu {
  id: string;
  icon?: string;
  highlightIcon?: string;
  children?: SeedMenu[];
}
const flat = (menus: SeedMenu[]): SeedMenu[] => menus.flatMap((menu) => [menu, ...flat(menu.children ?? [])]);
const seeded = flat(menuSeed.menus as SeedMenu[]);

describe('menu icons', () => {
  it('every seeded icon and highlight icon is a known name', () => {
    const named = seeded.flatMap((menu) => [menu.icon, menu.highlightIcon]).filter((name) => name !== undefined);
    expect(named.filter((name) => !isMenuIconName(name))).toEqual([]);
  });

  it('every top-level entry and every gateway tile names an icon', () => {
    const tiles = (menuSeed.menus as SeedMenu[]).find((menu) => menu.id === 'gateway')!.children ?? [];
    const entries = (menuSeed.menus as SeedMenu[]).filter((menu) => menu.id !== 'gateway');
    expect([...tiles, ...entries].filter((menu) => !menu.icon).map((menu) => menu.id)).toEqual([]);
  });

  it('names are unique', () => {
    expect(new Set(MENU_ICON_NAMES).size).toBe(MENU_ICON_NAMES.length);
  });
});

describe('the concrete app tile', () => {
  const tile = { id: 'tile-concrete', name: '混凝土应用', target: 'concrete-app' } as MenuRecord;
  it('needs login, then runs its hand-over (loginSkipPC) rather than opening a bare address', () => {
    expect(tileAction(tile, false)).toEqual({ kind: 'login' });
    expect(tileAction(tile, true, '滨江花园住宅工程')).toEqual({ kind: 'special', handler: 'concrete-app' });
  });
});
