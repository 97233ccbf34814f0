/**
 * The approval engine tells people through the message centre: the approver finds a 审批待办 message (and the
 * header's count rises), the starter a 审批结果 once the approval ends.
 */
import { describe, expect, it } from 'vitest';
import type { MessagePage } from '../../src/server/messages/messages.js';
import { useCallers } from './admin-helpers.js';
import { approve, material, start } from './workflow-helpers.js';
import { useTestApp } from './test-app.js';

const t = useTestApp();
const who = useCallers(t);

const unread = async (caller: typeof who.staff) =>
  (await caller.call<number>('GET', '/api/MC/McMessageUser/v1.0/personalTotal')).data!;
const newest = async (caller: typeof who.staff, kind: string) =>
  (await caller.call<MessagePage>('GET', `/api/MC/McMessageUser/v1.0/list?kind=${kind}&pageNo=1&pageSize=5`)).data!
    .dataList[0];

describe('approval notifications', () => {
  it('sends the waiting approver a task and the starter the result', async () => {
    const before = await unread(who.staff);
    const id = await start(who.manager, 'material-purchase', material(12000, { materialName: '止水钢板' }));
    expect(await unread(who.staff)).toBe(before + 1);
    expect(await newest(who.staff, 'approval-task')).toMatchObject({
      title: '待审批：止水钢板',
      kindLabel: '审批待办',
      link: `/process/todo/${id}`,
      readFlag: '0',
    });
    await approve(who.staff, id, '数量核对无误');
    // Under 50,000 the project manager (张经理, the company manager) approves last.
    await approve(who.manager, id);
    const result = await newest(who.manager, 'approval-result');
    expect(result).toMatchObject({ title: '止水钢板 已通过', kindLabel: '审批结果', link: `/process/started/${id}` });
  });
});
