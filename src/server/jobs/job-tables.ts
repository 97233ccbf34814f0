/**
 * What the job queue keeps beside pg-boss's own tables: who asked, progress, and a job's file (migration 0020); the
 * schedules an operator paused, with the rule to restore (migration 0022).
 */
import type { ColumnType, Generated } from 'kysely';

/** The database schema pg-boss keeps its tables in. */
export const JOB_SCHEMA = 'pgboss';

type Json = ColumnType<unknown, string | undefined, string | null>;

export interface JobDetailTable {
  job_id: string;
  owner_id: string | null;
  project_id: string | null;
  progress: Json | null;
  /** The instance that ran the latest attempt (migration 0023). */
  ran_by: string | null;
  created_at: Generated<Date>;
}

export interface JobFileTable {
  job_id: string;
  name: string;
  bytes: Uint8Array;
  created_at: Generated<Date>;
}

/** A paused schedule: pg-boss's row is gone while it is paused; this keeps what resuming puts back. */
export interface JobSchedulePauseTable {
  name: string;
  cron: string;
  time_zone: string;
  payload: Json;
  paused_by: string | null;
  paused_at: Generated<Date>;
}

export interface JobTables {
  job_detail: JobDetailTable;
  job_file: JobFileTable;
  job_schedule_pause: JobSchedulePauseTable;
}
