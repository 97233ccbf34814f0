/**
 * A project's schedule from its stored inputs (tasks in a WBS tree, relations, the calendar settings and the latest
 * baseline's snapshot), computed, never stored: the outline (序号 and WBS codes in tree order), the critical path
 * over the works and milestones (cpm.ts, in working days of the calendar), the dates, the summaries rolled up from
 * their tasks, each task's state against today and its variance from the baseline, and the project's figures.
 * Pure: the routes, the import and the demo data share it.
 */
import { addDays, DEFAULT_CALENDAR, parseDayList, WORK_WEEK_LABELS, WorkCalendar, type WorkWeek } from './calendar.js';
import { computeCpm, CycleError, type CpmLink, type CpmSchedule, type CpmTask, type LinkType } from './cpm.js';
import { formatPredecessor } from './predecessors.js';

export type TaskKind = 'task' | 'milestone';

export interface TaskInput {
  id: string;
  parentId?: string | null;
  name: string;
  kind: TaskKind;
  duration: number;
  constraintStart?: string | null;
  responsibleId?: string | null;
  responsibleName?: string | null;
  percentComplete?: number | null;
  actualStart?: string | null;
  actualFinish?: string | null;
  sortNo?: number | null;
  remark?: string | null;
  version?: number;
  createdAt?: string;
}

export interface LinkInput {
  id: string;
  predecessorId: string;
  successorId: string;
  type: LinkType;
  lag: number;
}

export interface SettingInput {
  id?: string;
  projectStart: string;
  workWeek: WorkWeek;
  statutoryHolidays?: boolean;
  nonWorkingDays?: string | null;
  workingDays?: string | null;
  deadline?: string | null;
}

export interface BaselineInput {
  id: string;
  name: string;
  savedAt: string;
  tasks: Map<string, { start: string; finish: string; duration: number }>;
}

export type TaskStatus = 'notStarted' | 'lateStart' | 'inProgress' | 'done' | 'overdue';

export const STATUS_LABELS: Record<TaskStatus, string> = {
  notStarted: '未开始',
  lateStart: '应开未开',
  inProgress: '进行中',
  done: '已完成',
  overdue: '已逾期',
};

export interface ScheduledTask {
  id: string;
  /** '' at the top. */
  parentId: string;
  /** The row number (MS Project's ID), in tree order from 1. */
  seq: number;
  wbs: string;
  level: number;
  name: string;
  kind: 'task' | 'milestone' | 'summary';
  kindLabel: string;
  /** Working days. */
  duration: number;
  start: string;
  finish: string;
  lateStart: string;
  lateFinish: string;
  totalFloat: number;
  freeFloat: number;
  /** Total float as a list shows it: none for a finished task (its float no longer means anything). */
  floatText: string;
  critical: boolean;
  criticalLabel: string;
  constraintStart?: string;
  predecessors: string;
  responsibleId?: string;
  responsibleName?: string;
  percentComplete: number;
  actualStart?: string;
  actualFinish?: string;
  status: TaskStatus;
  statusLabel: string;
  overdue: boolean;
  baselineStart?: string;
  baselineFinish?: string;
  /** Working days later (+) or earlier (-) than the baseline. */
  startVariance?: number;
  finishVariance?: number;
  remark?: string;
  version?: number;
  sortNo: number;
  childCount: number;
}

export interface ScheduleFigures {
  /** Works (not summaries, not milestones). */
  taskCount: number;
  milestoneCount: number;
  criticalCount: number;
  overdueCount: number;
  lateStartCount: number;
  inProgressCount: number;
  doneCount: number;
  /** Where the works should be today, by duration, against the baseline when there is one (else the plan). */
  plannedPercent: number;
  /** Where they are, by duration. */
  actualPercent: number;
  plannedFinish: string | null;
  baselineFinish: string | null;
  /** Working days the planned finish is later (+) than the baseline's. */
  finishVariance: number | null;
  deadline: string | null;
  /** Calendar days the planned finish is later (+) than the contract's finish. */
  deadlineVariance: number | null;
}

export interface Schedule {
  projectStart: string;
  /** The planned finish (the last task's finish), null without tasks. */
  finish: string | null;
  today: string;
  calendar: {
    workWeek: WorkWeek;
    workWeekLabel: string;
    statutoryHolidays: boolean;
    /** Whether the project has its own settings (else the default calendar). */
    configured: boolean;
  };
  tasks: ScheduledTask[];
  links: LinkInput[];
  baseline: { id: string; name: string; savedAt: string } | null;
  figures: ScheduleFigures;
}

export interface ScheduleInput {
  tasks: readonly TaskInput[];
  links: readonly LinkInput[];
  setting?: SettingInput | null;
  baseline?: BaselineInput | null;
  today: string;
}

/** The outline: tasks in tree order with their row numbers, WBS codes, levels and children. */
export interface Outline {
  order: TaskInput[];
  seq: Map<string, number>;
  wbs: Map<string, string>;
  level: Map<string, number>;
  parent: Map<string, string>;
  children: Map<string, TaskInput[]>;
}

const bySort = (a: TaskInput, b: TaskInput) =>
  (a.sortNo ?? 0) - (b.sortNo ?? 0) ||
  String(a.createdAt ?? '').localeCompare(String(b.createdAt ?? '')) ||
  a.id.localeCompare(b.id);

export function buildOutline(tasks: readonly TaskInput[]): Outline {
  const ids = new Set(tasks.map((task) => task.id));
  const children = new Map<string, TaskInput[]>();
  const top: TaskInput[] = [];
  for (const task of tasks) {
    const parent = task.parentId && task.parentId !== task.id && ids.has(task.parentId) ? task.parentId : '';
    if (parent === '') top.push(task);
    else (children.get(parent) ?? children.set(parent, []).get(parent)!).push(task);
  }
  const outline: Outline = {
    order: [],
    seq: new Map(),
    wbs: new Map(),
    level: new Map(),
    parent: new Map(),
    children,
  };
  const visit = (list: TaskInput[], prefix: string, level: number, parent: string, path: Set<string>) => {
    list.sort(bySort).forEach((task, index) => {
      if (path.has(task.id)) return; // a loop of parents (never written; ignored if found)
      const code = prefix === '' ? String(index + 1) : `${prefix}.${index + 1}`;
      outline.order.push(task);
      outline.seq.set(task.id, outline.order.length);
      outline.wbs.set(task.id, code);
      outline.level.set(task.id, level);
      outline.parent.set(task.id, parent);
      visit(children.get(task.id) ?? [], code, level + 1, task.id, new Set([...path, task.id]));
    });
  };
  visit(top, '', 1, '', new Set());
  return outline;
}

/** The calendar of a project's settings (or the default one) from its start. */
export function calendarOf(setting: SettingInput | null | undefined, projectStart: string): WorkCalendar {
  return new WorkCalendar(
    setting
      ? {
          workWeek: setting.workWeek,
          statutoryHolidays: Boolean(setting.statutoryHolidays),
          nonWorkingDays: parseDayList(setting.nonWorkingDays).days,
          workingDays: parseDayList(setting.workingDays).days,
        }
      : DEFAULT_CALENDAR,
    projectStart,
  );
}

/** The project's start: its settings', else the earliest date its tasks name, else today. */
export function projectStartOf(input: Pick<ScheduleInput, 'tasks' | 'setting' | 'today'>): string {
  if (input.setting?.projectStart) return input.setting.projectStart;
  const dates = input.tasks
    .flatMap((task) => [task.constraintStart, task.actualStart])
    .filter((date): date is string => typeof date === 'string' && date !== '')
    .sort();
  return dates[0] ?? input.today;
}

/**
 * The critical path of stored relations. The writes refuse a loop, so one is never stored; should data written
 * around them hold one, the schedule still shows, without the relation that closes each loop.
 */
function computeWithoutLoops(tasks: CpmTask[], links: CpmLink[]): CpmSchedule {
  let kept = links;
  for (let attempt = 0; ; attempt += 1) {
    try {
      return computeCpm(tasks, kept);
    } catch (error) {
      if (!(error instanceof CycleError) || attempt > links.length) throw error;
      const [last, first] = [error.cycle[error.cycle.length - 2], error.cycle[error.cycle.length - 1]];
      kept = kept.filter((link) => !(link.from === last?.id && link.to === first?.id));
    }
  }
}

const clamp = (value: number, low: number, high: number) => Math.min(high, Math.max(low, value));

export function computeSchedule(input: ScheduleInput): Schedule {
  const { today } = input;
  const outline = buildOutline(input.tasks);
  const projectStart = projectStartOf(input);
  const calendar = calendarOf(input.setting, projectStart);
  const isSummary = (id: string) => (outline.children.get(id)?.length ?? 0) > 0;
  const leaves = outline.order.filter((task) => !isSummary(task.id));
  const leafIds = new Set(leaves.map((task) => task.id));
  const links = input.links.filter((link) => leafIds.has(link.predecessorId) && leafIds.has(link.successorId));

  const durationOf = (task: TaskInput) => (task.kind === 'milestone' ? 0 : Math.max(0, Math.round(task.duration)));
  const cpmTasks: CpmTask[] = leaves.map((task) => ({
    id: task.id,
    name: task.name,
    duration: durationOf(task),
    earliest: task.constraintStart ? calendar.startIndex(task.constraintStart) : undefined,
    actualStart: task.actualStart ? calendar.startIndex(task.actualStart) : undefined,
    actualFinish: task.actualFinish ? calendar.finishIndex(task.actualFinish) : undefined,
  }));
  const cpmLinks: CpmLink[] = links.map((link) => ({
    from: link.predecessorId,
    to: link.successorId,
    type: link.type,
    lag: link.lag,
  }));
  const cpm = computeWithoutLoops(cpmTasks, cpmLinks);
  const incoming = new Map<string, LinkInput[]>();
  for (const link of input.links)
    (incoming.get(link.successorId) ?? incoming.set(link.successorId, []).get(link.successorId)!).push(link);

  const baselineTasks = input.baseline?.tasks;
  const scheduled = new Map<string, ScheduledTask>();

  const statusOf = (
    task: { percentComplete: number; actualStart?: string; actualFinish?: string },
    start: string,
    finish: string,
  ): TaskStatus => {
    if (task.actualFinish || task.percentComplete >= 100) return 'done';
    if (finish < today) return 'overdue';
    if (task.actualStart || task.percentComplete > 0) return 'inProgress';
    return start < today ? 'lateStart' : 'notStarted';
  };

  const withBaseline = (task: ScheduledTask) => {
    const base = baselineTasks?.get(task.id);
    if (!base) return task;
    task.baselineStart = base.start;
    task.baselineFinish = base.finish;
    task.startVariance = calendar.startIndex(task.start) - calendar.startIndex(base.start);
    task.finishVariance = calendar.finishIndex(task.finish) - calendar.finishIndex(base.finish);
    return task;
  };

  // Works and milestones first, then the summaries from the bottom of the tree up.
  for (const task of leaves) {
    const times = cpm.tasks.get(task.id)!;
    const milestone = task.kind === 'milestone';
    const pinned = task.actualFinish ?? task.actualStart;
    // A milestone after its predecessors' finish sits at the end of their last day, as in MS Project.
    const atEnd =
      milestone &&
      times.es > 0 &&
      (incoming.get(task.id)?.length ?? 0) > 0 &&
      (task.constraintStart ? calendar.startIndex(task.constraintStart) < times.es : true);
    const start = milestone
      ? (pinned ?? (atEnd ? calendar.finishDate(times.es) : calendar.startDate(times.es)))
      : calendar.startDate(times.es);
    const finish = milestone ? start : calendar.finishDate(times.ef);
    const percentComplete = clamp(Math.round(Number(task.percentComplete ?? (task.actualFinish ? 100 : 0))), 0, 100);
    const own = {
      percentComplete: task.actualFinish ? 100 : percentComplete,
      actualStart: task.actualStart ?? undefined,
      actualFinish: task.actualFinish ?? undefined,
    };
    const status = statusOf(own, start, finish);
    scheduled.set(
      task.id,
      withBaseline({
        id: task.id,
        parentId: outline.parent.get(task.id) ?? '',
        seq: outline.seq.get(task.id)!,
        wbs: outline.wbs.get(task.id)!,
        level: outline.level.get(task.id)!,
        name: task.name,
        kind: milestone ? 'milestone' : 'task',
        kindLabel: milestone ? '里程碑' : '工作',
        duration: times.ef - times.es,
        start,
        finish,
        lateStart: calendar.startDate(times.ls),
        lateFinish: milestone ? calendar.startDate(times.lf) : calendar.finishDate(times.lf),
        totalFloat: times.totalFloat,
        freeFloat: times.freeFloat,
        floatText: status === 'done' ? '' : String(times.totalFloat),
        critical: times.critical && status !== 'done',
        criticalLabel: times.critical && status !== 'done' ? '关键' : '',
        ...(task.constraintStart ? { constraintStart: task.constraintStart } : {}),
        predecessors: '',
        ...(task.responsibleId ? { responsibleId: task.responsibleId } : {}),
        ...(task.responsibleName ? { responsibleName: task.responsibleName } : {}),
        ...own,
        status,
        statusLabel: STATUS_LABELS[status],
        overdue: status === 'overdue',
        ...(task.remark ? { remark: task.remark } : {}),
        ...(task.version !== undefined ? { version: task.version } : {}),
        sortNo: Number(task.sortNo ?? 0),
        childCount: 0,
        // Kept for the roll-up below (indexes on the time scale).
        ...({ _es: times.es, _ef: times.ef, _ls: times.ls, _lf: times.lf } as object),
      } as ScheduledTask),
    );
  }
  const internal = (task: ScheduledTask) =>
    task as ScheduledTask & { _es: number; _ef: number; _ls: number; _lf: number; _weight: number; _done: number };
  for (const task of leaves) {
    const item = internal(scheduled.get(task.id)!);
    item._weight = item.kind === 'milestone' ? 0 : item.duration;
    item._done = (item._weight * item.percentComplete) / 100;
  }

  for (let index = outline.order.length - 1; index >= 0; index -= 1) {
    const task = outline.order[index];
    const kids = (outline.children.get(task.id) ?? [])
      .map((child) => internal(scheduled.get(child.id)!))
      .filter(Boolean);
    if (kids.length === 0) continue;
    const es = Math.min(...kids.map((kid) => kid._es));
    const ef = Math.max(...kids.map((kid) => kid._ef));
    const ls = Math.min(...kids.map((kid) => kid._ls));
    const lf = Math.max(...kids.map((kid) => kid._lf));
    const start = kids.map((kid) => kid.start).sort()[0];
    const finish = kids
      .map((kid) => kid.finish)
      .sort()
      .reverse()[0];
    const weight = kids.reduce((sum, kid) => sum + kid._weight, 0);
    const done = kids.reduce((sum, kid) => sum + kid._done, 0);
    const allDone = kids.every((kid) => kid.status === 'done');
    const percentComplete = allDone
      ? 100
      : weight > 0
        ? Math.min(99, Math.round((done / weight) * 100))
        : Math.round(kids.reduce((sum, kid) => sum + kid.percentComplete, 0) / kids.length);
    const actualStarts = kids.map((kid) => kid.actualStart).filter((date): date is string => Boolean(date));
    const actualFinish = allDone
      ? kids
          .map((kid) => kid.actualFinish ?? kid.finish)
          .sort()
          .reverse()[0]
      : undefined;
    const own = {
      percentComplete,
      actualStart: actualStarts.sort()[0],
      actualFinish,
    };
    const status = statusOf(own, start, finish);
    const critical = kids.some((kid) => kid.critical);
    const summary = withBaseline({
      id: task.id,
      parentId: outline.parent.get(task.id) ?? '',
      seq: outline.seq.get(task.id)!,
      wbs: outline.wbs.get(task.id)!,
      level: outline.level.get(task.id)!,
      name: task.name,
      kind: 'summary',
      kindLabel: '摘要',
      duration: calendar.workingDaysBetween(start, finish),
      start,
      finish,
      lateStart: calendar.startDate(ls),
      lateFinish: calendar.finishDate(lf),
      totalFloat: Math.min(...kids.map((kid) => kid.totalFloat)),
      freeFloat: Math.min(...kids.map((kid) => kid.freeFloat)),
      floatText: (() => {
        const open = kids.filter((kid) => kid.floatText !== '');
        return open.length > 0 ? String(Math.min(...open.map((kid) => kid.totalFloat))) : '';
      })(),
      critical,
      criticalLabel: critical ? '关键' : '',
      predecessors: '',
      ...(task.responsibleId ? { responsibleId: task.responsibleId } : {}),
      ...(task.responsibleName ? { responsibleName: task.responsibleName } : {}),
      ...Object.fromEntries(Object.entries(own).filter(([, value]) => value !== undefined)),
      percentComplete,
      status,
      statusLabel: STATUS_LABELS[status],
      overdue: status === 'overdue',
      ...(task.remark ? { remark: task.remark } : {}),
      ...(task.version !== undefined ? { version: task.version } : {}),
      sortNo: Number(task.sortNo ?? 0),
      childCount: kids.length,
    } as ScheduledTask);
    Object.assign(summary, { _es: es, _ef: ef, _ls: ls, _lf: lf, _weight: weight, _done: done });
    scheduled.set(task.id, summary);
  }

  // Predecessors as typed (row numbers), in row order.
  for (const [id, list] of incoming) {
    const item = scheduled.get(id);
    if (!item) continue;
    item.predecessors = list
      .map((link) => ({ link, seq: outline.seq.get(link.predecessorId) }))
      .filter((entry): entry is { link: LinkInput; seq: number } => entry.seq !== undefined)
      .sort((a, b) => a.seq - b.seq)
      .map(({ link, seq }) => formatPredecessor(seq, link.type, link.lag))
      .join(',');
  }

  const tasks = outline.order.map((task) => {
    const item = internal(scheduled.get(task.id)!);
    const { _es, _ef, _ls, _lf, _weight, _done, ...plain } = item;
    (void _es, void _ef, void _ls, void _lf, void _weight, void _done);
    return plain as ScheduledTask;
  });
  const finish =
    tasks.length > 0
      ? tasks
          .map((task) => task.finish)
          .sort()
          .reverse()[0]
      : null;
  return {
    projectStart,
    finish,
    today,
    calendar: {
      workWeek: input.setting?.workWeek ?? DEFAULT_CALENDAR.workWeek,
      workWeekLabel: WORK_WEEK_LABELS[input.setting?.workWeek ?? DEFAULT_CALENDAR.workWeek],
      statutoryHolidays: Boolean(input.setting?.statutoryHolidays),
      configured: Boolean(input.setting),
    },
    tasks,
    links: [...input.links],
    baseline: input.baseline
      ? { id: input.baseline.id, name: input.baseline.name, savedAt: input.baseline.savedAt }
      : null,
    figures: figuresOf(tasks, input, calendar, finish),
  };
}

function figuresOf(
  tasks: readonly ScheduledTask[],
  input: ScheduleInput,
  calendar: WorkCalendar,
  finish: string | null,
): ScheduleFigures {
  const { today } = input;
  const leaves = tasks.filter((task) => task.kind !== 'summary');
  const works = leaves.filter((task) => task.kind === 'task');
  const count = (status: TaskStatus) => leaves.filter((task) => task.status === status).length;
  // Where a work should be today: the share of its working days up to today, of the baseline's dates if kept.
  const plannedShare = (task: ScheduledTask) => {
    const start = task.baselineStart ?? task.start;
    const end = task.baselineFinish ?? task.finish;
    if (today <= start) return 0;
    if (today > end) return 1;
    const days = calendar.workingDaysBetween(start, end);
    return days > 0 ? calendar.workingDaysBetween(start, addDays(today, -1)) / days : 1;
  };
  const weight = works.reduce((sum, task) => sum + task.duration, 0);
  const planned = works.reduce((sum, task) => sum + task.duration * plannedShare(task), 0);
  const actual = works.reduce((sum, task) => sum + (task.duration * task.percentComplete) / 100, 0);
  const baselineFinish = input.baseline
    ? ([...input.baseline.tasks.values()]
        .map((task) => task.finish)
        .sort()
        .reverse()[0] ?? null)
    : null;
  const deadline = input.setting?.deadline ?? null;
  const dayNumber = (date: string) => Date.parse(`${date}T00:00:00Z`) / 86_400_000;
  return {
    taskCount: works.length,
    milestoneCount: leaves.length - works.length,
    criticalCount: leaves.filter((task) => task.critical).length,
    overdueCount: count('overdue'),
    lateStartCount: count('lateStart'),
    inProgressCount: count('inProgress'),
    doneCount: count('done'),
    plannedPercent: weight > 0 ? Math.round((planned / weight) * 1000) / 10 : 0,
    actualPercent: weight > 0 ? Math.round((actual / weight) * 1000) / 10 : 0,
    plannedFinish: finish,
    baselineFinish,
    finishVariance:
      finish && baselineFinish ? calendar.finishIndex(finish) - calendar.finishIndex(baselineFinish) : null,
    deadline,
    deadlineVariance: finish && deadline ? dayNumber(finish) - dayNumber(deadline) : null,
  };
}
