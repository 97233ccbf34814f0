/**
 * The planning module's own calls, under /api/planning/v1.0 (the records themselves are the collections' calls,
 * /api/data/plan-task and the others):
 *   GET  /schedule?projectId          the computed schedule: every task with its dates, floats and state, the
 *                                     relations, the calendar, the baseline and the figures (the Gantt chart)
 *   GET  /tasks?projectId&name&show   the same tasks as a WBS tree (the 进度计划 list), filtered
 *   GET  /task-options?projectId      the tasks a task may be put under, as `WBS 名称`
 *   GET  /tasks/:id/logic             a task's predecessors as typed (`3FS+2,5SS`) and its start constraint
 *   PUT  /tasks/:id/logic             replaces them (empty: none); a loop is refused, naming its tasks
 *   POST /tasks/:id/dates             moves or stretches a task from the chart; its successors follow (CPM)
 *   POST /tasks/:id/indent|outdent    one level down (under the task before it) or up (after its parent)
 *   GET  /summary?projectId           the workbench's progress against plan
 * Each needs the module's permission and a project the caller may see.
 */
import { sql } from 'kysely';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  DomainError,
  envelope,
  invalidField,
  ok,
  recordAccess,
  requireAuth,
  security,
  type Db,
} from '../../../src/server/module-api.js';
import { parsePredecessors } from './predecessors.js';
import { bulkWrites, checkNoLoop, PlanMessages } from './plan-rules.js';
import { calendarOf, type Schedule, type ScheduledTask } from './schedule-model.js';
import { computable as computeSchedule, withinRange, type PlanStore } from './schedule-store.js';
import { dateProperty, figuresSchema, projectIdProperty, projectQuery, scheduleSchema, taskParams } from './schemas.js';

export const PERMISSIONS = { view: 'planning:plan:view', edit: 'planning:plan:edit' } as const;

export const RouteMessages = {
  summaryDates: '摘要任务的日期由其下的工作决定，请调整具体工作',
  started: (name: string, date: string) => `“${name}”已于 ${date} 开工，不能再移动开始日期，可调整工期`,
  milestoneLength: '里程碑没有工期，只能移动',
  noDates: '请给出新的开始或完成日期',
  finishBeforeStart: '完成日期不能早于开始日期',
  heldBack: (name: string, date: string) => `受前置任务约束，“${name}”最早于 ${date} 开始`,
  seqMissing: (seq: number) => `序号 ${seq} 的任务不存在`,
  firstSibling: '这是同级的第一项任务，不能降级',
  topLevel: '已是顶级任务，不能升级',
} as const;

const SHOW = ['all', 'critical', 'overdue', 'inProgress', 'milestone'] as const;
type Show = (typeof SHOW)[number];

/** A chart's range: from a week before the start to a month after the finish (the baseline's included). */
export function chartRange(schedule: Schedule): { from: string; to: string } {
  const dates = schedule.tasks.flatMap((task) => [
    task.start,
    task.finish,
    task.baselineStart ?? '',
    task.baselineFinish ?? '',
  ]);
  const known = [...dates, schedule.projectStart, schedule.today].filter((date) => date !== '').sort();
  const day = (date: string, days: number) =>
    new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
  return { from: day(known[0], -7), to: day(known[known.length - 1], 31) };
}

type TreeRow = ScheduledTask & { childList?: TreeRow[] };

/** The tasks as a tree, keeping those that match and the summaries above them. */
export function taskTree(tasks: readonly ScheduledTask[], keep: (task: ScheduledTask) => boolean): TreeRow[] {
  const byId = new Map(tasks.map((task) => [task.id, task]));
  const kept = new Set<string>();
  for (const task of tasks) {
    if (!keep(task)) continue;
    for (let id: string | undefined = task.id; id && !kept.has(id); id = byId.get(id)?.parentId || undefined)
      kept.add(id);
  }
  const rows = new Map<string, TreeRow>();
  const top: TreeRow[] = [];
  for (const task of tasks) {
    if (!kept.has(task.id)) continue;
    const row: TreeRow = { ...task };
    rows.set(task.id, row);
    const parent = task.parentId ? rows.get(task.parentId) : undefined;
    if (parent) (parent.childList ??= []).push(row);
    else top.push(row);
  }
  return top;
}

function shows(show: Show, name: string | undefined) {
  const words = name?.trim().toLowerCase();
  return (task: ScheduledTask) => {
    if (words && !task.name.toLowerCase().includes(words) && task.wbs !== words) return false;
    switch (show) {
      case 'critical':
        return task.critical && task.kind !== 'summary';
      case 'overdue':
        return (task.status === 'overdue' || task.status === 'lateStart') && task.kind !== 'summary';
      case 'inProgress':
        return task.status === 'inProgress' && task.kind !== 'summary';
      case 'milestone':
        return task.kind === 'milestone';
      default:
        return true;
    }
  };
}

export function planRoutes(app: FastifyInstance, store: PlanStore): void {
  const access = recordAccess(app);
  const actor = (request: FastifyRequest) => requireAuth(request).view.user.id;
  const view = (title: string) => ({ auth: 'user' as const, permission: PERMISSIONS.view, title });
  const edit = (title: string) => ({ auth: 'user' as const, permission: PERMISSIONS.edit, title });
  const doc = (summary: string, description: string) => ({ tags: ['planning'], summary, description, security });

  /** The schedule with what a chart needs besides: the non-working days of its range. */
  const chartSchedule = async (projectId: string) => {
    const inputs = await store.inputs(projectId);
    const schedule = computeSchedule(inputs);
    const range = chartRange(schedule);
    const calendar = calendarOf(inputs.setting, schedule.projectStart);
    return {
      ...schedule,
      calendar: { ...schedule.calendar, nonWorkingDays: calendar.nonWorkingDays(range.from, range.to) },
    };
  };

  /** A task the caller may see, with its project. */
  const taskOf = async (request: FastifyRequest, id: string) => {
    const projectId = await access.checkRecord(request, store.tasks, id);
    const schedule = await store.schedule(projectId);
    const task = schedule.tasks.find((item) => item.id === id);
    if (!task) throw new DomainError('notFound', '任务不存在');
    return { projectId, schedule, task };
  };

  app.get<{ Querystring: { projectId: string } }>(
    '/api/planning/v1.0/schedule',
    {
      schema: {
        ...doc(
          "A project's computed schedule",
          'data: projectStart, finish, today, calendar (work week, holidays, the non-working days of the chart range), ' +
            'tasks in WBS order (seq, wbs, level, dates, late dates, total and free float in working days, critical, ' +
            'state against today, baseline dates and variance), links, the latest baseline, figures.',
        ),
        querystring: projectQuery,
        response: { 200: envelope({ data: scheduleSchema }) },
      },
      config: view('查看进度计划'),
    },
    async (request) => {
      await access.checkProject(request, request.query.projectId);
      return ok('', await chartSchedule(request.query.projectId));
    },
  );

  app.get<{ Querystring: { projectId: string; name?: string; show?: Show } }>(
    '/api/planning/v1.0/tasks',
    {
      schema: {
        ...doc(
          "A project's tasks as a WBS tree",
          'data: the top-level rows, each with its `childList`; `name` keeps the tasks whose name holds it (or whose ' +
            'WBS code it is) and the summaries above them; `show`: critical, overdue (and late to start), inProgress, milestone.',
        ),
        querystring: {
          type: 'object',
          required: ['projectId'],
          properties: {
            projectId: projectIdProperty,
            name: { type: 'string', maxLength: 100, errorMessage: { maxLength: '任务名称不能超过100个字' } },
            show: { type: 'string', enum: [...SHOW], errorMessage: { enum: '请选择显示范围' } },
          },
        },
      },
      config: view('查看进度计划'),
    },
    async (request) => {
      const { projectId, name, show = 'all' } = request.query;
      await access.checkProject(request, projectId);
      const schedule = await store.schedule(projectId);
      return ok('', taskTree(schedule.tasks, shows(show, name)));
    },
  );

  app.get<{ Querystring: { projectId: string; exclude?: string } }>(
    '/api/planning/v1.0/task-options',
    {
      schema: {
        ...doc(
          'Tasks a task may be put under',
          'data: [{id, label}] in WBS order, label `WBS 名称`: every task but milestones, tasks with relations, and ' +
            '`exclude` with the tasks below it.',
        ),
        querystring: {
          type: 'object',
          required: ['projectId'],
          properties: { projectId: projectIdProperty, exclude: { type: 'string', maxLength: 64 } },
        },
        response: {
          200: envelope({
            data: {
              type: 'array',
              items: { type: 'object', properties: { id: { type: 'string' }, label: { type: 'string' } } },
            },
          }),
        },
      },
      config: view('选择上级任务'),
    },
    async (request) => {
      const { projectId, exclude } = request.query;
      await access.checkProject(request, projectId);
      const schedule = await store.schedule(projectId);
      const linked = new Set(schedule.links.flatMap((link) => [link.predecessorId, link.successorId]));
      const below = new Set<string>(exclude ? [exclude] : []);
      for (const task of schedule.tasks) if (below.has(task.parentId)) below.add(task.id);
      return ok(
        '',
        schedule.tasks
          .filter((task) => task.kind !== 'milestone' && !below.has(task.id) && !linked.has(task.id))
          .map((task) => ({ id: task.id, label: `${task.wbs} ${task.name}` })),
      );
    },
  );

  app.get<{ Params: { id: string } }>(
    '/api/planning/v1.0/tasks/:id/logic',
    {
      schema: {
        ...doc(
          "A task's predecessors and start constraint",
          'data: {id, name, predecessors (`3FS+2,5SS`), constraintStart}.',
        ),
        params: taskParams,
        response: {
          200: envelope({
            data: {
              type: 'object',
              properties: {
                id: { type: 'string' },
                name: { type: 'string' },
                predecessors: { type: 'string' },
                constraintStart: { type: 'string' },
              },
            },
          }),
        },
      },
      config: view('查看前置任务'),
    },
    async (request) => {
      const { task } = await taskOf(request, request.params.id);
      return ok('', {
        id: task.id,
        name: task.name,
        predecessors: task.predecessors,
        ...(task.constraintStart ? { constraintStart: task.constraintStart } : {}),
      });
    },
  );

  app.put<{ Params: { id: string }; Body: { predecessors?: string; constraintStart?: string | null } }>(
    '/api/planning/v1.0/tasks/:id/logic',
    {
      schema: {
        ...doc(
          "Replaces a task's predecessors and start constraint",
          'Body: predecessors as planners type them, by row number (序号) with the relation and the lag in working ' +
            'days (`3`, `3FS+2`, `5SS`, `7FF-1`, `2SF+3`), comma separated; empty or absent removes them all. ' +
            'constraintStart (开始不早于): absent or empty removes it. -400 for an unknown row number, a summary ' +
            'task, the task itself, or a loop (the message names its tasks in order).',
        ),
        params: taskParams,
        body: {
          type: 'object',
          properties: {
            predecessors: { type: 'string', maxLength: 1000, errorMessage: { maxLength: '前置任务不能超过1000个字' } },
            constraintStart: {
              anyOf: [{ type: 'string', maxLength: 0 }, { type: 'null' }, dateProperty('开始不早于')],
              errorMessage: '开始不早于不是正确的日期',
            },
            version: { type: 'integer' },
          },
        },
        response: { 200: envelope({ data: { type: 'object', properties: { predecessors: { type: 'string' } } } }) },
      },
      config: edit('修改前置任务'),
    },
    async (request) => {
      const { projectId, schedule, task } = await taskOf(request, request.params.id);
      const text = request.body?.predecessors?.trim() ?? '';
      const { entries, errors } = parsePredecessors(text);
      if (errors.length > 0) throw invalidField('predecessors', errors[0]);
      const bySeq = new Map(schedule.tasks.map((item) => [item.seq, item]));
      const wanted = new Map<string, { type: string; lag: number }>();
      for (const entry of entries) {
        const other = bySeq.get(entry.seq);
        if (!other) throw invalidField('predecessors', RouteMessages.seqMissing(entry.seq));
        if (other.id === task.id) throw invalidField('predecessors', PlanMessages.linkSelf);
        if (other.kind === 'summary') throw invalidField('predecessors', PlanMessages.linkSummary(other.name));
        wanted.set(other.id, { type: entry.type, lag: entry.lag });
      }
      if (wanted.size > 0 && task.kind === 'summary')
        throw invalidField('predecessors', PlanMessages.linkSummary(task.name));
      const constraintStart = request.body?.constraintStart || null;
      await store.db.transaction().execute(async (trx) => {
        bulkWrites.add(trx);
        await sql`delete from c_plan_link where successor_id = ${task.id}`.execute(trx);
        await store.links.within(trx).createMany(
          projectId,
          [...wanted].map(([predecessorId, link]) => ({ predecessorId, successorId: task.id, ...link })),
          actor(request),
        );
        await checkNoLoop(trx, projectId, task.id);
        await sql`update c_plan_task set constraint_start = ${constraintStart}, version = version + 1,
          updated_at = now() where id = ${task.id}`.execute(trx);
        await store.schedule(projectId, trx);
      });
      const after = (await store.schedule(projectId)).tasks.find((item) => item.id === task.id);
      return ok('保存成功', { predecessors: after?.predecessors ?? '' });
    },
  );

  app.post<{ Params: { id: string }; Body: { start?: string; finish?: string } }>(
    '/api/planning/v1.0/tasks/:id/dates',
    {
      schema: {
        ...doc(
          'Moves or stretches a task (the Gantt chart)',
          'Body: start (moves the task: it starts no earlier than this day, 开始不早于, unless its predecessors ' +
            'already hold it there) and/or finish (its duration becomes the working days from its start to this day). ' +
            'The schedule is computed again, its successors follow. data: {schedule, task, moved: successors whose ' +
            'dates changed [{id, name, start, finish}]}; errMsg says when the predecessors held the task back. -400 ' +
            'for a summary task, the start of a task already started, a finish before the start.',
        ),
        params: taskParams,
        body: {
          type: 'object',
          properties: { start: dateProperty('开始日期'), finish: dateProperty('完成日期') },
        },
      },
      config: edit('调整任务日期'),
    },
    async (request) =>
      withinRange(async () => {
        const { projectId, task } = await taskOf(request, request.params.id);
        const { start, finish } = request.body ?? {};
        if (!start && !finish) throw invalidField('start', RouteMessages.noDates);
        if (task.kind === 'summary') throw invalidField('start', RouteMessages.summaryDates);
        const inputs = await store.inputs(projectId);
        const before = computeSchedule(inputs);
        const changes: Record<string, unknown> = {};
        const newStart = start ?? task.start;
        if (start && start !== task.start) {
          if (task.actualStart) throw invalidField('start', RouteMessages.started(task.name, task.actualStart));
          // Where its predecessors alone would start it: a constraint at or before that day is no constraint.
          const free = computeSchedule({
            ...inputs,
            tasks: inputs.tasks.map((item) => (item.id === task.id ? { ...item, constraintStart: null } : item)),
          }).tasks.find((item) => item.id === task.id)!;
          changes.constraintStart = start > free.start ? start : null;
        }
        if (finish && finish !== task.finish) {
          if (task.kind === 'milestone') throw invalidField('finish', RouteMessages.milestoneLength);
          if (finish < newStart) throw invalidField('finish', RouteMessages.finishBeforeStart);
          const calendar = calendarOf(inputs.setting, before.projectStart);
          changes.duration = Math.max(1, calendar.workingDaysBetween(newStart, finish));
        }
        if (Object.keys(changes).length > 0) await store.tasks.update(task.id, changes, undefined, actor(request));
        const schedule = await chartSchedule(projectId);
        const was = new Map(before.tasks.map((item) => [item.id, item]));
        const moved = schedule.tasks
          .filter((item) => item.id !== task.id && item.kind !== 'summary')
          .filter((item) => was.get(item.id)?.start !== item.start || was.get(item.id)?.finish !== item.finish)
          .map((item) => ({ id: item.id, name: item.name, start: item.start, finish: item.finish }));
        const now = schedule.tasks.find((item) => item.id === task.id)!;
        const message = start && now.start > start ? RouteMessages.heldBack(now.name, now.start) : '已调整';
        return ok(message, { schedule, task: now, moved });
      }),
  );

  /** The task's siblings in order (under `parentId`, '' at the top). */
  const siblingsOf = (schedule: Schedule, parentId: string) =>
    schedule.tasks.filter((item) => item.parentId === parentId);

  /** Puts `taskId` right after `afterId` among the children of `parentId` (null: the top level), renumbering them. */
  const placeAfter = async (db: Db, projectId: string, parentId: string | null, afterId: string, taskId: string) => {
    const { rows } = await sql<{ id: string }>`
      select id from c_plan_task where project_id = ${projectId} and id <> ${taskId}
        and ${parentId === null ? sql`parent_id is null` : sql`parent_id = ${parentId}`}
      order by sort_no, created_at, id`.execute(db);
    const order = rows.map((row) => row.id);
    order.splice(order.indexOf(afterId) + 1, 0, taskId);
    for (const [index, id] of order.entries())
      await sql`update c_plan_task set sort_no = ${(index + 1) * 10} where id = ${id}`.execute(db);
  };

  app.post<{ Params: { id: string } }>(
    '/api/planning/v1.0/tasks/:id/indent',
    {
      schema: {
        ...doc('Indents a task (降级)', 'The task goes under the task before it at its level, at the end of its list.'),
        params: taskParams,
      },
      config: edit('任务降级'),
    },
    async (request) => {
      const { schedule, task } = await taskOf(request, request.params.id);
      const siblings = siblingsOf(schedule, task.parentId);
      const before = siblings[siblings.indexOf(siblings.find((item) => item.id === task.id)!) - 1];
      if (!before) throw invalidField('parentId', RouteMessages.firstSibling);
      await store.tasks.update(task.id, { parentId: before.id }, undefined, actor(request));
      return ok('已降级');
    },
  );

  app.post<{ Params: { id: string } }>(
    '/api/planning/v1.0/tasks/:id/outdent',
    {
      schema: {
        ...doc('Outdents a task (升级)', 'The task goes up a level, right after its former parent.'),
        params: taskParams,
      },
      config: edit('任务升级'),
    },
    async (request) => {
      const { projectId, schedule, task } = await taskOf(request, request.params.id);
      const parent = schedule.tasks.find((item) => item.id === task.parentId);
      if (!parent) throw invalidField('parentId', RouteMessages.topLevel);
      await store.db.transaction().execute(async (trx) => {
        await store.tasks.within(trx).update(task.id, { parentId: parent.parentId || '0' }, undefined, actor(request));
        await placeAfter(trx, projectId, parent.parentId || null, parent.id, task.id);
      });
      return ok('已升级');
    },
  );

  app.get<{ Querystring: { projectId: string } }>(
    '/api/planning/v1.0/summary',
    {
      schema: {
        ...doc(
          "A project's progress against plan (the workbench)",
          'data: the figures (planned and actual percent by duration, against the baseline when one is kept; ' +
            'critical, overdue, late-to-start, in-progress and done counts; planned, baseline and contract finish ' +
            'and their variance), projectStart, today, baselineName, and the next milestones [{name, date}].',
        ),
        querystring: projectQuery,
        response: {
          200: envelope({
            data: {
              type: 'object',
              properties: {
                ...(figuresSchema.properties as object),
                projectStart: { type: 'string' },
                today: { type: 'string' },
                baselineName: { type: ['string', 'null'] },
                milestones: {
                  type: 'array',
                  items: {
                    type: 'object',
                    properties: { name: { type: 'string' }, date: { type: 'string' }, critical: { type: 'boolean' } },
                  },
                },
              },
            },
          }),
        },
      },
      config: view('查看计划进度'),
    },
    async (request) => {
      await access.checkProject(request, request.query.projectId);
      const schedule = await store.schedule(request.query.projectId);
      return ok('', {
        ...schedule.figures,
        projectStart: schedule.projectStart,
        today: schedule.today,
        baselineName: schedule.baseline?.name ?? null,
        milestones: schedule.tasks
          .filter((task) => task.kind === 'milestone' && task.status !== 'done')
          .sort((a, b) => a.start.localeCompare(b.start))
          .slice(0, 3)
          .map((task) => ({ name: task.name, date: task.start, critical: task.critical })),
      });
    },
  );
}
