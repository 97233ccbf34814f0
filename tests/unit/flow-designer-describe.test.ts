/**
 * What the designer's cards and panel say (src/app/flow-designer/describe.ts): the form fields a condition may
 * test (numbers and enums of the definition's own form), approver rules and conditions in Chinese.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { conditionFields, conditionText, modeText, ruleText } from '../../src/app/flow-designer/describe';
import type { ProcessFile } from '../../src/shared/processes';

const load = (id: string) => JSON.parse(readFileSync(`schemas/processes/${id}.json`, 'utf8')) as ProcessFile;
const people = {
  roles: [{ enname: 'admin', name: '系统管理员' }],
  users: [{ id: 'user-admin', name: '系统管理员', loginName: 'admin' }],
};

describe('designer words', () => {
  it('offers the numbers and enums of the form as condition fields', () => {
    expect(conditionFields(load('material-purchase')).map((f) => [f.field, f.title, f.kind])).toEqual([
      ['quantity', '数量', 'number'],
      ['amount', '采购金额（元）', 'number'],
    ]);
    const seal = conditionFields(load('seal-use'));
    expect(seal.find((f) => f.kind === 'choice')).toMatchObject({
      field: 'sealType',
      options: ['公章', '合同专用章', '财务专用章', '法人章'],
    });
  });

  it('says who approves and on what condition', () => {
    expect(ruleText({ type: 'role', role: 'admin' }, people)).toBe('角色：系统管理员');
    expect(ruleText({ type: 'users', users: ['user-admin', 'gone'] }, people)).toBe('系统管理员、gone');
    expect(ruleText({ type: 'users', users: [] }, people)).toBe('');
    expect(ruleText({ type: 'leader' }, people)).toBe('发起人的部门负责人');
    expect(ruleText({ type: 'starter' }, people)).toBe('发起人自选');
    expect(modeText('all')).toBe('会签');
    const fields = conditionFields(load('material-purchase'));
    expect(conditionText({ field: 'amount', op: 'gt', value: 200000 }, fields)).toBe('采购金额（元） > 200000');
    expect(conditionText({ field: 'sealType', op: 'in', value: ['公章', '法人章'] }, [])).toBe(
      'sealType 属于 公章、法人章',
    );
  });
});
