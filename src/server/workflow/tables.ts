/** Typed rows of the approval engine's tables (migration 0014-workflow). */
import type { ColumnType } from 'kysely';

type CreatedAt = ColumnType<Date, Date | string | undefined, Date | string>;
type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
/** JSONB: written as JSON text, read as the parsed value (or text, which `parseJson` accepts). */
type Jsonb = ColumnType<unknown, string, string>;
type NullableJsonb = ColumnType<unknown, string | null | undefined, string | null>;

export type InstanceStatus = 'running' | 'approved' | 'rejected' | 'withdrawn';
export type TaskStatus = 'pending' | 'waiting' | 'approved' | 'rejected' | 'transferred' | 'cancelled';
export type HistoryAction = 'start' | 'approve' | 'reject' | 'transfer' | 'addSigner' | 'withdraw' | 'urge' | 'comment';

export interface WfDefinitionTable {
  id: string;
  process_id: string;
  version: number;
  name: string;
  category: string;
  body: Jsonb;
  published_by: string | null;
  published_at: CreatedAt;
}

/** Which module a process file came from, and whether that module is still there (migration 0024). */
export interface WfProcessOwnerTable {
  process_id: string;
  module: string;
  present: ColumnType<boolean, boolean | undefined, boolean>;
}

export interface WfInstanceTable {
  id: string;
  definition_id: string;
  project_id: string;
  starter_id: string;
  title: string;
  form: Jsonb;
  attachments: NullableJsonb;
  route: Jsonb;
  status: InstanceStatus;
  current_step: number | null;
  activation: ColumnType<number, number | undefined, number>;
  version: ColumnType<number, number | undefined, number>;
  urged_at: NullableTimestamp;
  started_at: CreatedAt;
  finished_at: NullableTimestamp;
}

export interface WfTaskTable {
  id: string;
  instance_id: string;
  step: number;
  activation: number;
  node_id: string;
  node_name: string;
  chain: number;
  position: number;
  assignee_id: string;
  status: TaskStatus;
  created_at: CreatedAt;
  acted_at: NullableTimestamp;
  /** While pending: since when it has waited on its assignee unanswered (became pending, or was last reminded). */
  idle_since: NullableTimestamp;
}

export interface WfHistoryTable {
  id: string;
  instance_id: string;
  seq: number;
  actor_id: string;
  action: HistoryAction;
  task_id: string | null;
  node_id: string | null;
  node_name: string | null;
  target_id: string | null;
  detail: string | null;
  comment: string | null;
  attachments: NullableJsonb;
  at: CreatedAt;
}

export interface WfCopyTable {
  id: string;
  instance_id: string;
  user_id: string;
  node_id: string;
  node_name: string;
  created_at: CreatedAt;
}

/** Who was sent the daily digest of which China day ('yyyy-MM-dd'). */
export interface WfDigestTable {
  user_id: string;
  day: string;
  sent_at: Date | string;
}

export interface WorkflowTables {
  wf_definition: WfDefinitionTable;
  wf_process_owner: WfProcessOwnerTable;
  wf_instance: WfInstanceTable;
  wf_task: WfTaskTable;
  wf_history: WfHistoryTable;
  wf_copy: WfCopyTable;
  wf_digest: WfDigestTable;
}

/** A JSONB value as read: the drivers give it parsed, but text is accepted too. */
export function parseJson<T>(value: unknown): T {
  return (typeof value === 'string' ? JSON.parse(value) : value) as T;
}
