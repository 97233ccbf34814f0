import { describe, expect, it } from 'vitest';
import {
  filterTree,
  findProject,
  firstSelectable,
  isSelectable,
  selectionOutcome,
  toSelection,
  type CompanyTreeNode,
} from '../../src/app/projects/project-tree';

function node(id: string, name: string, type: string, more: Partial<CompanyTreeNode> = {}): CompanyTreeNode {
  return { id, name, type, parentId: '0', clickFlag: '0', childList: [], ...more };
}

const tree = [
  node('c1', '华建集团', '1', {
    childList: [
      node('b1', '华东分公司', '2', {
        childList: [
          node('p0', '未立项项目部', '3'),
          node('p1', '滨江一号项目部', '3', {
            clickFlag: '1',
            projectId: 'project-1',
            projectName: '滨江一号',
            projectType: 'house',
          }),
          node('p2', '沿江高速项目部', '3', {
            clickFlag: '1',
            projectId: 'project-2',
            projectName: '沿江高速',
            projectType: 'road',
          }),
        ],
      }),
    ],
  }),
];

describe('project picker rules (spec sections 4 and 6)', () => {
  it('only type 3 nodes that carry a project are selectable', () => {
    expect(isSelectable(tree[0])).toBe(false);
    expect(isSelectable(tree[0].childList[0].childList[0])).toBe(false);
    expect(isSelectable(tree[0].childList[0].childList[1])).toBe(true);
  });

  it('login picks the first node with clickFlag 1; a saved project is found again by id', () => {
    expect(firstSelectable(tree)?.id).toBe('p1');
    expect(findProject(tree, 'project-2')?.id).toBe('p2');
    expect(findProject(tree, 'gone')).toBeUndefined();
  });

  it('search keeps matching nodes with the branches leading to them', () => {
    const found = filterTree(tree, '高速');
    expect(found[0].childList[0].childList.map((item) => item.id)).toEqual(['p2']);
    expect(filterTree(tree, '没有')).toEqual([]);
  });

  it('the selection carries the fields of spec section 3, not the tree', () => {
    const selection = toSelection(tree[0].childList[0].childList[1]);
    expect(selection).toMatchObject({ projectId: 'project-1', projectName: '滨江一号', projectType: 'house' });
    expect(selection).not.toHaveProperty('childList');
  });

  it('same project: nothing; same type: reload; another type or first choice: to the work bench', () => {
    const house = { projectId: 'project-1', projectType: 'house' };
    expect(selectionOutcome(house, house)).toBe('nothing');
    expect(selectionOutcome(house, { projectId: 'project-3', projectType: 'house' })).toBe('reload');
    expect(selectionOutcome(house, { projectId: 'project-2', projectType: 'road' })).toBe('to-workbench');
    expect(selectionOutcome(undefined, house)).toBe('to-workbench');
  });
});
