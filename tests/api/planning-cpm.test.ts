/**
 * 进度计划 through its API, on a project of its own: the textbook example of Hillier & Lieberman ("Reliable
 * Construction Co.", every activity's ES, EF, LS, LF and slack, as dates of a 7-day calendar), a precedence network
 * with all four relations and lags worked by hand, loops refused with the tasks named, the rules of a WBS tree
 * (summaries carry no relations, indent and outdent, deleting a summary deletes its tasks), a bar dragged in the
 * chart moving its successors, the calendar setting re-planning every date, and a baseline kept and compared.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { useCallers } from './admin-helpers.js';
import { addOutsiderProject, OTHER_COMPANY_PROJECT as PROJECT } from './outsider-project.js';
import { useTestApp } from './test-app.js';

interface Task {
  id: string;
  seq: number;
  wbs: string;
  name: string;
  kind: string;
  parentId: string;
  start: string;
  finish: string;
  lateStart: string;
  lateFinish: string;
  duration: number;
  totalFloat: number;
  freeFloat: number;
  critical: boolean;
  predecessors: string;
  constraintStart?: string;
  baselineFinish?: string;
  finishVariance?: number;
}
interface Schedule {
  projectStart: string;
  finish: string;
  tasks: Task[];
  links: unknown[];
  figures: Record<string, unknown>;
}

const t = useTestApp();
const who = useCallers(t);
beforeAll(() => addOutsiderProject(t.db));

const START = '2026-03-02';
const day = (offset: number) =>
  new Date(Date.parse(`${START}T00:00:00Z`) + offset * 86_400_000).toISOString().slice(0, 10);

const schedule = async () => {
  const body = await who.admin.call<Schedule>('GET', `/api/planning/v1.0/schedule?projectId=${PROJECT}`);
  expect(body.msgCode, body.errMsg).toBe(0);
  return body.data!;
};
const byName = async () => new Map((await schedule()).tasks.map((task) => [task.name, task]));

async function create(name: string, duration: number, more: Record<string, unknown> = {}) {
  const body = await who.admin.call<{ id: string }>('POST', '/api/data/plan-task', {
    projectId: PROJECT,
    name,
    kind: duration === 0 ? 'milestone' : 'task',
    duration,
    ...more,
  });
  expect(body.msgCode, body.errMsg).toBe(0);
  return body.data!.id;
}

/** A record changed as its edit dialog saves it: every field it holds, some of them changed. */
async function update(id: string, changes: Record<string, unknown>) {
  const record = (await who.admin.call<Record<string, unknown>>('GET', `/api/data/plan-task/${id}`)).data!;
  const fields = [
    'name',
    'parentId',
    'kind',
    'duration',
    'constraintStart',
    'percentComplete',
    'actualStart',
    'actualFinish',
    'remark',
  ];
  const values = Object.fromEntries(
    fields.filter((field) => record[field] !== undefined).map((field) => [field, record[field]]),
  );
  return who.admin.call('PUT', `/api/data/plan-task/${id}`, { ...values, ...changes, version: record.version });
}

const logic = (id: string, predecessors: string, constraintStart?: string) =>
  who.admin.call('PUT', `/api/planning/v1.0/tasks/${id}/logic`, {
    predecessors,
    ...(constraintStart ? { constraintStart } : {}),
  });

async function clear() {
  const plan = await schedule();
  for (const task of plan.tasks.filter((item) => item.parentId === ''))
    expect((await who.admin.call('DELETE', `/api/data/plan-task/${task.id}`)).msgCode).toBe(0);
}

describe('the critical path through the API', () => {
  it('sets the project calendar: 7 days from 2 March 2026', async () => {
    const body = await who.admin.call('POST', '/api/data/plan-setting', {
      projectId: PROJECT,
      projectStart: START,
      workWeek: '7',
    });
    expect(body.msgCode, body.errMsg).toBe(0);
    const again = await who.admin.call('POST', '/api/data/plan-setting', {
      projectId: PROJECT,
      projectStart: START,
      workWeek: '6',
    });
    expect(again).toMatchObject({ msgCode: -409, errMsg: '本项目已有计划设置，请编辑现有设置' });
  });

  it('computes the textbook example: every ES, EF, LS, LF and float', async () => {
    const activities: [string, number, string[]][] = [
      ['A 挖基础', 2, []],
      ['B 浇筑基础', 4, ['A']],
      ['C 砌筑墙体', 10, ['B']],
      ['D 屋面施工', 6, ['C']],
      ['E 室外管道', 4, ['C']],
      ['F 室内管道', 5, ['E']],
      ['G 外墙饰面', 7, ['D']],
      ['H 外墙涂料', 9, ['E', 'G']],
      ['I 电气安装', 7, ['C']],
      ['J 内墙板', 8, ['F', 'I']],
      ['K 楼地面', 4, ['J']],
      ['L 内墙涂料', 5, ['J']],
      ['M 室外装置', 2, ['H']],
      ['N 室内装置', 6, ['K', 'L']],
    ];
    const ids = new Map<string, string>();
    for (const [name, duration] of activities) ids.set(name[0], await create(name, duration));
    // Row numbers follow the creation order: A is 1, N is 14.
    const seqOf = (letter: string) => letter.charCodeAt(0) - 64;
    for (const [name, , before] of activities)
      if (before.length > 0) expect((await logic(ids.get(name[0])!, before.map(seqOf).join(','))).msgCode).toBe(0);
    // The book's table (weeks as days): ES, EF, LS, LF, slack.
    const expected: Record<string, [number, number, number, number, number]> = {
      A: [0, 2, 0, 2, 0],
      B: [2, 6, 2, 6, 0],
      C: [6, 16, 6, 16, 0],
      D: [16, 22, 20, 26, 4],
      E: [16, 20, 16, 20, 0],
      F: [20, 25, 20, 25, 0],
      G: [22, 29, 26, 33, 4],
      H: [29, 38, 33, 42, 4],
      I: [16, 23, 18, 25, 2],
      J: [25, 33, 25, 33, 0],
      K: [33, 37, 34, 38, 1],
      L: [33, 38, 33, 38, 0],
      M: [38, 40, 42, 44, 4],
      N: [38, 44, 38, 44, 0],
    };
    const plan = await schedule();
    expect(plan.finish).toBe(day(43));
    for (const task of plan.tasks) {
      const [es, ef, ls, lf, slack] = expected[task.name[0]];
      expect(task, task.name).toMatchObject({
        start: day(es),
        finish: day(ef - 1),
        lateStart: day(ls),
        lateFinish: day(lf - 1),
        totalFloat: slack,
        critical: slack === 0,
      });
    }
    expect(plan.tasks.find((task) => task.name.startsWith('H'))!.predecessors).toBe('5,7');
  });

  it('refuses a relation that would close a loop, naming its tasks in order', async () => {
    const tasks = await byName();
    const a = tasks.get('A 挖基础')!;
    const loop = await logic(a.id, '14');
    expect(loop.msgCode).toBe(-400);
    expect(loop.errMsg).toMatch(
      /^前置关系形成循环：“A 挖基础” → “B 浇筑基础” → “C 砌筑墙体” → .* → “N 室内装置” → “A 挖基础”，请删除其中一条关系$/,
    );
    // The same through the relations' own call, and nothing was written either way.
    const direct = await who.admin.call('POST', '/api/data/plan-link', {
      projectId: PROJECT,
      predecessorId: tasks.get('N 室内装置')!.id,
      successorId: a.id,
      type: 'SS',
      lag: 0,
    });
    expect(direct.msgCode).toBe(-400);
    expect(direct.errMsg).toContain('前置关系形成循环');
    expect((await byName()).get('A 挖基础')!.predecessors).toBe('');
    expect(await logic(a.id, '1')).toMatchObject({ msgCode: -400, errMsg: '任务不能以自己为前置任务' });
    expect(await logic(a.id, '99')).toMatchObject({ msgCode: -400, errMsg: '序号 99 的任务不存在' });
    expect((await logic(a.id, '2XX')).errMsg).toBe('无法识别“2XX”，请按“序号+关系类型+延隔天数”填写，如 3FS+2、5SS');
  });

  it('computes the four relations with lags and a lead, worked by hand', async () => {
    await clear();
    const names = ['A', 'B', 'C', 'D', 'E', 'F'];
    const durations = [6, 8, 5, 10, 4, 3];
    const ids: string[] = [];
    for (const [index, name] of names.entries()) ids.push(await create(`工作${name}`, durations[index]));
    // B: SS+2 after A; C: FS+1 after A; D: FF+3 after B and SS+1 after C; E: SF+8 after C and FS-3 after B;
    // F: FS after D and FF+2 after E.
    expect((await logic(ids[1], '1SS+2')).msgCode).toBe(0);
    expect((await logic(ids[2], '1FS+1')).msgCode).toBe(0);
    expect((await logic(ids[3], '2FF+3,3SS+1')).msgCode).toBe(0);
    expect((await logic(ids[4], '3SF+8,2FS-3')).msgCode).toBe(0);
    expect((await logic(ids[5], '4,5FF+2')).msgCode).toBe(0);
    const expected: Record<string, [number, number, number, number, number, number]> = {
      A: [0, 6, 0, 6, 0, 0],
      B: [2, 10, 7, 15, 5, 4],
      C: [7, 12, 7, 12, 0, 0],
      D: [8, 18, 8, 18, 0, 0],
      E: [11, 15, 15, 19, 4, 4],
      F: [18, 21, 18, 21, 0, 0],
    };
    const plan = await schedule();
    for (const task of plan.tasks) {
      const [es, ef, ls, lf, totalFloat, freeFloat] = expected[task.name.slice(-1)];
      expect(task, task.name).toMatchObject({
        start: day(es),
        finish: day(ef - 1),
        lateStart: day(ls),
        lateFinish: day(lf - 1),
        totalFloat,
        freeFloat,
      });
    }
    expect(plan.tasks.map((task) => task.predecessors)).toEqual([
      '',
      '1SS+2',
      '1FS+1',
      '2FF+3,3SS+1',
      '2FS-3,3SF+8',
      '4,5FF+2',
    ]);
  });

  it('moves the successors when a bar is dragged later, and lets them back when it returns', async () => {
    const before = await byName();
    const c = before.get('工作C')!;
    const moved = await who.admin.call<{ moved: { name: string; start: string }[]; task: Task }>(
      'POST',
      `/api/planning/v1.0/tasks/${c.id}/dates`,
      { start: day(10) },
    );
    expect(moved.msgCode, moved.errMsg).toBe(0);
    expect(moved.data!.task).toMatchObject({ start: day(10), constraintStart: day(10) });
    // D follows C by SS+1, E by SF+8, F after both.
    expect(moved.data!.moved.map((task) => task.name).sort()).toEqual(['工作D', '工作E', '工作F']);
    const after = await byName();
    expect(after.get('工作D')!.start).toBe(day(11));
    expect(after.get('工作F')!.finish).toBe(day(23));
    // Stretched: its finish moves, its duration follows.
    const stretched = await who.admin.call<{ task: Task }>('POST', `/api/planning/v1.0/tasks/${c.id}/dates`, {
      finish: day(16),
    });
    expect(stretched.data!.task).toMatchObject({ start: day(10), finish: day(16), duration: 7 });
    // Dragged before its predecessors allow: held back, no constraint kept.
    const early = await who.admin.call<{ task: Task }>('POST', `/api/planning/v1.0/tasks/${c.id}/dates`, {
      start: day(2),
    });
    expect(early.errMsg).toBe(`受前置任务约束，“工作C”最早于 ${day(7)} 开始`);
    expect(early.data!.task.constraintStart).toBeUndefined();
    expect((await byName()).get('工作D')!.start).toBe(day(8));
    await create('摘要', 1);
  });
});

describe('the WBS tree', () => {
  it('keeps relations off summaries, indents and outdents, and deletes a summary with its tasks', async () => {
    const plan = await byName();
    const summary = plan.get('摘要')!;
    // Putting a task under 工作C, which has relations, is refused.
    const c = plan.get('工作C')!;
    const under = await update(summary.id, { parentId: c.id });
    expect(under).toMatchObject({
      msgCode: -400,
      errMsg: '“工作C”已有前置或后续关系，不能作为上级任务；请先删除它的前置关系',
    });
    const child = await create('子项一', 3, { parentId: summary.id });
    const second = await create('子项二', 2, { parentId: summary.id });
    let now = await byName();
    expect(now.get('摘要')).toMatchObject({ kind: 'summary', wbs: '7', duration: 3 });
    expect(now.get('子项二')).toMatchObject({ wbs: '7.2' });
    expect(await logic(summary.id, '1')).toMatchObject({
      msgCode: -400,
      errMsg: '“摘要”是摘要任务，不能设置前置关系，请连接其下的具体工作',
    });
    expect((await logic(second, '7')).errMsg).toBe('“摘要”是摘要任务，不能设置前置关系，请连接其下的具体工作');
    // 子项二 goes under 子项一, then back up after it.
    expect((await who.admin.call('POST', `/api/planning/v1.0/tasks/${second}/indent`)).msgCode).toBe(0);
    now = await byName();
    expect(now.get('子项二')).toMatchObject({ wbs: '7.1.1', parentId: child });
    expect(now.get('子项一')!.kind).toBe('summary');
    expect((await who.admin.call('POST', `/api/planning/v1.0/tasks/${second}/outdent`)).msgCode).toBe(0);
    now = await byName();
    expect(now.get('子项二')).toMatchObject({ wbs: '7.2', parentId: summary.id });
    expect((await who.admin.call('POST', `/api/planning/v1.0/tasks/${summary.id}/outdent`)).errMsg).toBe(
      '已是顶级任务，不能升级',
    );
    expect((await who.admin.call('POST', `/api/planning/v1.0/tasks/${child}/indent`)).errMsg).toBe(
      '这是同级的第一项任务，不能降级',
    );
    // A milestone holds no tasks; a task of no duration is a milestone.
    const gate = await create('节点', 0);
    expect((await update(child, { parentId: gate })).errMsg).toBe('里程碑不能包含下级任务');
    expect((await update(summary.id, { parentId: second })).errMsg).toBe('不能把任务移到它自己的下级任务之下');
    expect((await update(summary.id, { kind: 'milestone' })).errMsg).toBe('有下级任务的摘要任务不能设为里程碑');
    expect((await update(child, { actualStart: '2026-03-05', actualFinish: '2026-03-04' })).errMsg).toBe(
      '实际完成日期不能早于实际开始日期',
    );
    const zero = await create('零工期工作', 0, { kind: 'task' });
    expect((await byName()).get('零工期工作')!.kind).toBe('milestone');
    await who.admin.call('DELETE', `/api/data/plan-task/${zero}`);
    await who.admin.call('DELETE', `/api/data/plan-task/${gate}`);
    // Deleting the summary deletes its tasks and their relations.
    await logic(second, '1');
    expect((await who.admin.call('DELETE', `/api/data/plan-task/${summary.id}`)).msgCode).toBe(0);
    const left = await schedule();
    expect(left.tasks.map((task) => task.name)).toEqual(['工作A', '工作B', '工作C', '工作D', '工作E', '工作F']);
    expect(left.links).toHaveLength(8);
  });
});

describe('calendar and baseline', () => {
  it('re-plans every date on a 6-day week with the statutory holidays, and compares with a baseline', async () => {
    const baseline = await who.admin.call('POST', '/api/data/plan-baseline', { projectId: PROJECT, name: '基线一' });
    expect(baseline.msgCode, baseline.errMsg).toBe(0);
    const kept = await byName();
    expect(kept.get('工作F')).toMatchObject({ baselineFinish: kept.get('工作F')!.finish, finishVariance: 0 });
    const settings = await who.admin.call<{ dataList: { id: string; version: number }[] }>(
      'GET',
      `/api/data/plan-setting?projectId=${PROJECT}`,
    );
    const setting = settings.data!.dataList[0];
    const wrong = await who.admin.call('PUT', `/api/data/plan-setting/${setting.id}`, {
      version: setting.version,
      projectStart: START,
      workWeek: '6',
      nonWorkingDays: '2026-03-10~2026-03-08 停电',
    });
    expect(wrong.msgCode).toBe(-400);
    expect(wrong.errMsg).toContain('无法识别的停工日：2026-03-10~2026-03-08 停电');
    const saved = await who.admin.call('PUT', `/api/data/plan-setting/${setting.id}`, {
      version: setting.version,
      projectStart: START,
      workWeek: '6',
      statutoryHolidays: true,
      nonWorkingDays: '2026-03-09 停电',
    });
    expect(saved.msgCode, saved.errMsg).toBe(0);
    const plan = await byName();
    // A (6 days) from Monday 2 March: 2-7 March (Saturday worked) ... 9 March is off: A ends on Saturday 7 March.
    expect(plan.get('工作A')).toMatchObject({ start: '2026-03-02', finish: '2026-03-07' });
    // Its successor C (FS+1) starts after one more working day: 10 March is the lag, 11 March the start.
    expect(plan.get('工作C')!.start).toBe('2026-03-11');
    const f = plan.get('工作F')!;
    expect(f.finishVariance).toBeGreaterThan(0);
    expect(f.baselineFinish).toBe(kept.get('工作F')!.finish);
  });
});

describe('bad input', () => {
  it('refuses dates and chains the calendar cannot reach, and malformed bodies, with clear messages', async () => {
    const plan = await byName();
    const a = plan.get('工作A')!;
    expect(await who.admin.call('POST', `/api/planning/v1.0/tasks/${a.id}/dates`, { start: 'abc' })).toMatchObject({
      msgCode: -400,
      errMsg: '开始日期不是正确的日期',
    });
    expect(await who.admin.call('POST', `/api/planning/v1.0/tasks/${a.id}/dates`, {})).toMatchObject({
      msgCode: -400,
      errMsg: '请给出新的开始或完成日期',
    });
    const far = await who.admin.call('POST', `/api/planning/v1.0/tasks/${a.id}/dates`, { start: '2999-01-01' });
    expect(far).toMatchObject({
      msgCode: -400,
      errMsg: '计划跨度超出可计算的范围（开工前后150年内），请检查工期、延隔与日期',
    });
    // A chain of ten-year works with ten-year lags runs out of the calendar's reach: the relation that would is refused.
    let previous = await create('长工期一', 3650);
    let refusal = '';
    for (let index = 2; index <= 12 && !refusal; index += 1) {
      const next = await create(`长工期${index}`, 3650);
      const seq = (await schedule()).tasks.find((task) => task.id === previous)!.seq;
      const answer = await logic(next, `${seq}FS+3650`);
      if (answer.msgCode !== 0) refusal = answer.errMsg;
      previous = next;
    }
    expect(refusal).toBe('计划跨度超出可计算的范围（开工前后150年内），请检查工期、延隔与日期');
    // The schedule still reads.
    expect((await schedule()).tasks.length).toBeGreaterThan(6);
  });
});
