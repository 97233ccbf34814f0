/**
 * The approval engine through its API: each node type and condition routes to the right people; 会签 waits for
 * all, 或签 for one, 依次 one after another; reject (to the starter, to the previous node), transfer, add signer,
 * withdraw, urge, comment; only the current approver acts, once (by id, by replay, in a race); a new version
 * leaves running instances alone; every notification goes through the notifier to the right people.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { caller, useCallers, type Caller } from './admin-helpers.js';
import { loginTokens, testClock, useTestApp } from './test-app.js';
import {
  addSecondStaff,
  approve,
  detail,
  material,
  myTask,
  pendingPeople,
  recordingNotifier,
  STAFF2,
  start,
  USERS,
} from './workflow-helpers.js';

const clock = testClock();
const notifier = recordingNotifier();
// A long token life: the urge test moves the clock past an hour.
const t = useTestApp({ now: clock.now, accessTtlSeconds: 86_400 }, { services: { approvalNotifier: notifier } });
const who = useCallers(t);
let staff2: Caller;

beforeAll(async () => {
  await addSecondStaff(t.db);
  staff2 = caller(t.app, (await loginTokens(t.app, STAFF2.username, STAFF2.password)).access_token);
});

const historyActions = async (id: string) => (await detail(who.admin, id)).history.map((h) => h.action);

/** The notices about one instance since `from`, as [kind, recipients]. */
const noticesOf = (id: string) =>
  notifier.notices.filter((n) => n.instanceId === id).map((n) => [n.kind, [...n.recipients].sort(), n.result ?? '']);

describe('routing', () => {
  it('a role node goes to its holders, the amount condition to the company, the copy to the leader', async () => {
    const id = await start(who.manager, 'material-purchase', material(80000));
    let d = await detail(who.manager, id);
    expect(d.statusLabel).toBe('审批中');
    expect(d.currentNode?.name).toBe('材料员核对');
    // 或签 of every site staff of the company.
    expect(pendingPeople(d)).toEqual([USERS.staff, STAFF2.id].sort());
    expect(d.nodes.map((n) => n.name)).toEqual(['材料员核对', '公司审批', '抄送部门负责人']);
    await approve(who.staff, id);
    d = await detail(who.manager, id);
    expect(d.currentNode?.name).toBe('公司审批');
    expect(pendingPeople(d)).toEqual([USERS.admin]);
    await approve(who.admin, id, '同意');
    d = await detail(who.manager, id);
    expect(d.statusLabel).toBe('已通过');
    expect(d.currentNode).toBeNull();
    expect(d.nodes.map((n) => n.state)).toEqual(['done', 'done', 'done']);
    // The manager's office leader (华东分公司: the administrator) is copied.
    expect(d.nodes[2]!.people.map((p) => p.userId)).toEqual([USERS.admin]);
    expect(noticesOf(id)).toEqual([
      ['assigned', [USERS.staff], ''],
      ['assigned', [STAFF2.id], ''],
      ['assigned', [USERS.admin], ''],
      ['copy', [USERS.admin], ''],
      ['result', [USERS.manager], 'approved'],
    ]);
  });

  it('at or below the threshold the other branch: the project manager role', async () => {
    const id = await start(who.manager, 'material-purchase', material(50000));
    await approve(staff2, id);
    const d = await detail(who.manager, id);
    expect(d.nodes.map((n) => n.name)).toEqual(['材料员核对', '项目经理审批', '抄送部门负责人']);
    expect(pendingPeople(d)).toEqual([USERS.manager]);
  });

  it("the starter's office leader: the staff's project department is led by the manager", async () => {
    const id = await start(
      who.staff,
      'seal-use',
      { sealType: '公章', fileName: '函件', copies: 1, purpose: '报送' },
      {
        approvers: { keeper: [USERS.admin] },
      },
    );
    const d = await detail(who.staff, id);
    expect(pendingPeople(d)).toEqual([USERS.manager]);
    // The person the starter chose comes next.
    await approve(who.manager, id);
    expect(pendingPeople(await detail(who.staff, id))).toEqual([USERS.admin]);
  });

  it('a node chosen by the starter needs a choice among the project people', async () => {
    const form = { sealType: '公章', fileName: '函件', copies: 1, purpose: '报送' };
    for (const approvers of [undefined, { keeper: [] }, { keeper: ['user-nobody'] }])
      expect(
        await who.staff.call('POST', '/api/workflow/instances', {
          processId: 'seal-use',
          projectId: 'project-binjiang',
          form,
          ...(approvers ? { approvers } : {}),
        }),
      ).toMatchObject({ msgCode: -400, errMsg: '请为「用章审批」选择审批人（本项目人员）' });
  });
});

describe('modes', () => {
  it('会签 waits for everyone', async () => {
    const id = await start(who.staff, 'design-change', {
      subject: '门窗型号调整',
      changeNo: 'BG-T-1',
      content: '调整',
      costImpact: 0,
    });
    await approve(who.staff, id);
    await approve(who.manager, id);
    let d = await detail(who.staff, id);
    expect(d.currentNode?.name).toBe('设计与监理会签');
    expect(pendingPeople(d)).toEqual([USERS.admin, USERS.manager]);
    await approve(who.manager, id);
    d = await detail(who.staff, id);
    expect(d.currentNode?.name).toBe('设计与监理会签');
    expect(pendingPeople(d)).toEqual([USERS.admin]);
    await approve(who.admin, id);
    d = await detail(who.staff, id);
    expect(d.statusLabel).toBe('已通过');
    expect(
      d.nodes
        .find((n) => n.name === '抄送施工员')!
        .people.map((p) => p.userId)
        .sort(),
    ).toEqual([USERS.staff, STAFF2.id].sort());
  });

  it('或签 needs one: the others are cancelled and cannot act any more', async () => {
    const id = await start(who.manager, 'material-purchase', material(1000));
    const other = await myTask(staff2, id);
    await approve(who.staff, id);
    expect(await staff2.call('POST', `/api/workflow/tasks/${other}/approve`, {})).toMatchObject({
      msgCode: -409,
      errMsg: '该任务已由其他审批人处理，无需再操作',
    });
    expect((await historyActions(id)).filter((a) => a === 'approve')).toHaveLength(1);
  });

  it('依次 goes one after another (危大工程: the expert review after the 37号令 path)', async () => {
    const id = await start(who.staff, 'dangerous-works-scheme', {
      schemeName: '深基坑',
      works: '基坑工程',
      overScale: true,
      planStart: '2026-12-01',
    });
    let d = await detail(who.staff, id);
    expect(d.currentNode?.name).toBe('施工单位技术负责人审核');
    await approve(who.manager, id);
    d = await detail(who.staff, id);
    expect(d.currentNode?.name).toBe('总监理工程师审查');
    await approve(who.admin, id);
    d = await detail(who.staff, id);
    expect(d.currentNode?.name).toBe('专家论证');
    expect(pendingPeople(d)).toEqual([USERS.manager]);
    expect(d.nodes.find((node) => node.name === '专家论证')!.people.map((p) => [p.userId, p.status])).toEqual([
      [USERS.manager, 'pending'],
      [USERS.admin, 'waiting'],
    ]);
    expect(await myTask(who.admin, id)).toBe('');
    await approve(who.manager, id);
    d = await detail(who.staff, id);
    expect(pendingPeople(d)).toEqual([USERS.admin]);
  });

  it('a 危大工程 scheme within the scale needs no expert review (37号令 第十一条)', async () => {
    const id = await start(who.staff, 'dangerous-works-scheme', {
      schemeName: '落地脚手架',
      works: '脚手架工程',
      overScale: false,
      planStart: '2026-12-01',
    });
    await approve(who.manager, id);
    await approve(who.admin, id);
    expect((await detail(who.staff, id)).status).toBe('approved');
  });
});

describe('actions', () => {
  it('reject to the starter ends the approval 已驳回 and tells the starter', async () => {
    const id = await start(who.manager, 'material-purchase', material(90000));
    await approve(who.staff, id);
    const task = await myTask(who.admin, id);
    expect(await who.admin.call('POST', `/api/workflow/tasks/${task}/reject`, { to: 'starter' })).toMatchObject({
      msgCode: -400,
      errMsg: '请输入驳回理由',
    });
    expect(
      await who.admin.call('POST', `/api/workflow/tasks/${task}/reject`, { to: 'starter', comment: '价格偏高' }),
    ).toMatchObject({ msgCode: 0 });
    const d = await detail(who.manager, id);
    expect(d.statusLabel).toBe('已驳回');
    expect(d.nodes[1]!.state).toBe('rejected');
    expect(d.history.at(-1)).toMatchObject({ actionLabel: '驳回', userName: '系统管理员', comment: '价格偏高' });
    expect(noticesOf(id).at(-1)).toEqual(['result', [USERS.manager], 'rejected']);
    expect(await who.admin.call('POST', `/api/workflow/tasks/${task}/approve`, {})).toMatchObject({ msgCode: -409 });
  });

  it('reject to the previous node sends it back; on the first node it is refused', async () => {
    const id = await start(who.staff, 'design-change', {
      subject: '楼梯',
      changeNo: 'BG-T-2',
      content: 'x',
      costImpact: 0,
    });
    const first = await myTask(who.staff, id);
    expect(
      await who.staff.call('POST', `/api/workflow/tasks/${first}/reject`, { to: 'previous', comment: '退回' }),
    ).toMatchObject({ msgCode: -400, errMsg: '当前已是第一个审批节点，只能驳回给发起人' });
    await approve(who.staff, id);
    const task = await myTask(who.manager, id);
    expect(
      await who.manager.call('POST', `/api/workflow/tasks/${task}/reject`, { to: 'previous', comment: '请复核' }),
    ).toMatchObject({ msgCode: 0 });
    const d = await detail(who.staff, id);
    expect(d.statusLabel).toBe('审批中');
    expect(d.currentNode?.name).toBe('技术负责人审批');
    expect(pendingPeople(d)).toEqual([USERS.staff, STAFF2.id].sort());
    expect(d.history.at(-1)).toMatchObject({ action: 'reject', comment: '请复核' });
  });

  it('transfer hands the task to another person of the project', async () => {
    const id = await start(who.staff, 'progress-payment', {
      contractName: '劳务',
      payee: '某公司',
      period: '2026-10',
      amount: 1000,
    });
    const task = await myTask(who.manager, id);
    const url = `/api/workflow/tasks/${task}/transfer`;
    expect(await who.manager.call('POST', url, { userId: USERS.manager })).toMatchObject({
      msgCode: -400,
      errMsg: '不能选择自己',
    });
    expect(await who.manager.call('POST', url, { userId: 'user-nobody' })).toMatchObject({
      msgCode: -400,
      errMsg: '所选人员不是本项目人员',
    });
    expect(await who.manager.call('POST', url, { userId: USERS.admin, comment: '请代批' })).toMatchObject({
      msgCode: 0,
    });
    const d = await detail(who.staff, id);
    expect(pendingPeople(d)).toEqual([USERS.admin]);
    expect(d.nodes[0]!.people.map((p) => [p.userId, p.status])).toEqual([
      [USERS.manager, 'transferred'],
      [USERS.admin, 'pending'],
    ]);
    expect(d.history.at(-1)).toMatchObject({ actionLabel: '转交', targetName: '系统管理员' });
    expect(await who.manager.call('POST', `/api/workflow/tasks/${task}/approve`, {})).toMatchObject({ msgCode: -409 });
    expect(noticesOf(id).at(-1)).toEqual(['assigned', [USERS.admin], '']);
  });

  it('add a signer before me: they approve first, then the task comes back', async () => {
    const id = await start(who.staff, 'progress-payment', {
      contractName: '钢构',
      payee: '某公司',
      period: '2026-10',
      amount: 1000,
    });
    const task = await myTask(who.manager, id);
    expect(
      await who.manager.call('POST', `/api/workflow/tasks/${task}/addSigner`, {
        userId: USERS.staff,
        position: 'before',
      }),
    ).toMatchObject({ msgCode: 0 });
    let d = await detail(who.staff, id);
    expect(pendingPeople(d)).toEqual([USERS.staff]);
    expect(await myTask(who.manager, id)).toBe('');
    await approve(who.staff, id);
    d = await detail(who.staff, id);
    expect(d.currentNode?.name).toBe('项目经理审批');
    expect(pendingPeople(d)).toEqual([USERS.manager]);
    await approve(who.manager, id);
    expect((await detail(who.staff, id)).currentNode?.name).toBe('财务审批');
  });

  it('add a signer after me: the node waits for them after my approval', async () => {
    const id = await start(who.staff, 'progress-payment', {
      contractName: '幕墙',
      payee: '某公司',
      period: '2026-10',
      amount: 1000,
    });
    const task = await myTask(who.manager, id);
    expect(
      await who.manager.call('POST', `/api/workflow/tasks/${task}/addSigner`, {
        userId: USERS.admin,
        position: 'after',
      }),
    ).toMatchObject({ msgCode: 0 });
    expect(pendingPeople(await detail(who.staff, id))).toEqual([USERS.manager]);
    await approve(who.manager, id);
    const d = await detail(who.staff, id);
    expect(d.currentNode?.name).toBe('项目经理审批');
    expect(pendingPeople(d)).toEqual([USERS.admin]);
    await approve(who.admin, id);
    expect((await detail(who.staff, id)).currentNode?.name).toBe('财务审批');
  });

  it('withdraw: only the starter, only while nobody has acted', async () => {
    const id = await start(who.staff, 'material-purchase', material(100));
    expect(await who.manager.call('POST', `/api/workflow/instances/${id}/withdraw`, {})).toMatchObject({
      msgCode: -403,
      errMsg: '只有发起人可以进行此操作',
    });
    expect(await who.staff.call('POST', `/api/workflow/instances/${id}/withdraw`, {})).toMatchObject({ msgCode: 0 });
    const d = await detail(who.staff, id);
    expect(d.statusLabel).toBe('已撤回');
    expect(pendingPeople(d)).toEqual([]);
    const acted = await start(who.manager, 'material-purchase', material(100));
    await approve(who.staff, acted);
    expect(await who.manager.call('POST', `/api/workflow/instances/${acted}/withdraw`, {})).toMatchObject({
      msgCode: -409,
      errMsg: '已有审批人处理，不能撤回',
    });
  });

  it('urge reminds the current approvers, at most once an hour', async () => {
    const id = await start(who.manager, 'material-purchase', material(100));
    const url = `/api/workflow/instances/${id}/urge`;
    expect(await who.staff.call('POST', url, {})).toMatchObject({ msgCode: -403 });
    expect(await who.manager.call('POST', url, {})).toMatchObject({ msgCode: 0, errMsg: '已催办' });
    expect(noticesOf(id).at(-1)).toEqual(['urge', [USERS.staff, STAFF2.id].sort(), '']);
    expect(await who.manager.call('POST', url, {})).toMatchObject({
      msgCode: -429,
      errMsg: '每小时只能催办一次，请稍后再试',
    });
    clock.advance(61 * 60_000);
    expect(await who.manager.call('POST', url, {})).toMatchObject({ msgCode: 0 });
    expect((await historyActions(id)).filter((a) => a === 'urge')).toHaveLength(2);
  });

  it('comment: those taking part only', async () => {
    const id = await start(
      who.manager,
      'seal-use',
      { sealType: '公章', fileName: '函', copies: 1, purpose: '报送' },
      {
        approvers: { keeper: [USERS.admin] },
      },
    );
    expect(await who.staff.call('POST', `/api/workflow/instances/${id}/comment`, { comment: '我看看' })).toMatchObject({
      msgCode: -403,
      errMsg: '您不是该流程的参与人，不能评论',
    });
    expect(await who.admin.call('POST', `/api/workflow/instances/${id}/comment`, {})).toMatchObject({
      msgCode: -400,
      errMsg: '请输入评论内容',
    });
    expect(
      await who.admin.call('POST', `/api/workflow/instances/${id}/comment`, {
        comment: '请附上原件',
        attachments: ['/a.png'],
      }),
    ).toMatchObject({ msgCode: -400, errMsg: '附件只能是本系统上传的文件' });
    expect(
      await who.admin.call('POST', `/api/workflow/instances/${id}/comment`, {
        comment: '请附上原件',
        attachments: ['/api/zhgd/base/file/0123456789abcdef0123456789abcdef.pdf?name=%E5%8E%9F%E4%BB%B6.pdf'],
      }),
    ).toMatchObject({ msgCode: 0 });
    expect((await detail(who.manager, id)).history.at(-1)).toMatchObject({
      actionLabel: '评论',
      comment: '请附上原件',
    });
  });
});

describe('only the current approver acts, once', () => {
  it('another user by the task id: -403; the assignee again (replay): -409; one action recorded', async () => {
    const id = await start(who.staff, 'progress-payment', {
      contractName: '机电',
      payee: '某公司',
      period: '2026-10',
      amount: 1000,
    });
    const task = await myTask(who.manager, id);
    const url = `/api/workflow/tasks/${task}/approve`;
    for (const other of [who.admin, who.staff, staff2])
      expect(await other.call('POST', url, {})).toMatchObject({
        msgCode: -403,
        errMsg: '您不是该任务的审批人，不能操作',
      });
    expect(await who.manager.call('POST', url, {})).toMatchObject({ msgCode: 0 });
    expect(await who.manager.call('POST', url, {})).toMatchObject({
      msgCode: -409,
      errMsg: '该任务已处理，请勿重复操作',
    });
    expect(
      await who.manager.call('POST', `/api/workflow/tasks/${task}/reject`, { to: 'starter', comment: 'x' }),
    ).toMatchObject({
      msgCode: -409,
    });
    expect((await historyActions(id)).filter((a) => a !== 'start')).toEqual(['approve']);
    expect(await who.none.call('POST', url, {})).toMatchObject({ msgCode: -401 });
    expect(await who.manager.call('POST', '/api/workflow/tasks/no-such-task/approve', {})).toMatchObject({
      msgCode: -404,
    });
  });

  it('two requests at once on one task: exactly one action', async () => {
    const id = await start(who.staff, 'progress-payment', {
      contractName: '消防',
      payee: '某公司',
      period: '2026-10',
      amount: 1000,
    });
    const task = await myTask(who.manager, id);
    const answers = await Promise.all([
      who.manager.call('POST', `/api/workflow/tasks/${task}/approve`, {}),
      who.manager.call('POST', `/api/workflow/tasks/${task}/reject`, { to: 'starter', comment: '不同意' }),
      who.manager.call('POST', `/api/workflow/tasks/${task}/approve`, {}),
    ]);
    expect(answers.filter((a) => a.msgCode === 0)).toHaveLength(1);
    expect(answers.filter((a) => a.msgCode === -409)).toHaveLength(2);
    expect((await historyActions(id)).filter((a) => a !== 'start')).toHaveLength(1);
  });

  it('two approvers of a 或签 node at once: exactly one approval', async () => {
    const id = await start(who.manager, 'material-purchase', material(100));
    const [a, b] = [await myTask(who.staff, id), await myTask(staff2, id)];
    const answers = await Promise.all([
      who.staff.call('POST', `/api/workflow/tasks/${a}/approve`, {}),
      staff2.call('POST', `/api/workflow/tasks/${b}/approve`, {}),
    ]);
    expect(answers.map((x) => x.msgCode).sort()).toEqual([-409, 0]);
    expect((await historyActions(id)).filter((x) => x === 'approve')).toHaveLength(1);
    expect(pendingPeople(await detail(who.manager, id))).toEqual([USERS.manager]);
  });
});

describe('versions', () => {
  it('a new published version changes nothing for running instances', async () => {
    const running = await start(who.manager, 'material-purchase', material(80000));
    const current = (
      await who.admin.call<{ version: number; flow: unknown[] }>('GET', '/api/workflow/definitions/material-purchase')
    ).data!;
    const file = (await import('../../schemas/processes/material-purchase.json', { with: { type: 'json' } })).default;
    const changed = structuredClone(file) as typeof file & {
      flow: { branches?: { conditions?: { value: number }[] }[] }[];
    };
    changed.flow[1]!.branches![0]!.conditions![0]!.value = 100000;
    expect(await who.staff.call('POST', '/api/workflow/definitions/material-purchase/versions', changed)).toMatchObject(
      {
        msgCode: -403,
      },
    );
    const published = await who.admin.call<{ version: number }>(
      'POST',
      '/api/workflow/definitions/material-purchase/versions',
      changed,
    );
    expect(published).toMatchObject({
      msgCode: 0,
      data: { processId: 'material-purchase', version: current.version + 1 },
    });
    const fresh = await start(who.manager, 'material-purchase', material(80000));
    await approve(who.staff, running);
    await approve(who.staff, fresh);
    const old = await detail(who.manager, running);
    const now = await detail(who.manager, fresh);
    expect(old.version).toBe(current.version);
    expect(now.version).toBe(current.version + 1);
    // 80,000 was over the old threshold and is under the new one.
    expect(old.currentNode?.name).toBe('公司审批');
    expect(now.currentNode?.name).toBe('项目经理审批');
  });

  it('a broken definition is refused with its faults, by JSON pointer', async () => {
    const file = (await import('../../schemas/processes/material-purchase.json', { with: { type: 'json' } })).default;
    const cases: [(f: Record<string, any>) => void, string, string][] = [
      [
        (f) => (f.flow[1].branches[0].conditions[0].field = 'amout'),
        '/flow/1/branches/0/conditions/0/field',
        '条件引用了表单中没有的字段 "amout"',
      ],
      [
        (f) => (f.flow[0].approvers = { type: 'role', role: 'nobody' }),
        '/flow/0/approvers/role',
        '角色 "nobody" 不存在',
      ],
      [(f) => (f.flow[0].approvers = { type: 'users', users: [] }), '/flow/0/approvers/users', '审批节点没有指定人员'],
      [
        (f) => f.flow[1].branches.push({ name: '永远不会', conditions: [], nodes: [] }),
        '/flow/1/branches/2',
        '分支「永远不会」在"其他情况"分支之后，永远不会被执行',
      ],
      [(f) => delete f.flow[0].approvers, '/flow/0', '缺少 "approvers"'],
    ];
    for (const [edit, field, message] of cases) {
      const broken = structuredClone(file) as Record<string, any>;
      edit(broken);
      const body = await who.admin.call<{ errors: { field: string; message: string }[] }>(
        'POST',
        '/api/workflow/definitions/material-purchase/versions',
        broken,
      );
      expect(body.msgCode, field).toBe(-400);
      expect(body.data!.errors, field).toContainEqual({ field, message });
    }
  });
});

describe('who may start', () => {
  it("a definition's starters limit who sees and starts it", async () => {
    const file = (await import('../../schemas/processes/seal-use.json', { with: { type: 'json' } })).default;
    const limited = { ...structuredClone(file), starters: { roles: ['companyManager'] } };
    expect(await who.admin.call('POST', '/api/workflow/definitions/seal-use/versions', limited)).toMatchObject({
      msgCode: 0,
    });
    const names = async (c: Caller) =>
      (await c.call<{ definitions: { name: string }[] }[]>('GET', '/api/workflow/definitions')).data!.flatMap((g) =>
        g.definitions.map((d) => d.name),
      );
    expect(await names(who.staff)).not.toContain('用章申请');
    expect(await names(who.manager)).toContain('用章申请');
    const form = { sealType: '公章', fileName: '函', copies: 1, purpose: '报送' };
    expect(
      await who.staff.call('POST', '/api/workflow/instances', {
        processId: 'seal-use',
        projectId: 'project-binjiang',
        form,
        approvers: { keeper: [USERS.admin] },
      }),
    ).toMatchObject({ msgCode: -403, errMsg: '您无权发起该流程' });
    await start(who.manager, 'seal-use', form, { approvers: { keeper: [USERS.admin] } });
  });
});
