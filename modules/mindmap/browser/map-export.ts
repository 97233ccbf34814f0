/**
 * A map leaves the portal as a picture (PNG, drawn by mind-elixir) or as Markdown (this file): the root as the
 * title, the first level as sections, everything below as nested lists; links, tags and notes kept, arrows and
 * summaries listed at the end by the topics they join.
 */
import type { MapData, MapNode } from './map-api';

/** Characters Markdown would read as markup, escaped so a topic stays text. */
const escapeText = (text: string) => text.replace(/([\\`*_[\]<>#|])/g, '\\$1').replace(/\s*\n\s*/g, ' ');

function line(node: MapNode): string {
  const topic = escapeText(node.topic);
  const linked = node.hyperLink ? `[${topic}](${node.hyperLink.replace(/\)/g, '%29')})` : topic;
  const tags = (node.tags ?? [])
    .map((tag) => (typeof tag === 'string' ? tag : tag.text))
    .filter(Boolean)
    .map((tag) => ` \`${tag.replace(/`/g, '')}\``)
    .join('');
  return `${linked}${tags}`;
}

function note(node: MapNode, indent: string): string[] {
  return node.note ? node.note.split('\n').map((text) => `${indent}> ${escapeText(text)}`) : [];
}

export function toMarkdown(data: MapData): string {
  const root = data.nodeData;
  const lines: string[] = [`# ${line(root)}`, ...note(root, '')];
  const topics = new Map<string, string>();
  const walk = (node: MapNode) => {
    topics.set(node.id, node.topic);
    node.children?.forEach(walk);
  };
  walk(root);
  const list = (nodes: readonly MapNode[], depth: number) => {
    for (const node of nodes) {
      const indent = '  '.repeat(depth);
      lines.push(`${indent}- ${line(node)}`, ...note(node, `${indent}  `));
      list(node.children ?? [], depth + 1);
    }
  };
  for (const section of root.children ?? []) {
    lines.push('', `## ${line(section)}`, ...note(section, ''));
    if (section.children?.length) lines.push('');
    list(section.children ?? [], 0);
  }
  const arrows = (data.arrows ?? []).filter((arrow) => topics.has(arrow.from) && topics.has(arrow.to));
  if (arrows.length > 0) {
    lines.push('', '## 关联', '');
    for (const arrow of arrows)
      lines.push(
        `- ${escapeText(topics.get(arrow.from) ?? '')} → ${escapeText(topics.get(arrow.to) ?? '')}` +
          (arrow.label ? `：${escapeText(arrow.label)}` : ''),
      );
  }
  const summaries = (data.summaries ?? []).filter((summary) => topics.has(summary.parent) && summary.label);
  if (summaries.length > 0) {
    lines.push('', '## 概要', '');
    for (const summary of summaries)
      lines.push(`- ${escapeText(topics.get(summary.parent) ?? '')}：${escapeText(summary.label)}`);
  }
  return `${lines.join('\n')}\n`;
}

/** A file name from a map's title: what Windows and macOS refuse in a name replaced. */
export function fileName(title: string, extension: string): string {
  const safe = title.replace(/[\\/:*?"<>|\s]+/g, '_').replace(/^_+|_+$/g, '') || '思维导图';
  return `${safe}.${extension}`;
}

/** Hands a file to the browser's download. */
export function download(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
