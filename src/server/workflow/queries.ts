/**
 * What the approval screens read: the boxes (待办 tasks waiting for the user, 已办 tasks the user acted on, 抄送
 * copies to the user, 我发起的 instances the user started) with their filters, the workbench's summary, and an
 * instance's detail (form, route with each node's state, history, what the caller may do).
 */
import { sql, type SqlBool } from 'kysely';
import type { ApprovalMode, ProcessFile } from '../../shared/processes.js';
import { collectionTable, fieldColumn } from '../../shared/collections.js';
import type { Db } from '../db/database.js';
import { chinaDateTime } from '../lib/china-time.js';
import type { DataScope } from '../accounts/data-scope.js';
import { escapeLike } from '../lib/like-pattern.js';
import type { ProcessDefinitions } from './definitions.js';
import { isParticipant, WorkflowMessages, type RouteStep } from './engine.js';
import { parseJson, type HistoryAction, type InstanceStatus, type TaskStatus } from './tables.js';
import { DomainError } from '../domain-error.js';

export type Box = 'todo' | 'finished' | 'copy' | 'started';

export const STATUS_LABELS: Record<InstanceStatus, string> = {
  running: '审批中',
  approved: '已通过',
  rejected: '已驳回',
  withdrawn: '已撤回',
};

export const TASK_LABELS: Record<TaskStatus, string> = {
  pending: '待审批',
  waiting: '未开始',
  approved: '已同意',
  rejected: '已驳回',
  transferred: '已转交',
  cancelled: '已取消',
};

export const ACTION_LABELS: Record<HistoryAction, string> = {
  start: '发起申请',
  approve: '同意',
  reject: '驳回',
  transfer: '转交',
  addSigner: '加签',
  withdraw: '撤回',
  urge: '催办',
  comment: '评论',
};

const MODE_LABELS: Record<ApprovalMode, string> = { sequential: '依次审批', all: '会签', any: '或签' };

/** One row of a box (the answer shape the workbench and the lists read). */
export interface ProcessTaskRow {
  /** The instance (what the detail page opens). */
  id: string;
  instanceId: string;
  /** The caller's task on a 待办/已办 row, '' on the others. */
  taskId: string;
  processId: string;
  processName: string;
  title: string;
  category: string;
  initiator: string;
  /** The task's node (待办, 已办), the copy node (抄送), the current node (我发起的). */
  nodeName: string;
  /** The instance's status: 审批中, 已通过, 已驳回, 已撤回. */
  status: string;
  /** 'yyyy-MM-dd HH:mm:ss', China time: when the instance started. */
  startTime: string;
  /** When the user acted (已办), else when the instance ended; '' while it runs. */
  endTime: string;
  projectId: string;
  projectName: string;
}

export interface BoxFilter {
  processName?: string;
  category?: string;
  /** 'yyyy-MM-dd' (China dates) bounds on the start, both inclusive. */
  startFrom?: string;
  startTo?: string;
  projectId?: string | null;
}

export interface ApprovalSummary {
  todo: number;
  copy: number;
  finished: number;
  /** To-do tasks by process category. */
  byCategory: { name: string; value: number }[];
  /** The newest few rows of the asked box. */
  rows: ProcessTaskRow[];
}

export const APPROVAL_ROWS = 5;

export class WorkflowQueries {
  constructor(
    private readonly db: Db,
    private readonly definitions: ProcessDefinitions,
  ) {}

  /** The instances of one box, joined with what a row shows; `sortKey` orders them. */
  private box(userId: string, box: Box, filter: BoxFilter) {
    let query = this.db
      .selectFrom('wf_instance as i')
      .innerJoin('wf_definition as d', 'd.id', 'i.definition_id')
      .innerJoin('sys_user as s', 's.id', 'i.starter_id')
      .innerJoin('project as p', 'p.id', 'i.project_id')
      .leftJoin('wf_task as t', (join) =>
        box === 'todo' || box === 'finished' ? join.onRef('t.instance_id', '=', 'i.id') : join.on(sql<SqlBool>`false`),
      )
      .leftJoin('wf_copy as c', (join) =>
        box === 'copy' ? join.onRef('c.instance_id', '=', 'i.id') : join.on(sql<SqlBool>`false`),
      );
    if (box === 'todo') query = query.where('t.assignee_id', '=', userId).where('t.status', '=', 'pending');
    if (box === 'finished')
      query = query
        .where('t.assignee_id', '=', userId)
        .where('t.status', 'in', ['approved', 'rejected', 'transferred']);
    if (box === 'copy') query = query.where('c.user_id', '=', userId);
    if (box === 'started') query = query.where('i.starter_id', '=', userId);
    if (filter.projectId) query = query.where('i.project_id', '=', filter.projectId);
    if (filter.processName) query = query.where('d.name', 'like', `%${escapeLike(filter.processName)}%`);
    if (filter.category) query = query.where('d.category', '=', filter.category);
    const day = sql<string>`to_char(i.started_at at time zone 'Asia/Shanghai', 'YYYY-MM-DD')`;
    if (filter.startFrom) query = query.where(day, '>=', filter.startFrom);
    if (filter.startTo) query = query.where(day, '<=', filter.startTo);
    return query;
  }

  async page(
    userId: string,
    box: Box,
    filter: BoxFilter,
    page: { pageNum: number; pageSize: number },
  ): Promise<{ dataList: ProcessTaskRow[]; total: number }> {
    const unfiltered =
      !filter.projectId && !filter.processName && !filter.category && !filter.startFrom && !filter.startTo;
    if (box === 'todo' && unfiltered) return this.todoPage(userId, page);
    const query = this.box(userId, box, filter);
    const total = await query.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
    const dataList = await this.rows(query, box, page.pageSize, (page.pageNum - 1) * page.pageSize);
    return { dataList, total: Number(total.n) };
  }

  /**
   * 待办 without filters, the list a user opens every morning: counted and paged on the user's pending tasks alone
   * (the partial index wf_task_todo_idx, read without the table), and only the page's rows joined for display.
   * A pending task always belongs to a running instance, so the count is the joined one.
   */
  private async todoPage(
    userId: string,
    page: { pageNum: number; pageSize: number },
  ): Promise<{ dataList: ProcessTaskRow[]; total: number }> {
    const mine = this.db.selectFrom('wf_task').where('assignee_id', '=', userId).where('status', '=', 'pending');
    const total = Number((await mine.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow()).n);
    const offset = (page.pageNum - 1) * page.pageSize;
    const size = Math.max(0, Math.min(page.pageSize, total - offset));
    // A page past the middle is read from the oldest end: never more than half the index is walked.
    const fromEnd = offset > total / 2;
    const direction = fromEnd ? 'asc' : 'desc';
    const keys =
      size === 0
        ? []
        : await mine
            .select('id')
            .orderBy('created_at', direction)
            .orderBy('id', direction)
            .limit(size)
            .offset(fromEnd ? total - offset - size : offset)
            .execute();
    const ids = keys.map((key) => key.id);
    const dataList =
      ids.length === 0
        ? []
        : await this.rows(this.box(userId, 'todo', {}).where('t.id', 'in', ids), 'todo', ids.length, 0);
    return { dataList, total };
  }

  private async rows(
    query: ReturnType<WorkflowQueries['box']>,
    box: Box,
    limit: number,
    offset: number,
  ): Promise<ProcessTaskRow[]> {
    const sortKey =
      box === 'todo'
        ? sql<Date>`t.created_at`
        : box === 'finished'
          ? sql<Date>`t.acted_at`
          : box === 'copy'
            ? sql<Date>`c.created_at`
            : sql<Date>`i.started_at`;
    const rows = await query
      .select([
        'i.id',
        'i.title',
        'i.status',
        'i.started_at',
        'i.finished_at',
        'i.route',
        'i.current_step',
        'i.project_id',
        'd.process_id',
        'd.name as process_name',
        'd.category',
        's.name as initiator',
        'p.name as project_name',
        't.id as task_id',
        't.node_name as task_node',
        't.acted_at',
        'c.node_name as copy_node',
        sortKey.as('sort_at'),
      ])
      .orderBy(sortKey, 'desc')
      // 待办 ties break as the to-do index reads them (todoPage); the other boxes by instance.
      .orderBy(box === 'todo' ? sql`t.id desc` : sql`i.id`)
      .limit(limit)
      .offset(offset)
      .execute();
    return rows.map((r) => {
      const route = parseJson<RouteStep[]>(r.route);
      const current = r.current_step === null ? undefined : route[r.current_step];
      const ended = box === 'finished' ? r.acted_at : r.finished_at;
      return {
        id: r.id,
        instanceId: r.id,
        taskId: r.task_id ?? '',
        processId: r.process_id,
        processName: r.process_name,
        title: r.title,
        category: r.category,
        initiator: r.initiator,
        nodeName: r.task_node ?? r.copy_node ?? current?.name ?? STATUS_LABELS[r.status],
        status: STATUS_LABELS[r.status],
        startTime: chinaDateTime(new Date(r.started_at)),
        endTime: ended ? chinaDateTime(new Date(ended)) : '',
        projectId: r.project_id,
        projectName: r.project_name,
      };
    });
  }

  /** The workbench's summary: box counts, to-do by category, the newest rows of one box. */
  async summary(userId: string, projectId: string | null, box: Box): Promise<ApprovalSummary> {
    const filter: BoxFilter = { projectId };
    const count = async (which: Box) =>
      Number(
        (
          await this.box(userId, which, filter)
            .select((eb) => eb.fn.countAll<string>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const [todo, copy, finished, categories, rows] = await Promise.all([
      count('todo'),
      count('copy'),
      count('finished'),
      this.box(userId, 'todo', filter)
        .select(['d.category', (eb) => eb.fn.countAll<string>().as('n')])
        .groupBy('d.category')
        .execute(),
      this.rows(this.box(userId, box, filter), box, APPROVAL_ROWS, 0),
    ]);
    return {
      todo,
      copy,
      finished,
      byCategory: categories
        .map((c) => ({ name: c.category, value: Number(c.n) }))
        .sort((a, b) => b.value - a.value || a.name.localeCompare(b.name, 'zh-CN')),
      rows,
    };
  }

  /** Each `references` field with a `labelField`: that field of the record it names ('' fields and gone records: none). */
  private async referenceLabels(file: ProcessFile, values: Record<string, unknown>): Promise<Record<string, string>> {
    const labels: Record<string, string> = {};
    for (const [field, reference] of Object.entries(file.references ?? {})) {
      const id = values[field];
      if (!reference.labelField || typeof id !== 'string' || id === '') continue;
      // A module removed since keeps its approvals but not its table: the id is shown as it is.
      const found = await sql<{ label: unknown }>`
        select ${sql.ref(fieldColumn(reference.labelField))} as label
        from ${sql.table(collectionTable(reference.collection))} where id = ${id}`
        .execute(this.db)
        .catch(() => undefined);
      const label = found?.rows[0]?.label;
      if (typeof label === 'string' && label !== '') labels[field] = label;
    }
    return labels;
  }

  /**
   * One instance as its detail page shows it. Who may read it: whoever takes part in it, or sees every company;
   * and only in a project the caller may see (checked by the route). Anyone else learns nothing (-404).
   */
  async detail(userId: string, scope: DataScope, instanceId: string) {
    const instance = await this.db
      .selectFrom('wf_instance as i')
      .innerJoin('sys_user as s', 's.id', 'i.starter_id')
      .innerJoin('project as p', 'p.id', 'i.project_id')
      .selectAll('i')
      .select(['s.name as starter_name', 'p.name as project_name'])
      .where('i.id', '=', instanceId)
      .executeTakeFirst();
    if (!instance || !(scope.all || (await isParticipant(this.db, instanceId, userId))))
      throw new DomainError('notFound', WorkflowMessages.instanceNotFound);
    const definition = await this.definitions.byId(instance.definition_id);
    if (!definition) throw new DomainError('notFound', WorkflowMessages.instanceNotFound);
    const [tasks, copies, history] = await Promise.all([
      this.db
        .selectFrom('wf_task as t')
        .innerJoin('sys_user as u', 'u.id', 't.assignee_id')
        .select([
          't.id',
          't.step',
          't.activation',
          't.chain',
          't.position',
          't.assignee_id',
          'u.name',
          't.status',
          't.acted_at',
          't.created_at',
        ])
        .where('t.instance_id', '=', instanceId)
        .orderBy('t.activation')
        .orderBy('t.chain')
        .orderBy('t.position')
        // A transferred task before the one it became (same place in the chain).
        .orderBy(sql`t.acted_at is null`)
        .orderBy('t.created_at')
        .execute(),
      this.db
        .selectFrom('wf_copy as c')
        .innerJoin('sys_user as u', 'u.id', 'c.user_id')
        .select(['c.node_id', 'c.user_id', 'u.name', 'c.created_at'])
        .where('c.instance_id', '=', instanceId)
        .execute(),
      this.db
        .selectFrom('wf_history as h')
        .innerJoin('sys_user as u', 'u.id', 'h.actor_id')
        .leftJoin('sys_user as target', 'target.id', 'h.target_id')
        .select([
          'h.seq',
          'h.action',
          'h.actor_id',
          'u.name as actor_name',
          'h.node_name',
          'target.name as target_name',
          'h.detail',
          'h.comment',
          'h.attachments',
          'h.at',
        ])
        .where('h.instance_id', '=', instanceId)
        .orderBy('h.seq')
        .execute(),
    ]);
    const route = parseJson<RouteStep[]>(instance.route);
    const names = await this.userNames(route.flatMap((step) => step.users));
    const latestActivation = new Map<number, number>();
    for (const task of tasks)
      latestActivation.set(task.step, Math.max(latestActivation.get(task.step) ?? 0, task.activation));
    const nodes = route.map((step, index) => {
      const own = tasks.filter((t) => t.step === index && t.activation === latestActivation.get(index));
      const copied = copies.filter((c) => c.node_id === step.nodeId);
      const state =
        instance.current_step === index
          ? 'current'
          : step.type === 'cc'
            ? copied.length > 0
              ? 'done'
              : 'waiting'
            : own.some((t) => t.status === 'rejected')
              ? 'rejected'
              : own.length > 0 && own.every((t) => t.status !== 'pending' && t.status !== 'waiting')
                ? own.some((t) => t.status === 'approved')
                  ? 'done'
                  : 'cancelled'
                : 'waiting';
      return {
        index,
        nodeId: step.nodeId,
        type: step.type,
        name: step.name,
        mode: step.mode ?? null,
        modeLabel: step.mode ? MODE_LABELS[step.mode] : '抄送',
        state,
        people:
          step.type === 'cc'
            ? step.users.map((id) => ({
                userId: id,
                name: names.get(id) ?? '',
                status: copied.length ? 'copied' : 'waiting',
                statusLabel: copied.length ? '已抄送' : '未开始',
                actedAt: '',
              }))
            : own.length > 0
              ? own.map((t) => ({
                  userId: t.assignee_id,
                  name: t.name,
                  status: t.status,
                  statusLabel: TASK_LABELS[t.status],
                  actedAt: t.acted_at ? chinaDateTime(new Date(t.acted_at)) : '',
                }))
              : step.users.map((id) => ({
                  userId: id,
                  name: names.get(id) ?? '',
                  status: 'waiting',
                  statusLabel: '未开始',
                  actedAt: '',
                })),
      };
    });
    const mine = tasks.find((t) => t.assignee_id === userId && t.status === 'pending');
    const acted = history.some((h) => ['approve', 'reject', 'transfer', 'addSigner'].includes(h.action));
    const running = instance.status === 'running';
    const current = instance.current_step === null ? null : route[instance.current_step];
    const starter = instance.starter_id === userId;
    return {
      id: instance.id,
      processId: definition.processId,
      processName: definition.name,
      category: definition.category,
      version: definition.version,
      title: instance.title,
      status: instance.status,
      statusLabel: STATUS_LABELS[instance.status],
      projectId: instance.project_id,
      projectName: instance.project_name,
      starterId: instance.starter_id,
      starterName: instance.starter_name,
      startTime: chinaDateTime(new Date(instance.started_at)),
      endTime: instance.finished_at ? chinaDateTime(new Date(instance.finished_at)) : '',
      rowVersion: instance.version,
      form: { schema: definition.body.form.schema, uiSchema: definition.body.form.uiSchema ?? {} },
      data: parseJson<Record<string, unknown>>(instance.form),
      /** The words for the ids the form refers to (a hazard's description for its id). */
      labels: await this.referenceLabels(definition.body, parseJson<Record<string, unknown>>(instance.form)),
      attachments: parseJson<string[] | null>(instance.attachments) ?? [],
      currentNode: current ? { nodeId: current.nodeId, name: current.name } : null,
      nodes,
      history: history.map((h) => ({
        seq: h.seq,
        action: h.action,
        actionLabel: ACTION_LABELS[h.action],
        userId: h.actor_id,
        userName: h.actor_name,
        nodeName: h.node_name ?? '',
        targetName: h.target_name ?? '',
        detail: h.detail ?? '',
        comment: h.comment ?? '',
        attachments: parseJson<string[] | null>(h.attachments) ?? [],
        time: chinaDateTime(new Date(h.at)),
      })),
      myTaskId: mine?.id ?? '',
      can: {
        approve: running && mine !== undefined,
        withdraw: running && starter && !acted,
        urge: running && starter,
        comment: starter || tasks.some((t) => t.assignee_id === userId) || copies.some((c) => c.user_id === userId),
      },
    };
  }

  /** The instance's project, for the route's project check (undefined: no such instance). */
  async projectOf(instanceId: string): Promise<string | undefined> {
    const row = await this.db
      .selectFrom('wf_instance')
      .select('project_id')
      .where('id', '=', instanceId)
      .executeTakeFirst();
    return row?.project_id;
  }

  async taskProject(taskId: string): Promise<string | undefined> {
    const row = await this.db
      .selectFrom('wf_task as t')
      .innerJoin('wf_instance as i', 'i.id', 't.instance_id')
      .select('i.project_id')
      .where('t.id', '=', taskId)
      .executeTakeFirst();
    return row?.project_id;
  }

  private async userNames(ids: string[]): Promise<Map<string, string>> {
    if (ids.length === 0) return new Map();
    const rows = await this.db
      .selectFrom('sys_user')
      .select(['id', 'name'])
      .where('id', 'in', [...new Set(ids)])
      .execute();
    return new Map(rows.map((r) => [r.id, r.name]));
  }
}
