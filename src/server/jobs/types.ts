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
}

export const INTERRUPTED_MESSAGE = '任务执行中断（服务已停止），未能完成';

export interface ScheduleOptions {
  /** The time zone the cron rule reads (default Asia/Shanghai, the sites' time). */
  timeZone?: string;
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
  projectId: string | null;
  progress: JsonValue | null;
  result: JsonValue | null;
  error: string | null;
  createdAt: Date;
  startedAt: Date | null;
  finishedAt: Date | null;
}

/** Thrown by a handler when trying again cannot help (an unreadable file): the job fails at once. */
export class JobFailure extends Error {}
