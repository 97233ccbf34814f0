/**
 * Browser code a module brings beside its files, found by folder and named by file: `modules/<m>/panels/<type>.tsx`
 * is a dashboard panel type, `modules/<m>/widgets/<name>.tsx` a form widget, `modules/<m>/renderers/<name>.tsx` the
 * renderer of a `custom` page (each a default export, loaded only when a page shows it). The web app collects them
 * when it is built; schemas:check lets a page or form name them.
 */

/** The folders of a module that hold its browser code, and what each file there is. */
export const MODULE_PART_FOLDERS = {
  panels: '看板面板类型',
  widgets: '表单控件',
  renderers: '自定义页面渲染器',
} as const;

export type ModulePartFolder = keyof typeof MODULE_PART_FOLDERS;

/** A part's file name: a name of letters and digits starting lower-case (`tonsBar.tsx`), as pages write it. */
export const MODULE_PART_FILE = /^[a-z][a-zA-Z0-9-]*\.tsx$/;

/** The name a page or form uses for a part file (`modules/material/panels/tonsBar.tsx` -> `tonsBar`). */
export function modulePartName(file: string): string {
  return file.replace(/^.*\//, '').replace(/\.tsx$/, '');
}
