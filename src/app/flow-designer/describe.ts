/**
 * Words for what the designer shows: the form fields a condition may test (numbers and choices of the
 * definition's own form), the operators each allows, and one line of Chinese for an approver rule, a mode and a
 * condition, as they read on the node cards.
 */
import type {
  ApprovalMode,
  ApproverRule,
  Condition,
  ConditionOp,
  ConditionValue,
  ProcessFile,
} from '../../shared/processes';

export interface NamedRole {
  enname: string;
  name: string;
}
export interface NamedUser {
  id: string;
  name: string;
  loginName: string;
}
export interface People {
  roles: NamedRole[];
  users: NamedUser[];
}

export interface ConditionField {
  field: string;
  title: string;
  kind: 'number' | 'choice';
  /** The choices of an enum field. */
  options: (string | number)[];
}

export const RULE_TYPES: { value: ApproverRule['type']; label: string }[] = [
  { value: 'users', label: '指定成员' },
  { value: 'role', label: '按角色' },
  { value: 'leader', label: '发起人的部门负责人' },
  { value: 'starter', label: '发起人自选' },
];

export const MODES: { value: ApprovalMode; label: string; hint: string }[] = [
  { value: 'any', label: '或签', hint: '一名审批人同意即可' },
  { value: 'all', label: '会签', hint: '需所有审批人同意' },
  { value: 'sequential', label: '依次审批', hint: '按顺序逐一审批' },
];

export const OPS: Record<ConditionOp, string> = {
  gt: '大于',
  gte: '大于等于',
  lt: '小于',
  lte: '小于等于',
  eq: '等于',
  ne: '不等于',
  in: '属于',
};
const SYMBOLS: Record<ConditionOp, string> = { gt: '>', gte: '≥', lt: '<', lte: '≤', eq: '=', ne: '≠', in: '属于' };

export const NUMBER_OPS: ConditionOp[] = ['gt', 'gte', 'lt', 'lte', 'eq', 'ne'];
export const CHOICE_OPS: ConditionOp[] = ['eq', 'ne', 'in'];

/** The fields of the form a condition may test: numbers (compared) and enums (matched). */
export function conditionFields(file: ProcessFile): ConditionField[] {
  const properties = file.form.schema.properties ?? {};
  return Object.entries(properties).flatMap(([field, property]): ConditionField[] => {
    const title = property.title ?? field;
    if (property.type === 'number' || property.type === 'integer')
      return [{ field, title, kind: 'number', options: [] }];
    if (Array.isArray(property.enum))
      return [
        {
          field,
          title,
          kind: 'choice',
          options: property.enum.filter((v): v is string | number => typeof v === 'string' || typeof v === 'number'),
        },
      ];
    return [];
  });
}

export function ruleText(rule: ApproverRule, people: People): string {
  switch (rule.type) {
    case 'users': {
      if (rule.users.length === 0) return '';
      const names = rule.users.map((id) => people.users.find((u) => u.id === id)?.name ?? id);
      return names.join('、');
    }
    case 'role':
      return `角色：${people.roles.find((r) => r.enname === rule.role)?.name ?? rule.role}`;
    case 'leader':
      return '发起人的部门负责人';
    case 'starter':
      return '发起人自选';
  }
}

export function modeText(mode: ApprovalMode): string {
  return MODES.find((m) => m.value === mode)?.label ?? mode;
}

function valueText(value: ConditionValue): string {
  return Array.isArray(value) ? value.join('、') : String(value);
}

export function conditionText(condition: Condition, fields: readonly ConditionField[]): string {
  const title = fields.find((f) => f.field === condition.field)?.title ?? condition.field;
  return `${title} ${SYMBOLS[condition.op]} ${valueText(condition.value)}`;
}
