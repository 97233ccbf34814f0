/**
 * The knowledge graph drawn by Apache ECharts' graph series (force layout, SVG): article nodes coloured by their
 * kind, tags and standard codes as labelled hubs sized by how many articles they join. Hovering a node lights its
 * neighbours; clicking one selects it (the page shows what it joins); the legend hides or shows a kind. Only the
 * graph chart and the components it uses are imported from echarts/core, in this page's own chunk.
 */
import { useEffect, useRef } from 'react';
import { init, use, type EChartsType } from 'echarts/core';
import { GraphChart, type GraphSeriesOption } from 'echarts/charts';
import { LegendComponent, TooltipComponent } from 'echarts/components';
import { SVGRenderer } from 'echarts/renderers';
import { GROUPS, groupIndex, type GraphNode, type KnowledgeGraphData } from './graph-types';

use([GraphChart, TooltipComponent, LegendComponent, SVGRenderer]);

interface GraphCanvasProps {
  graph: KnowledgeGraphData;
  selected: string | null;
  onSelect: (node: GraphNode | null) => void;
}

const escape = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

function symbolSize(node: GraphNode): number {
  if (node.kind === 'article') return 12;
  return Math.min(34, 10 + node.count * 3);
}

function tooltip(node: GraphNode): string {
  if (node.kind === 'article')
    return `${escape(node.name)}<br/><span style="color:#86909c">${escape(node.detail)}</span>`;
  const what = node.kind === 'tag' ? '标签' : '标准';
  const title = node.detail ? `《${escape(node.detail)}》<br/>` : '';
  return `${what} ${escape(node.name)}<br/>${title}<span style="color:#86909c">${node.count} 篇文章</span>`;
}

export function GraphCanvas({ graph, selected, onSelect }: GraphCanvasProps) {
  const box = useRef<HTMLDivElement>(null);
  const chart = useRef<EChartsType | null>(null);
  const select = useRef(onSelect);
  select.current = onSelect;

  useEffect(() => {
    const element = box.current;
    if (!element) return;
    const instance = init(element, undefined, { renderer: 'svg', locale: 'ZH' });
    chart.current = instance;
    instance.on('click', (event) => {
      const node = event.dataType === 'node' ? (event.data as { node?: GraphNode }).node : undefined;
      select.current(node ?? null);
    });
    const observer = new ResizeObserver(() => instance.resize());
    observer.observe(element);
    return () => {
      observer.disconnect();
      instance.dispose();
      chart.current = null;
    };
  }, []);

  useEffect(() => {
    const series: GraphSeriesOption = {
      type: 'graph',
      layout: 'force',
      roam: true,
      draggable: true,
      // Room above for the legend; hubs pushed apart enough for their labels.
      top: 44,
      bottom: 12,
      left: 12,
      right: 12,
      force: { repulsion: 220, edgeLength: [50, 120], gravity: 0.18 },
      // The layout spreads past a narrow box (1280 wide windows): start a little further away there.
      zoom: (box.current?.clientWidth ?? 1000) < 1000 ? 0.8 : 1,
      categories: GROUPS.map((group) => ({ name: group.name, itemStyle: { color: group.color } })),
      data: graph.nodes.map((node) => ({
        id: node.id,
        name: node.name,
        node,
        category: groupIndex(node),
        symbol: node.kind === 'standard' ? 'diamond' : 'circle',
        symbolSize: symbolSize(node),
        // Hubs are labelled; an article's title shows on hover (fifty titles at once are unreadable).
        label: { show: node.kind !== 'article', position: 'right', color: '#1d2129', fontSize: 12 },
      })),
      links: graph.links.map((link) => ({ source: link.source, target: link.target })),
      lineStyle: { color: 'source', opacity: 0.35, curveness: 0.1 },
      emphasis: { focus: 'adjacency', label: { show: true }, lineStyle: { width: 2, opacity: 0.8 } },
      labelLayout: { hideOverlap: true },
    };
    chart.current?.setOption(
      {
        tooltip: {
          formatter: (params: unknown) => {
            const data = (params as { dataType?: string; data?: { node?: GraphNode } }).data;
            return data?.node ? tooltip(data.node) : '';
          },
        },
        legend: { data: GROUPS.map((group) => group.name), top: 4, itemGap: 16 },
        series: [series],
      },
      { notMerge: true },
    );
  }, [graph]);

  // The selected node and its neighbours stay lit (without laying the graph out again).
  useEffect(() => {
    const instance = chart.current;
    if (!instance) return;
    instance.dispatchAction({ type: 'downplay', seriesIndex: 0 });
    const dataIndex = graph.nodes.findIndex((node) => node.id === selected);
    if (dataIndex >= 0) instance.dispatchAction({ type: 'highlight', seriesIndex: 0, dataIndex });
  }, [graph, selected]);

  return (
    <div
      ref={box}
      className="knowledge-graph-canvas"
      role="img"
      aria-label="知识图谱"
      data-testid="knowledge-graph-canvas"
    />
  );
}
