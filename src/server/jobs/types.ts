/**
 * The names and payloads of the portal's jobs. A module that adds a job declares its payload here by declaration
 * merging, so `jobs.send` and `jobs.work` check name and payload together:
 *
 *   declare module '../jobs/types.js' {
 *     interface JobPayloads { 'approval-reminder': { recordId: string } }
 *   }
 */

export interface JobPayloads {}

export type JobName = keyof JobPayloads & string;

/** Anything that survives JSON: what a job's progress and result hold. */
export type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };

export interface SendOptions {
  /** Not before this time (default: now). */
  runAt?: Date;
  /** Not before this many milliseconds from now. */
  delayMs?: number;
  /** Attempts in all, the first included (default 3). */
  maxAttempts?: number;
  /** Wait before the first retry; doubled for each further one (default 1 s). */
  retryDelayMs?: number;
  /** Higher first (default 0). */
  priority?: number;
  /** On an exclusive queue (`work(..., { exclusive: true })`): at most one job of this name and key waits or runs. */
  singletonKey?: string;
  /** The user who asked for it, and the project it works on: their progress is theirs to read. */
  ownerId?: string;
  projectId?: string;
  /** A file the job works on (an uploaded workbook), kept with the job and deleted with it. */
  file?: { name: string; bytes: Uint8Array };
}

export interface JobContext<P> {
  id: string;
  name: string;
  payload: P;
  /** 1 for the first run. */
  attempt: number;
  /** Aborted when the app stops: a long job checks it between steps and gives up (it runs again if it may). */
  signal: AbortSignal;
  /** Records how far the job is (readable by id while it runs). */
  progress(value: JsonValue): Promise<void>;
  /** The file sent with the job, if any. */
  file(): Promise<{ name: string; bytes: Uint8Array } | undefined>;
}

/** Runs one job; what it returns is kept as the job's result. A throw is a failed attempt (retried if allowed). */
export type JobHandler<N extends JobName> = (job: JobContext<JobPayloads[N]>) => Promise<JsonValue | void>;

export interface WorkOptions {
  /** Jobs of this name run at once in this instance (default 1). */
  concurrency?: number;
  /**
   * At most one job of this name (per `singletonKey`) waits or runs at a time: a second send is dropped. A job
   * that is not safe to repeat (an import that has written part of its rows) is sent with `maxAttempts: 1`: a run
   * cut off (the app stopped, or the instance running it died) then fails with INTERRUPTED_MESSAGE.
   */
  exclusive?: boolean;
  /** What the operator's screens (系统管理 / 定时任务) call these jobs, in Chinese: 审批每日汇总. */
  label?: string;
}

export const INTERRUPTED_MESSAGE = '任务执行中断（服务已停止），未能完成';

export interface ScheduleOptions {
  /** The time zone the cron rule reads (default Asia/Shanghai, the sites' time). */
  timeZone?: string;
  /** What the operator's screens call the job, when `work` did not name it already. */
  label?: string;
}

export type JobState = 'created' | 'active' | 'retry' | 'completed' | 'failed' | 'cancelled';

export interface JobInfo {
  id: string;
  name: string;
  state: JobState;
  attempts: number;
  maxAttempts: number;
  /** What it was sent with (as stored: read it as the payload type of its name). */
  payload: unknown;
  ownerId: string | null;
  /** The instance that ran the latest attempt (PORTAL_INSTANCE_NAME@version); null before one started it. */
  ranBy: string | null;
  projectId: string | null;
  progress: JsonValue | null;
  result: JsonValue | null;
  error: string | null;
  createdAt: Date;
  startedAt: Date | null;
  finishedAt: Date | null;
}

/** A job's run as the operator's screens show it: the newest attempt that started, and how it ended. */
export interface JobRun {
  id: string;
  state: JobState;
  /** When it ended, or when it started while it still runs. */
  at: Date;
  error: string | null;
}

/** A cron schedule (系统管理 / 定时任务): its rule, whether an operator paused it, its last and next run. */
export interface ScheduleInfo {
  name: string;
  /** The label `work` or `schedule` gave it; its name when no handler in this instance named it. */
  label: string;
  cron: string;
  timeZone: string;
  payload: unknown;
  paused: boolean;
  pausedAt: Date | null;
  lastRun: JobRun | null;
  /** Null while paused. */
  nextRunAt: Date | null;
  /** Jobs of its queue that failed for good in the last 24 hours. */
  failedLastDay: number;
}

/** Pausing or resuming a schedule: done, it was so already, or there is no such schedule. */
export type ScheduleChange = 'done' | 'already' | 'unknown';

/** Retrying or cancelling a job from the log: done, no such job, or refused for the job's state. */
export type JobCommand = 'done' | 'unknown' | 'wrong-state' | 'not-repeatable';

export interface JobListQuery {
  /** One queue only. */
  name?: string;
  state?: JobState;
  limit: number;
  offset: number;
}

/** A row of the job log (系统管理 / 定时任务 / 任务日志). */
export interface JobSummary {
  id: string;
  name: string;
  label: string;
  state: JobState;
  attempts: number;
  maxAttempts: number;
  error: string | null;
  ownerId: string | null;
  /** The instance that ran the latest attempt (PORTAL_INSTANCE_NAME@version); null before one started it. */
  ranBy: string | null;
  createdAt: Date;
  startedAt: Date | null;
  finishedAt: Date | null;
}

/**
 * An instance of the portal on this database, as it last reported itself to the job queue's registry (系统管理 /
 * 服务监控): figures are of its last heartbeat and null before the first one.
 */
export interface QueueInstance {
  id: string;
  /** The `instanceName` it started with (the portal's version). */
  name: string | null;
  host: string;
  pid: number;
  nodeVersion: string;
  startedAt: Date;
  heartbeatAt: Date;
  heartbeatSeconds: number;
  stoppedAt: Date | null;
  /** Not stopped, and heard from within three heartbeats. */
  live: boolean;
  /** Registered by the JobQueue asked (its name, host and process). */
  own: boolean;
  /** Lives on its name and host that ended without stopping (crashes) before this one started. */
  crashRestarts: number;
  rssBytes: number | null;
  heapUsedBytes: number | null;
  heapLimitBytes: number | null;
  /** Event-loop delay at the 99th percentile and at worst, ms. */
  loopDelayMs: number | null;
  loopDelayMaxMs: number | null;
  /** Share of the time the event loop was busy, 0 to 1. */
  loopUtilization: number | null;
  /** CPU cores used, and the cores it may use. */
  cpu: number | null;
  cpuLimit: number | null;
  /** The job queue's connection pool; null where the queue shares the embedded database. */
  pool: { max: number; total: number; idle: number; waiting: number } | null;
}

/** Thrown by a handler when trying again cannot help (an unreadable file): the job fails at once. */
export class JobFailure extends Error {}
