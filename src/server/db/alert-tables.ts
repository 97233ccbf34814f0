/**
 * Typed rows of the alerts and message channels (migration 0026-alerts): the alerts raised from modules' alert
 * files and how far each escalated, each project's escalation settings and group robots, each user's choice of
 * channels per message kind, and the outbox of messages still to leave by SMS or robot.
 */
import type { ColumnType } from 'kysely';

type CreatedAt = ColumnType<Date, Date | string | undefined, Date | string>;
type Timestamp = ColumnType<Date, Date | string, Date | string>;
type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
type Json<T> = ColumnType<T, string, string>;

export interface AlertTable {
  id: string;
  /** The alert file's id (modules/<m>/alerts/<id>.json). */
  rule_id: string;
  collection: string;
  record_id: string;
  project_id: string;
  /** What makes this raising distinct: '' for a match, the date for a due alert (a moved deadline is a new one). */
  occurrence: string;
  /** The message as first sent; an escalation repeats it. */
  title: string;
  content: string;
  link: string | null;
  /** 0: only the person who must act was told; n: the first n people of the project's escalation list too. */
  level: ColumnType<number, number | undefined, number>;
  /** Everyone told so far, in order. */
  notified_ids: Json<string[]>;
  raised_at: Timestamp;
  escalated_at: NullableTimestamp;
  settled_at: NullableTimestamp;
  /** 'resolved' (the record no longer needs it), 'removed', 'reassigned', 'rescheduled', 'disabled'. */
  settled_reason: string | null;
}

export interface AlertSettingTable {
  project_id: string;
  rule_id: string;
  enabled: boolean;
  /** Null: the alert does not escalate in this project. */
  escalate_after_hours: number | null;
  /** The escalation list, in order: user ids. */
  escalate_to: Json<string[]>;
  updated_at: CreatedAt;
  updated_by: string;
}

export interface AlertRobotTable {
  project_id: string;
  wecom_url: string | null;
  dingtalk_url: string | null;
  dingtalk_secret: string | null;
  updated_at: CreatedAt;
  updated_by: string;
}

export interface MessagePreferenceTable {
  user_id: string;
  kind: string;
  sms: boolean;
  robot: boolean;
}

export type MessageChannel = 'sms' | 'robot';

export interface MessageOutboxTable {
  id: string;
  user_id: string;
  project_id: string | null;
  kind: string;
  channel: MessageChannel;
  title: string;
  content: string;
  created_at: CreatedAt;
  /** Set when a drain took the row; a row taken long ago and never sent is taken again. */
  claimed_at: NullableTimestamp;
  sent_at: NullableTimestamp;
  attempts: ColumnType<number, number | undefined, number>;
  last_error: string | null;
}

export interface AlertTables {
  alert: AlertTable;
  alert_setting: AlertSettingTable;
  alert_robot: AlertRobotTable;
  message_preference: MessagePreferenceTable;
  message_outbox: MessageOutboxTable;
}
