/**
 * The designer's check (src/app/flow-designer/check.ts) runs the precompiled meta-schema of process files: every
 * shipped definition passes it, and a broken one gets the same faults as the server's check gives when publishing.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { checkDefinition } from '../../src/app/flow-designer/check';
import { ProcessDefinitions } from '../../src/server/workflow/definitions';
import type { ProcessFile } from '../../src/shared/processes';

const files = readdirSync('schemas/processes').map(
  (name) => JSON.parse(readFileSync(`schemas/processes/${name}`, 'utf8')) as ProcessFile,
);
const facts = {
  roles: new Set(['admin', 'companyManager', 'siteStaff', 'projectManager', 'safetyOfficer']),
  users: new Set(['user-admin', 'user-manager', 'user-staff']),
};
const server = new ProcessDefinitions(undefined as never);
const asServer = (body: unknown) => server.check(body, facts).map((e) => ({ pointer: e.field, message: e.message }));

describe('the designer checks a definition as the server does', () => {
  it('passes every shipped definition', () => {
    for (const file of files) expect(checkDefinition(file, facts), file.id).toEqual(asServer(file));
  });

  it('reports a broken file with the meta-schema’s messages', () => {
    const material = files.find((f) => f.id === 'material-purchase')!;
    const broken = {
      ...material,
      flow: [{ id: 'x', type: 'approval', name: '', approvers: { type: 'role' }, mode: 'all', extra: 1 }],
    } as unknown as ProcessFile;
    const faults = checkDefinition(broken, facts);
    expect(faults.length).toBeGreaterThan(0);
    expect(faults).toEqual(asServer(broken));
    expect(faults.map((f) => f.message)).toEqual(expect.arrayContaining(['不认识的键 "extra"', '缺少 "role"']));
  });

  it('names a node without an approver and an unknown role', () => {
    const material = files.find((f) => f.id === 'material-purchase')!;
    const flow = [
      { id: 'a', type: 'approval', name: '审批人', approvers: { type: 'users', users: [] }, mode: 'any' },
      { id: 'b', type: 'approval', name: '审批人', approvers: { type: 'role', role: 'nobody' }, mode: 'any' },
    ] as ProcessFile['flow'];
    expect(checkDefinition({ ...material, flow }, facts)).toEqual([
      { pointer: '/flow/0/approvers/users', message: '审批节点没有指定人员' },
      { pointer: '/flow/1/approvers/role', message: '角色 "nobody" 不存在' },
    ]);
  });
});
