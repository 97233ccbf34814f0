/** Name truncations of spec sections 2 and 9, one function per rule. */

const ELLIPSIS = '...';

/** Header user name: longer than 4 characters -> first 3 plus an ellipsis. */
export function shortUserName(name: string): string {
  return name.length > 4 ? `${name.slice(0, 3)}${ELLIPSIS}` : name;
}

/** Side menu entry: the first 5 characters. */
export function sideMenuName(name: string): string {
  return name.slice(0, 5);
}

/** Hover preview of child apps: up to 8 characters; longer names show 7 plus an ellipsis. */
export function previewName(name: string): string {
  return name.length > 8 ? `${name.slice(0, 7)}${ELLIPSIS}` : name;
}

/** Open-tab strip: up to 6 characters; longer names show 5 plus an ellipsis. */
export function tabName(name: string): string {
  return name.length > 6 ? `${name.slice(0, 5)}${ELLIPSIS}` : name;
}

/** Project picker tree: labels beyond 26 characters show 25 plus an ellipsis. */
export function treeLabel(name: string): string {
  return name.length > 26 ? `${name.slice(0, 25)}${ELLIPSIS}` : name;
}

/** The header's project name gets a tooltip from 10 characters on. */
export function needsProjectTooltip(name: string): boolean {
  return name.length >= 10;
}
