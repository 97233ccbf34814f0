/**
 * The approval runtime. Every action runs in one transaction that first locks its instance row, so actions on one
 * instance take turns; a task is closed with `update ... where status = 'pending'`, so a task is acted on once even
 * when two requests race (the loser is told it was already handled). Notifications are collected during the
 * transaction and sent after it committed.
 *
 * Nodes: an instance's route (the approval and copy nodes its form values take, with their people) is resolved
 * when it starts and kept with it, so a later version of the definition changes nothing for it. A node activation
 * creates tasks in chains: one chain for 依次 (its approvers one after another), one chain per approver for 会签
 * and 或签. A chain is done when it has no pending or waiting task; a 会签/依次 node when all its chains are, a 或签
 * node when one is (the others are cancelled). 加签 inserts a task in the actor's chain, before or after them.
 */
import { createHash, randomUUID } from 'node:crypto';
import { type Transaction, sql } from 'kysely';
import { routeOf, type ApprovalMode, type ProcessFile } from '../../shared/processes.js';
import type { Database } from '../db/tables.js';
import type { Db } from '../db/database.js';
import { FormValidation } from '../lib/form-validation.js';
import type { Approvers } from './approvers.js';
import type { DefinitionVersion, ProcessDefinitions } from './definitions.js';
import type { ApprovalNotice, ApprovalNotifier } from './notifier.js';
import { parseJson, type HistoryAction, type InstanceStatus, type TaskStatus } from './tables.js';
import { DomainError, invalidField } from '../domain-error.js';

type Trx = Transaction<Database>;

/** One node of an instance's route, with the people it resolved to when the instance started. */
export interface RouteStep {
  nodeId: string;
  type: 'approval' | 'cc';
  name: string;
  mode?: ApprovalMode;
  users: string[];
}

export const WorkflowMessages = {
  instanceNotFound: '流程不存在或无权查看',
  taskNotFound: '审批任务不存在',
  notAssignee: '您不是该任务的审批人，不能操作',
  alreadyHandled: '该任务已处理，请勿重复操作',
  handledByOthers: '该任务已由其他审批人处理，无需再操作',
  notRunning: '流程已结束，不能再操作',
  noApprovers: (node: string) => `「${node}」没有审批人，请联系管理员`,
  chooseApprovers: (node: string) => `请为「${node}」选择审批人（本项目人员）`,
  noBranch: '表单内容不满足任何分支条件，请联系管理员',
  notStarter: '只有发起人可以进行此操作',
  cannotWithdraw: '已有审批人处理，不能撤回',
  urgeTooOften: '每小时只能催办一次，请稍后再试',
  firstNode: '当前已是第一个审批节点，只能驳回给发起人',
  notMember: '所选人员不是本项目人员',
  self: '不能选择自己',
  alreadyApprover: '该人员已是当前节点的审批人',
  notParticipant: '您不是该流程的参与人，不能评论',
  cannotStart: '您无权发起该流程',
} as const;

const URGE_INTERVAL_MS = 3_600_000;

/**
 * The forms of every definition version met, compiled once per process (building ajv and compiling cost far more
 * than validating; the demo seed and the app share them). Process forms carry no encrypted fields (their
 * meta-schema has no `submit`), so no keys are needed. Keyed by version and content: two databases in one
 * process (tests) may hold different bodies under one version id.
 */
const processForms = new FormValidation([], { decrypt: () => undefined });

function formKey(definition: DefinitionVersion): string {
  const digest = createHash('sha256').update(JSON.stringify(definition.body.form.schema)).digest('hex');
  return `${definition.id}#${digest.slice(0, 16)}`;
}

export interface StartInput {
  processId: string;
  projectId: string;
  form: unknown;
  /** The people the starter chose, by node id (nodes whose approvers are 发起人自选). */
  approvers?: Record<string, string[]>;
  attachments?: string[];
}

export interface ActInput {
  comment?: string;
  attachments?: string[];
}

/** Looks up a record of a collection: its project and status, or undefined when there is none. */
export type ReferenceLookup = (
  collection: string,
  id: string,
) => Promise<{ projectId: string; status: string | null } | undefined>;

/**
 * Writes one outcome of an approval (a process file's `outcomes`) to the record it names, inside the approval's
 * transaction `trx`: the approval ends with the record changed, or not at all (a refusal says why).
 */
export type OutcomeWriter = (
  trx: Db,
  write: {
    collection: string;
    id: string;
    values: Record<string, unknown>;
    actorId: string;
    /** The process's name, and the timeline's remark. */
    label: string;
    remark: string;
    /** The states the record must still be in (the reference's). */
    states?: string[];
    /** The record's fields that keep their first value before the write (the outcome's `keep`). */
    keep?: Record<string, string>;
  },
) => Promise<void>;

interface InstanceRow {
  id: string;
  definition_id: string;
  project_id: string;
  starter_id: string;
  title: string;
  route: unknown;
  status: InstanceStatus;
  current_step: number | null;
  activation: number;
  version: number;
  urged_at: Date | null;
}

interface TaskRow {
  id: string;
  instance_id: string;
  step: number;
  activation: number;
  node_id: string;
  node_name: string;
  chain: number;
  position: number;
  assignee_id: string;
  status: TaskStatus;
}

interface Context {
  trx: Trx;
  instance: InstanceRow;
  route: RouteStep[];
  definition: DefinitionVersion;
  notices: ApprovalNotice[];
  now: Date;
}

export class WorkflowEngine {
  constructor(
    private readonly db: Db,
    private readonly definitions: ProcessDefinitions,
    private readonly approvers: Approvers,
    private readonly references: ReferenceLookup,
    private readonly notifier: ApprovalNotifier,
    private readonly now: () => Date,
    /** Where a failed notification is reported (the action itself stands). */
    private readonly notifyFailed: (error: unknown) => void = () => {},
    /** Where a process's declared outcomes are written; without one, a process that declares any cannot end. */
    private readonly writeOutcome?: OutcomeWriter,
  ) {}

  /** The starter's form of a version, validated exactly as every form file is (lib/form-validation.ts). */
  validateForm(definition: DefinitionVersion, body: unknown): Record<string, unknown> {
    const id = formKey(definition);
    const schema = definition.body.form.schema;
    processForms.add({ kind: 'form', id, title: definition.name, schema });
    const values = processForms.validate<Record<string, unknown>>(id, body, { prefix: 'form' });
    // Only the form's own fields are kept with the instance: nothing a client adds rides along.
    const declared = schema.properties ?? {};
    return Object.fromEntries(Object.entries(values).filter(([name]) => Object.hasOwn(declared, name)));
  }

  /** Whether the user may start the process (its `starters` roles, or everyone). */
  async mayStart(file: ProcessFile, userId: string): Promise<boolean> {
    const roles = file.starters?.roles;
    if (!roles) return true;
    const held = await this.db
      .selectFrom('sys_user_role as ur')
      .innerJoin('sys_role as r', 'r.id', 'ur.role_id')
      .select('r.enname')
      .where('ur.user_id', '=', userId)
      .where('r.del_flag', '=', '0')
      .where('r.useable', '=', '1')
      .execute();
    return held.some((r) => r.enname !== null && roles.includes(r.enname));
  }

  private async checkReferences(file: ProcessFile, projectId: string, values: Record<string, unknown>): Promise<void> {
    for (const [field, reference] of Object.entries(file.references ?? {})) {
      const value = values[field];
      if (typeof value !== 'string') continue;
      const record = await this.references(reference.collection, value);
      const ok =
        record !== undefined &&
        record.projectId === projectId &&
        (!reference.states || (record.status !== null && reference.states.includes(record.status)));
      if (!ok) throw invalidField(`form.${field}`, reference.message);
    }
  }

  /** Resolves the route's people now; an approval node without anyone refuses the start. */
  private async resolveRoute(
    file: ProcessFile,
    values: Record<string, unknown>,
    context: { starterId: string; projectId: string; chosen: Record<string, string[]> },
  ): Promise<RouteStep[]> {
    const nodes = routeOf(file.flow, values);
    if (!nodes) throw new DomainError('invalid', WorkflowMessages.noBranch);
    const route: RouteStep[] = [];
    const company = await this.approvers.companyOfProject(context.projectId);
    for (const node of nodes) {
      const rule = node.type === 'approval' ? node.approvers : node.recipients;
      const users = await this.approvers.resolve(rule, {
        starterId: context.starterId,
        projectId: context.projectId,
        chosen: context.chosen[node.id],
        company,
      });
      if (node.type === 'approval' && users.length === 0)
        throw new DomainError(
          'invalid',
          rule.type === 'starter'
            ? WorkflowMessages.chooseApprovers(node.name)
            : WorkflowMessages.noApprovers(node.name),
        );
      route.push({
        nodeId: node.id,
        type: node.type,
        name: node.name,
        ...(node.type === 'approval' ? { mode: node.mode } : {}),
        users,
      });
    }
    return route;
  }

  /** Starts an instance of the newest version; the caller checked the project. Returns the instance id. */
  async start(starterId: string, input: StartInput): Promise<string> {
    const definition = await this.definitions.latest(input.processId);
    const file = definition.body;
    if (!(await this.mayStart(file, starterId))) throw new DomainError('forbidden', WorkflowMessages.cannotStart);
    const values = this.validateForm(definition, input.form);
    await this.checkReferences(file, input.projectId, values);
    const route = await this.resolveRoute(file, values, {
      starterId,
      projectId: input.projectId,
      chosen: input.approvers ?? {},
    });
    const titled = file.titleField ? values[file.titleField] : undefined;
    const title = typeof titled === 'string' && titled.trim() ? titled.trim().slice(0, 100) : file.name;
    const id = randomUUID();
    return this.transaction(async (notices, trx) => {
      const now = this.now();
      await trx
        .insertInto('wf_instance')
        .values({
          id,
          definition_id: definition.id,
          project_id: input.projectId,
          starter_id: starterId,
          title,
          form: JSON.stringify(values),
          attachments: input.attachments?.length ? JSON.stringify(input.attachments) : null,
          route: JSON.stringify(route),
          status: 'running',
          current_step: null,
          started_at: now,
        })
        .execute();
      const instance: InstanceRow = {
        id,
        definition_id: definition.id,
        project_id: input.projectId,
        starter_id: starterId,
        title,
        route,
        status: 'running',
        current_step: null,
        activation: 0,
        version: 1,
        urged_at: null,
      };
      const ctx: Context = { trx, instance, route, definition, notices, now };
      await this.history(ctx, starterId, 'start', {});
      await this.advance(ctx, 0);
      return id;
    });
  }

  async approve(actorId: string, taskId: string, input: ActInput): Promise<void> {
    await this.onTask(actorId, taskId, async (ctx, task) => {
      await this.close(ctx, task, 'approved');
      await this.history(ctx, actorId, 'approve', { task, ...input });
      await this.afterApproval(ctx, task);
    });
  }

  /** Rejects: to the starter (the instance ends 已驳回) or back to the previous approval node. */
  async reject(actorId: string, taskId: string, input: ActInput & { to: 'starter' | 'previous' }): Promise<void> {
    await this.onTask(actorId, taskId, async (ctx, task) => {
      const previous =
        input.to === 'previous' ? ctx.route.slice(0, task.step).findLastIndex((step) => step.type === 'approval') : -1;
      if (input.to === 'previous' && previous < 0) throw new DomainError('invalid', WorkflowMessages.firstNode);
      await this.close(ctx, task, 'rejected');
      await this.history(ctx, actorId, 'reject', {
        task,
        ...input,
        detail: input.to === 'previous' ? `退回到「${ctx.route[previous]!.name}」` : '驳回给发起人',
      });
      await this.cancelOpen(ctx);
      if (input.to === 'previous') {
        await this.activate(ctx, previous);
        return;
      }
      await this.finish(ctx, 'rejected', actorId);
    });
  }

  async transfer(actorId: string, taskId: string, input: ActInput & { userId: string }): Promise<void> {
    await this.onTask(
      actorId,
      taskId,
      async (ctx, task) => {
        await this.close(ctx, task, 'transferred');
        await this.insertTask(ctx, task.step, ctx.route[task.step]!, {
          chain: task.chain,
          position: task.position,
          assignee: input.userId,
          status: 'pending',
        });
        await this.history(ctx, actorId, 'transfer', { task, ...input, target: input.userId });
      },
      input.userId,
    );
  }

  /** 加签: `before` the signer approves first and the task waits for them; `after` the signer follows the actor. */
  async addSigner(
    actorId: string,
    taskId: string,
    input: ActInput & { userId: string; position: 'before' | 'after' },
  ): Promise<void> {
    await this.onTask(
      actorId,
      taskId,
      async (ctx, task) => {
        const neighbours = await ctx.trx
          .selectFrom('wf_task')
          .select('position')
          .where('instance_id', '=', task.instance_id)
          .where('activation', '=', task.activation)
          .where('chain', '=', task.chain)
          .where('status', 'in', ['pending', 'waiting'])
          .where('position', input.position === 'before' ? '<' : '>', task.position)
          .orderBy('position', input.position === 'before' ? 'desc' : 'asc')
          .limit(1)
          .executeTakeFirst();
        const other = neighbours?.position ?? (input.position === 'before' ? task.position - 1 : task.position + 1);
        const position = (task.position + other) / 2;
        if (input.position === 'before') {
          await this.close(ctx, task, 'waiting');
          await this.insertTask(ctx, task.step, ctx.route[task.step]!, {
            chain: task.chain,
            position,
            assignee: input.userId,
            status: 'pending',
          });
        } else {
          await this.insertTask(ctx, task.step, ctx.route[task.step]!, {
            chain: task.chain,
            position,
            assignee: input.userId,
            status: 'waiting',
          });
        }
        await this.history(ctx, actorId, 'addSigner', {
          task,
          ...input,
          target: input.userId,
          detail: input.position === 'before' ? '在我之前加签' : '在我之后加签',
        });
      },
      input.userId,
    );
  }

  /** The starter takes the instance back, while no approver has acted on it. */
  async withdraw(actorId: string, instanceId: string, input: ActInput): Promise<void> {
    await this.onInstance(instanceId, async (ctx) => {
      if (ctx.instance.starter_id !== actorId) throw new DomainError('forbidden', WorkflowMessages.notStarter);
      this.requireRunning(ctx);
      const acted = await ctx.trx
        .selectFrom('wf_history')
        .select('id')
        .where('instance_id', '=', instanceId)
        .where('action', 'in', ['approve', 'reject', 'transfer', 'addSigner'])
        .limit(1)
        .executeTakeFirst();
      if (acted) throw new DomainError('conflict', WorkflowMessages.cannotWithdraw);
      await this.cancelOpen(ctx);
      await this.history(ctx, actorId, 'withdraw', input);
      await this.setInstance(ctx, { status: 'withdrawn', current_step: null, finished_at: ctx.now });
    });
  }

  /** The starter reminds the current approvers, at most once an hour. */
  async urge(actorId: string, instanceId: string, input: ActInput): Promise<void> {
    await this.onInstance(instanceId, async (ctx) => {
      if (ctx.instance.starter_id !== actorId) throw new DomainError('forbidden', WorkflowMessages.notStarter);
      this.requireRunning(ctx);
      const last = ctx.instance.urged_at ? new Date(ctx.instance.urged_at).getTime() : undefined;
      if (last !== undefined && ctx.now.getTime() - last < URGE_INTERVAL_MS)
        throw new DomainError('tooOften', WorkflowMessages.urgeTooOften);
      const pending = await this.openTasks(ctx, ['pending']);
      await this.setInstance(ctx, { urged_at: ctx.now });
      await this.history(ctx, actorId, 'urge', input);
      ctx.notices.push(
        this.notice(ctx, 'urge', actorId, [...new Set(pending.map((t) => t.assignee_id))], pending[0]?.node_name),
      );
    });
  }

  /** A comment by anyone taking part: the starter, an approver of any node, a copied person. */
  async comment(actorId: string, instanceId: string, input: ActInput & { comment: string }): Promise<void> {
    await this.onInstance(instanceId, async (ctx) => {
      if (!(await isParticipant(ctx.trx, instanceId, actorId)))
        throw new DomainError('forbidden', WorkflowMessages.notParticipant);
      await this.history(ctx, actorId, 'comment', input);
    });
  }

  // ---- the steps every action is made of ----

  private async transaction<T>(work: (notices: ApprovalNotice[], trx: Trx) => Promise<T>): Promise<T> {
    const notices: ApprovalNotice[] = [];
    // An engine built over a transaction (the demo seed, all in one) runs its actions inside it.
    const result = this.db.isTransaction
      ? await work(notices, this.db as Trx)
      : await this.db.transaction().execute((trx) => work(notices, trx));
    for (const notice of notices) {
      if (notice.recipients.length === 0) continue;
      // The action stands whatever the message centre does.
      await this.notifier.notify(notice).catch(this.notifyFailed);
    }
    return result;
  }

  /**
   * Locks the instance for this action and moves its version on, in one statement: actions on one instance take
   * turns, a client holding an older version knows it changed, and the version numbers the action's history entry
   * (every action writes exactly one).
   */
  private async lock(trx: Trx, instanceId: string): Promise<InstanceRow> {
    const instance = await trx
      .updateTable('wf_instance')
      .set({ version: sql`version + 1` })
      .where('id', '=', instanceId)
      .returning([
        'id',
        'definition_id',
        'project_id',
        'starter_id',
        'title',
        'route',
        'status',
        'current_step',
        'activation',
        'version',
        'urged_at',
      ])
      .executeTakeFirst();
    if (!instance) throw new DomainError('notFound', WorkflowMessages.instanceNotFound);
    return instance;
  }

  private async onInstance(
    instanceId: string,
    work: (ctx: Context) => Promise<void>,
    definitionId?: string,
  ): Promise<void> {
    // Read before the transaction: an instance's version never changes, and the embedded database has one
    // connection, which the transaction holds.
    const found =
      definitionId ??
      (await this.db.selectFrom('wf_instance').select('definition_id').where('id', '=', instanceId).executeTakeFirst())
        ?.definition_id;
    const definition = found && (await this.definitions.byId(found));
    if (!definition) throw new DomainError('notFound', WorkflowMessages.instanceNotFound);
    await this.transaction(async (notices, trx) => {
      const instance = await this.lock(trx, instanceId);
      const ctx: Context = {
        trx,
        instance,
        route: parseJson<RouteStep[]>(instance.route),
        definition,
        notices,
        now: this.now(),
      };
      await work(ctx);
    });
  }

  private async onTask(
    actorId: string,
    taskId: string,
    work: (ctx: Context, task: TaskRow) => Promise<void>,
    newApprover?: string,
  ): Promise<void> {
    const found = await this.db
      .selectFrom('wf_task as t')
      .innerJoin('wf_instance as i', 'i.id', 't.instance_id')
      .select(['t.instance_id', 'i.project_id', 'i.definition_id'])
      .where('t.id', '=', taskId)
      .executeTakeFirst();
    if (!found) throw new DomainError('notFound', WorkflowMessages.taskNotFound);
    if (newApprover !== undefined) {
      // Who may be given the task (transfer, 加签): someone else among the project's people.
      if (newApprover === actorId) throw new DomainError('invalid', WorkflowMessages.self);
      const members = await this.approvers.projectMembers(found.project_id, [newApprover]);
      if (!members.has(newApprover)) throw new DomainError('invalid', WorkflowMessages.notMember);
    }
    await this.onInstance(
      found.instance_id,
      async (ctx) => {
        // Read again under the instance's lock: what another action did before us is now visible.
        const task = await ctx.trx.selectFrom('wf_task').selectAll().where('id', '=', taskId).executeTakeFirstOrThrow();
        if (task.assignee_id !== actorId) throw new DomainError('forbidden', WorkflowMessages.notAssignee);
        if (task.status === 'cancelled') throw new DomainError('conflict', WorkflowMessages.handledByOthers);
        if (task.status !== 'pending') throw new DomainError('conflict', WorkflowMessages.alreadyHandled);
        this.requireRunning(ctx);
        if (newApprover !== undefined) {
          const open = await this.openTasks(ctx, ['pending', 'waiting']);
          if (open.some((t) => t.assignee_id === newApprover))
            throw new DomainError('invalid', WorkflowMessages.alreadyApprover);
        }
        await work(ctx, task);
      },
      found.definition_id,
    );
  }

  private requireRunning(ctx: Context): void {
    if (ctx.instance.status !== 'running') throw new DomainError('conflict', WorkflowMessages.notRunning);
  }

  /** Closes a pending task; exactly one request can (the `status = 'pending'` guard). */
  private async close(ctx: Context, task: TaskRow, status: TaskStatus): Promise<void> {
    const result = await ctx.trx
      .updateTable('wf_task')
      .set({ status, acted_at: status === 'waiting' ? null : ctx.now })
      .where('id', '=', task.id)
      .where('status', '=', 'pending')
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) !== 1) throw new DomainError('conflict', WorkflowMessages.alreadyHandled);
  }

  private async openTasks(ctx: Context, statuses: TaskStatus[]): Promise<TaskRow[]> {
    return ctx.trx
      .selectFrom('wf_task')
      .selectAll()
      .where('instance_id', '=', ctx.instance.id)
      .where('activation', '=', ctx.instance.activation)
      .where('status', 'in', statuses)
      .orderBy('chain')
      .orderBy('position')
      .execute();
  }

  private async cancelOpen(ctx: Context): Promise<void> {
    await ctx.trx
      .updateTable('wf_task')
      .set({ status: 'cancelled', acted_at: ctx.now })
      .where('instance_id', '=', ctx.instance.id)
      .where('status', 'in', ['pending', 'waiting'])
      .execute();
  }

  /** After an approval: the next in the chain, or the node is done (或签: one chain; else all), or it waits. */
  private async afterApproval(ctx: Context, task: TaskRow): Promise<void> {
    const open = await this.openTasks(ctx, ['pending', 'waiting']);
    const next = open.find((t) => t.chain === task.chain && t.status === 'waiting' && t.position > task.position);
    if (next) {
      await ctx.trx
        .updateTable('wf_task')
        .set({ status: 'pending', idle_since: ctx.now })
        .where('id', '=', next.id)
        .execute();
      ctx.notices.push(this.notice(ctx, 'assigned', task.assignee_id, [next.assignee_id], next.node_name));
      return;
    }
    const step = ctx.route[task.step]!;
    const chainDone = !open.some((t) => t.chain === task.chain);
    const nodeDone = step.mode === 'any' ? chainDone : open.length === 0;
    if (!nodeDone) return;
    await this.cancelOpen(ctx);
    await this.advance(ctx, task.step + 1, task.assignee_id);
  }

  /** Runs the route from `from`: copy nodes copy and pass, the first approval node is activated, the end approves. */
  private async advance(ctx: Context, from: number, actorId: string = ctx.instance.starter_id): Promise<void> {
    for (let index = from; index < ctx.route.length; index++) {
      const step = ctx.route[index]!;
      if (step.type === 'approval') {
        await this.activate(ctx, index);
        return;
      }
      if (step.users.length === 0) continue;
      await ctx.trx
        .insertInto('wf_copy')
        .values(
          step.users.map((user) => ({
            id: randomUUID(),
            instance_id: ctx.instance.id,
            user_id: user,
            node_id: step.nodeId,
            node_name: step.name,
            created_at: ctx.now,
          })),
        )
        .onConflict((oc) => oc.columns(['instance_id', 'user_id', 'node_id']).doNothing())
        .execute();
      ctx.notices.push(this.notice(ctx, 'copy', actorId, step.users, step.name));
    }
    await this.finish(ctx, 'approved', actorId);
  }

  private async activate(ctx: Context, index: number): Promise<void> {
    const step = ctx.route[index]!;
    const activation = ctx.instance.activation + 1;
    await this.setInstance(ctx, { current_step: index, activation });
    const users = [...new Set(step.users)];
    const sequential = step.mode === 'sequential';
    for (const [order, user] of users.entries())
      await this.insertTask(ctx, index, step, {
        chain: sequential ? 0 : order,
        position: sequential ? order + 1 : 1,
        assignee: user,
        status: sequential && order > 0 ? 'waiting' : 'pending',
      });
  }

  private async insertTask(
    ctx: Context,
    index: number,
    step: RouteStep,
    task: { chain: number; position: number; assignee: string; status: 'pending' | 'waiting' },
  ): Promise<void> {
    await ctx.trx
      .insertInto('wf_task')
      .values({
        id: randomUUID(),
        instance_id: ctx.instance.id,
        step: index,
        activation: ctx.instance.activation,
        node_id: step.nodeId,
        node_name: step.name,
        chain: task.chain,
        position: task.position,
        assignee_id: task.assignee,
        status: task.status,
        created_at: ctx.now,
        // The reminder clock (timers.ts) starts when the task reaches its assignee.
        idle_since: task.status === 'pending' ? ctx.now : null,
      })
      .execute();
    if (task.status === 'pending')
      ctx.notices.push(this.notice(ctx, 'assigned', ctx.instance.starter_id, [task.assignee], step.name));
  }

  private async finish(ctx: Context, status: 'approved' | 'rejected', actorId: string): Promise<void> {
    await this.writeOutcomes(ctx, status, actorId);
    await this.setInstance(ctx, { status, current_step: null, finished_at: ctx.now });
    const notice = this.notice(ctx, 'result', actorId, [ctx.instance.starter_id]);
    ctx.notices.push({ ...notice, result: status });
  }

  /** The process file's `outcomes` of this result, written to the records the instance's form refers to. */
  private async writeOutcomes(ctx: Context, status: 'approved' | 'rejected', actorId: string): Promise<void> {
    const file = ctx.definition.body;
    const writes = file.outcomes?.[status] ?? [];
    if (writes.length === 0) return;
    if (!this.writeOutcome) throw new Error(`process ${file.id} declares outcomes but the engine has no writer`);
    const { form } = await ctx.trx
      .selectFrom('wf_instance')
      .select('form')
      .where('id', '=', ctx.instance.id)
      .executeTakeFirstOrThrow();
    const values = (typeof form === 'string' ? JSON.parse(form) : form) as Record<string, unknown>;
    const labels = file.form.schema.properties ?? {};
    for (const write of writes) {
      const reference = file.references?.[write.reference];
      const id = values[write.reference];
      if (!reference || typeof id !== 'string') continue;
      const changed = Object.fromEntries(Object.entries(write.set).map(([field, from]) => [field, values[from]]));
      const said = Object.entries(write.set)
        .map(([, from]) => `${labels[from]?.title ?? from}：${String(values[from] ?? '')}`)
        .join('，');
      await this.writeOutcome(ctx.trx, {
        collection: reference.collection,
        id,
        values: changed,
        actorId,
        label: file.name,
        remark: `${file.name}${status === 'approved' ? '已通过' : '已驳回'}（${ctx.instance.title}）${said ? `：${said}` : ''}`,
        states: reference.states,
        keep: write.keep,
      });
    }
  }

  private async setInstance(
    ctx: Context,
    values: Partial<{
      status: InstanceStatus;
      current_step: number | null;
      activation: number;
      urged_at: Date;
      finished_at: Date;
    }>,
  ): Promise<void> {
    await ctx.trx.updateTable('wf_instance').set(values).where('id', '=', ctx.instance.id).execute();
    Object.assign(ctx.instance, values);
  }

  private async history(
    ctx: Context,
    actorId: string,
    action: HistoryAction,
    entry: ActInput & { task?: TaskRow; target?: string; detail?: string },
  ): Promise<void> {
    const step = entry.task ? ctx.route[entry.task.step] : undefined;
    await ctx.trx
      .insertInto('wf_history')
      .values({
        id: randomUUID(),
        instance_id: ctx.instance.id,
        // The instance's version: moved on by this action's lock (1 for the start).
        seq: ctx.instance.version,
        actor_id: actorId,
        action,
        task_id: entry.task?.id ?? null,
        node_id: step?.nodeId ?? null,
        node_name: step?.name ?? null,
        target_id: entry.target ?? null,
        detail: entry.detail ?? null,
        comment: entry.comment ?? null,
        attachments: entry.attachments?.length ? JSON.stringify(entry.attachments) : null,
        at: ctx.now,
      })
      .execute();
  }

  private notice(
    ctx: Context,
    kind: ApprovalNotice['kind'],
    actorId: string,
    recipients: string[],
    nodeName?: string,
  ): ApprovalNotice {
    return {
      kind,
      recipients,
      instanceId: ctx.instance.id,
      projectId: ctx.instance.project_id,
      processName: ctx.definition.name,
      title: ctx.instance.title,
      ...(nodeName ? { nodeName } : {}),
      actorId,
    };
  }
}

/** Whether the user takes part in the instance: its starter, an approver of any task, or a copied person. */
export async function isParticipant(db: Db | Trx, instanceId: string, userId: string): Promise<boolean> {
  const row = await db
    .selectFrom('wf_instance as i')
    .select('i.id')
    .where('i.id', '=', instanceId)
    .where((eb) =>
      eb.or([
        eb('i.starter_id', '=', userId),
        eb.exists(
          eb
            .selectFrom('wf_task as t')
            .select('t.id')
            .whereRef('t.instance_id', '=', 'i.id')
            .where('t.assignee_id', '=', userId),
        ),
        eb.exists(
          eb
            .selectFrom('wf_copy as c')
            .select('c.id')
            .whereRef('c.instance_id', '=', 'i.id')
            .where('c.user_id', '=', userId),
        ),
      ]),
    )
    .executeTakeFirst();
  return row !== undefined;
}
