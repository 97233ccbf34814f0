/**
 * A collection file (`modules/<module>/collections/<id>.json`, meta-schema `schemas/meta/collection.json`)
 * declares one kind of business record: its fields as JSON Schema with Chinese messages (exactly like a form,
 * so the same file is the form of its create and edit dialogs), what is unique and indexed, what each field
 * refers to, its status flow and its computed fields. The server derives the table and the standard API from it
 * (src/server/collections/), the browser its screens. Both sides read these types.
 */
import type { JsonSchemaNode } from './schema-messages.js';

/** What a reference field holds the id of. */
/**
 * What a field points at. `message` is what a write is told when the value names nothing of the record's project
 * (default 所选<title>不存在): a missing id and another company's get the same words.
 */
export type CollectionReference =
  | { collection: string; labelField: string; message?: string }
  | { to: 'user' | 'office' | 'project'; message?: string }
  | { dictionary: string };

/** Files a field holds: upload keys from `POST /api/zhgd/base/updateFile`. */
export type FileKind = 'image' | 'images' | 'attachments';

/** One step of a status flow: who may move a record from which states to which, and what the step asks for. */
export interface StatusTransition {
  /** Stable name of the step (the API's `action`), e.g. `rectify`. */
  id: string;
  /** The button's text, e.g. 提交整改. */
  label: string;
  from: string[];
  to: string;
  /** The permission the actor needs, besides the collection's `edit`. */
  permission?: string;
  /** Only the user a reference field of the record names may take this step (e.g. the responsible person). */
  actorField?: string;
  /** Fields the step requires in its body (photos of the rectification, the recheck's remark). */
  requires?: string[];
  /** Fields the step may set besides those it requires. */
  sets?: string[];
}

export interface StatusFlow {
  /** The enum field holding the state. */
  field: string;
  initial: string;
  /** state -> its Chinese label and a colour of the tag that shows it. */
  states: Record<string, { label: string; color?: string }>;
  transitions: StatusTransition[];
}

/**
 * Computed fields, from a small vocabulary (no expressions: the strict CSP stays, and the server never evaluates
 * text from a file). `write` ones are stored (they can be filtered, sorted and grouped); `read` ones change with
 * the clock and are computed on every read.
 */
export type ComputedField =
  | { op: 'idCardSex' | 'idCardBirthday' | 'idCardProvince'; from: string }
  | { op: 'age'; from: string }
  | { op: 'daysUntil'; from: string }
  | { op: 'overdue'; from: string; unlessStatus: string[] }
  /** Hours from one `HH:mm` field to another (a clock-in to its clock-out), rounded to a tenth. */
  | { op: 'hoursBetween'; from: string; to: string; title?: string }
  /**
   * A text field of the record another collection's reference field names, copied when this record is saved
   * (an attendance record keeps the worker's team of that day, so lists filter and group by it).
   */
  | { op: 'lookup'; from: string; field: string; title?: string }
  /**
   * A number field minus others (净重 = 毛重 − 皮重), to three decimals; empty while any of them is empty (a
   * weighing that has only its first pass).
   */
  | { op: 'difference'; from: string; subtract: string[]; title?: string }
  /** Whether a field's value is one of `values` (an integrity class Ⅲ or Ⅳ), so lists flag and filter it. */
  | { op: 'in'; from: string; values: string[]; title?: string }
  /**
   * The volume of a cylinder in m³ (a bored shaft's 理论方量 = π·(d/2)²·L), to three decimals: `from` is the diameter in mm,
   * `length` the fields of the length in m, the first one filled is used (成孔深度, else 设计桩长).
   */
  | { op: 'cylinderVolume'; from: string; length: string[]; title?: string }
  /**
   * `from` divided by `over` (充盈系数 = 实际方量 / 理论方量; `percent`: times 100, 磅差率), to `digits` decimals
   * (default 2); empty while either is empty or `over` is 0. `over` may be a computed field declared before it.
   */
  | { op: 'ratio'; from: string; over: string; percent?: boolean; digits?: number; title?: string }
  /**
   * A record's out-of-range reasons: each check whose field is filled and below `min` or above `max` (and, with
   * `when`, only where another field holds one of its values) adds its message, `{value}` replaced by the value;
   * stored as one text joined by "；", empty when every check passes, so lists flag, filter and show the reason.
   */
  | { op: 'limits'; checks: LimitCheck[]; title?: string };

export interface LimitCheck {
  field: string;
  min?: number;
  max?: number;
  when?: { field: string; values: string[] };
  message: string;
}

export const WRITE_COMPUTED_OPS = [
  'idCardSex',
  'idCardBirthday',
  'idCardProvince',
  'hoursBetween',
  'lookup',
  'difference',
  'in',
  'cylinderVolume',
  'ratio',
  'limits',
] as const;

export function isStoredComputed(field: ComputedField): boolean {
  return (WRITE_COMPUTED_OPS as readonly string[]).includes(field.op);
}

/** How a list filter matches: equal, contains (text), or a from/to range (dates and numbers). */
export type FilterMatch = 'eq' | 'like' | 'range';

export interface CollectionPermissions {
  view: string;
  edit: string;
  /** Defaults to `edit`. */
  delete?: string;
}

export interface CollectionFile {
  kind: 'collection';
  id: string;
  title: string;
  description?: string;
  permissions: CollectionPermissions;
  /** The record's own fields: a JSON Schema object, each property with `title` and its `errorMessage`s. */
  schema: JsonSchemaNode & { properties: Record<string, JsonSchemaNode> };
  uiSchema?: Record<string, unknown>;
  /** The button of its create and edit dialogs. */
  submitText?: string;
  /** Unique within a project (each entry a field, or fields unique together), with the -409 message. */
  unique?: { fields: string[]; message: string }[];
  /** Extra indexes, each a list of fields (the list's default order is indexed anyway). */
  indexes?: string[][];
  references?: Record<string, CollectionReference>;
  files?: Record<string, FileKind>;
  status?: StatusFlow;
  computed?: Record<string, ComputedField>;
  /** Fields the list may be filtered by, and how. */
  filters?: Record<string, FilterMatch>;
  /** Default order of the list: a field, `-` in front for descending (default `-createdAt`). */
  sort?: string;
  /**
   * The list searched by text is recorded as a search of the portal under this name (电子档案): a first page asked
   * with a value in one of the `like` filters, its text and how many records it found.
   */
  searchLog?: string;
  /** The fields an Excel import reads, in column order (default: every stored field). */
  importFields?: string[];
}

/** Fields every record has besides its own (the wire names). */
export const SYSTEM_FIELDS = [
  'id',
  'projectId',
  'createdAt',
  'updatedAt',
  'createdBy',
  'createdByName',
  'version',
] as const;

/** The table of a collection: `site-diary` -> `c_site_diary`. */
export function collectionTable(id: string): string {
  return `c_${id.replace(/-/g, '_')}`;
}

/** The column of a field: `idCardNumber` -> `id_card_number`. */
export function fieldColumn(field: string): string {
  return field.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);
}

/** Collection ids and field names are identifiers the server turns into SQL names: this is what they may be. */
export const COLLECTION_ID = /^[a-z][a-z0-9]*(-[a-z0-9]+)*$/;
export const FIELD_NAME = /^[a-z][A-Za-z0-9]*$/;

/** The labels of a field whose choices are `oneOf: [{ const, title }]` (value -> title), else undefined. */
export function optionLabels(property: JsonSchemaNode | undefined): Map<string, string> | undefined {
  const options = property?.oneOf;
  if (!Array.isArray(options)) return undefined;
  const labels = new Map<string, string>();
  for (const option of options as JsonSchemaNode[])
    if (option.const !== undefined && typeof option.title === 'string') labels.set(String(option.const), option.title);
  return labels.size > 0 ? labels : undefined;
}
