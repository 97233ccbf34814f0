/**
 * Where a project's schedule comes from: its tasks, relations and settings (the collections plan-task, plan-link,
 * plan-setting, read through the collection engine, references labelled) and the snapshot of its latest baseline
 * (planning_baseline_task). `schedule()` computes it (schedule-model.ts); nothing computed is stored.
 */
import { sql } from 'kysely';
import type { FastifyInstance } from 'fastify';
import {
  chinaDate,
  DomainError,
  type CollectionRecords,
  type Db,
  type RecordValues,
} from '../../../src/server/module-api.js';
import { CalendarRangeError, type WorkWeek } from './calendar.js';
import type { LinkType } from './cpm.js';
import {
  computeSchedule,
  type BaselineInput,
  type LinkInput,
  type Schedule,
  type ScheduleInput,
  type SettingInput,
  type TaskInput,
  type TaskKind,
} from './schedule-model.js';

/** More tasks than a project's schedule may hold (5,000 is the size the bench measures). */
export const MAX_TASKS = 20_000;
const MAX_LINKS = 60_000;

export const COLLECTIONS = {
  tasks: 'plan-task',
  links: 'plan-link',
  settings: 'plan-setting',
  baselines: 'plan-baseline',
} as const;

const text = (value: unknown): string | undefined => (typeof value === 'string' && value !== '' ? value : undefined);
const int = (value: unknown, fallback = 0): number => {
  const number = Number(value);
  return Number.isFinite(number) ? Math.round(number) : fallback;
};

export function taskInput(row: RecordValues): TaskInput {
  return {
    id: String(row.id),
    parentId: text(row.parentId) ?? null,
    name: String(row.name ?? ''),
    kind: (row.kind === 'milestone' ? 'milestone' : 'task') as TaskKind,
    duration: int(row.duration),
    constraintStart: text(row.constraintStart) ?? null,
    responsibleId: text(row.responsibleId) ?? null,
    responsibleName: text(row.responsibleIdLabel) ?? null,
    percentComplete:
      row.percentComplete === undefined || row.percentComplete === null ? null : int(row.percentComplete),
    actualStart: text(row.actualStart) ?? null,
    actualFinish: text(row.actualFinish) ?? null,
    sortNo: int(row.sortNo),
    remark: text(row.remark) ?? null,
    version: int(row.version, 1),
    createdAt: text(row.createdAt),
  };
}

export function linkInput(row: RecordValues): LinkInput {
  return {
    id: String(row.id),
    predecessorId: String(row.predecessorId),
    successorId: String(row.successorId),
    type: (['FS', 'SS', 'FF', 'SF'].includes(String(row.type)) ? row.type : 'FS') as LinkType,
    lag: int(row.lag),
  };
}

export function settingInput(row: RecordValues | undefined): SettingInput | null {
  if (!row || !text(row.projectStart)) return null;
  return {
    id: String(row.id),
    projectStart: String(row.projectStart),
    workWeek: (['7', '6', '5'].includes(String(row.workWeek)) ? row.workWeek : '7') as WorkWeek,
    statutoryHolidays: row.statutoryHolidays === true || row.statutoryHolidays === 'true',
    nonWorkingDays: text(row.nonWorkingDays) ?? null,
    workingDays: text(row.workingDays) ?? null,
    deadline: text(row.deadline) ?? null,
  };
}

export class PlanStore {
  readonly tasks: CollectionRecords;
  readonly links: CollectionRecords;
  readonly settings: CollectionRecords;
  readonly baselines: CollectionRecords;

  constructor(private readonly app: FastifyInstance) {
    const get = (id: string) => {
      const records = app.collections.get(id);
      if (!records) throw new Error(`modules/planning: the collection ${id} is missing`);
      return records;
    };
    this.tasks = get(COLLECTIONS.tasks);
    this.links = get(COLLECTIONS.links);
    this.settings = get(COLLECTIONS.settings);
    this.baselines = get(COLLECTIONS.baselines);
  }

  get db(): Db {
    return this.app.services.db;
  }

  today(): string {
    return chinaDate(this.app.services.config.now());
  }

  /** The project's inputs, read through `db` (a transaction's, to see what it wrote). */
  async inputs(projectId: string, db: Db = this.db): Promise<ScheduleInput> {
    const within = (records: CollectionRecords) => (db === this.db ? records : records.within(db));
    const [tasks, links, settings, baselines] = await Promise.all([
      within(this.tasks).all(projectId, {}, MAX_TASKS),
      within(this.links).all(projectId, {}, MAX_LINKS),
      within(this.settings).all(projectId, {}, 1),
      within(this.baselines).all(projectId, {}, 1),
    ]);
    return {
      tasks: tasks.map(taskInput),
      links: links.map(linkInput),
      setting: settingInput(settings[0]),
      baseline: baselines[0] ? await this.baselineOf(db, baselines[0]) : null,
      today: this.today(),
    };
  }

  private async baselineOf(db: Db, row: RecordValues): Promise<BaselineInput> {
    const { rows } = await sql<{ task_id: string; start_date: string; finish_date: string; duration: number }>`
      select task_id, start_date, finish_date, duration from planning_baseline_task where baseline_id = ${String(row.id)}`.execute(
      db,
    );
    return {
      id: String(row.id),
      name: String(row.name ?? ''),
      savedAt: String(row.createdAt ?? ''),
      tasks: new Map(
        rows.map((task) => [
          task.task_id,
          { start: task.start_date, finish: task.finish_date, duration: Number(task.duration) },
        ]),
      ),
    };
  }

  /** The computed schedule; one its calendar cannot reach (a chain of centuries) is refused with the reason. */
  async schedule(projectId: string, db: Db = this.db): Promise<Schedule> {
    return computable(await this.inputs(projectId, db));
  }
}

/** `work`, with a date beyond the calendar's reach refused as the input it came from (-400), not a failure. */
export async function withinRange<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof CalendarRangeError) throw new DomainError('invalid', error.message);
    throw error;
  }
}

export function computable(inputs: ScheduleInput): Schedule {
  try {
    return computeSchedule(inputs);
  } catch (error) {
    if (error instanceof CalendarRangeError) throw new DomainError('invalid', error.message);
    throw error;
  }
}
