/** The JSON schemas the planning routes declare: their inputs (with the Chinese messages) and their answers. */
import type { Schema } from '../../../src/server/module-api.js';

export const projectIdProperty = {
  type: 'string',
  minLength: 1,
  maxLength: 64,
  errorMessage: { required: '请选择项目', minLength: '请选择项目', maxLength: '项目不存在' },
} as const;

export const projectQuery = {
  type: 'object',
  required: ['projectId'],
  properties: { projectId: projectIdProperty },
} as const;

export const taskParams = {
  type: 'object',
  required: ['id'],
  properties: { id: { type: 'string', minLength: 1, maxLength: 64 } },
} as const;

export const dateProperty = (title: string) =>
  ({
    type: 'string',
    format: 'date',
    errorMessage: { format: `${title}不是正确的日期` },
  }) as const;

const str = { type: 'string' } as const;
const int = { type: 'integer' } as const;
const num = { type: 'number' } as const;
const bool = { type: 'boolean' } as const;
const nullableStr: Schema = { type: ['string', 'null'] };
const nullableInt: Schema = { type: ['integer', 'null'] };

export const scheduledTaskSchema: Schema = {
  type: 'object',
  properties: {
    id: str,
    parentId: str,
    seq: int,
    wbs: str,
    level: int,
    name: str,
    kind: str,
    kindLabel: str,
    duration: int,
    start: str,
    finish: str,
    lateStart: str,
    lateFinish: str,
    totalFloat: int,
    freeFloat: int,
    floatText: str,
    critical: bool,
    criticalLabel: str,
    constraintStart: str,
    predecessors: str,
    responsibleId: str,
    responsibleName: str,
    percentComplete: int,
    actualStart: str,
    actualFinish: str,
    status: str,
    statusLabel: str,
    overdue: bool,
    baselineStart: str,
    baselineFinish: str,
    startVariance: int,
    finishVariance: int,
    remark: str,
    version: int,
    sortNo: num,
    childCount: int,
  },
};

export const figuresSchema: Schema = {
  type: 'object',
  properties: {
    taskCount: int,
    milestoneCount: int,
    criticalCount: int,
    overdueCount: int,
    lateStartCount: int,
    inProgressCount: int,
    doneCount: int,
    plannedPercent: num,
    actualPercent: num,
    plannedFinish: nullableStr,
    baselineFinish: nullableStr,
    finishVariance: nullableInt,
    deadline: nullableStr,
    deadlineVariance: nullableInt,
  },
};

export const scheduleSchema: Schema = {
  type: 'object',
  properties: {
    projectStart: str,
    finish: nullableStr,
    today: str,
    calendar: {
      type: 'object',
      properties: {
        workWeek: str,
        workWeekLabel: str,
        statutoryHolidays: bool,
        configured: bool,
        nonWorkingDays: { type: 'array', items: str },
      },
    },
    tasks: { type: 'array', items: scheduledTaskSchema },
    links: {
      type: 'array',
      items: {
        type: 'object',
        properties: { id: str, predecessorId: str, successorId: str, type: str, lag: int },
      },
    },
    baseline: {
      type: ['object', 'null'],
      properties: { id: str, name: str, savedAt: str },
    },
    figures: figuresSchema,
  },
};
