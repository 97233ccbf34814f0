/** The job queue's tables (migration 0010). */
import type { ColumnType, Generated } from 'kysely';

type Json = ColumnType<unknown, string | undefined, string | null>;
type Time = ColumnType<Date, Date | string | undefined, Date | string | null>;

import type { JobState } from './types.js';

export interface JobTable {
  id: string;
  name: string;
  payload: Json;
  state: Generated<JobState>;
  priority: Generated<number>;
  run_at: Generated<Date>;
  attempts: Generated<number>;
  max_attempts: Generated<number>;
  retry_delay_ms: Generated<number>;
  locked_by: string | null;
  locked_until: Time | null;
  owner_id: string | null;
  project_id: string | null;
  singleton_key: string | null;
  progress: Json | null;
  result: Json | null;
  last_error: string | null;
  created_at: Generated<Date>;
  started_at: Time | null;
  finished_at: Time | null;
}

export interface JobScheduleTable {
  name: string;
  cron: string;
  time_zone: string;
  payload: Json;
  next_run_at: Time;
  updated_at: Generated<Date>;
}

export interface JobFileTable {
  job_id: string;
  name: string;
  bytes: Uint8Array;
}

export interface JobTables {
  job: JobTable;
  job_schedule: JobScheduleTable;
  job_file: JobFileTable;
}
