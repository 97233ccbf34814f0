/** The tree panel of a CRUD page (offices, areas, ...): choosing a node filters the table; choosing it again clears. */
import { Tree } from '@arco-design/web-react';
import '@arco-design/web-react/es/Tree/style/css.js';
import { useMemo } from 'react';
import { pickPath } from '../../api';
import { LoadFailure, Loading } from '../../feedback';
import type { CrudPageFile } from '../../types';
import { useApi } from '../../use-api';

export interface TreeNode {
  key: string;
  title: string;
  children?: TreeNode[];
  raw: Record<string, unknown>;
}

type TreeConfig = NonNullable<CrudPageFile['tree']>;

function toNodes(items: unknown, config: TreeConfig): TreeNode[] {
  if (!Array.isArray(items)) return [];
  return items.map((item: Record<string, unknown>) => ({
    key: String(item[config.key ?? 'id']),
    title: String(item[config.label ?? 'name'] ?? ''),
    children: toNodes(item[config.children ?? 'childList'], config),
    raw: item,
  }));
}

function find(nodes: TreeNode[], key: string): TreeNode | undefined {
  for (const node of nodes) {
    if (node.key === key) return node;
    const inner = find(node.children ?? [], key);
    if (inner) return inner;
  }
  return undefined;
}

export function CrudTree({
  tree,
  selected,
  onSelect,
}: {
  tree: TreeConfig;
  selected: TreeNode | null;
  onSelect: (node: TreeNode | null) => void;
}) {
  const { data, error, isLoading, mutate } = useApi<unknown>(tree.api);
  const nodes = useMemo(() => toNodes(tree.api.resultPath ? data : pickPath(data, 'data'), tree), [data, tree]);
  return (
    <aside className="crud-tree" data-testid="crud-tree">
      {tree.title && <div className="crud-tree-title">{tree.title}</div>}
      {isLoading && <Loading />}
      {error && <LoadFailure error={error} onRetry={() => void mutate()} />}
      <Tree
        blockNode
        treeData={nodes}
        selectedKeys={selected ? [selected.key] : []}
        onSelect={(keys) => onSelect(keys[0] && keys[0] !== selected?.key ? (find(nodes, keys[0]) ?? null) : null)}
      />
    </aside>
  );
}
