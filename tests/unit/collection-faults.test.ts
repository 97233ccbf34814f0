/** The checks of a collection file that its meta-schema cannot make: every name must point at something. */
import { describe, expect, it } from 'vitest';
import type { CollectionFile } from '../../src/shared/collections.js';
import { collectionFaults } from '../../src/shared/collection-faults.js';

const base: CollectionFile = {
  kind: 'collection',
  id: 'test-permit',
  title: '作业许可',
  permissions: { view: 'test:permit:view', edit: 'test:permit:edit' },
  schema: {
    type: 'object',
    required: ['title'],
    properties: {
      title: { type: 'string', title: '名称' },
      state: { type: 'string', title: '状态' },
      approverId: { type: 'string', title: '审批人' },
      validUntil: { type: 'string', title: '有效期', format: 'date' },
    },
  },
  references: { approverId: { to: 'user' } },
  status: {
    field: 'state',
    initial: 'draft',
    states: { draft: { label: '草稿' }, approved: { label: '已批准' } },
    transitions: [{ id: 'approve', label: '批准', from: ['draft'], to: 'approved', actorField: 'approverId' }],
  },
  computed: { daysLeft: { op: 'daysUntil', from: 'validUntil' } },
};

describe('collection faults', () => {
  it('finds none in a sound file', () => {
    expect(collectionFaults(base, new Set(['test-permit']))).toEqual([]);
  });

  it('names the pointer of an unknown reference, an undeclared state and a computed field over a missing field', () => {
    const broken: CollectionFile = {
      ...base,
      references: { ...base.references, areaId: { collection: 'test-area', labelField: 'name' } },
      status: {
        ...base.status!,
        transitions: [
          { id: 'approve', label: '批准', from: ['draft'], to: 'signed', actorField: 'title', requires: ['remark'] },
        ],
      },
      computed: { daysLeft: { op: 'daysUntil', from: 'expiry' } },
      filters: { owner: 'eq' },
    };
    expect(collectionFaults(broken, new Set(['test-permit']))).toEqual(
      expect.arrayContaining([
        { pointer: '/references/areaId', message: '引用字段 "areaId" 不存在' },
        { pointer: '/references/areaId/collection', message: '引用了不存在的集合 "test-area"' },
        { pointer: '/status/transitions/0/to', message: '状态 "signed" 未在 states 中声明' },
        { pointer: '/status/transitions/0/actorField', message: '执行人字段 "title" 必须引用用户' },
        { pointer: '/status/transitions/0/requires/0', message: '字段 "remark" 不存在' },
        { pointer: '/computed/daysLeft/from', message: '计算字段依据的字段 "expiry" 不存在' },
        { pointer: '/filters/owner', message: '筛选字段 "owner" 不存在或不保存' },
      ]),
    );
  });
});
