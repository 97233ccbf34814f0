/**
 * The open-tab strip (spec sections 2 and 4): which menus open a tab, the list's rules, and how many tabs fit.
 * Pure functions over a plain list, so the rules are tested without a browser.
 */
import type { MenuRecord } from '../../shared/envelope';

export interface OpenTab {
  id: string;
  name: string;
  href: string;
}

export const WORKBENCH_TAB: OpenTab = { id: 'work-bench', name: '工作台', href: '/work-bench' };
export const TAB_WIDTH = 151;
const STRIP_RESERVED = 40;

/** Added only if navigation-type or flagged (spec section 4). */
export function opensTab(menu: Pick<MenuRecord, 'specialLogo' | 'flag'>): boolean {
  return menu.specialLogo === 'navigation' || menu.flag === '1';
}

/** Duplicates by href are ignored; the work bench is always first. */
export function addTab(tabs: readonly OpenTab[], tab: OpenTab): OpenTab[] {
  const list = withWorkbench(tabs);
  return list.some((existing) => existing.href === tab.href) ? list : [...list, tab];
}

/** Closing removes by href; the work bench cannot be closed. */
export function closeTab(tabs: readonly OpenTab[], href: string): OpenTab[] {
  if (href === WORKBENCH_TAB.href) return withWorkbench(tabs);
  return withWorkbench(tabs).filter((tab) => tab.href !== href);
}

/** Reset sets the list to the work bench plus the given items. */
export function resetTabs(items: readonly OpenTab[] = []): OpenTab[] {
  return items.reduce<OpenTab[]>((list, tab) => addTab(list, tab), [WORKBENCH_TAB]);
}

function withWorkbench(tabs: readonly OpenTab[]): OpenTab[] {
  return tabs[0]?.href === WORKBENCH_TAB.href
    ? [...tabs]
    : [WORKBENCH_TAB, ...tabs.filter((tab) => tab.href !== WORKBENCH_TAB.href)];
}

/** visible tabs = floor((available width - 40) / 151), never fewer than one. */
export function visibleTabCount(availableWidth: number): number {
  return Math.max(1, Math.floor((availableWidth - STRIP_RESERVED) / TAB_WIDTH));
}

/** The tabs shown in the strip and those in the hover list; the active tab is always shown. */
export function splitTabs(
  tabs: readonly OpenTab[],
  availableWidth: number,
  activeHref?: string,
): { visible: OpenTab[]; overflow: OpenTab[] } {
  const count = visibleTabCount(availableWidth);
  const visible = tabs.slice(0, count);
  const active = tabs.find((tab) => tab.href === activeHref);
  if (active && !visible.includes(active) && count > 1) visible.splice(count - 1, 1, active);
  return { visible, overflow: tabs.filter((tab) => !visible.includes(tab)) };
}
