/**
 * The flow designer's tree editing (src/shared/flow-edit.ts) on the JSON of a real definition: inserting an
 * approval, a copy or a condition node anywhere, deleting one, adding, changing and removing branches, the
 * default branch; the given flow is never changed; the result passes the definition's own checks once filled in.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  addBranch,
  designFaults,
  FlowEditError,
  freshId,
  insertNode,
  makeDefaultBranch,
  newNode,
  removeBranch,
  removeNode,
  updateBranch,
  updateNode,
} from '../../src/shared/flow-edit';
import { flowNodes, processFaults, routeOf, type FlowNode, type ProcessFile } from '../../src/shared/processes';

const material = JSON.parse(readFileSync('schemas/processes/material-purchase.json', 'utf8')) as ProcessFile;
const flow = material.flow;
const frozen = JSON.stringify(flow);
const facts = {
  roles: new Set(['admin', 'companyManager', 'siteStaff']),
  users: new Set(['user-admin', 'user-staff']),
};
const ids = (nodes: readonly FlowNode[]) => flowNodes(nodes).map(({ node }) => node.id);

describe('inserting nodes', () => {
  it('puts a new approval between two nodes of the flow, with no approver yet', () => {
    const node = newNode(flow, 'approval');
    expect(node).toEqual({
      id: 'approval-1',
      type: 'approval',
      name: '审批人',
      approvers: { type: 'users', users: [] },
      mode: 'any',
    });
    const edited = insertNode(flow, null, 1, node);
    expect(edited.map((n) => n.id)).toEqual(['check', 'approval-1', 'by-amount', 'cc-leader']);
    expect(JSON.stringify(flow)).toBe(frozen);
    // The check names the node without people, in Chinese.
    expect(processFaults({ ...material, flow: edited }, facts)).toEqual([
      { pointer: '/flow/1/approvers/users', message: '审批节点没有指定人员' },
    ]);
  });

  it('puts a copy first or last, and into a branch', () => {
    const first = insertNode(flow, null, 0, newNode(flow, 'cc'));
    expect(first[0]).toMatchObject({ id: 'cc-1', type: 'cc', recipients: { type: 'users', users: [] } });
    const last = insertNode(flow, null, flow.length, newNode(flow, 'cc'));
    expect(last.map((n) => n.id)).toEqual(['check', 'by-amount', 'cc-leader', 'cc-1']);
    const inBranch = insertNode(flow, { nodeId: 'by-amount', branch: 1 }, 1, newNode(flow, 'cc'));
    const branchNode = inBranch[1] as Extract<FlowNode, { type: 'branch' }>;
    expect(branchNode.branches[1]!.nodes.map((n) => n.id)).toEqual(['manager', 'cc-1']);
    expect(JSON.stringify(flow)).toBe(frozen);
  });

  it('adds a condition node whose first branch asks for a condition and whose last is 其他情况', () => {
    const node = newNode(flow, 'branch');
    expect(node).toMatchObject({
      id: 'branch-1',
      type: 'branch',
      name: '条件分支',
      branches: [
        { name: '条件1', conditions: [], nodes: [] },
        { name: '其他情况', nodes: [] },
      ],
    });
    const edited = insertNode(flow, null, 1, node);
    expect(designFaults(edited)).toEqual([
      { pointer: '/flow/1/branches/0/conditions', message: '请为分支「条件1」设置条件' },
    ]);
    // Filled in: 金额 > 200000 goes to the company administrators.
    const filled = updateBranch(edited, 'branch-1', 0, (branch) => ({
      ...branch,
      name: '金额大于20万元',
      conditions: [{ field: 'amount', op: 'gt', value: 200000 }],
      nodes: [
        { id: 'big', type: 'approval', name: '公司审批', approvers: { type: 'role', role: 'admin' }, mode: 'any' },
      ],
    }));
    expect(designFaults(filled)).toEqual([]);
    expect(processFaults({ ...material, flow: filled }, facts)).toEqual([]);
    expect(routeOf(filled, { amount: 300000 })!.map((n) => n.id)).toEqual(['check', 'big', 'company', 'cc-leader']);
    expect(routeOf(filled, { amount: 1000 })!.map((n) => n.id)).toEqual(['check', 'manager', 'cc-leader']);
  });

  it('gives fresh ids and refuses a taken one or a place out of range', () => {
    const once = insertNode(flow, null, 0, newNode(flow, 'approval'));
    expect(freshId(once, 'approval')).toBe('approval-2');
    expect(() => insertNode(flow, null, 0, { ...newNode(flow, 'cc'), id: 'check' })).toThrow(FlowEditError);
    expect(() => insertNode(flow, null, 9, newNode(flow, 'cc'))).toThrow(FlowEditError);
    expect(() => insertNode(flow, { nodeId: 'check', branch: 0 }, 0, newNode(flow, 'cc'))).toThrow(FlowEditError);
  });
});

describe('changing and deleting nodes', () => {
  it('changes one node anywhere in the tree', () => {
    const edited = updateNode(flow, 'company', (node) =>
      node.type === 'approval' ? { ...node, mode: 'all', approvers: { type: 'users', users: ['user-admin'] } } : node,
    );
    const company = flowNodes(edited).find(({ node }) => node.id === 'company')!.node;
    expect(company).toMatchObject({ mode: 'all', approvers: { type: 'users', users: ['user-admin'] } });
    expect(JSON.stringify(flow)).toBe(frozen);
    expect(() => updateNode(flow, 'nope', (n) => n)).toThrow(FlowEditError);
  });

  it('deletes a node, and a condition node with everything inside it', () => {
    expect(ids(removeNode(flow, 'manager'))).toEqual(['check', 'by-amount', 'company', 'cc-leader']);
    expect(ids(removeNode(flow, 'by-amount'))).toEqual(['check', 'cc-leader']);
    expect(JSON.stringify(flow)).toBe(frozen);
    expect(() => removeNode(flow, 'nope')).toThrow(FlowEditError);
  });
});

describe('branches', () => {
  it('adds a branch before 其他情况, named apart from the others', () => {
    const { flow: edited, index } = addBranch(flow, 'by-amount');
    expect(index).toBe(1);
    const node = edited[1] as Extract<FlowNode, { type: 'branch' }>;
    expect(node.branches.map((b) => b.name)).toEqual(['金额大于5万元', '条件2', '其他情况']);
    expect(designFaults(edited)).toEqual([
      { pointer: '/flow/1/branches/1/conditions', message: '请为分支「条件2」设置条件' },
    ]);
    expect(() => addBranch(flow, 'check')).toThrow(FlowEditError);
  });

  it('removes a branch with its nodes, but keeps two', () => {
    const three = addBranch(flow, 'by-amount').flow;
    const removed = removeBranch(three, 'by-amount', 0);
    expect(ids(removed)).toEqual(['check', 'by-amount', 'manager', 'cc-leader']);
    expect(() => removeBranch(flow, 'by-amount', 0)).toThrow('条件节点至少要有两个分支，可以删除整个条件节点');
    expect(() => removeBranch(three, 'by-amount', 5)).toThrow(FlowEditError);
  });

  it('makes a branch the default: no conditions, last', () => {
    const three = addBranch(flow, 'by-amount').flow;
    const withCondition = updateBranch(three, 'by-amount', 2, (b) => ({
      ...b,
      conditions: [{ field: 'amount', op: 'lte', value: 1000 }],
    }));
    const edited = makeDefaultBranch(withCondition, 'by-amount', 0);
    const node = edited[1] as Extract<FlowNode, { type: 'branch' }>;
    expect(node.branches.map((b) => [b.name, b.conditions])).toEqual([
      ['条件2', []],
      ['其他情况', [{ field: 'amount', op: 'lte', value: 1000 }]],
      ['金额大于5万元', undefined],
    ]);
  });
});
