/** The knowledge graph as GET /api/knowledge/v1.0/graph answers it (modules/knowledge/server/graph.ts). */
export type GraphNodeKind = 'article' | 'tag' | 'standard';

export interface GraphNode {
  id: string;
  kind: GraphNodeKind;
  name: string;
  detail: string;
  category?: string;
  articleId?: string;
  count: number;
}

export interface GraphLink {
  source: string;
  target: string;
}

export interface KnowledgeGraphData {
  nodes: GraphNode[];
  links: GraphLink[];
  omitted: number;
}

/** The graph's groups, in the legend's order: the four kinds of article, then tags and standards. */
export const GROUPS = [
  { key: 'standard', name: '规范标准', color: '#165dff' },
  { key: 'method', name: '工法', color: '#00b42a' },
  { key: 'briefing', name: '安全技术交底', color: '#ff7d00' },
  { key: 'accident', name: '事故案例', color: '#f53f3f' },
  { key: 'tag', name: '标签', color: '#8d4eda' },
  { key: 'standardCode', name: '标准编号', color: '#0fc6c2' },
] as const;

export function groupIndex(node: GraphNode): number {
  if (node.kind === 'tag') return 4;
  if (node.kind === 'standard') return 5;
  const index = GROUPS.findIndex((group) => group.key === node.category);
  return index >= 0 && index < 4 ? index : 0;
}

export function isGraph(data: unknown): data is KnowledgeGraphData {
  const graph = data as Partial<KnowledgeGraphData> | undefined;
  return Array.isArray(graph?.nodes) && Array.isArray(graph?.links);
}
