/**
 * The critical path method on a precedence network with the four kinds of relation (FS, SS, FF, SF) and their lags,
 * in working days (the schedule's time scale, calendar.ts): the rules of 搭接网络计划 in JGJ/T 121-2015 and the
 * textbooks, which MS Project and 斑马进度 follow too.
 *
 * Forward pass, in dependency order (ES of the start is 0, EF = ES + D):
 *   FS: ES_j >= EF_i + lag      SS: ES_j >= ES_i + lag
 *   FF: EF_j >= EF_i + lag      SF: EF_j >= ES_i + lag
 * An ES below 0 is 0 (the work is tied to the start), and a task starts no earlier than its own constraint; an
 * actual start (and finish) fixes the task where it happened. The computed duration T is the latest EF.
 * Backward pass, in reverse order (LF of every task at most T):
 *   FS: LF_i <= LS_j - lag      SS: LS_i <= LS_j - lag
 *   FF: LF_i <= LF_j - lag      SF: LS_i <= LF_j - lag
 * Total float TF = LS - ES; free float FF = the least time interval to a successor (LAG_ij: FS ES_j - EF_i - lag,
 * SS ES_j - ES_i - lag, FF EF_j - EF_i - lag, SF EF_j - ES_i - lag; T - EF_i without one). Critical: TF <= 0.
 * A relation that closes a loop has no order: the computation refuses it, naming the tasks of the loop.
 */

export type LinkType = 'FS' | 'SS' | 'FF' | 'SF';
export const LINK_TYPES: readonly LinkType[] = ['FS', 'SS', 'FF', 'SF'];

export const LINK_TYPE_LABELS: Record<LinkType, string> = {
  FS: '完成-开始',
  SS: '开始-开始',
  FF: '完成-完成',
  SF: '开始-完成',
};

export interface CpmTask {
  id: string;
  /** Shown in the message when the task is in a loop. */
  name: string;
  /** Working days (0: a milestone). */
  duration: number;
  /** Starts no earlier than this index (a constraint, 开始不早于). */
  earliest?: number;
  /** Where the task actually started (index). */
  actualStart?: number;
  /** Where it actually finished (the boundary after its last day). */
  actualFinish?: number;
}

export interface CpmLink {
  from: string;
  to: string;
  type: LinkType;
  /** Working days; negative is a lead (搭接). */
  lag: number;
}

export interface CpmResult {
  es: number;
  ef: number;
  ls: number;
  lf: number;
  totalFloat: number;
  freeFloat: number;
  critical: boolean;
}

export interface CpmSchedule {
  tasks: Map<string, CpmResult>;
  /** The computed duration T (the latest EF; 0 without tasks). */
  finish: number;
}

/** A relation would close a loop: `cycle` names its tasks in order, the first repeated at the end. */
export class CycleError extends Error {
  constructor(readonly cycle: { id: string; name: string }[]) {
    super(`前置关系形成循环：${cycle.map((task) => `“${task.name}”`).join(' → ')}，请删除其中一条关系`);
    this.name = 'CycleError';
  }
}

/** The ES a relation allows its successor of duration `d` (the forward pass's bound). */
function forwardBound(link: CpmLink, from: { es: number; ef: number }, duration: number): number {
  switch (link.type) {
    case 'FS':
      return from.ef + link.lag;
    case 'SS':
      return from.es + link.lag;
    case 'FF':
      return from.ef + link.lag - duration;
    case 'SF':
      return from.es + link.lag - duration;
  }
}

/** The LF a relation allows its predecessor of duration `d` (the backward pass's bound). */
function backwardBound(link: CpmLink, to: { ls: number; lf: number }, duration: number): number {
  switch (link.type) {
    case 'FS':
      return to.ls - link.lag;
    case 'SS':
      return to.ls - link.lag + duration;
    case 'FF':
      return to.lf - link.lag;
    case 'SF':
      return to.lf - link.lag + duration;
  }
}

/** The time interval LAG_ij of a relation once both tasks are scheduled. */
function interval(link: CpmLink, from: { es: number; ef: number }, to: { es: number; ef: number }): number {
  switch (link.type) {
    case 'FS':
      return to.es - from.ef - link.lag;
    case 'SS':
      return to.es - from.es - link.lag;
    case 'FF':
      return to.ef - from.ef - link.lag;
    case 'SF':
      return to.ef - from.es - link.lag;
  }
}

/**
 * The tasks in an order where every relation points forward (Kahn), or the CycleError of a loop. Relations naming
 * a task that is not there are ignored.
 */
export function dependencyOrder(tasks: readonly CpmTask[], links: readonly CpmLink[]): CpmTask[] {
  const byId = new Map(tasks.map((task) => [task.id, task]));
  const incoming = new Map<string, number>(tasks.map((task) => [task.id, 0]));
  const outgoing = new Map<string, string[]>();
  for (const link of links) {
    if (!byId.has(link.from) || !byId.has(link.to)) continue;
    incoming.set(link.to, (incoming.get(link.to) ?? 0) + 1);
    const list = outgoing.get(link.from);
    if (list) list.push(link.to);
    else outgoing.set(link.from, [link.to]);
  }
  const ready = tasks.filter((task) => incoming.get(task.id) === 0).map((task) => task.id);
  const order: CpmTask[] = [];
  for (let head = 0; head < ready.length; head += 1) {
    const id = ready[head];
    order.push(byId.get(id)!);
    for (const next of outgoing.get(id) ?? []) {
      const left = incoming.get(next)! - 1;
      incoming.set(next, left);
      if (left === 0) ready.push(next);
    }
  }
  if (order.length < tasks.length) throw new CycleError(findCycle(tasks, outgoing, byId));
  return order;
}

/** One loop among the tasks a topological order could not place, in order. */
function findCycle(
  tasks: readonly CpmTask[],
  outgoing: ReadonlyMap<string, string[]>,
  byId: ReadonlyMap<string, CpmTask>,
): { id: string; name: string }[] {
  const state = new Map<string, 'open' | 'done'>();
  const path: string[] = [];
  const visit = (id: string): string[] | undefined => {
    state.set(id, 'open');
    path.push(id);
    for (const next of outgoing.get(id) ?? []) {
      if (state.get(next) === 'open') return [...path.slice(path.indexOf(next)), next];
      if (!state.has(next)) {
        const found = visit(next);
        if (found) return found;
      }
    }
    path.pop();
    state.set(id, 'done');
    return undefined;
  };
  for (const task of tasks) {
    if (state.has(task.id)) continue;
    const found = visit(task.id);
    if (found) return found.map((id) => ({ id, name: byId.get(id)?.name ?? id }));
  }
  return [];
}

/** The early and late times, floats and the critical tasks of a network (see the file's comment). */
export function computeCpm(tasks: readonly CpmTask[], links: readonly CpmLink[]): CpmSchedule {
  const order = dependencyOrder(tasks, links);
  const ids = new Set(tasks.map((task) => task.id));
  const valid = links.filter((link) => ids.has(link.from) && ids.has(link.to));
  const into = new Map<string, CpmLink[]>();
  const outOf = new Map<string, CpmLink[]>();
  for (const link of valid) {
    (into.get(link.to) ?? into.set(link.to, []).get(link.to)!).push(link);
    (outOf.get(link.from) ?? outOf.set(link.from, []).get(link.from)!).push(link);
  }

  const early = new Map<string, { es: number; ef: number }>();
  for (const task of order) {
    const duration = Math.max(0, task.duration);
    let es: number;
    let ef: number;
    if (task.actualStart !== undefined) {
      es = task.actualStart;
      ef = task.actualFinish ?? es + duration;
    } else if (task.actualFinish !== undefined) {
      ef = task.actualFinish;
      es = ef - duration;
    } else {
      es = Math.max(0, task.earliest ?? 0);
      for (const link of into.get(task.id) ?? [])
        es = Math.max(es, forwardBound(link, early.get(link.from)!, duration));
      ef = es + duration;
    }
    early.set(task.id, { es, ef: Math.max(ef, es) });
  }
  let finish = 0;
  for (const times of early.values()) finish = Math.max(finish, times.ef);

  const late = new Map<string, { ls: number; lf: number }>();
  for (let index = order.length - 1; index >= 0; index -= 1) {
    const task = order[index];
    const { es, ef } = early.get(task.id)!;
    const duration = ef - es;
    let lf = finish;
    for (const link of outOf.get(task.id) ?? []) lf = Math.min(lf, backwardBound(link, late.get(link.to)!, duration));
    late.set(task.id, { ls: lf - duration, lf });
  }

  const results = new Map<string, CpmResult>();
  for (const task of order) {
    const { es, ef } = early.get(task.id)!;
    const { ls, lf } = late.get(task.id)!;
    let freeFloat = finish - ef;
    for (const link of outOf.get(task.id) ?? [])
      freeFloat = Math.min(freeFloat, interval(link, { es, ef }, early.get(link.to)!));
    const totalFloat = ls - es;
    results.set(task.id, { es, ef, ls, lf, totalFloat, freeFloat, critical: totalFloat <= 0 });
  }
  return { tasks: results, finish };
}
