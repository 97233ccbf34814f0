/**
 * The Gantt chart's data and look, from the server's schedule (GET /api/planning/v1.0/schedule): the task tree as
 * @visactor/vtable-gantt records, the relations as its links (all four kinds), the time scales of a zoom level, the
 * colours (critical red, overdue orange, done green, summaries dark, the baseline grey under each bar), the today
 * and contract-finish lines, the non-working days shaded. Pure, so it can be read and tested apart from the canvas.
 */
import type { LinkType } from '../server/cpm';
import type { Schedule, ScheduledTask } from '../server/schedule-model';

export type ChartSchedule = Schedule & { calendar: Schedule['calendar'] & { nonWorkingDays?: string[] } };
export type Zoom = 'day' | 'week' | 'month';

export const ZOOM_LABELS: Record<Zoom, string> = { day: '日', week: '周', month: '月' };

export interface GanttRecord {
  id: string;
  seq: number;
  wbs: string;
  name: string;
  kind: ScheduledTask['kind'];
  /** vtable-gantt's task type: milestones draw as diamonds. */
  type?: 'milestone';
  /** Dates as the library reads local days (yyyy/MM/dd). */
  barStart: string;
  barEnd: string;
  baseStart?: string;
  baseEnd?: string;
  /** Shown in the task list (startShort as 25-09-24, to fit). */
  startText: string;
  finishText: string;
  startShort: string;
  finishShort: string;
  duration: number;
  durationText: string;
  floatText: string;
  progress: number;
  critical: boolean;
  overdue: boolean;
  done: boolean;
  started: boolean;
  task: ScheduledTask;
  children?: GanttRecord[];
}

export const COLORS = {
  normal: { bar: '#7bb0ff', done: '#165dff' },
  critical: { bar: '#f98981', done: '#cb2634' },
  overdue: { bar: '#ffb65d', done: '#d25f00' },
  finished: { bar: '#7be188', done: '#00a02a' },
  summary: { bar: '#86909c', done: '#1d2129' },
  milestone: '#722ed1',
  baseline: '#c9cdd4',
  today: '#f53f3f',
  deadline: '#722ed1',
  link: '#86909c',
  criticalLink: '#f53f3f',
  nonWorking: '#f2f3f5',
} as const;

const slash = (date: string) => date.replace(/-/g, '/');

/** The schedule's tasks as the library's tree of records, and where each record sits in it. */
export function ganttRecords(schedule: ChartSchedule): { records: GanttRecord[]; paths: Map<string, number[]> } {
  const records: GanttRecord[] = [];
  const byId = new Map<string, GanttRecord>();
  const paths = new Map<string, number[]>();
  for (const task of schedule.tasks) {
    const done = task.status === 'done';
    const record: GanttRecord = {
      id: task.id,
      seq: task.seq,
      wbs: task.wbs,
      name: task.name,
      kind: task.kind,
      ...(task.kind === 'milestone' ? { type: 'milestone' as const } : {}),
      barStart: slash(task.start),
      barEnd: slash(task.finish),
      ...(task.baselineStart && task.baselineFinish
        ? { baseStart: slash(task.baselineStart), baseEnd: slash(task.baselineFinish) }
        : {}),
      startText: task.start,
      finishText: task.finish,
      startShort: task.start.slice(2),
      finishShort: task.finish.slice(2),
      duration: task.duration,
      durationText: task.kind === 'milestone' ? '0' : String(task.duration),
      floatText: task.floatText === '' ? '—' : task.floatText,
      progress: task.percentComplete,
      critical: task.critical,
      overdue: task.status === 'overdue',
      done,
      started: Boolean(task.actualStart),
      task,
    };
    byId.set(task.id, record);
    const parent = task.parentId ? byId.get(task.parentId) : undefined;
    if (parent) {
      parent.children ??= [];
      paths.set(task.id, [...paths.get(parent.id)!, parent.children.length]);
      parent.children.push(record);
    } else {
      paths.set(task.id, [records.length]);
      records.push(record);
    }
  }
  return { records, paths };
}

/** A plan this long opens with every level shown; a longer one with its summary levels only. */
export const OPEN_ALL_UP_TO = 1000;
/** About the rows a longer plan opens with (its summaries), as MS Project shows an outline level. */
const SUMMARY_ROWS = 500;

/**
 * The outline levels the chart opens with: all of them for a plan of up to 1,000 tasks; for a longer one, the
 * deepest level at which it still shows at most about 500 rows (at least the first). Drawing 5,000 rows meant
 * 5,000 bars and every relation's arrow at once (the library lays out all of them, not only those in view), seconds
 * of work; the summary levels draw at once and a planner opens the sections they work on (or 展开全部).
 */
export function expandLevel(tasks: readonly Pick<ScheduledTask, 'level'>[]): number {
  if (tasks.length <= OPEN_ALL_UP_TO) return Infinity;
  const perLevel: number[] = [];
  for (const task of tasks) perLevel[task.level] = (perLevel[task.level] ?? 0) + 1;
  let level = 1;
  let rows = perLevel[1] ?? 0;
  while (level + 1 < perLevel.length && rows + (perLevel[level + 1] ?? 0) <= SUMMARY_ROWS) {
    level += 1;
    rows += perLevel[level] ?? 0;
  }
  return level;
}

const LINK_KINDS: Record<LinkType, string> = {
  FS: 'finish_to_start',
  SS: 'start_to_start',
  FF: 'finish_to_finish',
  SF: 'start_to_finish',
};

/**
 * The relations as the library's links; a link between two critical tasks is drawn red. Each end is named by its
 * key path (the summaries' ids down to the task's): the library finds a plain key by walking the whole tree, once
 * per end of every link, which took seconds for a plan of 5,000 tasks; a path leads it straight there.
 */
export function ganttLinks(schedule: ChartSchedule) {
  const critical = new Set(schedule.tasks.filter((task) => task.critical).map((task) => task.id));
  const parents = new Map(schedule.tasks.map((task) => [task.id, task.parentId]));
  const keyPaths = new Map<string, string[]>();
  const keyPath = (id: string): string[] => {
    let path = keyPaths.get(id);
    if (!path) {
      const parentId = parents.get(id);
      path = parentId && parents.has(parentId) ? [...keyPath(parentId), id] : [id];
      keyPaths.set(id, path);
    }
    return path;
  };
  return schedule.links.map((link) => ({
    type: LINK_KINDS[link.type],
    linkedFromTaskKey: keyPath(link.predecessorId),
    linkedToTaskKey: keyPath(link.successorId),
    linkLineStyle:
      critical.has(link.predecessorId) && critical.has(link.successorId)
        ? { lineColor: COLORS.criticalLink, lineWidth: 1.5 }
        : { lineColor: COLORS.link, lineWidth: 1 },
  }));
}

/** A task's colours: summary, done, critical, overdue, or plain. */
export function barColors(record: GanttRecord): { bar: string; done: string } {
  if (record.kind === 'summary') return COLORS.summary;
  if (record.done) return COLORS.finished;
  if (record.critical) return COLORS.critical;
  if (record.overdue) return COLORS.overdue;
  return COLORS.normal;
}

const pad = (value: number) => String(value).padStart(2, '0');

/** The time scales of a zoom level, labelled in Chinese, and the width of its smallest column. */
export function zoomScales(zoom: Zoom) {
  type Args = { startDate: Date; endDate: Date; dateIndex: number };
  const style = { fontSize: 12, fontWeight: 'normal', color: '#4e5969', textAlign: 'center' as const, textStick: true };
  const year = {
    unit: 'year' as const,
    step: 1,
    style,
    format: ({ startDate }: Args) => `${startDate.getFullYear()}年`,
  };
  const month = {
    unit: 'month' as const,
    step: 1,
    style,
    format: ({ startDate }: Args) =>
      zoom === 'month' ? `${startDate.getMonth() + 1}月` : `${startDate.getFullYear()}年${startDate.getMonth() + 1}月`,
  };
  const week = {
    unit: 'week' as const,
    step: 1,
    style,
    startOfWeek: 'monday' as const,
    format: ({ startDate }: Args) => `${startDate.getMonth() + 1}/${startDate.getDate()}`,
  };
  const day = { unit: 'day' as const, step: 1, style, format: ({ startDate }: Args) => String(startDate.getDate()) };
  if (zoom === 'day') return { scales: [month, day], colWidth: 28 };
  if (zoom === 'week') return { scales: [month, week], colWidth: 52 };
  return { scales: [year, month], colWidth: 72 };
}

/** yyyy-MM-dd of a local date (what the chart's drag gives back). */
export function localDate(date: Date): string {
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** The chart's range: a week before the first date, a month after the last (baseline and today included). */
export function chartRange(schedule: ChartSchedule): { minDate: string; maxDate: string } {
  const dates = schedule.tasks
    .flatMap((task) => [task.start, task.finish, task.baselineStart ?? '', task.baselineFinish ?? ''])
    .concat([schedule.projectStart, schedule.today, schedule.figures.deadline ?? ''])
    .filter((date) => date !== '')
    .sort();
  const shift = (date: string, days: number) => {
    const [y, m, d] = date.split('-').map(Number);
    return localDate(new Date(y, m - 1, d + days));
  };
  return { minDate: shift(dates[0], -7), maxDate: shift(dates[dates.length - 1], 31) };
}

/** A day the chart gives back: a local date, or its record's text (`2026/03/02`, as the records hold dates). */
export function dayOf(value: Date | string): string {
  if (value instanceof Date) return localDate(value);
  const [y, m, d] = String(value).slice(0, 10).split(/[-/.]/).map(Number);
  return `${y}-${pad(m)}-${pad(d)}`;
}

/** How a drag changed a bar: moved (same length), its finish stretched, or both ends. */
export function dragChange(
  task: ScheduledTask,
  startDate: Date | string,
  endDate: Date | string,
): { start?: string; finish?: string } | undefined {
  const start = dayOf(startDate);
  const finish = dayOf(endDate);
  if (start === task.start && finish === task.finish) return undefined;
  if (start === task.start) return { finish };
  const days = (a: string, b: string) => (Date.parse(`${b}T00:00:00Z`) - Date.parse(`${a}T00:00:00Z`)) / 86_400_000;
  if (task.kind === 'milestone' || days(task.start, task.finish) === days(start, finish)) return { start };
  return { start, finish };
}
