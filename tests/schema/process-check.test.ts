/** `schemas:check` on process definitions (schemas/processes): the faults a configurator makes, by JSON pointer. */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { checkSchemaTree } from '../../src/build/check/check-schemas';

const schemasDir = join(import.meta.dirname, '../../schemas');
const copies: string[] = [];

/**
 * A temporary copy of the project (schemas and modules) with one process file changed by `edit`: a file of
 * schemas/processes by its name, or a module's by its path from the project's root.
 */
function brokenCopy(file: string, edit: (content: Record<string, any>) => void): string {
  const root = mkdtempSync(join(tmpdir(), 'processes-'));
  copies.push(root);
  cpSync(schemasDir, join(root, 'schemas'), { recursive: true });
  cpSync(join(schemasDir, '../modules'), join(root, 'modules'), { recursive: true });
  const path = file.includes('/') ? join(root, file) : join(root, 'schemas', 'processes', file);
  const content = JSON.parse(readFileSync(path, 'utf8'));
  edit(content);
  writeFileSync(path, JSON.stringify(content));
  return join(root, 'schemas');
}

afterEach(() => {
  for (const root of copies.splice(0)) rmSync(root, { recursive: true, force: true });
});

describe('schemas:check of process definitions', () => {
  it.each([
    [
      'a condition over a field the form lacks',
      (f: Record<string, any>) => (f.flow[1].branches[0].conditions[0].field = 'total'),
      '/flow/1/branches/0/conditions/0/field',
      '条件引用了表单中没有的字段 "total"',
    ],
    [
      'a size comparison on a text field',
      (f: Record<string, any>) => (f.flow[1].branches[0].conditions[0].field = 'unit'),
      '/flow/1/branches/0/conditions/0/field',
      '字段 "unit" 不是数字，不能比较大小',
    ],
    [
      'an approver role the seed does not declare',
      (f: Record<string, any>) => (f.flow[0].approvers.role = 'buyer'),
      '/flow/0/approvers/role',
      '角色 "buyer" 不存在',
    ],
    [
      'an approver user the seed does not declare',
      (f: Record<string, any>) => (f.flow[0].approvers = { type: 'users', users: ['user-admin', 'user-ghost'] }),
      '/flow/0/approvers/users/1',
      '用户 "user-ghost" 不存在',
    ],
    [
      'a node without approvers',
      (f: Record<string, any>) => (f.flow[0].approvers = { type: 'users', users: [] }),
      '/flow/0/approvers/users',
      '审批节点没有指定人员',
    ],
    [
      'a branch after the otherwise branch (unreachable)',
      (f: Record<string, any>) => f.flow[1].branches.push({ name: '大额', conditions: [], nodes: [] }),
      '/flow/1/branches/2',
      '分支「大额」在"其他情况"分支之后，永远不会被执行',
    ],
    [
      'a branch repeating an earlier condition (unreachable)',
      (f: Record<string, any>) => f.flow[1].branches.splice(1, 0, structuredClone(f.flow[1].branches[0])),
      '/flow/1/branches/1',
      '分支「金额大于5万元」的条件与前面的分支相同，永远不会被执行',
    ],
    [
      'a condition node without an otherwise branch',
      (f: Record<string, any>) => (f.flow[1].branches[1].conditions = [{ field: 'amount', op: 'lte', value: 50000 }]),
      '/flow/1/branches',
      '条件节点「按采购金额」缺少"其他情况"分支',
    ],
    [
      'two nodes with one id',
      (f: Record<string, any>) => (f.flow[2].id = 'check'),
      '/flow/2/id',
      '节点 id "check" 与 /flow/0 重复',
    ],
    [
      'a form message for a rule the field lacks',
      (f: Record<string, any>) => (f.form.schema.properties.unit.errorMessage.pattern = '格式不正确'),
      '/form/schema/properties/unit/errorMessage/pattern',
      '字段没有 pattern 规则，这条提示永远不会显示',
    ],
  ])('%s', (_name, edit, pointer, message) => {
    const faults = checkSchemaTree(brokenCopy('material-purchase.json', edit));
    expect(faults).toContainEqual({ file: 'schemas/processes/material-purchase.json', pointer, message });
  });

  it('a reference to a collection that does not exist', () => {
    const faults = checkSchemaTree(
      brokenCopy(
        'modules/safety/processes/hazard-extension.json',
        (f) => (f.references.hazardId.collection = 'hazard'),
      ),
    );
    expect(faults).toContainEqual({
      file: 'modules/safety/processes/hazard-extension.json',
      pointer: '/references/hazardId/collection',
      message: '集合 "hazard" 不存在',
    });
  });

  it('an outcome naming a field that is not a reference, or a form field the form lacks', () => {
    const faults = checkSchemaTree(
      brokenCopy('modules/safety/processes/hazard-extension.json', (f) => {
        f.outcomes.approved = [
          { reference: 'reason', set: { deadline: 'newDeadline' } },
          { reference: 'hazardId', set: { deadline: 'laterDeadline' } },
        ];
      }),
    );
    const file = 'modules/safety/processes/hazard-extension.json';
    expect(faults).toContainEqual({
      file,
      pointer: '/outcomes/approved/0/reference',
      message: '"reason" 不是 references 中声明的字段',
    });
    expect(faults).toContainEqual({
      file,
      pointer: '/outcomes/approved/1/set/deadline',
      message: '表单中没有字段 "laterDeadline"',
    });
  });

  it('a process id that a module declares again', () => {
    const root = brokenCopy('seal-use.json', () => undefined);
    const copy = JSON.parse(readFileSync(join(root, 'processes', 'seal-use.json'), 'utf8'));
    writeFileSync(join(root, '..', 'modules', 'safety', 'processes', 'seal-use.json'), JSON.stringify(copy));
    expect(checkSchemaTree(root)).toContainEqual({
      file: 'modules/safety/processes/seal-use.json',
      pointer: '/id',
      message: '流程 id "seal-use" 与 schemas/processes/seal-use.json 重复',
    });
  });

  it('an unknown approver kind fails the meta-schema', () => {
    const faults = checkSchemaTree(brokenCopy('seal-use.json', (f) => (f.flow[0].approvers = { type: 'boss' })));
    expect(faults.some((f) => f.pointer === '/flow/0/approvers/type')).toBe(true);
  });
});
