/**
 * What a mind map holds (mind-elixir's data: the node tree, arrows between nodes, summaries over siblings), as the
 * server keeps it. Every write passes through `cleanContent`, which rebuilds the map from the members the editor
 * uses and nothing else: no raw HTML (`dangerouslySetInnerHTML`), links only to http(s) addresses, styles only as
 * short plain values, so a map shown read-only to another member of the project cannot run anything. Size limits
 * keep a map loadable in the browser.
 */
import { DomainError } from '../../../src/server/module-api.js';

export interface MapNode {
  id: string;
  topic: string;
  children?: MapNode[];
  expanded?: boolean;
  /** Which side of the root a first-level node sits on (0 left, 1 right). */
  direction?: 0 | 1;
  style?: Record<string, string>;
  tags?: string[];
  icons?: string[];
  hyperLink?: string;
  note?: string;
  branchColor?: string;
}

export interface MapArrow {
  id: string;
  label: string;
  from: string;
  to: string;
  delta1: { x: number; y: number };
  delta2: { x: number; y: number };
  bidirectional?: boolean;
}

export interface MapSummary {
  id: string;
  label: string;
  parent: string;
  start: number;
  end: number;
}

export interface MapContent {
  nodeData: MapNode;
  arrows?: MapArrow[];
  summaries?: MapSummary[];
  /** The layout: 0 left, 1 right, 2 both sides. */
  direction?: 0 | 1 | 2;
}

export const MAP_LIMITS = { nodes: 3000, depth: 30, topic: 200, note: 2000, arrows: 200, summaries: 200 } as const;

export const ContentMessages = {
  malformed: '导图内容格式不正确',
  tooManyNodes: `导图节点不能超过${MAP_LIMITS.nodes}个，请拆分为多张导图`,
  tooDeep: `导图层级不能超过${MAP_LIMITS.depth}层`,
  emptyTopic: '节点文字不能为空',
  longTopic: `节点文字不能超过${MAP_LIMITS.topic}个字符`,
  duplicateId: '导图中有重复的节点编号',
} as const;

const STYLE_KEYS = ['fontSize', 'fontFamily', 'color', 'background', 'fontWeight', 'width', 'border', 'textDecoration'];
/** A style value: short, and nothing that opens a url(), an expression or another declaration. */
const STYLE_VALUE = /^[#%.,\w\s()-]{1,60}$/;
const ID = /^[\w-]{1,64}$/;

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function refuse(message: string): never {
  throw new DomainError('invalid', message, { fields: [{ field: 'content', message }] });
}

function text(value: unknown, max: number): string | undefined {
  return typeof value === 'string' ? value.slice(0, max) : undefined;
}

function safeLink(value: unknown): string | undefined {
  if (typeof value !== 'string' || value.length > 500) return undefined;
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.toString() : undefined;
  } catch {
    return undefined;
  }
}

function strings(value: unknown, max: number): string[] | undefined {
  if (!Array.isArray(value)) return undefined;
  const kept = value
    // mind-elixir also accepts tag objects ({text}); their text is what is shown.
    .map((item) => (isObject(item) ? item.text : item))
    .filter((item): item is string => typeof item === 'string' && item.trim() !== '')
    .slice(0, 20)
    .map((item) => item.slice(0, max));
  return kept.length > 0 ? kept : undefined;
}

function style(value: unknown): Record<string, string> | undefined {
  if (!isObject(value)) return undefined;
  const kept = Object.fromEntries(
    STYLE_KEYS.filter((key) => typeof value[key] === 'string' && STYLE_VALUE.test(value[key] as string)).map((key) => [
      key,
      value[key] as string,
    ]),
  );
  return Object.keys(kept).length > 0 ? kept : undefined;
}

function point(value: unknown): { x: number; y: number } {
  const x = isObject(value) ? Number(value.x) : 0;
  const y = isObject(value) ? Number(value.y) : 0;
  return { x: Number.isFinite(x) ? x : 0, y: Number.isFinite(y) ? y : 0 };
}

/** The map rebuilt from what the editor uses, with its node count; refuses a map that is not one. */
export function cleanContent(raw: unknown): { content: MapContent; nodeCount: number } {
  if (!isObject(raw) || !isObject(raw.nodeData)) refuse(ContentMessages.malformed);
  const ids = new Set<string>();
  const node = (value: unknown, depth: number): MapNode => {
    if (!isObject(value) || typeof value.id !== 'string' || !ID.test(value.id)) refuse(ContentMessages.malformed);
    if (depth > MAP_LIMITS.depth) refuse(ContentMessages.tooDeep);
    if (ids.has(value.id)) refuse(ContentMessages.duplicateId);
    ids.add(value.id);
    if (ids.size > MAP_LIMITS.nodes) refuse(ContentMessages.tooManyNodes);
    if (typeof value.topic !== 'string') refuse(ContentMessages.malformed);
    const topic = value.topic.trim();
    if (topic === '') refuse(ContentMessages.emptyTopic);
    if (topic.length > MAP_LIMITS.topic) refuse(ContentMessages.longTopic);
    if (value.children !== undefined && !Array.isArray(value.children)) refuse(ContentMessages.malformed);
    const children = ((value.children as unknown[] | undefined) ?? []).map((child) => node(child, depth + 1));
    const cleaned: MapNode = { id: value.id, topic };
    if (children.length > 0) cleaned.children = children;
    if (value.expanded === false) cleaned.expanded = false;
    if (depth === 1 && (value.direction === 0 || value.direction === 1)) cleaned.direction = value.direction;
    const optional: Partial<MapNode> = {
      style: style(value.style),
      tags: strings(value.tags, 30),
      icons: strings(value.icons, 8),
      hyperLink: safeLink(value.hyperLink),
      note: text(value.note, MAP_LIMITS.note),
      branchColor:
        typeof value.branchColor === 'string' && STYLE_VALUE.test(value.branchColor) ? value.branchColor : undefined,
    };
    for (const [key, kept] of Object.entries(optional))
      if (kept !== undefined && kept !== '') Object.assign(cleaned, { [key]: kept });
    return cleaned;
  };
  const nodeData = node(raw.nodeData, 0);
  const content: MapContent = { nodeData };
  const arrows = (Array.isArray(raw.arrows) ? raw.arrows : [])
    .filter(isObject)
    .filter((arrow) => typeof arrow.from === 'string' && typeof arrow.to === 'string')
    .filter((arrow) => ids.has(arrow.from as string) && ids.has(arrow.to as string))
    .slice(0, MAP_LIMITS.arrows)
    .map((arrow, index): MapArrow => ({
      id: typeof arrow.id === 'string' && ID.test(arrow.id) ? arrow.id : `arrow-${index + 1}`,
      label: text(arrow.label, MAP_LIMITS.topic) ?? '',
      from: arrow.from as string,
      to: arrow.to as string,
      delta1: point(arrow.delta1),
      delta2: point(arrow.delta2),
      ...(arrow.bidirectional === true ? { bidirectional: true } : {}),
    }));
  if (arrows.length > 0) content.arrows = arrows;
  const summaries = (Array.isArray(raw.summaries) ? raw.summaries : [])
    .filter(isObject)
    .filter((summary) => typeof summary.parent === 'string' && ids.has(summary.parent))
    .filter((summary) => Number.isInteger(summary.start) && Number.isInteger(summary.end))
    .slice(0, MAP_LIMITS.summaries)
    .map((summary, index): MapSummary => ({
      id: typeof summary.id === 'string' && ID.test(summary.id) ? summary.id : `summary-${index + 1}`,
      label: text(summary.label, MAP_LIMITS.topic) ?? '',
      parent: summary.parent as string,
      start: summary.start as number,
      end: summary.end as number,
    }));
  if (summaries.length > 0) content.summaries = summaries;
  if (raw.direction === 0 || raw.direction === 1 || raw.direction === 2) content.direction = raw.direction;
  return { content, nodeCount: ids.size };
}

/** A new map: its title as the root, on both sides. */
export function newContent(title: string): MapContent {
  return { nodeData: { id: 'root', topic: title.trim().slice(0, MAP_LIMITS.topic) || '中心主题' }, direction: 2 };
}

/** The stored text of a map (the collection's `content`), read back; a map that cannot be read is refused. */
export function parseContent(stored: string): unknown {
  try {
    return JSON.parse(stored) as unknown;
  } catch {
    return refuse(ContentMessages.malformed);
  }
}
