/**
 * The knowledge graph: articles, the tags they carry and the standards they cite, as nodes, and an edge from each
 * article to each of its tags and standards. Two articles are related when they share a tag or a standard; the
 * browser draws it (ECharts' force layout) and follows an edge to the articles of a tag or standard.
 */
import type { IndexedArticle } from './article-index.js';
import { CATEGORY_LABELS } from './categories.js';
import { standardTitle } from './standards.js';

export type GraphNodeKind = 'article' | 'tag' | 'standard';

export interface GraphNode {
  /** `a:<article id>`, `t:<tag>` or `s:<standard code>`. */
  id: string;
  kind: GraphNodeKind;
  name: string;
  /** An article's category label; a standard's title. */
  detail: string;
  /** An article's category (standard, method, briefing, accident). */
  category?: string;
  articleId?: string;
  /** How many articles carry the tag or cite the standard (1 for an article). */
  count: number;
}

export interface GraphLink {
  source: string;
  target: string;
}

export interface KnowledgeGraph {
  nodes: GraphNode[];
  links: GraphLink[];
  /** Articles left out beyond the limit (the most recently updated are drawn). */
  omitted: number;
}

type GraphArticle = Pick<IndexedArticle, 'id' | 'title' | 'category' | 'tags' | 'standards'>;

/**
 * The graph of `articles`. A tag or standard carried by one article only is left out unless `keepSingles`, so the
 * picture shows what connects articles rather than a fringe of leaves.
 */
export function knowledgeGraph(
  articles: readonly GraphArticle[],
  omitted: number,
  keepSingles = false,
): KnowledgeGraph {
  const counts = new Map<string, number>();
  const keys = (article: GraphArticle) => [
    ...new Set([
      ...(article.tags ?? []).map((tag) => `t:${tag}`),
      ...(article.standards ?? []).map((code) => `s:${code}`),
    ]),
  ];
  for (const article of articles) for (const key of keys(article)) counts.set(key, (counts.get(key) ?? 0) + 1);
  const shown = (key: string) => keepSingles || (counts.get(key) ?? 0) > 1;

  const nodes: GraphNode[] = articles.map((article) => ({
    id: `a:${article.id}`,
    kind: 'article',
    name: article.title,
    detail: CATEGORY_LABELS[article.category] ?? '',
    category: article.category,
    articleId: article.id,
    count: 1,
  }));
  for (const [key, count] of counts) {
    if (!shown(key)) continue;
    const name = key.slice(2);
    nodes.push(
      key.startsWith('t:')
        ? { id: key, kind: 'tag', name, detail: '', count }
        : { id: key, kind: 'standard', name, detail: standardTitle(name), count },
    );
  }
  const links = articles.flatMap((article) =>
    keys(article)
      .filter(shown)
      .map((key) => ({ source: `a:${article.id}`, target: key })),
  );
  return { nodes, links, omitted };
}
