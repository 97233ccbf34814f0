/**
 * What the flow designer reads: the definitions with their current version and who published it, and one
 * definition's whole newest file with its versions and the roles and users it may name; only for holders of
 * `workflow:definition:view` (the administrator), and a publish shows up in both as the next version.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { ProcessFile } from '../../src/shared/processes.js';
import { useCallers } from './admin-helpers.js';
import { useTestApp } from './test-app.js';

const t = useTestApp();
const who = useCallers(t);

interface Row {
  processId: string;
  name: string;
  category: string;
  version: number;
  publishedAt: string;
  publishedBy: string;
  versions: number;
}
interface Design {
  processId: string;
  version: number;
  definition: ProcessFile;
  versions: { version: number; publishedAt: string; publishedBy: string | null }[];
  roles: { enname: string; name: string }[];
  users: { id: string; name: string; loginName: string }[];
}

const file = JSON.parse(readFileSync('schemas/processes/seal-use.json', 'utf8')) as ProcessFile;

describe('the designer’s reads', () => {
  it('lists every definition with its current version, for the administrator only', async () => {
    const body = await who.admin.call<{ dataList: Row[] }>('GET', '/api/workflow/designer/definitions');
    expect(body.msgCode).toBe(0);
    const rows = body.data!.dataList;
    expect(rows.map((r) => r.name).sort()).toEqual(
      [
        '材料采购申请',
        '设计变更审批',
        '危大工程专项方案审批',
        '用章申请',
        '进度款支付申请',
        '隐患整改延期申请',
        '磅单更正申请',
        '产值月报审批',
      ].sort(),
    );
    expect(rows.find((r) => r.processId === 'seal-use')).toMatchObject({
      category: '行政管理',
      version: 1,
      publishedBy: '系统内置',
      versions: 1,
    });
    expect(Number.isNaN(Date.parse(rows[0]!.publishedAt))).toBe(false);
    for (const c of [who.staff, who.manager])
      expect(await c.call('GET', '/api/workflow/designer/definitions')).toMatchObject({ msgCode: -403 });
    expect(await who.none.call('GET', '/api/workflow/designer/definitions')).toMatchObject({ msgCode: -401 });
  });

  it('gives one definition’s whole file, its versions and the roles and users it may name', async () => {
    const body = await who.admin.call<Design>('GET', '/api/workflow/designer/definitions/seal-use');
    expect(body.msgCode).toBe(0);
    expect(body.data!.definition).toEqual(file);
    expect(body.data!.versions).toEqual([{ version: 1, publishedAt: expect.any(String), publishedBy: null }]);
    expect(body.data!.roles).toEqual(expect.arrayContaining([{ enname: 'admin', name: '系统管理员' }]));
    expect(body.data!.users).toEqual(
      expect.arrayContaining([{ id: 'user-admin', name: '系统管理员', loginName: 'admin' }]),
    );
    expect(await who.admin.call('GET', '/api/workflow/designer/definitions/no-such')).toMatchObject({
      msgCode: -404,
      errMsg: '流程不存在',
    });
    expect(await who.admin.call('GET', '/api/workflow/designer/definitions/Bad_Id')).toMatchObject({ msgCode: -400 });
    expect(await who.staff.call('GET', '/api/workflow/designer/definitions/seal-use')).toMatchObject({ msgCode: -403 });
  });

  it('shows a published version as the current one, with its publisher', async () => {
    const changed = { ...file, description: '设计器改过的说明' };
    expect(await who.staff.call('POST', '/api/workflow/definitions/seal-use/versions', changed)).toMatchObject({
      msgCode: -403,
    });
    const published = await who.admin.call<{ version: number }>(
      'POST',
      '/api/workflow/definitions/seal-use/versions',
      changed,
    );
    expect(published).toMatchObject({ msgCode: 0, errMsg: '发布成功', data: { version: 2 } });
    const list = await who.admin.call<{ dataList: Row[] }>('GET', '/api/workflow/designer/definitions');
    expect(list.data!.dataList.find((r) => r.processId === 'seal-use')).toMatchObject({
      version: 2,
      publishedBy: '系统管理员',
      versions: 2,
    });
    const design = await who.admin.call<Design>('GET', '/api/workflow/designer/definitions/seal-use');
    expect(design.data!.version).toBe(2);
    expect(design.data!.definition.description).toBe('设计器改过的说明');
    expect(design.data!.versions.map((v) => [v.version, v.publishedBy])).toEqual([
      [2, '系统管理员'],
      [1, null],
    ]);
  });
});
