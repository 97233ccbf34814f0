/** Shared pieces of the approval engine's API tests (tests/api/workflow-*.test.ts). */
import type { Db } from '../../src/server/db/database.js';
import { hashPassword } from '../../src/server/accounts/passwords.js';
import type { ApprovalNotice, ApprovalNotifier } from '../../src/server/workflow/notifier.js';
import type { Caller } from './admin-helpers.js';

export const PROJECT = 'project-binjiang';
export const STAFF2 = { id: 'user-staff2', username: 'staff2', password: 'Staff2@2026', name: '王施工员' } as const;

export const USERS = { admin: 'user-admin', manager: 'user-manager', staff: 'user-staff' } as const;

/** Every notice the engine sent, in order. */
export function recordingNotifier(): ApprovalNotifier & { notices: ApprovalNotice[] } {
  const notices: ApprovalNotice[] = [];
  return {
    notices,
    async notify(notice) {
      notices.push(notice);
    },
  };
}

/** A second site staff (施工员) of the demo company: the 或签 node of the material clerks then has two people. */
export async function addSecondStaff(db: Db): Promise<void> {
  await db
    .insertInto('sys_user')
    .values({
      id: STAFF2.id,
      login_name: STAFF2.username,
      name: STAFF2.name,
      password_hash: await hashPassword(STAFF2.password),
      mobile: '13800000013',
      company_id: 'office-company',
      office_id: 'office-pd-binjiang',
    })
    .execute();
  await db.insertInto('sys_user_role').values({ user_id: STAFF2.id, role_id: 'role-site-staff' }).execute();
}

export interface Detail {
  id: string;
  status: string;
  statusLabel: string;
  version: number;
  processName: string;
  currentNode: { nodeId: string; name: string } | null;
  nodes: {
    nodeId: string;
    name: string;
    type: string;
    state: string;
    people: { userId: string; name: string; status: string }[];
  }[];
  history: { action: string; actionLabel: string; userName: string; comment: string; targetName: string }[];
  data: Record<string, unknown>;
  myTaskId: string;
  can: { approve: boolean; withdraw: boolean; urge: boolean; comment: boolean };
}

export function material(amount: number, extra: Record<string, unknown> = {}) {
  return {
    materialName: '螺纹钢',
    quantity: 10,
    unit: '吨',
    amount,
    neededDate: '2026-12-31',
    ...extra,
  };
}

export async function start(
  who: Caller,
  processId: string,
  form: Record<string, unknown>,
  more: Record<string, unknown> = {},
): Promise<string> {
  const body = await who.call<{ id: string }>('POST', '/api/workflow/instances', {
    processId,
    projectId: PROJECT,
    form,
    ...more,
  });
  if (body.msgCode !== 0) throw new Error(`start failed: ${body.msgCode} ${body.errMsg}`);
  return body.data!.id;
}

export async function detail(who: Caller, id: string): Promise<Detail> {
  const body = await who.call<Detail>('GET', `/api/workflow/instances/${id}`);
  if (body.msgCode !== 0) throw new Error(`detail failed: ${body.msgCode} ${body.errMsg}`);
  return body.data!;
}

/** The caller's pending task in the instance ('' when none). */
export async function myTask(who: Caller, id: string): Promise<string> {
  return (await detail(who, id)).myTaskId;
}

/** The caller approves their pending task of the instance (and it must succeed). */
export async function approve(who: Caller, id: string, comment?: string): Promise<void> {
  const task = await myTask(who, id);
  if (!task) throw new Error('no pending task for this caller');
  const body = await who.call('POST', `/api/workflow/tasks/${task}/approve`, comment ? { comment } : {});
  if (body.msgCode !== 0) throw new Error(`approve failed: ${body.msgCode} ${body.errMsg}`);
}

/** Who holds a pending task of the instance, by user id. */
export function pendingPeople(d: Detail): string[] {
  return d.nodes.flatMap((n) => n.people.filter((p) => p.status === 'pending').map((p) => p.userId)).sort();
}
