/**
 * Alert files (`modules/<m>/alerts/<id>.json`, meta-schema schemas/meta/alert.json): a module declares when a
 * record of one of its collections needs someone to act (a hazard handed to its 整改责任人, a deadline passed, a
 * device warning still open), who that is, what they are told, and after how many hours without action the next
 * person of the project's escalation list hears of it. This file holds what a file means, without the database:
 * whether a record matches, is due, who its recipient field names, the message's texts, and the file's faults.
 */
import type { CollectionFile } from '../../shared/collections.js';
import { SYSTEM_FIELDS } from '../../shared/collections.js';
import { chinaDate } from '../lib/china-time.js';

export type AlertValue = string | number | boolean;

/** field -> the values it must hold, or whether it must be empty. */
export type AlertCondition = Record<string, readonly AlertValue[] | { empty: boolean }>;

export type AlertTrigger = { on: 'match' } | { on: 'due'; field: string; days: number };

export interface AlertFile {
  kind: 'alert';
  id: string;
  title: string;
  description?: string;
  messageKind: string;
  collection: string;
  trigger: AlertTrigger;
  when?: AlertCondition;
  recipient: string[];
  message: { title: string; content: string; link?: string };
  escalate?: { afterHours: number };
}

type RecordValues = Record<string, unknown>;

const DAY_MS = 86_400_000;

function isEmpty(value: unknown): boolean {
  return value === null || value === undefined || value === '' || (Array.isArray(value) && value.length === 0);
}

/** Whether the record is in the state the alert is about (no `when`: always). */
export function matches(file: AlertFile, record: RecordValues): boolean {
  for (const [field, condition] of Object.entries(file.when ?? {})) {
    const value = record[field];
    if (Array.isArray(condition)) {
      if (!condition.some((allowed) => allowed === value)) return false;
    } else if ((condition as { empty: boolean }).empty !== isEmpty(value)) return false;
  }
  return true;
}

/** The China date ('yyyy-MM-dd') a date or date-time value falls on, '' for none. */
export function dayOf(value: unknown): string {
  if (typeof value !== 'string' || value === '') return '';
  if (/^\d{4}-\d{2}-\d{2}$/.test(value)) return value;
  const at = new Date(value);
  return Number.isNaN(at.getTime()) ? '' : chinaDate(at);
}

/** `day` moved by whole days ('yyyy-MM-dd'). */
export function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/**
 * What distinguishes one raising of the alert from the next for the same record: a due alert's date (a deadline
 * moved is a new alert), else '' (one open alert per record; a record that stops matching and matches again is
 * raised again, since the first was settled).
 */
export function occurrenceOf(file: AlertFile, record: RecordValues): string {
  return file.trigger.on === 'due' ? dayOf(record[file.trigger.field]) : '';
}

/** Whether a due alert's day has come on China date `today`. */
export function isDue(file: AlertFile, record: RecordValues, today: string): boolean {
  if (file.trigger.on !== 'due') return false;
  const day = dayOf(record[file.trigger.field]);
  return day !== '' && addDays(day, file.trigger.days) <= today;
}

/** `{field}` placeholders filled from the record (an unknown or empty field reads as —). */
export function fill(template: string, record: RecordValues): string {
  return template.replace(/\{([a-zA-Z][a-zA-Z0-9]*)\}/g, (_whole, field: string) => {
    const value = record[field];
    if (isEmpty(value)) return '—';
    if (typeof value === 'number') return Number.isInteger(value) ? String(value) : value.toFixed(2);
    return typeof value === 'string' ? value : JSON.stringify(value);
  });
}

/** The recipient path's two parts: `deviceId.responsibleId` -> ['deviceId', 'responsibleId']. */
export function recipientPath(path: string): { field: string; through?: string } {
  const [first, second] = path.split('.');
  return second === undefined ? { field: first } : { through: first, field: second };
}

/** Why the file cannot work with its collection and the declared message kinds (empty: it can). */
export function alertFaults(
  file: AlertFile,
  collections: ReadonlyMap<string, CollectionFile>,
  messageKinds: ReadonlySet<string>,
): string[] {
  const faults: string[] = [];
  const collection = collections.get(file.collection);
  if (!collection) return [`collection: 没有集合 ${file.collection}`];
  if (!messageKinds.has(file.messageKind))
    faults.push(`messageKind: 消息类型 ${file.messageKind} 未在 module.json 的 messageKinds 中声明`);
  const fieldsOf = (target: CollectionFile) =>
    new Set<string>([
      ...Object.keys(target.schema.properties),
      ...Object.keys(target.computed ?? {}),
      ...SYSTEM_FIELDS,
    ]);
  const own = fieldsOf(collection);
  for (const field of Object.keys(file.when ?? {}))
    if (!own.has(field)) faults.push(`when/${field}: 集合 ${collection.id} 没有字段 ${field}`);
  if (file.trigger.on === 'due' && !own.has(file.trigger.field))
    faults.push(`trigger/field: 集合 ${collection.id} 没有字段 ${file.trigger.field}`);
  for (const path of file.recipient) {
    const { field, through } = recipientPath(path);
    if (through === undefined) {
      if (!own.has(field)) faults.push(`recipient: 集合 ${collection.id} 没有字段 ${field}`);
      continue;
    }
    const reference = collection.references?.[through];
    const target = reference && 'collection' in reference ? collections.get(reference.collection) : undefined;
    if (!target) faults.push(`recipient: ${through} 不是引用其他集合的字段`);
    else if (!fieldsOf(target).has(field)) faults.push(`recipient: 集合 ${target.id} 没有字段 ${field}`);
  }
  return faults;
}
