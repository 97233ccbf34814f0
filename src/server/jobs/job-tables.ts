/** What the job queue keeps beside pg-boss's own tables (migration 0020): who asked, progress, and a job's file. */
import type { ColumnType, Generated } from 'kysely';

type Json = ColumnType<unknown, string | undefined, string | null>;

export interface JobDetailTable {
  job_id: string;
  owner_id: string | null;
  project_id: string | null;
  progress: Json | null;
  created_at: Generated<Date>;
}

export interface JobFileTable {
  job_id: string;
  name: string;
  bytes: Uint8Array;
  created_at: Generated<Date>;
}

export interface JobTables {
  job_detail: JobDetailTable;
  job_file: JobFileTable;
}
