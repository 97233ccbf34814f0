/**
 * The application centre's catalogue, read from the user's menu tree as the side menu reads it (spec section 2):
 * each visible top-level entry is a category holding the apps below it (three levels, as the side menu's preview
 * lists them), and the top-level entries that open something themselves (工作台, 项目大屏) share one category.
 * Hidden and permission items are never apps.
 */
import type { MenuRecord } from '../../shared/envelope';
import { visibleItems } from '../menus/menu-tree';

export interface CatalogueApp {
  app: MenuRecord;
  /** The group it sits in below its category (a third-level app's parent), '' when directly below it. */
  place: string;
  /** The icon to draw: its own, else its category's. */
  icon: string;
}

export interface Category {
  id: string;
  name: string;
  icon: string;
  apps: CatalogueApp[];
}

/** The category of top-level entries that are apps themselves. */
export const GENERAL_CATEGORY = { id: 'general', name: '通用' } as const;

const opensSomething = (item: MenuRecord) => Boolean(item.href || item.vueRoute || item.thirdPartyUrl);

export function appCategories(tree: readonly MenuRecord[]): Category[] {
  const general: Category = { ...GENERAL_CATEGORY, icon: 'icon-app', apps: [] };
  const categories: Category[] = [];
  for (const entry of visibleItems(tree)) {
    const apps: CatalogueApp[] = [];
    const walk = (items: readonly MenuRecord[], trail: string[], depth: number) => {
      if (depth > 3) return;
      for (const item of visibleItems(items)) {
        if (opensSomething(item)) apps.push({ app: item, place: trail.join(' / '), icon: item.icon || entry.icon });
        walk(item.childList ?? [], opensSomething(item) ? trail : [...trail, item.name], depth + 1);
      }
    };
    walk(entry.childList ?? [], [], 2);
    if (apps.length > 0) categories.push({ id: entry.id, name: entry.name, icon: entry.icon, apps });
    else if (opensSomething(entry)) general.apps.push({ app: entry, place: '', icon: entry.icon });
  }
  return general.apps.length > 0 ? [general, ...categories] : categories;
}

/** The categories with only the apps whose name holds the search text (spaces ignored); empty ones left out. */
export function searchCategories(categories: readonly Category[], text: string): Category[] {
  const wanted = text.replace(/\s+/g, '').toLowerCase();
  if (!wanted) return [...categories];
  return categories
    .map((category) => ({
      ...category,
      apps: category.apps.filter(({ app }) => app.name.replace(/\s+/g, '').toLowerCase().includes(wanted)),
    }))
    .filter((category) => category.apps.length > 0);
}
