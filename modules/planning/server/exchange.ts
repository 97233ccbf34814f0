/**
 * A schedule exchanged as a file (Excel, MS Project XML): what a file says, checked as a whole, then written as the
 * project's schedule in one transaction. An import replaces the project's plan: tasks the file names by their
 * platform id (an export's 唯一标识 column, the XML's Text1 field) keep their id, so a baseline still compares
 * them; the others are new; tasks the file leaves out go, with every relation. Where a task starts later in the file
 * than its predecessors would put it, it keeps the file's start as a constraint (开始不早于), as MS Project does
 * when it imports dates; everything else follows from durations and relations (CPM).
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { ApiError, MsgCode, type Db } from '../../../src/server/module-api.js';
import { isDate, type WorkWeek } from './calendar.js';
import { CycleError, dependencyOrder, type LinkType } from './cpm.js';
import { bulkWrites, checkNoLoop } from './plan-rules.js';
import { MAX_LAG_DAYS } from './predecessors.js';
import { calendarOf, projectStartOf, type SettingInput, type TaskInput } from './schedule-model.js';
import { MAX_TASKS, type PlanStore } from './schedule-store.js';

export interface ImportedLink {
  /** The predecessor's key in the file. */
  key: string;
  type: LinkType;
  lag: number;
}

export interface ImportedTask {
  /** Its key in the file (a row number, a UID). */
  key: string;
  /** The Excel row or XML task number, for messages. */
  row: number;
  /** The platform id the file carries, if any. */
  id?: string;
  level: number;
  name: string;
  milestone: boolean;
  duration: number;
  /** The planned start the file shows. */
  start?: string;
  /** An explicit start constraint (MSPDI SNET/MSO). */
  constraintStart?: string;
  responsibleName?: string;
  percentComplete?: number;
  actualStart?: string;
  actualFinish?: string;
  remark?: string;
  predecessors: ImportedLink[];
}

export interface ImportedDocument {
  tasks: ImportedTask[];
  projectStart?: string;
  calendar?: { workWeek: WorkWeek; nonWorkingDays: string[]; workingDays: string[] };
}

export interface RowError {
  row?: number;
  field?: string;
  message: string;
}

export const ExchangeMessages = {
  empty: '文件中没有任何任务',
  tooMany: `一份计划最多 ${MAX_TASKS} 项任务`,
  name: '请填写任务名称',
  nameLength: '任务名称不能超过100个字',
  duration: '工期必须是0到3650之间的整数（工作日）',
  level: '大纲级别不正确：比上一行最多深一级',
  percent: '完成百分比必须是0到100之间的数',
  actualOrder: '实际完成日期不能早于实际开始日期',
  predecessorMissing: (key: string) => `前置任务“${key}”不在文件中`,
  predecessorSelf: '任务不能以自己为前置任务',
  predecessorSummary: (name: string) => `“${name}”是摘要任务，不能作为前置任务；请连接其下的具体工作`,
  summaryLinked: '摘要任务不能设置前置任务；请连接其下的具体工作',
  lag: `延隔时间不能超过${MAX_LAG_DAYS}个工作日`,
  unmatched: (count: number) => `；${count} 项任务的负责人不是本项目所属公司的人员，已留空`,
  refused: '导入失败：文件中有错误，未导入任何数据',
} as const;

/** Every rule a schedule's tasks keep, checked on the whole file: the rows in error, or nothing. */
export function checkDocument(document: ImportedDocument): RowError[] {
  const errors: RowError[] = [];
  const { tasks } = document;
  if (tasks.length === 0) return [{ message: ExchangeMessages.empty }];
  if (tasks.length > MAX_TASKS) return [{ message: ExchangeMessages.tooMany }];
  const byKey = new Map(tasks.map((task) => [task.key, task]));
  const summaries = new Set<string>();
  tasks.forEach((task, index) => {
    const next = tasks[index + 1];
    if (next && next.level > task.level) summaries.add(task.key);
  });
  let previousLevel = 0;
  for (const task of tasks) {
    const at = (field: string, message: string) => errors.push({ row: task.row, field, message });
    if (task.name.trim() === '') at('任务名称', ExchangeMessages.name);
    else if (task.name.length > 100) at('任务名称', ExchangeMessages.nameLength);
    if (!Number.isInteger(task.duration) || task.duration < 0 || task.duration > 3650)
      at('工期', ExchangeMessages.duration);
    if (task.level < 1 || task.level > previousLevel + 1) at('WBS', ExchangeMessages.level);
    previousLevel = Math.max(1, task.level);
    if (task.percentComplete !== undefined && !(task.percentComplete >= 0 && task.percentComplete <= 100))
      at('完成百分比', ExchangeMessages.percent);
    if (task.actualStart && task.actualFinish && task.actualFinish < task.actualStart)
      at('实际完成', ExchangeMessages.actualOrder);
    if (task.predecessors.length > 0 && summaries.has(task.key)) at('前置任务', ExchangeMessages.summaryLinked);
    for (const link of task.predecessors) {
      const other = byKey.get(link.key);
      if (!other) at('前置任务', ExchangeMessages.predecessorMissing(link.key));
      else if (other === task) at('前置任务', ExchangeMessages.predecessorSelf);
      else if (summaries.has(other.key)) at('前置任务', ExchangeMessages.predecessorSummary(other.name));
      if (Math.abs(link.lag) > MAX_LAG_DAYS) at('前置任务', ExchangeMessages.lag);
    }
  }
  if (errors.length > 0) return errors;
  try {
    dependencyOrder(
      tasks.map((task) => ({ id: task.key, name: task.name, duration: 0 })),
      tasks.flatMap((task) =>
        task.predecessors.map((link) => ({ from: link.key, to: task.key, type: link.type, lag: 0 })),
      ),
    );
  } catch (error) {
    if (!(error instanceof CycleError)) throw error;
    errors.push({ row: byKey.get(error.cycle[0]?.id ?? '')?.row, field: '前置任务', message: error.message });
  }
  return errors;
}

/** The refusal of a file with errors: CrudImport lists `data.errors` by row. */
export function refuse(errors: RowError[]): never {
  throw new ApiError(MsgCode.invalidInput, errors[0]?.row ? ExchangeMessages.refused : errors[0].message, {
    errors: errors.slice(0, 200).map((error) => ({ ...error, title: error.field })),
  });
}

export interface ImportOutcome {
  created: number;
  updated: number;
  removed: number;
  links: number;
  /** Tasks whose 负责人 names nobody of the project's company (left without one). */
  unmatched: number;
}

/**
 * Writes a checked document as the project's schedule (see the file's comment). `members`: the names of the
 * project's people -> their user ids (the file names a 负责人 by name).
 */
export async function applyDocument(
  store: PlanStore,
  projectId: string,
  document: ImportedDocument,
  members: ReadonlyMap<string, string>,
  actorId: string,
): Promise<ImportOutcome> {
  const existing = new Set(
    (await sql<{ id: string }>`select id from c_plan_task where project_id = ${projectId}`.execute(store.db)).rows.map(
      (row) => row.id,
    ),
  );
  // Ids: the file's own where it names a task of this project, new ones otherwise (each id once).
  const ids = new Map<string, string>();
  const taken = new Set<string>();
  for (const task of document.tasks) {
    const id = task.id && existing.has(task.id) && !taken.has(task.id) ? task.id : randomUUID();
    taken.add(id);
    ids.set(task.key, id);
  }
  // A summary is a task whose next row is deeper: its kind and duration are its tasks'.
  const summaries = new Set(
    document.tasks
      .filter((task, index) => (document.tasks[index + 1]?.level ?? 0) > task.level)
      .map((task) => task.key),
  );
  const values = (task: ImportedTask, index: number) => ({
    name: task.name.trim(),
    kind: !summaries.has(task.key) && (task.milestone || task.duration === 0) ? 'milestone' : 'task',
    duration: task.milestone ? 0 : task.duration,
    constraintStart: task.constraintStart ?? null,
    responsibleId: task.responsibleName ? (members.get(task.responsibleName) ?? null) : null,
    percentComplete: task.actualFinish
      ? 100
      : task.percentComplete === undefined
        ? null
        : Math.round(task.percentComplete),
    actualStart: task.actualStart ?? null,
    actualFinish: task.actualFinish ?? null,
    remark: task.remark ?? null,
    sortNo: (index + 1) * 10,
  });

  return store.db.transaction().execute(async (trx) => {
    bulkWrites.add(trx);
    const tasks = store.tasks.within(trx);
    const kept = document.tasks.filter((task) => existing.has(ids.get(task.key)!));
    const fresh = document.tasks.filter((task) => !existing.has(ids.get(task.key)!));
    const named = new Set(ids.values());
    const removed = [...existing].filter((id) => !named.has(id));

    await sql`delete from c_plan_link where project_id = ${projectId}`.execute(trx);
    if (removed.length > 0)
      for (let start = 0; start < removed.length; start += 500)
        await sql`delete from c_plan_task where id in (${sql.join(removed.slice(start, start + 500).map((id) => sql`${id}`))})`.execute(
          trx,
        );
    const index = new Map(document.tasks.map((task, position) => [task.key, position]));
    const created = await tasks.createMany(
      projectId,
      fresh.map((task) => values(task, index.get(task.key)!)),
      actorId,
    );
    // createMany chose ids of its own: the file's keys follow them.
    fresh.forEach((task, position) => ids.set(task.key, created[position]));
    for (const task of kept)
      await tasks.update(ids.get(task.key)!, values(task, index.get(task.key)!), undefined, actorId);
    // Parents from the outline levels, once every task exists.
    const parentKeys = new Map<string, string | null>();
    const open: ImportedTask[] = [];
    for (const task of document.tasks) {
      while (open.length > 0 && open[open.length - 1].level >= task.level) open.pop();
      parentKeys.set(task.key, open.length > 0 ? open[open.length - 1].key : null);
      open.push(task);
    }
    const parentOf = (task: ImportedTask) => {
      const parentKey = parentKeys.get(task.key);
      return parentKey ? ids.get(parentKey)! : null;
    };
    await setParents(
      trx,
      document.tasks.map((task) => ({ id: ids.get(task.key)!, parentId: parentOf(task) })),
    );
    const links = document.tasks.flatMap((task) =>
      task.predecessors.map((link) => ({
        predecessorId: ids.get(link.key)!,
        successorId: ids.get(task.key)!,
        type: link.type,
        lag: link.lag,
      })),
    );
    await store.links.within(trx).createMany(projectId, links, actorId);
    await checkNoLoop(trx, projectId);

    // A project without settings takes the file's start (its own, or its earliest task's) and work week.
    const setting = await store.settings.within(trx).all(projectId, {}, 1);
    if (setting.length === 0) {
      const projectStart =
        document.projectStart ??
        document.tasks
          .map((task) => task.start)
          .filter((date): date is string => Boolean(date))
          .sort()[0];
      if (projectStart)
        await store.settings.within(trx).create(
          projectId,
          {
            projectStart,
            workWeek: document.calendar?.workWeek ?? '7',
            statutoryHolidays: false,
            nonWorkingDays: (document.calendar?.nonWorkingDays ?? []).join('\n') || null,
            workingDays: (document.calendar?.workingDays ?? []).join('\n') || null,
          },
          actorId,
        );
    }
    await keepFileStarts(store, trx, projectId, document, ids);
    await store.schedule(projectId, trx);
    const unmatched = document.tasks.filter(
      (task) => task.responsibleName && !members.has(task.responsibleName),
    ).length;
    return { created: fresh.length, updated: kept.length, removed: removed.length, links: links.length, unmatched };
  });
}

async function setParents(db: Db, rows: { id: string; parentId: string | null }[]): Promise<void> {
  for (let start = 0; start < rows.length; start += 500) {
    const slice = rows.slice(start, start + 500);
    await sql`update c_plan_task t set parent_id = v.parent_id
      from (values ${sql.join(slice.map((row) => sql`(${row.id}::text, ${row.parentId}::text)`))}) as v(id, parent_id)
      where t.id = v.id`.execute(db);
  }
}

/**
 * The starts the file shows that its relations alone would not give: kept as constraints, task by task in
 * dependency order (a constraint only ever moves a task later, so one pass finds them all).
 */
async function keepFileStarts(
  store: PlanStore,
  db: Db,
  projectId: string,
  document: ImportedDocument,
  ids: ReadonlyMap<string, string>,
): Promise<void> {
  const inputs = await store.inputs(projectId, db);
  const wanted = new Map<string, string>();
  for (const task of document.tasks)
    if (task.start && isDate(task.start) && !task.constraintStart) wanted.set(ids.get(task.key)!, task.start);
  if (wanted.size === 0) return;
  const constraints = inferConstraints(inputs.tasks, inputs.links, inputs.setting ?? null, wanted, inputs.today);
  const rows = [...constraints];
  for (let start = 0; start < rows.length; start += 500)
    await sql`update c_plan_task t set constraint_start = v.start::date
      from (values ${sql.join(rows.slice(start, start + 500).map(([id, date]) => sql`(${id}::text, ${date}::text)`))}) as v(id, start)
      where t.id = v.id`.execute(db);
}

/** The tasks whose wanted start is later than their predecessors and the project's start would give. */
export function inferConstraints(
  tasks: readonly TaskInput[],
  links: readonly { predecessorId: string; successorId: string; type: LinkType; lag: number }[],
  setting: SettingInput | null,
  wanted: ReadonlyMap<string, string>,
  today: string,
): Map<string, string> {
  const projectStart = projectStartOf({ tasks, setting, today });
  const calendar = calendarOf(setting, projectStart);
  const parents = new Set(tasks.map((task) => task.parentId).filter(Boolean));
  const leaves = tasks.filter((task) => !parents.has(task.id));
  const order = dependencyOrder(
    leaves.map((task) => ({ id: task.id, name: task.name, duration: 0 })),
    links.map((link) => ({ from: link.predecessorId, to: link.successorId, type: link.type, lag: link.lag })),
  );
  const byId = new Map(leaves.map((task) => [task.id, task]));
  const into = new Map<string, typeof links>();
  for (const link of links) into.set(link.successorId, [...(into.get(link.successorId) ?? []), link]);
  const times = new Map<string, { es: number; ef: number }>();
  const found = new Map<string, string>();
  for (const { id } of order) {
    const task = byId.get(id)!;
    const duration = task.kind === 'milestone' ? 0 : task.duration;
    let es = Math.max(0, task.constraintStart ? calendar.startIndex(task.constraintStart) : 0);
    if (task.actualStart) es = calendar.startIndex(task.actualStart);
    else
      for (const link of into.get(id) ?? []) {
        const from = times.get(link.predecessorId);
        if (!from) continue;
        const bound =
          link.type === 'FS'
            ? from.ef + link.lag
            : link.type === 'SS'
              ? from.es + link.lag
              : link.type === 'FF'
                ? from.ef + link.lag - duration
                : from.es + link.lag - duration;
        es = Math.max(es, bound);
      }
    const start = wanted.get(id);
    if (start && !task.actualStart) {
      // A milestone's date is the end of its day when its predecessors put it there.
      const index = calendar.startIndex(start);
      const atEnd = duration === 0 && (into.get(id)?.length ?? 0) > 0 ? calendar.finishIndex(start) : index;
      if (atEnd > es && index > es) {
        found.set(id, start);
        es = index;
      }
    }
    times.set(id, { es, ef: task.actualFinish ? calendar.finishIndex(task.actualFinish) : es + duration });
  }
  return found;
}
