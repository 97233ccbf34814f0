/**
 * The core's icon names a menu record may carry in `icon` and `highlightIcon` (spec section 3): the seed, the menu
 * administration's icon picker (GET /api/system/menu/iconChange) and the web app's glyph map
 * (src/app/menus/menu-icons.tsx) all read this one list. A module brings icons of its own as files
 * (src/shared/module-icons.ts).
 */
export const MENU_ICON_NAMES = [
  'icon-home',
  'icon-site',
  'icon-screen',
  'icon-chart',
  'icon-workers',
  'icon-progress',
  'icon-archive',
  'icon-bim',
  'icon-operation',
  'icon-education',
  'icon-iot',
  'icon-knowledge',
  'icon-layout',
  'icon-concrete',
  'icon-mall',
  'icon-ai',
  'icon-warning',
  'icon-setting',
  'icon-user',
  'icon-users',
  'icon-safety',
  'icon-message',
  'icon-process',
  'icon-video',
  'icon-map',
  'icon-data',
  'icon-report',
  'icon-file',
  'icon-calendar',
  'icon-tool',
  'icon-machine',
  'icon-form',
  'icon-app',
  'icon-search',
  'icon-lexicon',
  'icon-link',
  'icon-mind',
  'icon-money',
  'icon-detach',
  'icon-star',
] as const;

export type MenuIconName = (typeof MENU_ICON_NAMES)[number];

export function isMenuIconName(name: string | null | undefined): name is MenuIconName {
  return (MENU_ICON_NAMES as readonly string[]).includes(name ?? '');
}
