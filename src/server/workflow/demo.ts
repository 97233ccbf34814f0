/**
 * Demo approvals (PORTAL_DEMO=1): every definition in every state (审批中, 已通过, 已驳回, 已撤回) across the three
 * demo users, made by driving the engine itself on a clock that walks forward from three weeks ago, so every list
 * has rows and every history is one the engine wrote. The portal's processes are scripted here, a module's by its
 * demo generator (`demoApprovals()` of modules/<m>/server/demo-data.ts). Seeded once: nothing is added when
 * instances exist. The demo offices get their leaders here (the approvers of "the starter's office leader"),
 * where none is set.
 */
import type { CollectionFile } from '../../shared/collections.js';
import type { Db } from '../db/database.js';
import { CollectionRecords } from '../collections/records.js';
import { collectionOutcomes } from './outcomes.js';
import { createWorkflow } from './index.js';

/** The demo users who start and decide. */
export type DemoUser = 'user-admin' | 'user-manager' | 'user-staff';

export type DemoApprovalStep =
  | { by: DemoUser; do: 'approve'; comment?: string }
  | { by: DemoUser; do: 'reject'; to: 'starter' | 'previous'; comment: string }
  | { by: DemoUser; do: 'transfer' | 'addSigner'; user: DemoUser; comment?: string }
  | { by: DemoUser; do: 'withdraw' | 'urge' };

/** One demo instance: who starts which process where with what form, and the steps taken on it since. */
export interface DemoApproval {
  process: string;
  starter: DemoUser;
  project: string;
  form: Record<string, unknown>;
  approvers?: Record<string, string[]>;
  steps: DemoApprovalStep[];
}

type Who = DemoUser;
type Script = DemoApproval;

const LEADERS: [office: string, leader: Who][] = [
  ['office-company', 'user-manager'],
  ['office-east', 'user-admin'],
  ['office-south', 'user-manager'],
  ['office-it', 'user-admin'],
  ['office-pd-binjiang', 'user-manager'],
];

const BJ = 'project-binjiang';
const EX = 'project-expressway';
const HW = 'project-highway';

function scripts(): Script[] {
  const material = (amount: number, name: string) => ({
    materialName: name,
    specification: 'HRB400 Φ25',
    quantity: 40,
    unit: '吨',
    amount,
    supplier: '杭州钢联物资有限公司',
    neededDate: '2026-12-15',
    reason: '主体结构施工用料',
  });
  const change = (subject: string, no: string) => ({
    subject,
    changeNo: no,
    content: `${subject}，按设计院变更通知单执行`,
    costImpact: 36800,
  });
  const seal = (file: string) => ({ sealType: '合同专用章', fileName: file, copies: 3, purpose: '分包合同签订' });
  const payment = (contract: string, amount: number) => ({
    contractName: contract,
    payee: '浙江建工劳务有限公司',
    period: '2026-10',
    amount,
  });
  const list: Script[] = [
    // 材料采购申请: material clerk (role), then the company above 50,000 or the project manager, copy to the leader.
    { process: 'material-purchase', starter: 'user-manager', project: BJ, form: material(80000, '螺纹钢'), steps: [] },
    {
      process: 'material-purchase',
      starter: 'user-staff',
      project: BJ,
      form: material(30000, '商品混凝土 C30'),
      steps: [
        { by: 'user-staff', do: 'approve', comment: '数量核对无误' },
        { by: 'user-manager', do: 'approve', comment: '同意采购' },
      ],
    },
    {
      process: 'material-purchase',
      starter: 'user-manager',
      project: EX,
      form: material(120000, '沥青混合料'),
      steps: [
        { by: 'user-staff', do: 'approve' },
        { by: 'user-admin', do: 'reject', to: 'starter', comment: '单价偏高，请补充三家比价后重新提交' },
      ],
    },
    {
      process: 'material-purchase',
      starter: 'user-staff',
      project: HW,
      form: material(8000, '安全网'),
      steps: [{ by: 'user-staff', do: 'withdraw' }],
    },
    // 设计变更审批: technical lead, the starter's leader, then design and supervision countersign.
    {
      process: 'design-change',
      starter: 'user-staff',
      project: BJ,
      form: change('地下室外墙防水做法调整', 'BG-2026-011'),
      steps: [
        { by: 'user-staff', do: 'approve' },
        { by: 'user-manager', do: 'approve', comment: '同意，报设计与监理会签' },
        { by: 'user-manager', do: 'approve', comment: '设计同意' },
      ],
    },
    {
      process: 'design-change',
      starter: 'user-manager',
      project: EX,
      form: change('匝道桥伸缩缝型号变更', 'BG-2026-012'),
      steps: [
        { by: 'user-staff', do: 'approve' },
        { by: 'user-admin', do: 'approve' },
        { by: 'user-manager', do: 'approve' },
        { by: 'user-admin', do: 'approve', comment: '监理同意' },
      ],
    },
    {
      process: 'design-change',
      starter: 'user-staff',
      project: BJ,
      form: change('屋面保温层厚度调整', 'BG-2026-013'),
      steps: [
        { by: 'user-staff', do: 'approve' },
        { by: 'user-manager', do: 'reject', to: 'previous', comment: '造价影响测算缺依据，请技术负责人复核' },
        { by: 'user-staff', do: 'reject', to: 'starter', comment: '复核后不具备变更条件' },
      ],
    },
    {
      process: 'design-change',
      starter: 'user-manager',
      project: HW,
      form: change('边坡锚杆长度调整', 'BG-2026-014'),
      steps: [{ by: 'user-manager', do: 'withdraw' }],
    },
    // 用章申请: the starter's leader, then whom the starter chose.
    {
      process: 'seal-use',
      starter: 'user-staff',
      project: BJ,
      form: seal('钢筋分包合同'),
      approvers: { keeper: ['user-admin'] },
      steps: [{ by: 'user-staff', do: 'urge' }],
    },
    {
      process: 'seal-use',
      starter: 'user-manager',
      project: EX,
      form: seal('材料采购合同'),
      approvers: { keeper: ['user-staff'] },
      steps: [
        { by: 'user-admin', do: 'approve' },
        { by: 'user-staff', do: 'approve', comment: '已盖章' },
      ],
    },
    {
      process: 'seal-use',
      starter: 'user-admin',
      project: HW,
      form: seal('机械租赁合同'),
      approvers: { keeper: ['user-staff'] },
      steps: [
        { by: 'user-manager', do: 'approve' },
        { by: 'user-staff', do: 'reject', to: 'starter', comment: '合同未经法务审核' },
      ],
    },
    {
      process: 'seal-use',
      starter: 'user-manager',
      project: BJ,
      form: seal('劳务结算单'),
      approvers: { keeper: ['user-admin'] },
      steps: [{ by: 'user-manager', do: 'withdraw' }],
    },
    // 进度款支付申请: project manager, then countersign above 500,000 or finance.
    {
      process: 'progress-payment',
      starter: 'user-staff',
      project: EX,
      form: payment('路基土方分包合同', 800000),
      steps: [
        { by: 'user-manager', do: 'approve' },
        { by: 'user-manager', do: 'addSigner', user: 'user-staff', comment: '请施工员核对工程量' },
        { by: 'user-manager', do: 'approve' },
      ],
    },
    {
      process: 'progress-payment',
      starter: 'user-staff',
      project: BJ,
      form: payment('主体结构劳务分包合同', 200000),
      steps: [
        { by: 'user-manager', do: 'approve' },
        { by: 'user-admin', do: 'approve', comment: '已安排付款' },
      ],
    },
    {
      process: 'progress-payment',
      starter: 'user-manager',
      project: HW,
      form: payment('桥梁桩基分包合同', 900000),
      steps: [
        { by: 'user-manager', do: 'approve' },
        { by: 'user-manager', do: 'approve' },
        { by: 'user-admin', do: 'reject', to: 'starter', comment: '本期产值未经监理确认' },
      ],
    },
    {
      process: 'progress-payment',
      starter: 'user-staff',
      project: BJ,
      form: payment('水电安装分包合同', 50000),
      steps: [{ by: 'user-staff', do: 'withdraw' }],
    },
  ];
  return list;
}

export async function seedWorkflowDemo(
  db: Db,
  /** The collections a process's references name. */
  collections: readonly CollectionFile[],
  /** The modules' demo approvals, after the portal's own. */
  moduleApprovals: readonly DemoApproval[] = [],
  now: Date = new Date(),
): Promise<void> {
  for (const [office, leader] of LEADERS)
    await db
      .updateTable('sys_office')
      .set({ leader_id: leader })
      .where('id', '=', office)
      .where('leader_id', 'is', null)
      .execute();
  const any = await db.selectFrom('wf_instance').select('id').limit(1).executeTakeFirst();
  if (any) return;

  const list = [...scripts(), ...moduleApprovals];
  // One transaction for the whole demo: all of it or none (a start that failed halfway seeds it again).
  await db.transaction().execute(async (trx) => {
    // The demo happened over the last three weeks, in office hours (China time): instances a day or so apart,
    // each started between 09:00 and 14:00, each step an hour after the one before.
    const DAY = 86_400_000;
    const chinaMidnight = (at: number) => Math.floor((at + 8 * 3_600_000) / DAY) * DAY - 8 * 3_600_000;
    let clock = 0;
    const registry = new Map<string, CollectionRecords>();
    for (const file of collections)
      registry.set(file.id, new CollectionRecords(trx, file, () => new Date(clock), registry));
    const { engine } = createWorkflow(trx, {
      collections,
      now: () => new Date(clock),
      writeOutcome: collectionOutcomes(() => registry),
    });
    const pendingTask = async (instanceId: string, userId: string) => {
      const task = await trx
        .selectFrom('wf_task')
        .select('id')
        .where('instance_id', '=', instanceId)
        .where('assignee_id', '=', userId)
        .where('status', '=', 'pending')
        .executeTakeFirst();
      if (!task) throw new Error(`demo approvals: ${userId} has no task in ${instanceId}`);
      return task.id;
    };
    for (const [index, script] of list.entries()) {
      const day = chinaMidnight(now.getTime() - 21 * DAY + Math.floor((index * 20 * DAY) / list.length));
      clock = day + (9 + (index % 6)) * 3_600_000 + ((index * 7) % 60) * 60_000;
      const id = await engine.start(script.starter, {
        processId: script.process,
        projectId: script.project,
        form: script.form,
        approvers: script.approvers,
      });
      for (const step of script.steps) {
        clock += 3_600_000;
        if (step.do === 'withdraw') await engine.withdraw(step.by, id, {});
        else if (step.do === 'urge') await engine.urge(step.by, id, {});
        else {
          const task = await pendingTask(id, step.by);
          if (step.do === 'approve') await engine.approve(step.by, task, { comment: step.comment });
          else if (step.do === 'reject') await engine.reject(step.by, task, { to: step.to, comment: step.comment });
          else if (step.do === 'transfer')
            await engine.transfer(step.by, task, { userId: step.user, comment: step.comment });
          else if (step.do === 'addSigner')
            await engine.addSigner(step.by, task, { userId: step.user, position: 'after', comment: step.comment });
        }
      }
    }
  });
}
