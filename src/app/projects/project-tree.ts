/**
 * The institution tree of the project picker (POST /api/device/base/v2.0/companyTree) and the rules of choosing
 * a project (spec section 4), as pure functions.
 */
import type { CompanyTreeNode } from '../../shared/projects';
import type { SelectedProject } from '../layout/selected-project';

export type { CompanyTreeNode };

/** Only type 3 institution nodes are selectable (spec section 6). */
export function isSelectable(node: CompanyTreeNode): boolean {
  return node.type === '3' && node.clickFlag === '1';
}

function walk(
  nodes: readonly CompanyTreeNode[],
  visit: (node: CompanyTreeNode) => boolean | void,
): CompanyTreeNode | undefined {
  for (const node of nodes) {
    if (visit(node)) return node;
    const found = walk(node.childList ?? [], visit);
    if (found) return found;
  }
  return undefined;
}

/** The login flow picks the first node with clickFlag '1' (spec section 4). */
export function firstSelectable(tree: readonly CompanyTreeNode[]): CompanyTreeNode | undefined {
  return walk(tree, (node) => isSelectable(node));
}

export function findProject(
  tree: readonly CompanyTreeNode[],
  projectId: string | undefined,
): CompanyTreeNode | undefined {
  return projectId ? walk(tree, (node) => isSelectable(node) && node.projectId === projectId) : undefined;
}

/** Nodes whose name contains the text, with the branches leading to them; an empty text keeps the tree. */
export function filterTree(tree: readonly CompanyTreeNode[], text: string): CompanyTreeNode[] {
  const wanted = text.trim();
  if (!wanted) return [...tree];
  return tree.flatMap((node) => {
    if (node.name.includes(wanted)) return [node];
    const children = filterTree(node.childList ?? [], wanted);
    return children.length > 0 ? [{ ...node, childList: children }] : [];
  });
}

/** The selection fields stored as `selectInfo` (spec section 3): the node without its tree structure. */
export function toSelection(node: CompanyTreeNode): SelectedProject {
  // `parentId` is one of the selection's fields; the others here belong to the tree.
  const { id: _id, name: _name, type: _type, clickFlag: _clickFlag, childList: _childList, ...selection } = node;
  return selection;
}

export type SelectionOutcome = 'nothing' | 'reload' | 'to-workbench';

/**
 * What choosing `next` does (spec section 4): the project already selected -> nothing; another project of the
 * same type -> reload the page; a project of another type -> clear open menus and go to the work bench.
 * With nothing selected before (the initial picker) -> to the work bench.
 */
export function selectionOutcome(current: SelectedProject | undefined, next: SelectedProject): SelectionOutcome {
  if (current?.projectId && current.projectId === next.projectId) return 'nothing';
  if (!current?.projectId) return 'to-workbench';
  return current.projectType === next.projectType ? 'reload' : 'to-workbench';
}
