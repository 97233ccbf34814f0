/**
 * The calls of 数据填报 (modules/data-fill/server/routes.ts) as the browser makes them, and the shapes they answer.
 */
import type { RJSFSchema, UiSchema } from '@rjsf/utils';
import type { ApiDescriptor } from '../../../src/engine/module-api';

export const fillApis = {
  forms: { method: 'GET', url: '/api/ldf/v1.0/forms' },
  templates: { method: 'GET', url: '/api/ldf/v1.0/form-templates' },
  createForm: { method: 'POST', url: '/api/ldf/v1.0/forms' },
  targets: { method: 'GET', url: '/api/ldf/v1.0/targets' },
  tasks: { method: 'GET', url: '/api/ldf/v1.0/tasks' },
  createTask: { method: 'POST', url: '/api/ldf/v1.0/tasks' },
  task: { method: 'GET', url: '/api/ldf/v1.0/tasks/{id}' },
  exportTask: { method: 'GET', url: '/api/ldf/v1.0/tasks/{id}/export' },
  review: { method: 'POST', url: '/api/ldf/v1.0/fills/{id}/review' },
  mine: { method: 'GET', url: '/api/ldf/v1.0/fills/mine' },
} satisfies Record<string, ApiDescriptor>;

/** One fill's reads and writes: the filler's own (logged in) or through the signed link (no login). */
export interface FillCalls {
  open: ApiDescriptor;
  draft: ApiDescriptor;
  submit: ApiDescriptor;
  variables: Record<string, string>;
}

export const ownFillCalls = (id: string): FillCalls => ({
  open: { method: 'GET', url: '/api/ldf/v1.0/fills/{id}' },
  draft: { method: 'PUT', url: '/api/ldf/v1.0/fills/{id}/draft' },
  submit: { method: 'POST', url: '/api/ldf/v1.0/fills/{id}/submit' },
  variables: { id },
});

export const linkFillCalls = (token: string): FillCalls => ({
  open: { method: 'GET', url: '/api/ldf/v1.0/link/{token}' },
  draft: { method: 'PUT', url: '/api/ldf/v1.0/link/{token}/draft' },
  submit: { method: 'POST', url: '/api/ldf/v1.0/link/{token}/submit' },
  variables: { token },
});

/** The envelope every call answers; a -400 carries its field errors in `data.errors`. */
export interface Answer<T> {
  msgCode: number;
  errMsg: string;
  data?: T;
}

export interface FieldFault {
  field: string;
  message: string;
}

/** msgCodes the screens answer themselves instead of a toast. */
export const MsgCodes = { invalid: -400, forbidden: -403, notFound: -404, conflict: -409 } as const;

/** A form schema file (kind form) as the server keeps a designed form or a template. */
export interface FormDefinition {
  kind: 'form';
  id: string;
  title?: string;
  schema: RJSFSchema & { properties?: Record<string, RJSFSchema>; required?: string[] };
  uiSchema?: UiSchema;
}

export interface SavedForm {
  id: string;
  title: string;
  version: number;
  definition: FormDefinition;
}

export interface FormTemplate {
  id: string;
  title: string;
  definition: FormDefinition;
}

export type TargetType = 'office' | 'project' | 'user';
export type Period = 'once' | 'weekly' | 'monthly';
export type FillStatus = 'pending' | 'draft' | 'submitted' | 'returned' | 'accepted';

export interface Option {
  value: string;
  label: string;
}

export interface TaskRow {
  id: string;
  title: string;
  formTitle: string;
  targetType: TargetType;
  period: Period;
  due: string;
  total: number;
  submitted: number;
  overdue: number;
}

export interface ResultRow {
  id: string;
  periodLabel: string;
  fillerName: string;
  projectName: string;
  deadline: string;
  status: FillStatus;
  statusLabel: string;
  comment: string;
  submittedAt: string;
  data: Record<string, unknown>;
  /** The filler's signed link, a path of the portal (`/ldf/fill_data#/link/<token>`). */
  link: string;
}

export interface TaskDetail {
  id: string;
  title: string;
  period: Period;
  due: string;
  targetType: TargetType;
  form: FormDefinition;
  fills: ResultRow[];
}

export interface MyFill {
  id: string;
  taskTitle: string;
  periodLabel: string;
  projectName: string;
  deadline: string;
  status: FillStatus;
  statusLabel: string;
  comment: string;
  overdue: boolean;
}

/** A fill as its form opens it. */
export interface FillView {
  id: string;
  taskTitle: string;
  periodLabel: string;
  deadline: string;
  status: FillStatus;
  statusLabel: string;
  comment: string;
  fillerName: string;
  projectName: string;
  data: Record<string, unknown>;
  form: FormDefinition;
  editable: boolean;
}

export const TARGET_LABELS: Record<TargetType, string> = { office: '部门', project: '项目部', user: '指定人员' };
export const PERIOD_LABELS: Record<Period, string> = { once: '一次性', weekly: '每周', monthly: '每月' };
export const STATUS_COLORS: Record<FillStatus, string> = {
  pending: 'gray',
  draft: 'arcoblue',
  submitted: 'orange',
  returned: 'red',
  accepted: 'green',
};
const WEEKDAYS = ['一', '二', '三', '四', '五', '六', '日'];

/** A task's deadline as people say it: a date, 每周五, 每月25日. */
export function dueText(period: Period, due: string): string {
  if (period === 'once') return due;
  if (period === 'weekly') return `每周${WEEKDAYS[Number(due) - 1] ?? due}`;
  return `每月${due}日`;
}

export const weekdayOptions: Option[] = WEEKDAYS.map((day, index) => ({
  value: String(index + 1),
  label: `星期${day}`,
}));
export const monthDayOptions: Option[] = Array.from({ length: 28 }, (_, index) => ({
  value: String(index + 1),
  label: `${index + 1}日`,
}));

/** A form's fields in the order it lists them (`ui:order`; the stored schema's keys may have another). */
export function orderedFields(form: FormDefinition): [string, RJSFSchema][] {
  const order = (form.uiSchema?.['ui:order'] as string[] | undefined) ?? [];
  const place = (key: string) => (order.includes(key) ? order.indexOf(key) : order.length);
  return Object.entries(form.schema.properties ?? {}).sort(([a], [b]) => place(a) - place(b));
}

/** A field's value as a results cell shows it. */
export function cellText(value: unknown): string {
  if (value === undefined || value === null || value === '') return '';
  if (typeof value === 'boolean') return value ? '是' : '否';
  return Array.isArray(value) ? value.join('、') : String(value);
}
