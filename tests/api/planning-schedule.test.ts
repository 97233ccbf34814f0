/**
 * 进度计划 (module planning): the demo schedules (about 300 tasks per project, computed on read), the spec's gantt
 * call from them (GET /api/smart/subitem01/v1.0/toGanttChartByProjectName, the shape the portal always answered),
 * the workbench's progress against plan, the plan list as a WBS tree, and the project scope of every call.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { useCallers } from './admin-helpers.js';
import { addOutsiderProject, OTHER_COMPANY_PROJECT } from './outsider-project.js';
import { addOtherCompany, OTHER, PROJECTS, useLogins } from './portal-helpers.js';
import { json, useTestApp } from './test-app.js';

interface Task {
  id: string;
  parentId: string;
  seq: number;
  wbs: string;
  name: string;
  kind: string;
  start: string;
  finish: string;
  duration: number;
  totalFloat: number;
  critical: boolean;
  status: string;
  percentComplete: number;
  predecessors: string;
  baselineFinish?: string;
  finishVariance?: number;
  childList?: Task[];
}
interface Schedule {
  projectStart: string;
  finish: string;
  today: string;
  calendar: { workWeek: string; statutoryHolidays: boolean; nonWorkingDays: string[] };
  tasks: Task[];
  links: { predecessorId: string; successorId: string; type: string; lag: number }[];
  baseline: { name: string } | null;
  figures: Record<string, number | string | null>;
}

const t = useTestApp();
const who = useCallers(t);
beforeAll(async () => {
  await addOutsiderProject(t.db);
  await addOtherCompany(t.db);
});
const [otherManager] = useLogins(t, 'other');

const schedule = async (projectId: string) => {
  const body = await who.staff.call<Schedule>('GET', `/api/planning/v1.0/schedule?projectId=${projectId}`);
  expect(body.msgCode, body.errMsg).toBe(0);
  return body.data!;
};

describe('the demo schedules', () => {
  it('hold about 300 tasks per project in a WBS tree, computed with their calendars and baselines', async () => {
    for (const project of Object.values(PROJECTS)) {
      const plan = await schedule(project.id);
      expect(plan.tasks.length, project.name).toBeGreaterThanOrEqual(270);
      expect(plan.tasks.length, project.name).toBeLessThanOrEqual(320);
      expect(plan.tasks.map((task) => task.seq)).toEqual(plan.tasks.map((_, index) => index + 1));
      expect(plan.links.length).toBeGreaterThan(plan.tasks.length);
      // Every kind of task, state and relation a planner expects to see.
      expect(new Set(plan.tasks.map((task) => task.kind))).toEqual(new Set(['summary', 'task', 'milestone']));
      for (const status of ['done', 'inProgress', 'notStarted', 'overdue'])
        expect(
          plan.tasks.some((task) => task.status === status),
          `${project.name} ${status}`,
        ).toBe(true);
      expect(new Set(plan.links.map((link) => link.type))).toEqual(expect.objectContaining(new Set(['FS', 'SS'])));
      expect(plan.tasks.filter((task) => task.critical).length).toBeGreaterThan(5);
      expect(plan.baseline?.name).toBe('总进度计划（监理审批版）');
      expect(plan.tasks.every((task) => task.baselineFinish !== undefined)).toBe(true);
      expect(plan.projectStart < plan.today && plan.today < plan.finish).toBe(true);
      // A summary spans its tasks.
      const summary = plan.tasks.find((task) => task.kind === 'summary')!;
      const children = plan.tasks.filter((task) => task.parentId === summary.id);
      expect(summary.start).toBe(children.map((task) => task.start).sort()[0]);
      expect(summary.finish).toBe(
        children
          .map((task) => task.finish)
          .sort()
          .reverse()[0],
      );
    }
    const housing = await schedule(PROJECTS.binjiang.id);
    expect(housing.tasks.filter((task) => /^5号楼 \d+F 结构施工$/.test(task.name))).toHaveLength(26);
    expect(housing.calendar.nonWorkingDays.some((day) => day.endsWith('-06-08'))).toBe(true); // 高考禁噪
    const expressway = await schedule(PROJECTS.expressway.id);
    expect(expressway.calendar).toMatchObject({ workWeek: '6', statutoryHolidays: true });
    // A six-day week with the statutory holidays: no work starts or finishes on a day off (Sundays but the
    // exchanged ones, 国庆, 春节 ...).
    const off = new Set(expressway.calendar.nonWorkingDays);
    expect(off.size).toBeGreaterThan(40);
    expect(
      expressway.tasks.filter((task) => task.kind === 'task' && (off.has(task.start) || off.has(task.finish))),
    ).toEqual([]);
  });

  it('answer the spec gantt call in WBS order, in the shape the portal always answered', async () => {
    const body = await who.staff.call<
      { id: string; parentId: string; task: string; start: string; end: string; progress: number }[]
    >(
      'GET',
      `/api/smart/subitem01/v1.0/toGanttChartByProjectName?projectName=${encodeURIComponent(PROJECTS.binjiang.name)}`,
    );
    expect(body.msgCode).toBe(0);
    const plan = await schedule(PROJECTS.binjiang.id);
    expect(body.data).toHaveLength(plan.tasks.length);
    expect(body.data![0]).toEqual({
      id: plan.tasks[0].id,
      parentId: '',
      task: '施工准备',
      start: plan.tasks[0].start,
      end: plan.tasks[0].finish,
      progress: 100,
    });
    expect(Object.keys(body.data![1]).sort()).toEqual(['end', 'id', 'parentId', 'progress', 'start', 'task']);
    expect(body.data![1].parentId).toBe(plan.tasks[0].id);
    expect(await who.staff.call('GET', '/api/smart/subitem01/v1.0/toGanttChartByProjectName')).toMatchObject({
      msgCode: -400,
      errMsg: '请选择项目',
    });
    expect(
      (
        await who.manager.call(
          'GET',
          `/api/smart/subitem01/v1.0/toGanttChartByProjectName?projectName=${encodeURIComponent(OTHER.projectName)}`,
        )
      ).msgCode,
    ).toBe(-403);
    const anonymous = await t.app.inject({
      method: 'GET',
      url: '/api/smart/subitem01/v1.0/toGanttChartByProjectName?projectName=x',
    });
    expect(json(anonymous).msgCode).toBe(-401);
  });

  it("give the workbench the project's progress against plan", async () => {
    const body = await who.staff.call<Record<string, unknown>>(
      'GET',
      `/api/planning/v1.0/summary?projectId=${PROJECTS.highway.id}`,
    );
    expect(body.msgCode).toBe(0);
    const figures = body.data!;
    expect(figures.baselineName).toBe('总进度计划（监理审批版）');
    expect(figures.plannedPercent).toBeGreaterThan(5);
    expect(figures.plannedPercent).toBeLessThan(95);
    expect(figures.actualPercent).toBeGreaterThan(0);
    expect(Number(figures.overdueCount) + Number(figures.criticalCount)).toBeGreaterThan(0);
    expect((figures.milestones as unknown[]).length).toBeGreaterThan(0);
  });

  it('list the plan as a WBS tree, filtered by name and by critical or overdue works', async () => {
    const tree = await who.staff.call<Task[]>('GET', `/api/planning/v1.0/tasks?projectId=${PROJECTS.binjiang.id}`);
    expect(tree.data!.map((row) => row.name)).toEqual([
      '施工准备',
      '地基与基础工程',
      '主体结构工程',
      '二次结构工程',
      '机电安装工程',
      '装饰装修工程',
      '室外工程',
      '竣工验收',
    ]);
    expect(tree.data![2].childList![0].childList![0]).toMatchObject({ name: '1号楼 1F 结构施工', wbs: '3.1.1' });
    const found = await who.staff.call<Task[]>(
      'GET',
      `/api/planning/v1.0/tasks?projectId=${PROJECTS.binjiang.id}&name=${encodeURIComponent('结构封顶')}`,
    );
    const leaves = (rows: Task[]): Task[] => rows.flatMap((row) => (row.childList ? leaves(row.childList) : [row]));
    expect(leaves(found.data!).map((row) => row.name)).toEqual([
      '1号楼结构封顶',
      '2号楼结构封顶',
      '3号楼结构封顶',
      '5号楼结构封顶',
    ]);
    const critical = await who.staff.call<Task[]>(
      'GET',
      `/api/planning/v1.0/tasks?projectId=${PROJECTS.binjiang.id}&show=critical`,
    );
    expect(leaves(critical.data!).every((row) => row.critical)).toBe(true);
    const bad = await who.staff.call(
      'GET',
      `/api/planning/v1.0/tasks?projectId=${PROJECTS.binjiang.id}&show=everything`,
    );
    expect(bad).toMatchObject({ msgCode: -400, errMsg: '请选择显示范围' });
  });
});

describe('scope', () => {
  it("refuses another company's project and its tasks, and answers nothing of them", async () => {
    for (const url of [
      `/api/planning/v1.0/schedule?projectId=${OTHER_COMPANY_PROJECT}`,
      `/api/planning/v1.0/tasks?projectId=${OTHER_COMPANY_PROJECT}`,
      `/api/planning/v1.0/summary?projectId=${OTHER_COMPANY_PROJECT}`,
      `/api/planning/v1.0/task-options?projectId=${OTHER_COMPANY_PROJECT}`,
      `/api/planning/v1.0/export/mspdi?projectId=${OTHER_COMPANY_PROJECT}`,
      `/api/data/plan-task?projectId=${OTHER_COMPANY_PROJECT}`,
    ])
      expect((await who.manager.call('GET', url)).msgCode, url).toBe(-403);
    // The other company's manager sees none of the demo company's plan, not even a task by its id.
    const demoTask = (await schedule(PROJECTS.binjiang.id)).tasks[5];
    expect((await otherManager.get(`/api/planning/v1.0/schedule`, { projectId: PROJECTS.binjiang.id })).msgCode).toBe(
      -403,
    );
    const logic = await otherManager.get(`/api/planning/v1.0/tasks/${demoTask.id}/logic`);
    expect(logic.msgCode).toBe(-404);
    expect(JSON.stringify(logic)).not.toContain(demoTask.name);
    const moved = await otherManager.post(`/api/planning/v1.0/tasks/${demoTask.id}/dates`, { start: '2030-01-01' });
    expect(moved.msgCode).toBe(-404);
    expect((await otherManager.post(`/api/planning/v1.0/tasks/${demoTask.id}/indent`, {})).msgCode).toBe(-404);
    // Without the permission to edit, a write is refused.
    const none = await t.app.inject({
      method: 'GET',
      url: `/api/planning/v1.0/schedule?projectId=${PROJECTS.binjiang.id}`,
    });
    expect(json(none).msgCode).toBe(-401);
  });
});
