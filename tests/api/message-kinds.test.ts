/**
 * Message kinds a module declares in its module.json (`messageKinds`): with only the iot module loaded, its
 * 设备预警 is a kind of the message centre (listed by the kinds route, filtered on and labelled in 我的消息, counted
 * among the workbench's warnings), while the kinds of modules not loaded are unknown: the kinds route leaves them
 * out, the list refuses them as a filter, and a stored message of one shows as a notice.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { MessageKinds, type MessageKindOption } from '../../src/server/messages/kinds.js';
import type { MessageList, MessagePage } from '../../src/server/messages/messages.js';
import { loadModules } from '../../src/server/modules/module-files.js';
import { PROJECTS, useLogins } from './portal-helpers.js';
import { useTestApp } from './test-app.js';

const t = useTestApp({}, { modules: loadModules().filter((module) => module.manifest.id === 'iot') });
const [staff] = useLogins(t, 'staff');

const KINDS = '/api/MC/McMessageUser/v1.0/kinds';
const LIST = '/api/MC/McMessageUser/v1.0/list';

const unreadWarnings = async () =>
  (await staff.post<MessageList>('/api/zhgd/workbench/myMessage', { projectName: PROJECTS.binjiang.name })).data!
    .unreadWarnings;

describe('message kinds of modules', () => {
  it("lists the loaded module's kind with its label, and none of a module not loaded", async () => {
    const kinds = await staff.get<MessageKindOption[]>(KINDS);
    expect(kinds.msgCode).toBe(0);
    expect(kinds.data).toContainEqual({ value: 'device-warning', label: '设备预警' });
    expect(kinds.data).toContainEqual({ value: 'approval-task', label: '审批待办' });
    const values = kinds.data!.map((kind) => kind.value);
    expect(values).not.toContain('hazard-warning');
    expect(values).not.toContain('weighbridge-deviation');
  });

  it("shows a message of the module's kind with its label, and counts it among the workbench's warnings", async () => {
    const before = await unreadWarnings();
    await t.app.services.messages.send({
      userIds: ['user-staff'],
      kind: 'device-warning',
      title: '1号塔吊：力矩超限',
      content: '力矩 104% ，阈值 100%',
      link: '/iotDevices/warning',
    });
    const list = await staff.get<MessagePage>(LIST, { kind: 'device-warning' });
    expect(list.msgCode).toBe(0);
    expect(list.data!.dataList[0]).toMatchObject({
      title: '1号塔吊：力矩超限',
      kind: 'device-warning',
      kindLabel: '设备预警',
      category: '3',
    });
    expect(await unreadWarnings()).toBe(before + 1);
  });

  it('refuses a kind of a module not loaded, in a filter and in a send; a stored one shows as a notice', async () => {
    const filtered = await staff.get(LIST, { kind: 'weighbridge-deviation' });
    expect(filtered).toMatchObject({ msgCode: -400, errMsg: '请选择消息类型' });
    await expect(
      t.app.services.messages.send({ userIds: ['user-staff'], kind: 'weighbridge-deviation', title: 'x', content: '' }),
    ).rejects.toThrow(/weighbridge-deviation 未声明/);

    // Written while the weighbridge module was loaded, read after it was removed.
    const id = randomUUID();
    await t.db
      .insertInto('portal_message')
      .values({
        id,
        user_id: 'user-staff',
        category: '3',
        kind: 'weighbridge-deviation',
        title: '磅差超差：浙A12345',
        content: '',
        sent_at: new Date(),
      })
      .execute();
    const all = await staff.get<MessagePage>(LIST, { pageSize: '100' });
    expect(all.data!.dataList.find((row) => row.id === id)).toMatchObject({ kind: 'notice', kindLabel: '通知公告' });
  });

  it('refuses to start when a kind is declared twice, naming the module', () => {
    const twice = { id: 'echo', messageKinds: [{ id: 'notice', label: '公告', category: '1' as const }] };
    expect(() => new MessageKinds([twice])).toThrow(/模块 echo 声明的消息类型 notice 已被声明/);
  });
});
