/** The institution tree of the project picker: labels cut at 26 characters, only type 3 nodes selectable. */
import { Input, Tree } from '@arco-design/web-react';
import '@arco-design/web-react/es/Tree/style/css.js';
import '@arco-design/web-react/es/Input/style/css.js';
import { useMemo, useState } from 'react';
import { treeLabel } from '../layout/names';
import { filterTree, isSelectable, type CompanyTreeNode } from './project-tree';

interface ArcoNode {
  key: string;
  title: React.ReactNode;
  selectable: boolean;
  children: ArcoNode[];
}

function toArco(nodes: readonly CompanyTreeNode[]): ArcoNode[] {
  return nodes.map((node) => ({
    key: node.id,
    title: <span title={node.name}>{treeLabel(node.name)}</span>,
    selectable: isSelectable(node),
    children: toArco(node.childList ?? []),
  }));
}

function index(nodes: readonly CompanyTreeNode[], into = new Map<string, CompanyTreeNode>()) {
  for (const node of nodes) {
    into.set(node.id, node);
    index(node.childList ?? [], into);
  }
  return into;
}

export function ProjectTree({
  tree,
  selectedId,
  onSelect,
}: {
  tree: CompanyTreeNode[];
  selectedId?: string;
  onSelect: (node: CompanyTreeNode) => void;
}) {
  const [search, setSearch] = useState('');
  const byId = useMemo(() => index(tree), [tree]);
  const shown = useMemo(() => toArco(filterTree(tree, search)), [tree, search]);
  return (
    <div className="project-tree" data-testid="project-tree">
      <Input.Search allowClear placeholder="搜索机构或项目" value={search} onChange={setSearch} />
      {shown.length === 0 ? (
        <div className="project-tree-empty">未找到匹配的项目</div>
      ) : (
        <Tree
          blockNode
          defaultExpandedKeys={[...byId.keys()]}
          treeData={shown}
          selectedKeys={selectedId ? [selectedId] : []}
          onSelect={(keys) => {
            const node = byId.get(keys[0]);
            if (node && isSelectable(node)) onSelect(node);
          }}
        />
      )}
    </div>
  );
}
