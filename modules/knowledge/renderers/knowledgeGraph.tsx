/**
 * 知识图谱 (page knowledge-graph, /knowledgeMap/graph): the articles the user may read, joined through their tags and
 * the standards they cite (GET /api/knowledge/v1.0/graph, the page's data call). The graph on the left; on the
 * right what is selected: a tag or standard lists its articles, an article its tags and standards, each a step
 * further through the graph, and an article opens in the library's reader. Before anything is selected the panel
 * offers the most used tags and most cited standards as ways in.
 */
import { Button, Empty, Tag } from '@arco-design/web-react';
import '@arco-design/web-react/es/Button/style/css.js';
import '@arco-design/web-react/es/Empty/style/css.js';
import '@arco-design/web-react/es/Tag/style/css.js';
import { useMemo, useState } from 'react';
import type { CustomRendererProps } from '../../../src/engine/module-api';
import { GraphCanvas } from '../browser/GraphCanvas';
import { GROUPS, groupIndex, isGraph, type GraphNode, type KnowledgeGraphData } from '../browser/graph-types';
import '../browser/knowledge.css';

const KIND_NAMES = { tag: '标签', standard: '标准' } as const;
const HUBS_OFFERED = 12;

export default function KnowledgeGraph({ file, data, open }: CustomRendererProps) {
  const library = ((file.options ?? {}) as { library?: string }).library ?? '/knowledgeMap/index';
  const graph: KnowledgeGraphData = isGraph(data) ? data : { nodes: [], links: [], omitted: 0 };
  const [selectedId, setSelectedId] = useState<string | null>(null);

  const byId = useMemo(() => new Map(graph.nodes.map((node) => [node.id, node])), [graph]);
  const neighbours = useMemo(() => {
    const map = new Map<string, GraphNode[]>();
    const add = (from: string, to: string) => {
      const node = byId.get(to);
      if (node) map.set(from, [...(map.get(from) ?? []), node]);
    };
    for (const link of graph.links) {
      add(link.source, link.target);
      add(link.target, link.source);
    }
    return map;
  }, [graph, byId]);

  const articles = graph.nodes.filter((node) => node.kind === 'article');
  if (articles.length === 0)
    return (
      <div className="knowledge-graph knowledge-graph-empty">
        <Empty description="暂无知识文章：在知识库中新建文章并填写标签或引用标准后，这里会显示它们的关系" />
      </div>
    );

  const selected = selectedId ? byId.get(selectedId) : undefined;
  const choose = (node: GraphNode | null) => setSelectedId(node?.id ?? null);
  const read = (node: GraphNode) => node.articleId && open({ path: `${library}/${node.articleId}` });
  const hubs = (kind: 'tag' | 'standard') =>
    graph.nodes
      .filter((node) => node.kind === kind)
      .sort((a, b) => b.count - a.count || a.name.localeCompare(b.name, 'zh-CN'))
      .slice(0, HUBS_OFFERED);

  const hubChips = (nodes: GraphNode[]) => (
    <div className="knowledge-chips">
      {nodes.map((node) => (
        <button
          key={node.id}
          type="button"
          className="knowledge-chip"
          style={{ background: GROUPS[groupIndex(node)].color }}
          title={node.detail || node.name}
          onClick={() => choose(node)}
          data-testid={`knowledge-hub-${node.name}`}
        >
          {node.name}
          {node.kind !== 'article' && node.count > 1 ? ` · ${node.count}` : ''}
        </button>
      ))}
    </div>
  );

  return (
    <div className="knowledge-graph" data-testid="knowledge-graph">
      <GraphCanvas graph={graph} selected={selectedId} onSelect={choose} />
      <aside className="knowledge-graph-panel" data-testid="knowledge-graph-panel">
        {!selected && (
          <>
            <h3>浏览知识图谱</h3>
            <p className="knowledge-muted">
              {articles.length} 篇文章，通过 {graph.nodes.filter((node) => node.kind === 'tag').length} 个标签和{' '}
              {graph.nodes.filter((node) => node.kind === 'standard').length} 项标准相互关联
              {graph.omitted > 0 ? `（另有 ${graph.omitted} 篇较早的文章未显示）` : ''}
              。点击图中的标签或标准查看相关文章， 点击文章查看它的标签与引用标准；滚轮缩放，拖动平移。
            </p>
            <h4>常用标签</h4>
            {hubChips(hubs('tag'))}
            <h4>常引标准</h4>
            {hubChips(hubs('standard'))}
          </>
        )}
        {selected && selected.kind !== 'article' && (
          <>
            <div className="knowledge-panel-head">
              <h3 data-testid="knowledge-selected">
                {KIND_NAMES[selected.kind]} · {selected.name}
              </h3>
              <Button size="mini" onClick={() => choose(null)}>
                返回
              </Button>
            </div>
            {selected.detail && <p className="knowledge-standard-title">《{selected.detail}》</p>}
            <p className="knowledge-muted">{selected.count} 篇相关文章：</p>
            <ul className="knowledge-article-list">
              {(neighbours.get(selected.id) ?? []).map((node) => (
                <li key={node.id}>
                  <button type="button" className="knowledge-link" onClick={() => read(node)}>
                    {node.name}
                  </button>
                  <span className="knowledge-muted">{node.detail}</span>
                </li>
              ))}
            </ul>
          </>
        )}
        {selected && selected.kind === 'article' && (
          <>
            <div className="knowledge-panel-head">
              <h3 data-testid="knowledge-selected">{selected.name}</h3>
              <Button size="mini" onClick={() => choose(null)}>
                返回
              </Button>
            </div>
            <p>
              <Tag color={GROUPS[groupIndex(selected)].color}>{selected.detail}</Tag>
            </p>
            <h4>关联的标签与标准</h4>
            {hubChips(neighbours.get(selected.id) ?? [])}
            <Button type="primary" long onClick={() => read(selected)} data-testid="knowledge-read">
              阅读全文
            </Button>
          </>
        )}
      </aside>
    </div>
  );
}
