/**
 * The planning module's critical path method (modules/planning/server/cpm.ts) against worked examples, every task's
 * ES, EF, LS, LF and floats:
 * - the textbook example of Hillier & Lieberman, Introduction to Operations Research, "Reliable Construction Co."
 *   (14 activities, finish-to-start only; 44 weeks, critical path A-B-C-E-F-J-L-N);
 * - a 搭接网络 (precedence network with lags) using all four relations, a lead (negative lag), worked by hand with
 *   the rules of JGJ/T 121-2015 (an ES below 0 tied to the start, an LF above T tied to the finish);
 * and loops refused with the tasks named in order; the predecessor notation of MS Project.
 */
import { describe, expect, it } from 'vitest';
import { computeCpm, CycleError, type CpmLink, type CpmTask } from '../../modules/planning/server/cpm';
import { formatPredecessor, parsePredecessors } from '../../modules/planning/server/predecessors';

const task = (id: string, duration: number, more: Partial<CpmTask> = {}): CpmTask => ({
  id,
  name: `工作${id}`,
  duration,
  ...more,
});
const fs = (from: string, to: string, lag = 0): CpmLink => ({ from, to, type: 'FS', lag });

describe('CPM: Hillier & Lieberman, Reliable Construction Co.', () => {
  // Activity, duration (weeks), immediate predecessors.
  const activities: [string, number, string[]][] = [
    ['A', 2, []], // Excavate
    ['B', 4, ['A']], // Lay the foundation
    ['C', 10, ['B']], // Put up the rough wall
    ['D', 6, ['C']], // Put up the roof
    ['E', 4, ['C']], // Install the exterior plumbing
    ['F', 5, ['E']], // Install the interior plumbing
    ['G', 7, ['D']], // Put up the exterior siding
    ['H', 9, ['E', 'G']], // Do the exterior painting
    ['I', 7, ['C']], // Do the electrical work
    ['J', 8, ['F', 'I']], // Put up the wallboard
    ['K', 4, ['J']], // Install the flooring
    ['L', 5, ['J']], // Do the interior painting
    ['M', 2, ['H']], // Install the exterior fixtures
    ['N', 6, ['K', 'L']], // Install the interior fixtures
  ];
  // The book's table: ES, EF, LS, LF, slack.
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

  it('gives every activity the book’s early and late times and slack, and the 44-week critical path', () => {
    // In a shuffled order: the computation orders the network itself.
    const tasks = [...activities].reverse().map(([id, duration]) => task(id, duration));
    const links = activities.flatMap(([id, , before]) => before.map((from) => fs(from, id)));
    const schedule = computeCpm(tasks, links);
    expect(schedule.finish).toBe(44);
    for (const [id, [es, ef, ls, lf, slack]] of Object.entries(expected)) {
      expect(schedule.tasks.get(id), id).toMatchObject({ es, ef, ls, lf, totalFloat: slack });
    }
    const critical = activities.map(([id]) => id).filter((id) => schedule.tasks.get(id)!.critical);
    expect(critical).toEqual(['A', 'B', 'C', 'E', 'F', 'J', 'L', 'N']);
    // Free float: the slack an activity has without delaying any successor's early start.
    expect(schedule.tasks.get('D')!.freeFloat).toBe(0);
    expect(schedule.tasks.get('I')!.freeFloat).toBe(2);
    expect(schedule.tasks.get('K')!.freeFloat).toBe(1);
    expect(schedule.tasks.get('M')!.freeFloat).toBe(4);
  });
});

describe('CPM: a precedence network with all four relations and lags (搭接网络)', () => {
  const tasks = [task('A', 6), task('B', 8), task('C', 5), task('D', 10), task('E', 4), task('F', 3)];
  const links: CpmLink[] = [
    { from: 'A', to: 'B', type: 'SS', lag: 2 },
    { from: 'A', to: 'C', type: 'FS', lag: 1 },
    { from: 'B', to: 'D', type: 'FF', lag: 3 },
    { from: 'C', to: 'D', type: 'SS', lag: 1 },
    { from: 'C', to: 'E', type: 'SF', lag: 8 },
    { from: 'B', to: 'E', type: 'FS', lag: -3 },
    { from: 'D', to: 'F', type: 'FS', lag: 0 },
    { from: 'E', to: 'F', type: 'FF', lag: 2 },
  ];

  it('computes every ES, EF, LS, LF, total and free float as worked by hand', () => {
    // Forward: B = A.ES+2; C = A.EF+1; D by FF from B (EF>=13, ES>=3) and SS from C (ES>=8) -> 8;
    // E by SF from C (EF>=15, ES>=11) and FS-3 from B (ES>=7) -> 11; F by FS from D (18) and FF from E (EF>=17) -> 18.
    // Backward from T = 21: E.LF = F.LF-2 = 19; D.LF = F.LS = 18; C by SS (LS<=D.LS-1 = 7, LF 12) and SF
    // (LS<=E.LF-8 = 11); B by FF (LF<=D.LF-3 = 15) and FS-3 (LF<=E.LS+3 = 18); A by SS (LS<=B.LS-2 = 5) and
    // FS+1 (LF<=C.LS-1 = 6).
    const expected: Record<string, [number, number, number, number, number, number]> = {
      A: [0, 6, 0, 6, 0, 0],
      B: [2, 10, 7, 15, 5, 4],
      C: [7, 12, 7, 12, 0, 0],
      D: [8, 18, 8, 18, 0, 0],
      E: [11, 15, 15, 19, 4, 4],
      F: [18, 21, 18, 21, 0, 0],
    };
    const schedule = computeCpm(tasks, links);
    expect(schedule.finish).toBe(21);
    for (const [id, [es, ef, ls, lf, totalFloat, freeFloat]] of Object.entries(expected))
      expect(schedule.tasks.get(id), id).toEqual({ es, ef, ls, lf, totalFloat, freeFloat, critical: totalFloat === 0 });
  });

  it('ties a task whose relations would start it before the project to the start (ES 0)', () => {
    // G must finish 2 days after A starts: ES would be 2-5 = -3, so it starts with the project.
    const schedule = computeCpm([task('A', 6), task('G', 5)], [{ from: 'A', to: 'G', type: 'SF', lag: 2 }]);
    expect(schedule.tasks.get('G')).toMatchObject({ es: 0, ef: 5 });
  });

  it('ties a task whose relations would finish it after the computed duration to the finish (LF <= T)', () => {
    // Y (10 days) only has to start with F: LF by SS would be F.LS + 10 = 13, beyond T = 6.
    const schedule = computeCpm(
      [task('A', 3), task('F', 3), task('Y', 10)],
      [fs('A', 'F'), { from: 'Y', to: 'F', type: 'SS', lag: 0 }],
    );
    expect(schedule.finish).toBe(10);
    expect(schedule.tasks.get('Y')).toMatchObject({ es: 0, ef: 10, lf: 10, ls: 0, totalFloat: 0 });
    expect(schedule.tasks.get('F')).toMatchObject({ es: 3, ef: 6, ls: 7, lf: 10, totalFloat: 4 });
  });

  it('honours a start constraint, a lead and actual dates', () => {
    const schedule = computeCpm(
      [task('A', 5), task('B', 4, { earliest: 8 }), task('C', 3), task('D', 2, { actualStart: 1, actualFinish: 4 })],
      [fs('A', 'B'), fs('A', 'C', -2), fs('A', 'D')],
    );
    expect(schedule.tasks.get('B')).toMatchObject({ es: 8, ef: 12 });
    expect(schedule.tasks.get('C')).toMatchObject({ es: 3, ef: 6 });
    // Done early, out of sequence: the actual dates stand.
    expect(schedule.tasks.get('D')).toMatchObject({ es: 1, ef: 4 });
  });

  it('a milestone takes no time', () => {
    const schedule = computeCpm([task('A', 4), task('M', 0), task('B', 2)], [fs('A', 'M'), fs('M', 'B')]);
    expect(schedule.tasks.get('M')).toMatchObject({ es: 4, ef: 4, critical: true });
    expect(schedule.tasks.get('B')).toMatchObject({ es: 4, ef: 6 });
  });
});

describe('CPM: loops', () => {
  it('refuses a loop, naming its tasks in order', () => {
    const tasks = [task('A', 1), task('B', 1), task('C', 1), task('D', 1)];
    const attempt = () =>
      computeCpm(tasks, [fs('A', 'B'), fs('B', 'C'), { from: 'C', to: 'A', type: 'SS', lag: 0 }, fs('C', 'D')]);
    expect(attempt).toThrow(CycleError);
    expect(attempt).toThrow('前置关系形成循环：“工作A” → “工作B” → “工作C” → “工作A”，请删除其中一条关系');
  });

  it('refuses a task as its own predecessor', () => {
    expect(() => computeCpm([task('A', 1)], [fs('A', 'A')])).toThrow('“工作A” → “工作A”');
  });
});

describe('predecessor notation', () => {
  it('reads what planners type and writes it back the same way', () => {
    expect(parsePredecessors('3, 5SS+2，7ff-1；2SF+3天、9FS').entries).toEqual([
      { seq: 3, type: 'FS', lag: 0 },
      { seq: 5, type: 'SS', lag: 2 },
      { seq: 7, type: 'FF', lag: -1 },
      { seq: 2, type: 'SF', lag: 3 },
      { seq: 9, type: 'FS', lag: 0 },
    ]);
    expect(parsePredecessors('3XX').errors).toEqual(['无法识别“3XX”，请按“序号+关系类型+延隔天数”填写，如 3FS+2、5SS']);
    expect(formatPredecessor(3, 'FS', 0)).toBe('3');
    expect(formatPredecessor(3, 'FS', 2)).toBe('3FS+2');
    expect(formatPredecessor(5, 'SS', -1)).toBe('5SS-1');
  });
});
