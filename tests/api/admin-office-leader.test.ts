/**
 * An office's 审批负责人 (sys_office.leader_id): chosen among its company's users in the office form, shown in the
 * office list, and the approver of "the starter's office leader" nodes. A user of another company is refused.
 */
import { describe, expect, it } from 'vitest';
import { MsgCode } from '../../src/shared/envelope.js';
import { hashPassword } from '../../src/server/services/passwords.js';
import { useCallers } from './admin-helpers.js';
import { addOutsiderProject } from './outsider-project.js';
import { useTestApp } from './test-app.js';
import { detail, pendingPeople, start, USERS } from './workflow-helpers.js';

const t = useTestApp();
const as = useCallers(t);

interface Office {
  id: string;
  name: string;
  parentId: string;
  type: string;
  leaderId: string;
  leaderName: string;
  childList: Office[];
}
const flat = (nodes: Office[]): Office[] => nodes.flatMap((n) => [n, ...flat(n.childList)]);

const OFFICE = 'office-pd-binjiang';

/** The office as the edit dialog loads it, sent back with another leader. */
async function saveLeader(leaderId: string) {
  const loaded = await as.admin.call<Office>('GET', `/api/system/office/${OFFICE}`);
  return as.admin.call<Office>('PUT', `/api/system/office/${OFFICE}`, { ...loaded.data!, leaderId });
}

describe("an office's 审批负责人", () => {
  it('offers the users of the office’s company, none for an office not saved yet', async () => {
    const candidates = await as.admin.call<{ id: string; label: string }[]>(
      'GET',
      `/api/system/office/leaderCandidates?officeId=${OFFICE}`,
    );
    expect(candidates.msgCode).toBe(0);
    const ids = candidates.data!.map((c) => c.id);
    expect(ids).toEqual(expect.arrayContaining([USERS.admin, USERS.manager, USERS.staff]));
    expect(candidates.data!.find((c) => c.id === USERS.staff)!.label).toBe('李施工员（staff · 滨江花园住宅项目部）');
    const none = await as.admin.call<unknown[]>('GET', '/api/system/office/leaderCandidates');
    expect(none).toMatchObject({ msgCode: 0, data: [] });
    const missing = await as.admin.call('GET', '/api/system/office/leaderCandidates?officeId=office-nowhere');
    expect(missing.msgCode).toBe(MsgCode.notFound);
    // Someone without the office grants learns nothing.
    const staff = await as.staff.call('GET', `/api/system/office/leaderCandidates?officeId=${OFFICE}`);
    expect(staff.msgCode).not.toBe(0);
  });

  it('is saved, shown in the list and detail, and approves for the starter’s office', async () => {
    const saved = await saveLeader(USERS.admin);
    expect(saved.msgCode).toBe(0);
    expect(saved.data).toMatchObject({ leaderId: USERS.admin, leaderName: '系统管理员' });
    const tree = await as.admin.call<Office[]>('GET', '/api/system/office/0/treeData');
    expect(flat(tree.data!).find((o) => o.id === OFFICE)).toMatchObject({ leaderId: USERS.admin });

    // 用章申请's first node is the starter's office leader: the staff of 滨江 now goes to the admin.
    const id = await start(
      as.staff,
      'seal-use',
      { sealType: '公章', fileName: '分包合同', copies: 2, purpose: '合同签订' },
      { approvers: { keeper: [USERS.manager] } },
    );
    expect(pendingPeople(await detail(as.staff, id))).toEqual([USERS.admin]);

    const cleared = await saveLeader('');
    expect(cleared.data).toMatchObject({ leaderId: '', leaderName: '' });
  });

  it('refuses a user of another company or nobody, but keeps a leader left as it was', async () => {
    await addOutsiderProject(t.db);
    await t.db
      .insertInto('sys_user')
      .values({
        id: 'user-outsider',
        login_name: 'outsider',
        name: '外单位人员',
        password_hash: await hashPassword('Outsider@2026'),
        company_id: 'office-outsider',
        office_id: 'office-pd-outsider',
      })
      .execute();
    for (const leaderId of ['user-outsider', 'user-nobody']) {
      const refused = await saveLeader(leaderId);
      expect(refused).toMatchObject({
        msgCode: MsgCode.invalidInput,
        errMsg: '审批负责人须为本公司的人员',
        data: { errors: [{ field: 'leaderId', message: '审批负责人须为本公司的人员' }] },
      });
    }
    const loaded = await as.admin.call<Office>('GET', `/api/system/office/${OFFICE}`);
    expect(loaded.data!.leaderId).toBe('');

    // Set before the rule (or the leader moved on): editing the office's other fields still works.
    await t.db.updateTable('sys_office').set({ leader_id: 'user-outsider' }).where('id', '=', OFFICE).execute();
    const kept = await saveLeader('user-outsider');
    expect(kept.msgCode).toBe(0);
  });
});
