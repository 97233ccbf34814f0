/**
 * A small vocabulary for writing a schedule in code, as the demo schedules are: summaries that hold tasks, tasks
 * and milestones with their durations and their relations (FS by default, SS/FF/SF with lags), each with a stable
 * id, so every seeding writes the same records.
 */
import type { LinkType } from './cpm.js';

export interface PlanTaskRow {
  id: string;
  parentId?: string;
  name: string;
  kind: 'task' | 'milestone';
  duration: number;
  sortNo: number;
  responsibleId?: string;
  remark?: string;
}

export interface PlanLinkRow {
  id: string;
  predecessorId: string;
  successorId: string;
  type: LinkType;
  lag: number;
}

export type Ref = string;
export type After = Ref | { task: Ref; type?: LinkType; lag?: number };

export class PlanWriter {
  readonly tasks: PlanTaskRow[] = [];
  readonly links: PlanLinkRow[] = [];
  private parent: string | undefined;
  private taskCount = 0;
  private linkCount = 0;
  private readonly sortOf = new Map<string, number>();

  constructor(private readonly prefix: string) {}

  private nextId(): string {
    this.taskCount += 1;
    return `${this.prefix}-${String(this.taskCount).padStart(4, '0')}`;
  }

  private add(row: Omit<PlanTaskRow, 'id' | 'sortNo' | 'parentId'>): Ref {
    const id = this.nextId();
    const key = this.parent ?? '';
    const sortNo = (this.sortOf.get(key) ?? 0) + 10;
    this.sortOf.set(key, sortNo);
    this.tasks.push({ id, ...(this.parent ? { parentId: this.parent } : {}), sortNo, ...row });
    return id;
  }

  /** A summary and what `build` adds under it. */
  group(name: string, build: () => void): Ref {
    const id = this.add({ name, kind: 'task', duration: 0 });
    const outer = this.parent;
    this.parent = id;
    build();
    this.parent = outer;
    return id;
  }

  task(
    name: string,
    duration: number,
    after: After | After[] = [],
    more: { responsibleId?: string; remark?: string } = {},
  ): Ref {
    const id = this.add({ name, kind: duration === 0 ? 'milestone' : 'task', duration, ...more });
    this.link(after, id);
    return id;
  }

  milestone(name: string, after: After | After[] = []): Ref {
    return this.task(name, 0, after);
  }

  link(after: After | After[], to: Ref): void {
    for (const item of Array.isArray(after) ? after : [after]) {
      const from = typeof item === 'string' ? { task: item } : item;
      this.linkCount += 1;
      this.links.push({
        id: `${this.prefix}-l${String(this.linkCount).padStart(4, '0')}`,
        predecessorId: from.task,
        successorId: to,
        type: from.type ?? 'FS',
        lag: from.lag ?? 0,
      });
    }
  }
}

export const ss = (task: Ref, lag = 0): After => ({ task, type: 'SS', lag });
export const ff = (task: Ref, lag = 0): After => ({ task, type: 'FF', lag });
export const fs = (task: Ref, lag = 0): After => ({ task, type: 'FS', lag });
