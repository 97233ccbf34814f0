/**
 * The institution tree of the project selector and picker: labels cut at 26 characters, only type 3 nodes chosen
 * as the project. With `onInstitution` (the picker) every node can be clicked to list the projects under it.
 */
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

function toArco(nodes: readonly CompanyTreeNode[], everyNode: boolean): ArcoNode[] {
  return nodes.map((node) => ({
    key: node.id,
    title: <span title={node.name}>{treeLabel(node.name)}</span>,
    selectable: everyNode || isSelectable(node),
    children: toArco(node.childList ?? [], everyNode),
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
  onInstitution,
}: {
  tree: CompanyTreeNode[];
  selectedId?: string;
  /** A project department with a project was clicked. */
  onSelect: (node: CompanyTreeNode) => void;
  /** Any node was clicked (called before `onSelect`). */
  onInstitution?: (node: CompanyTreeNode) => void;
}) {
  const [search, setSearch] = useState('');
  const byId = useMemo(() => index(tree), [tree]);
  const everyNode = onInstitution !== undefined;
  const shown = useMemo(() => toArco(filterTree(tree, search), everyNode), [tree, search, everyNode]);
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
            if (!node) return;
            onInstitution?.(node);
            if (isSelectable(node)) onSelect(node);
          }}
        />
      )}
    </div>
  );
}
