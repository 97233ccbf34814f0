/**
 * Editing a flow tree (src/shared/processes.ts) the way the flow designer does: insert an approval, a carbon-copy
 * or a condition node into any list of nodes, change or delete a node, add, change or remove a branch of a
 * condition node. Pure functions: each returns a new flow and leaves the given one as it was, so the designer
 * keeps the published definition to compare with and the tests check the JSON itself.
 *
 * A list of nodes is named by where it sits: the flow itself (`null`), or the nodes of branch `branch` of the
 * condition node `nodeId` (node ids are unique in a definition, `processFaults` holds files to that).
 */
import type { Branch, BranchNode, FlowNode } from './processes.js';

export type ListRef = null | { nodeId: string; branch: number };
export type NewNodeType = FlowNode['type'];

/** What a new node is called; its approvers are left to choose (the check says so until they are). */
export const NEW_NODE_NAMES: Record<NewNodeType, string> = { approval: '审批人', cc: '抄送人', branch: '条件分支' };
export const OTHERWISE_BRANCH = '其他情况';

export class FlowEditError extends Error {}

/** The ids used anywhere in the flow. */
function idsOf(flow: readonly FlowNode[], into = new Set<string>()): Set<string> {
  for (const node of flow) {
    into.add(node.id);
    if (node.type === 'branch') for (const branch of node.branches) idsOf(branch.nodes, into);
  }
  return into;
}

/** `approval-3`: the first free number for that type, so ids stay short and readable in the JSON. */
export function freshId(flow: readonly FlowNode[], type: NewNodeType): string {
  const taken = idsOf(flow);
  for (let n = 1; ; n++) if (!taken.has(`${type}-${n}`)) return `${type}-${n}`;
}

/**
 * A new node of `type` for `flow`: an approval or a copy without people yet (`users: []`, which the check reports
 * as 没有指定人员), or a condition node with one branch to give a condition and the 其他情况 branch.
 */
export function newNode(flow: readonly FlowNode[], type: NewNodeType): FlowNode {
  const id = freshId(flow, type);
  const name = NEW_NODE_NAMES[type];
  if (type === 'approval') return { id, type, name, approvers: { type: 'users', users: [] }, mode: 'any' };
  if (type === 'cc') return { id, type, name, recipients: { type: 'users', users: [] } };
  return {
    id,
    type,
    name,
    branches: [
      { name: '条件1', conditions: [], nodes: [] },
      { name: OTHERWISE_BRANCH, nodes: [] },
    ],
  };
}

/** Applies `change` to the list `at`, wherever in the tree it sits. */
function editList(
  flow: readonly FlowNode[],
  at: ListRef,
  change: (nodes: readonly FlowNode[]) => FlowNode[],
): FlowNode[] {
  if (at === null) return change(flow);
  let found = false;
  const walk = (nodes: readonly FlowNode[]): FlowNode[] =>
    nodes.map((node) => {
      if (node.type !== 'branch') return node;
      const branches = node.branches.map((branch, b) => {
        if (node.id === at.nodeId && b === at.branch) {
          found = true;
          return { ...branch, nodes: change(branch.nodes) };
        }
        return { ...branch, nodes: walk(branch.nodes) };
      });
      return { ...node, branches };
    });
  const edited = walk(flow);
  if (!found) throw new FlowEditError(`没有找到分支 ${at.nodeId}/${at.branch}`);
  return edited;
}

/** `flow` with `node` inserted at `index` of the list `at` (0: first; the list's length: last). */
export function insertNode(flow: readonly FlowNode[], at: ListRef, index: number, node: FlowNode): FlowNode[] {
  if (idsOf(flow).has(node.id)) throw new FlowEditError(`节点 id "${node.id}" 已存在`);
  return editList(flow, at, (nodes) => {
    if (index < 0 || index > nodes.length) throw new FlowEditError(`位置 ${index} 超出范围`);
    return [...nodes.slice(0, index), node, ...nodes.slice(index)];
  });
}

/** Finds the node `nodeId`; undefined when the flow has none. */
export function findNode(flow: readonly FlowNode[], nodeId: string): FlowNode | undefined {
  for (const node of flow) {
    if (node.id === nodeId) return node;
    if (node.type === 'branch')
      for (const branch of node.branches) {
        const inner = findNode(branch.nodes, nodeId);
        if (inner) return inner;
      }
  }
  return undefined;
}

/** Applies `change` to the node `nodeId` (it may return another node of any type, keeping the id). */
export function updateNode(
  flow: readonly FlowNode[],
  nodeId: string,
  change: (node: FlowNode) => FlowNode,
): FlowNode[] {
  let found = false;
  const walk = (nodes: readonly FlowNode[]): FlowNode[] =>
    nodes.map((node) => {
      if (node.id === nodeId) {
        found = true;
        return change(node);
      }
      if (node.type !== 'branch') return node;
      return { ...node, branches: node.branches.map((branch) => ({ ...branch, nodes: walk(branch.nodes) })) };
    });
  const edited = walk(flow);
  if (!found) throw new FlowEditError(`没有找到节点 ${nodeId}`);
  return edited;
}

/** `flow` without the node `nodeId` (a condition node goes with every branch and node inside it). */
export function removeNode(flow: readonly FlowNode[], nodeId: string): FlowNode[] {
  let found = false;
  const walk = (nodes: readonly FlowNode[]): FlowNode[] =>
    nodes.flatMap((node): FlowNode[] => {
      if (node.id === nodeId) {
        found = true;
        return [];
      }
      if (node.type !== 'branch') return [node];
      return [{ ...node, branches: node.branches.map((branch) => ({ ...branch, nodes: walk(branch.nodes) })) }];
    });
  const edited = walk(flow);
  if (!found) throw new FlowEditError(`没有找到节点 ${nodeId}`);
  return edited;
}

function editBranchNode(flow: readonly FlowNode[], nodeId: string, change: (node: BranchNode) => BranchNode) {
  return updateNode(flow, nodeId, (node) => {
    if (node.type !== 'branch') throw new FlowEditError(`节点 ${nodeId} 不是条件节点`);
    return change(node);
  });
}

/** Whether a branch is the 其他情况 one: it has no condition, so it is taken when no branch before it holds. */
export function isOtherwise(branch: Branch): boolean {
  return (branch.conditions ?? []).length === 0;
}

/**
 * A new branch on the condition node `nodeId`, placed before its 其他情况 branch (which must stay last to be
 * reachable); it starts with no condition and an unused name 条件N. Answers the flow and the new branch's index.
 */
export function addBranch(flow: readonly FlowNode[], nodeId: string): { flow: FlowNode[]; index: number } {
  let index = 0;
  const edited = editBranchNode(flow, nodeId, (node) => {
    const names = new Set(node.branches.map((b) => b.name));
    let n = node.branches.length;
    while (names.has(`条件${n}`)) n++;
    const last = node.branches[node.branches.length - 1];
    index = last && isOtherwise(last) ? node.branches.length - 1 : node.branches.length;
    const branch: Branch = { name: `条件${n}`, conditions: [], nodes: [] };
    return { ...node, branches: [...node.branches.slice(0, index), branch, ...node.branches.slice(index)] };
  });
  return { flow: edited, index };
}

/** The condition node `nodeId` without branch `index` and its nodes; a condition node keeps at least two. */
export function removeBranch(flow: readonly FlowNode[], nodeId: string, index: number): FlowNode[] {
  return editBranchNode(flow, nodeId, (node) => {
    if (!node.branches[index]) throw new FlowEditError(`没有第 ${index + 1} 个分支`);
    if (node.branches.length <= 2) throw new FlowEditError('条件节点至少要有两个分支，可以删除整个条件节点');
    return { ...node, branches: node.branches.filter((_, b) => b !== index) };
  });
}

/** Applies `change` to branch `index` of the condition node `nodeId`. */
export function updateBranch(
  flow: readonly FlowNode[],
  nodeId: string,
  index: number,
  change: (branch: Branch) => Branch,
): FlowNode[] {
  return editBranchNode(flow, nodeId, (node) => {
    const branch = node.branches[index];
    if (!branch) throw new FlowEditError(`没有第 ${index + 1} 个分支`);
    return { ...node, branches: node.branches.map((b, i) => (i === index ? change(b) : b)) };
  });
}

/**
 * Makes branch `index` the default (其他情况): its conditions go and it moves last, where a branch without
 * conditions belongs. Any other branch without conditions stays where it is (the check reports it).
 */
export function makeDefaultBranch(flow: readonly FlowNode[], nodeId: string, index: number): FlowNode[] {
  return editBranchNode(flow, nodeId, (node) => {
    const branch = node.branches[index];
    if (!branch) throw new FlowEditError(`没有第 ${index + 1} 个分支`);
    const { conditions: _dropped, ...rest } = branch;
    return { ...node, branches: [...node.branches.filter((_, b) => b !== index), rest] };
  });
}

/**
 * What the designer asks beyond `processFaults`: a branch other than the last one needs a condition (a new
 * branch starts without one, which would otherwise read as a second 其他情况 branch). Pointers as processFaults'.
 */
export function designFaults(flow: readonly FlowNode[], pointer = '/flow'): { pointer: string; message: string }[] {
  return flow.flatMap((node, n) => {
    if (node.type !== 'branch') return [];
    const at = `${pointer}/${n}`;
    return node.branches.flatMap((branch, b) => [
      ...(b < node.branches.length - 1 && isOtherwise(branch)
        ? [{ pointer: `${at}/branches/${b}/conditions`, message: `请为分支「${branch.name}」设置条件` }]
        : []),
      ...designFaults(branch.nodes, `${at}/branches/${b}/nodes`),
    ]);
  });
}
