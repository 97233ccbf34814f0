/**
 * The rules of a schedule that no collection file can declare, as write hooks (inside each write's transaction, so
 * a refusal undoes the call):
 * - a task's place in the WBS tree: its parent is a task of the same project, never itself or below itself, never a
 *   milestone, and never a task with relations (a summary's dates come from its tasks, so relations join works and
 *   milestones, as MS Project advises and 斑马进度 draws them); a task goes to the end of its new parent's list;
 *   duration 0 is a milestone and a milestone takes no time; a finished task is 100 %;
 * - deleting a task deletes the tasks below it and every relation of them;
 * - a relation joins two different works or milestones and never closes a loop (the loop's tasks named in order);
 * - one settings record per project, its day lists readable;
 * - a baseline keeps the plan as it is when saved (planning_baseline_task), and goes with it.
 * Imports write many rows at once in a transaction of their own and check the whole result once (`bulk`).
 */
import { sql } from 'kysely';
import { DomainError, invalidField, type Db, type RecordWrite } from '../../../src/server/module-api.js';
import { parseDayList } from './calendar.js';
import { CycleError, dependencyOrder } from './cpm.js';
import { writeSnapshot } from './plan-baselines.js';
import type { PlanStore } from './schedule-store.js';

/** Transactions that write many rows at once and check them as a whole afterwards (an import). */
export const bulkWrites = new WeakSet<object>();

export const PlanMessages = {
  parentMissing: '所选上级任务不存在',
  parentSelf: '不能把任务设为自己的上级任务',
  parentBelow: '不能把任务移到它自己的下级任务之下',
  parentMilestone: '里程碑不能包含下级任务',
  parentLinked: (name: string) => `“${name}”已有前置或后续关系，不能作为上级任务；请先删除它的前置关系`,
  summaryMilestone: '有下级任务的摘要任务不能设为里程碑',
  actualOrder: '实际完成日期不能早于实际开始日期',
  linkSelf: '任务不能以自己为前置任务',
  linkSummary: (name: string) => `“${name}”是摘要任务，不能设置前置关系，请连接其下的具体工作`,
  settingTaken: '本项目已有计划设置，请编辑现有设置',
  days: (title: string, entries: string[]) =>
    `无法识别的${title}：${entries.join('、')}；请每行填写一个日期或日期段，如 2027-01-30~2027-02-14 春节停工`,
  baselineEmpty: '本项目还没有计划任务，无法保存基线',
} as const;

interface TaskRow {
  id: string;
  project_id: string;
  parent_id: string | null;
  name: string;
  kind: string;
}

async function taskRow(db: Db, id: string): Promise<TaskRow | undefined> {
  const { rows } =
    await sql<TaskRow>`select id, project_id, parent_id, name, kind from c_plan_task where id = ${id}`.execute(db);
  return rows[0];
}

async function hasChildren(db: Db, id: string): Promise<boolean> {
  const { rows } = await sql`select 1 from c_plan_task where parent_id = ${id} limit 1`.execute(db);
  return rows.length > 0;
}

async function hasLinks(db: Db, id: string): Promise<boolean> {
  const { rows } =
    await sql`select 1 from c_plan_link where predecessor_id = ${id} or successor_id = ${id} limit 1`.execute(db);
  return rows.length > 0;
}

/** The ids of every task below `id`. */
export async function descendantsOf(db: Db, id: string): Promise<string[]> {
  const { rows } = await sql<{ id: string }>`
    with recursive below(id) as (
      select id from c_plan_task where parent_id = ${id}
      union
      select t.id from c_plan_task t join below b on t.parent_id = b.id
    )
    select id from below`.execute(db);
  return rows.map((row) => row.id);
}

/** The next place at the end of a parent's list of tasks (top level with `null`). */
export async function nextSortNo(db: Db, projectId: string, parentId: string | null, except = ''): Promise<number> {
  const { rows } = await sql<{ top: number | null }>`
    select max(sort_no) as top from c_plan_task
    where project_id = ${projectId} and id <> ${except}
      and ${parentId === null ? sql`parent_id is null` : sql`parent_id = ${parentId}`}`.execute(db);
  return Number(rows[0]?.top ?? 0) + 10;
}

/** The loop the project's relations would hold, as a refusal naming its tasks. */
export async function checkNoLoop(db: Db, projectId: string, startAt?: string): Promise<void> {
  const [tasks, links] = await Promise.all([
    sql<{ id: string; name: string }>`select id, name from c_plan_task where project_id = ${projectId}
      order by sort_no, created_at, id`.execute(db),
    sql<{ predecessor_id: string; successor_id: string }>`
      select predecessor_id, successor_id from c_plan_link where project_id = ${projectId}
      order by predecessor_id, successor_id`.execute(db),
  ]);
  try {
    dependencyOrder(
      tasks.rows.map((task) => ({ id: task.id, name: task.name, duration: 0 })),
      links.rows.map((link) => ({ from: link.predecessor_id, to: link.successor_id, type: 'FS' as const, lag: 0 })),
    );
  } catch (error) {
    if (!(error instanceof CycleError)) throw error;
    // Told from the task the planner just gave a predecessor, when it is in the loop.
    const loop = error.cycle.slice(0, -1);
    const at = startAt ? loop.findIndex((task) => task.id === startAt) : -1;
    const told = at > 0 ? new CycleError([...loop.slice(at), ...loop.slice(0, at), loop[at]]) : error;
    throw new DomainError('invalid', told.message, {
      fields: [{ field: 'predecessorId', message: told.message }],
      data: { cycle: told.cycle },
    });
  }
}

/** A relation's ends: two different tasks, neither a summary. */
export async function checkLinkEnds(db: Db, predecessorId: string, successorId: string): Promise<void> {
  if (predecessorId === successorId) throw invalidField('predecessorId', PlanMessages.linkSelf);
  for (const id of [predecessorId, successorId]) {
    if (await hasChildren(db, id)) {
      const row = await taskRow(db, id);
      throw invalidField(
        id === predecessorId ? 'predecessorId' : 'successorId',
        PlanMessages.linkSummary(row?.name ?? ''),
      );
    }
  }
}

async function taskWritten(write: RecordWrite): Promise<void> {
  const { db } = write;
  const record = await write.records('plan-task').get(write.id);
  const text = (value: unknown) => (typeof value === 'string' && value !== '' ? value : null);
  let parentId = text(record.parentId);
  if (parentId === '0') parentId = null;
  const beforeParent = write.before
    ? text(write.before.parentId) === '0'
      ? null
      : text(write.before.parentId)
    : undefined;
  const moved = write.kind === 'create' || parentId !== beforeParent;

  if (parentId !== null && moved) {
    if (parentId === write.id) throw invalidField('parentId', PlanMessages.parentSelf);
    const parent = await taskRow(db, parentId);
    if (!parent || parent.project_id !== write.projectId) throw invalidField('parentId', PlanMessages.parentMissing);
    if (parent.kind === 'milestone') throw invalidField('parentId', PlanMessages.parentMilestone);
    if (write.kind !== 'create' && (await descendantsOf(db, write.id)).includes(parentId))
      throw invalidField('parentId', PlanMessages.parentBelow);
    if (await hasLinks(db, parentId)) throw invalidField('parentId', PlanMessages.parentLinked(parent.name));
  }

  let kind = record.kind === 'milestone' ? 'milestone' : 'task';
  let duration = Math.max(0, Math.round(Number(record.duration ?? 0)));
  // A summary's duration is its tasks'; a work of no duration is a milestone.
  const summary = write.kind !== 'create' && (await hasChildren(db, write.id));
  if (!summary && kind === 'task' && duration === 0) kind = 'milestone';
  if (kind === 'milestone') {
    if (summary) throw invalidField('kind', PlanMessages.summaryMilestone);
    duration = 0;
  }
  const actualStart = text(record.actualStart);
  const actualFinish = text(record.actualFinish);
  if (actualStart && actualFinish && actualFinish < actualStart)
    throw invalidField('actualFinish', PlanMessages.actualOrder);
  const percent = actualFinish ? 100 : record.percentComplete;
  const sortNo =
    moved && (write.kind !== 'create' || record.sortNo === undefined || record.sortNo === null)
      ? await nextSortNo(db, write.projectId, parentId, write.id)
      : Number(record.sortNo ?? 0);

  await sql`update c_plan_task set parent_id = ${parentId}, kind = ${kind}, duration = ${duration},
      percent_complete = ${percent ?? null}, sort_no = ${sortNo}
    where id = ${write.id}`.execute(db);
}

async function taskRemoved(write: RecordWrite): Promise<void> {
  const { db } = write;
  const below = await descendantsOf(db, write.id);
  const gone = [write.id, ...below];
  const list = sql.join(gone.map((id) => sql`${id}`));
  await sql`delete from c_plan_link where predecessor_id in (${list}) or successor_id in (${list})`.execute(db);
  if (below.length > 0)
    await sql`delete from c_plan_task where id in (${sql.join(below.map((id) => sql`${id}`))})`.execute(db);
}

async function linkWritten(write: RecordWrite): Promise<void> {
  const link = await write.records('plan-link').get(write.id);
  await checkLinkEnds(write.db, String(link.predecessorId), String(link.successorId));
  await checkNoLoop(write.db, write.projectId, String(link.successorId));
}

async function settingWritten(write: RecordWrite): Promise<void> {
  const { rows } =
    await sql`select 1 from c_plan_setting where project_id = ${write.projectId} and id <> ${write.id} limit 1`.execute(
      write.db,
    );
  if (rows.length > 0) throw new DomainError('conflict', PlanMessages.settingTaken);
  const setting = await write.records('plan-setting').get(write.id);
  for (const [field, title] of [
    ['nonWorkingDays', '停工日'],
    ['workingDays', '加班工作日'],
  ] as const) {
    const { errors } = parseDayList(setting[field] as string | undefined);
    if (errors.length > 0) throw invalidField(field, PlanMessages.days(title, errors.slice(0, 5)));
  }
}

async function baselineSaved(store: PlanStore, write: RecordWrite): Promise<void> {
  const schedule = await store.schedule(write.projectId, write.db);
  if (schedule.tasks.length === 0) throw invalidField('name', PlanMessages.baselineEmpty);
  await writeSnapshot(write.db, write.id, write.projectId, schedule);
}

export function planRules(store: PlanStore): void {
  // Whatever a write leaves, the schedule must still be computable (a chain of centuries is refused with it).
  const computes = (write: RecordWrite) => store.schedule(write.projectId, write.db);
  store.tasks.onWrite(async (write) => {
    if (bulkWrites.has(write.db)) return;
    if (write.kind === 'remove') await taskRemoved(write);
    else if (write.kind === 'create' || write.kind === 'update') {
      await taskWritten(write);
      await computes(write);
    }
  });
  store.links.onWrite(async (write) => {
    if (bulkWrites.has(write.db) || write.kind === 'remove') return;
    await linkWritten(write);
    await computes(write);
  });
  store.settings.onWrite(async (write) => {
    if (write.kind !== 'create' && write.kind !== 'update') return;
    await settingWritten(write);
    await computes(write);
  });
  store.baselines.onWrite(async (write) => {
    if (write.kind === 'create') await baselineSaved(store, write);
    else if (write.kind === 'remove')
      await sql`delete from planning_baseline_task where baseline_id = ${write.id}`.execute(write.db);
  });
}
