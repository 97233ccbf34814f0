/**
 * Menu icons a module brings: `modules/<m>/icons/<name>.svg` is the icon `icon-<name>`, drawn inline so that it
 * takes the menu's colour (`currentColor`) like the core's glyphs. The server lists the names in the icon picker,
 * the web app collects the files when it is built, and schemas:check holds each file to the rules below.
 */

/** The icon name of an icon file (`crane.svg` -> `icon-crane`). */
export function moduleIconName(fileName: string): string {
  return `icon-${fileName.replace(/^.*\//, '').replace(/\.svg$/, '')}`;
}

/** An icon file's name: lower-case words joined by `-`, `.svg`. */
export const MODULE_ICON_FILE = /^[a-z][a-z0-9-]*\.svg$/;

/**
 * What an icon file may not hold, with the Chinese fault: it is drawn into the page as markup, so it is a picture
 * and nothing else (no script, no handler, nothing loaded from elsewhere).
 */
const FORBIDDEN: readonly [RegExp, string][] = [
  [/<script/i, '不能包含 <script>'],
  [/<foreignObject/i, '不能包含 <foreignObject>'],
  [/\son[a-z]+\s*=/i, '不能包含事件属性（on...）'],
  [/(?:xlink:)?href\s*=\s*["'](?!#)/i, '只能引用本文件内的元素（href="#..."）'],
  [/url\(\s*["']?(?!#)/i, '只能引用本文件内的元素（url(#...)）'],
];

/** The faults of an icon file's text, in Chinese; none for a plain picture. */
export function moduleIconFaults(svg: string): string[] {
  const faults: string[] = [];
  const text = svg.trim();
  if (!/^<svg[\s>]/.test(text) || !text.endsWith('</svg>')) faults.push('必须是一个 <svg> 元素');
  if (!/^<svg[^>]*\sviewBox\s*=/.test(text)) faults.push('<svg> 必须有 viewBox（图标按字号缩放）');
  for (const [pattern, message] of FORBIDDEN) if (pattern.test(text)) faults.push(message);
  return faults;
}
