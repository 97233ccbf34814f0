/**
 * The server's menu tree (spec sections 2 and 3) read as the portal needs it: routes built from items with a
 * link and a target, the permission items, the preview of an entry's child apps, and third-party addresses.
 */
import type { MenuRecord } from '../../shared/envelope';
import { normaliseMenuPath, thirdPartyAddress } from '../../shared/menu-targets';

export interface MenuRoute {
  /** The item's link. */
  path: string;
  /** The route's name: the item's id. */
  id: string;
  /** The screen: the item's target (a module path). */
  target: string;
  /** The chain of names from the top of the tree to this item. */
  trail: string[];
  menu: MenuRecord;
}

/** Every item having a link and a target becomes a route; the first item of a path wins. */
export function menuRoutes(tree: readonly MenuRecord[]): MenuRoute[] {
  const routes: MenuRoute[] = [];
  const seen = new Set<string>();
  const walk = (items: readonly MenuRecord[], trail: string[]) => {
    for (const item of items) {
      const names = [...trail, item.name];
      const href = item.href || item.vueRoute;
      const path = href && normaliseMenuPath(href);
      if (path && item.target && path.startsWith('/') && !seen.has(path)) {
        seen.add(path);
        routes.push({ path, id: item.id, target: item.target, trail: names, menu: item });
      }
      walk(item.childList ?? [], names);
    }
  };
  walk(tree, []);
  return routes;
}

export function findMenuRoute(routes: readonly MenuRoute[], pathname: string): MenuRoute | undefined {
  const path = normaliseMenuPath(pathname);
  return routes.find((route) => route.path === path);
}

/** Items whose specialLogo is 'permission' (spec section 2). */
export function permissionItems(tree: readonly MenuRecord[]): MenuRecord[] {
  const found: MenuRecord[] = [];
  const walk = (items: readonly MenuRecord[]) => {
    for (const item of items) {
      if (item.specialLogo === 'permission') found.push(item);
      walk(item.childList ?? []);
    }
  };
  walk(tree);
  return found;
}

/** The visible entries of the side menu (hidden and permission items are not places to go). */
export function visibleItems(items: readonly MenuRecord[]): MenuRecord[] {
  return items.filter((item) => item.isShow !== '0' && item.specialLogo !== 'permission');
}

/** Whether the entry or one of its descendants is the screen at `pathname` (the side menu marks that entry). */
export function leadsTo(entry: MenuRecord, pathname: string): boolean {
  const path = normaliseMenuPath(pathname);
  const href = entry.href || entry.vueRoute;
  if (href && href.startsWith('/') && normaliseMenuPath(href) === path) return true;
  return (entry.childList ?? []).some((child) => leadsTo(child, pathname));
}

/** The child apps an entry's hover preview lists: the tree down to its third level (the entry is the first). */
export function previewApps(entry: MenuRecord, levels = 3): MenuRecord[] {
  const apps: MenuRecord[] = [];
  const walk = (items: readonly MenuRecord[], depth: number) => {
    if (depth > levels) return;
    for (const item of visibleItems(items)) {
      if (item.href || item.vueRoute || item.thirdPartyUrl) apps.push(item);
      walk(item.childList ?? [], depth + 1);
    }
  };
  walk(entry.childList ?? [], 2);
  return apps;
}

/** What a search of the apps that finds nothing says (spec section 8). */
export const NOTHING_FOUND = '未查询到功能，请核对后重新输入';

/** Apps whose name contains the search text (spaces ignored); an empty search keeps them all. */
export function searchApps(apps: readonly MenuRecord[], text: string): MenuRecord[] {
  const wanted = text.replace(/\s+/g, '');
  return wanted ? apps.filter((app) => app.name.includes(wanted)) : [...apps];
}

/**
 * Where an app opens: a third-party address with a portal route opens inside the portal (the route's page frames
 * it), one without a route or with `_blank` remarks a new tab; `_blank` remarks open any address in a new tab;
 * anything else is a route.
 */
export function appTarget(
  app: MenuRecord,
  projectName: string | undefined,
): { kind: 'route'; path: string } | { kind: 'new-tab'; url: string } | { kind: 'unavailable' } {
  const href = app.href || app.vueRoute;
  const inPortal = Boolean(href?.startsWith('/')) && app.remarks !== '_blank';
  if (app.thirdPartyUrl && !inPortal)
    return { kind: 'new-tab', url: thirdPartyAddress(app.thirdPartyUrl, projectName) };
  if (!href) return { kind: 'unavailable' };
  if (app.remarks === '_blank' || /^https?:\/\//.test(href)) return { kind: 'new-tab', url: href };
  return { kind: 'route', path: href };
}
