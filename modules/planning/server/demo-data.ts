/**
 * The planning module's demo records, made at seeding (seed/module-demo.ts) from the schedules of
 * demo-schedules.ts and fixed random seeds, with dates relative to the day of seeding (`@day-30`), so the demo
 * always stands mid-way: each project started some months ago, the works planned before today are done (a few
 * days late or early, as works are), those under way today are partly done, a few are overdue or late to start,
 * and what lies ahead is as planned. Each project has its calendar (the housing estate and the highway work every
 * day and stop for 春节; the city expressway works six days and keeps the statutory holidays) and one baseline,
 * the plan as approved at the start, whose snapshot the plugin takes at start (plan-baselines.ts).
 */
import { chinaDate, relativeDay, seededRandom, type ModuleSeedFile } from '../../../src/server/module-api.js';
import { addDays, epochDay } from './calendar.js';
import type { PlanWriter } from './demo-plan.js';
import { expresswaySchedule, highwaySchedule, housingSchedule } from './demo-schedules.js';
import { SPRING_FESTIVAL } from './holidays.js';
import { calendarOf, computeSchedule, type SettingInput } from './schedule-model.js';

interface DemoProject {
  project: string;
  schedule: () => PlanWriter;
  /** Days from the project's start to the day of seeding. */
  startedAgo: number;
  workWeek: SettingInput['workWeek'];
  statutoryHolidays: boolean;
  /** Stops of its own besides the statutory holidays. */
  springFestivalStop: boolean;
  examQuiet: boolean;
  /** Calendar days between the baseline finish and the contract's. */
  deadlineMargin: number;
  seed: number;
}

const PROJECTS: DemoProject[] = [
  {
    project: 'project-binjiang',
    schedule: housingSchedule,
    startedAgo: 430,
    workWeek: '7',
    statutoryHolidays: false,
    springFestivalStop: true,
    examQuiet: true,
    deadlineMargin: 20,
    seed: 2731,
  },
  {
    project: 'project-expressway',
    schedule: expresswaySchedule,
    startedAgo: 300,
    workWeek: '6',
    statutoryHolidays: true,
    springFestivalStop: false,
    examQuiet: false,
    deadlineMargin: 30,
    seed: 2732,
  },
  {
    project: 'project-highway',
    schedule: highwaySchedule,
    startedAgo: 320,
    workWeek: '7',
    statutoryHolidays: false,
    springFestivalStop: true,
    examQuiet: false,
    deadlineMargin: 10,
    seed: 2733,
  },
];

/** The project's own days off: two weeks around each Spring Festival, and the college-entrance exam days. */
function ownDaysOff(site: DemoProject, from: string, to: string): string {
  const lines: string[] = [];
  const first = Number(from.slice(0, 4));
  const last = Number(to.slice(0, 4)) + 1;
  for (let year = first; year <= last; year += 1) {
    const festival = SPRING_FESTIVAL[year];
    if (site.springFestivalStop && festival) lines.push(`${addDays(festival, -7)}~${addDays(festival, 8)} 春节停工`);
    if (site.examQuiet) lines.push(`${year}-06-07~${year}-06-09 高考禁噪`);
  }
  return lines.join('\n');
}

function projectSeeds(site: DemoProject, today: string) {
  const random = seededRandom(site.seed);
  const plan = site.schedule();
  const projectStart = addDays(today, -site.startedAgo);
  const span = addDays(projectStart, 3 * 366);
  const setting: SettingInput = {
    projectStart,
    workWeek: site.workWeek,
    statutoryHolidays: site.statutoryHolidays,
    nonWorkingDays: ownDaysOff(site, projectStart, span),
    workingDays: null,
  };
  const tasks = plan.tasks.map((task) => ({ ...task, parentId: task.parentId ?? null }));
  // The plan as approved: what the baseline keeps and where each work should be today.
  const planned = computeSchedule({ tasks, links: plan.links, setting, today });
  const calendar = calendarOf(setting, projectStart);
  const shift = (date: string, days: number) => calendar.dateAt(calendar.startIndex(date) + days);
  const offset = (date: string) => relativeDay(epochDay(date) - epochDay(today));
  const progress = new Map<string, { actualStart?: string; actualFinish?: string; percentComplete?: number }>();
  const yesterday = addDays(today, -1);
  for (const task of planned.tasks) {
    if (task.kind === 'summary' || task.start >= today) continue;
    const late = random.next();
    const startSlip = late < 0.6 ? 0 : late < 0.85 ? 1 : late < 0.95 ? 2 : -1;
    const actualStart = [shift(task.start, startSlip), yesterday].sort()[0];
    if (task.kind === 'milestone') {
      if (task.finish < today) progress.set(task.id, { actualStart, actualFinish: actualStart, percentComplete: 100 });
      continue;
    }
    const drift = random.next();
    const finishSlip = startSlip + (drift < 0.15 ? -1 : drift < 0.7 ? 0 : drift < 0.9 ? 1 : 3);
    const actualFinish = shift(task.finish, finishSlip);
    const recent = epochDay(today) - epochDay(task.finish) < 40;
    if (task.finish < today && actualFinish < today && !(recent && random.next() < 0.3)) {
      progress.set(task.id, { actualStart, actualFinish, percentComplete: 100 });
    } else if (task.finish < today) {
      // Should be done and is not: overdue.
      progress.set(task.id, { actualStart, percentComplete: 50 + 5 * random.int(2, 8) });
    } else if (epochDay(today) - epochDay(task.start) < 10 && random.next() < 0.15) {
      // Should have started a few days ago and has not: late to start.
    } else {
      const days = Math.max(1, calendar.workingDaysBetween(task.start, task.finish));
      const elapsed = calendar.workingDaysBetween(task.start, yesterday);
      const share = Math.min(0.95, Math.max(0.05, (elapsed / days) * random.between(0.7, 1.1)));
      progress.set(task.id, { actualStart, percentComplete: Math.round(share * 20) * 5 || 5 });
    }
  }
  const people = ['user-staff', 'user-staff', 'user-manager'];
  const taskRows = plan.tasks.map((task) => {
    const done = progress.get(task.id);
    const responsibleId = task.responsibleId ?? (random.next() < 0.35 ? random.pick(people) : undefined);
    return Object.fromEntries(
      Object.entries({
        id: task.id,
        parentId: task.parentId,
        name: task.name,
        kind: task.kind,
        duration: task.duration,
        sortNo: task.sortNo,
        responsibleId,
        remark: task.remark,
        percentComplete: done?.percentComplete ?? 0,
        actualStart: done?.actualStart ? offset(done.actualStart) : undefined,
        actualFinish: done?.actualFinish ? offset(done.actualFinish) : undefined,
        createdAt: offset(projectStart),
        createdBy: 'user-manager',
      }).filter(([, value]) => value !== undefined),
    );
  });
  const baselineFinish = planned.finish ?? today;
  return {
    setting: {
      id: `${site.project}-plan-setting`,
      projectStart: offset(projectStart),
      workWeek: site.workWeek,
      statutoryHolidays: site.statutoryHolidays,
      ...(setting.nonWorkingDays ? { nonWorkingDays: setting.nonWorkingDays } : {}),
      deadline: offset(addDays(baselineFinish, site.deadlineMargin)),
      createdAt: offset(projectStart),
      createdBy: 'user-manager',
    },
    tasks: taskRows,
    links: plan.links.map((link) => ({ ...link, createdAt: offset(projectStart) })),
    baseline: {
      id: `${site.project}-baseline-1`,
      name: '总进度计划（监理审批版）',
      remark: '开工前经监理单位审批的施工总进度计划',
      createdAt: offset(addDays(projectStart, 10)),
      createdBy: 'user-manager',
    },
  };
}

export function demoData(): ModuleSeedFile[] {
  const today = chinaDate(new Date());
  const seeds = PROJECTS.map((site) => ({ site, seeds: projectSeeds(site, today) }));
  const of = <K extends 'setting' | 'tasks' | 'links' | 'baseline'>(key: K) =>
    Object.fromEntries(
      seeds.map(({ site, seeds: made }) => [
        site.project,
        (Array.isArray(made[key]) ? made[key] : [made[key]]) as Record<string, unknown>[],
      ]),
    );
  return [
    {
      kind: 'module-seed',
      description: '演示项目的计划设置：开工日期、工作周、法定节假日与停工日、合同竣工日期。',
      collection: 'plan-setting',
      projects: of('setting'),
    },
    {
      kind: 'module-seed',
      description: '演示项目的进度计划：约300项任务的 WBS，已完成、进行中、逾期与未开始的工作各有。',
      collection: 'plan-task',
      projects: of('tasks'),
    },
    {
      kind: 'module-seed',
      description: '演示项目的前置关系：FS 为主，SS、FF 带延隔。',
      collection: 'plan-link',
      projects: of('links'),
    },
    {
      kind: 'module-seed',
      description: '演示项目开工时的基线（快照由插件在启动时补记）。',
      collection: 'plan-baseline',
      projects: of('baseline'),
    },
  ];
}
