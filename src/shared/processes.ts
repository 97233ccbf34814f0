/**
 * Process (approval) definitions, `schemas/processes/<id>.json` (meta-schema schemas/meta/process.json): the
 * starter's form and the flow as a DingTalk-style node tree. A flow is a list of nodes run in order; a branch node
 * holds condition branches, each with its own list of nodes, and the flow continues after the branch node once
 * the taken branch ends. Pure functions only: the server's engine, `schemas:check` and the designer to come share
 * them.
 */
import type { JsonSchemaNode } from './schema-messages.js';

/** Who approves (or is copied): listed users, holders of a role, the starter's office leader, or whom the starter picks. */
export type ApproverRule =
  { type: 'users'; users: string[] } | { type: 'role'; role: string } | { type: 'leader' } | { type: 'starter' };

/** 依次 one after another, 会签 all must approve, 或签 any one approves. */
export type ApprovalMode = 'sequential' | 'all' | 'any';

export type ConditionOp = 'gt' | 'gte' | 'lt' | 'lte' | 'eq' | 'ne' | 'in';
export type ConditionValue = string | number | boolean | (string | number)[];

export interface Condition {
  field: string;
  op: ConditionOp;
  value: ConditionValue;
}

export interface ApprovalNode {
  id: string;
  type: 'approval';
  name: string;
  approvers: ApproverRule;
  mode: ApprovalMode;
  /** Overrides the definition's reminder period for this node's tasks. */
  remindAfterHours?: number;
}

export interface CcNode {
  id: string;
  type: 'cc';
  name: string;
  recipients: ApproverRule;
}

export interface Branch {
  name: string;
  /** All must hold; a branch without conditions is the 其他情况 branch, taken when no earlier one matched. */
  conditions?: Condition[];
  nodes: FlowNode[];
}

export interface BranchNode {
  id: string;
  type: 'branch';
  name: string;
  branches: Branch[];
}

export type FlowNode = ApprovalNode | CcNode | BranchNode;
export type StepNode = ApprovalNode | CcNode;

/** A form field whose value is the id of a record of a collection, limited to some of its states. */
export interface ProcessReference {
  collection: string;
  /** The record's status must be one of these (e.g. a hazard still open). */
  states?: string[];
  /** Shown when the record is missing, of another project, or in another state. */
  message: string;
  /** The record's field an approval shows for it instead of its id (a hazard's 隐患描述). */
  labelField?: string;
}

export interface ProcessFile {
  kind: 'process';
  id: string;
  name: string;
  category: string;
  description?: string;
  /** Roles (enname) that may start it; absent: every user. */
  starters?: { roles: string[] };
  /** The form field whose value titles an instance in the lists (else the process name). */
  titleField?: string;
  /** Hours a pending task may wait untouched before its assignee is reminded (again each period); 0 never. */
  remindAfterHours?: number;
  form: { schema: JsonSchemaNode; uiSchema?: Record<string, unknown> };
  references?: Record<string, ProcessReference>;
  /** What the result writes to the records the form refers to (an approved extension moves a hazard's deadline). */
  outcomes?: Partial<Record<'approved' | 'rejected', ProcessWriteBack[]>>;
  flow: FlowNode[];
}

/** One record written when an approval ends: the record a `references` field names gets form values. */
export interface ProcessWriteBack {
  /** The form field (declared in `references`) holding the record's id. */
  reference: string;
  /** The record's field -> the form field whose value it takes. */
  set: Record<string, string>;
  /**
   * The record's field -> the record's own field whose value it keeps before `set` changes it, copied only while
   * still empty (a corrected weight's original stays as it was first recorded).
   */
  keep?: Record<string, string>;
}

export const PROCESS_CATEGORIES = ['物资管理', '技术管理', '安全管理', '行政管理', '财务管理'] as const;

function compare(actual: unknown, op: ConditionOp, expected: ConditionValue): boolean {
  switch (op) {
    case 'eq':
      return actual === expected;
    case 'ne':
      return actual !== expected;
    case 'in':
      return Array.isArray(expected) && (typeof actual === 'string' || typeof actual === 'number')
        ? expected.includes(actual)
        : false;
    default: {
      // An absent or non-numeric value satisfies no comparison.
      if (typeof actual !== 'number' || typeof expected !== 'number') return false;
      if (op === 'gt') return actual > expected;
      if (op === 'gte') return actual >= expected;
      if (op === 'lt') return actual < expected;
      return actual <= expected;
    }
  }
}

export function conditionsHold(conditions: readonly Condition[] | undefined, values: Record<string, unknown>): boolean {
  return (conditions ?? []).every((c) => compare(values[c.field], c.op, c.value));
}

/**
 * The approval and carbon-copy nodes a flow takes for these form values, in order: at each branch node the first
 * branch whose conditions all hold. Null when a branch node has no branch for the values (the form must then be
 * refused: the definition lacks a 其他情况 branch).
 */
export function routeOf(flow: readonly FlowNode[], values: Record<string, unknown>): StepNode[] | null {
  const steps: StepNode[] = [];
  for (const node of flow) {
    if (node.type !== 'branch') {
      steps.push(node);
      continue;
    }
    const taken = node.branches.find((branch) => conditionsHold(branch.conditions, values));
    if (!taken) return null;
    const inner = routeOf(taken.nodes, values);
    if (!inner) return null;
    steps.push(...inner);
  }
  return steps;
}

/** A pending task's reminder period when neither its node nor its definition names one (hours). */
export const DEFAULT_REMIND_AFTER_HOURS = 24;

/** The reminder period (hours, 0 never) of each approval node of a definition: the node's, else the definition's. */
export function remindPeriods(file: ProcessFile): Map<string, number> {
  const fallback = file.remindAfterHours ?? DEFAULT_REMIND_AFTER_HOURS;
  const periods = new Map<string, number>();
  for (const { node } of flowNodes(file.flow))
    if (node.type === 'approval') periods.set(node.id, node.remindAfterHours ?? fallback);
  return periods;
}

/** Every node of a flow tree, depth first, with its JSON pointer relative to the flow. */
export function flowNodes(flow: readonly FlowNode[], pointer = '/flow'): { node: FlowNode; pointer: string }[] {
  return flow.flatMap((node, index) => {
    const at = `${pointer}/${index}`;
    const own = [{ node, pointer: at }];
    if (node.type !== 'branch') return own;
    return [...own, ...node.branches.flatMap((branch, b) => flowNodes(branch.nodes, `${at}/branches/${b}/nodes`))];
  });
}

export interface ProcessFacts {
  /** Role ennames that exist. */
  roles: ReadonlySet<string>;
  /** User ids that exist. */
  users: ReadonlySet<string>;
  /** Collection ids that exist (for references); absent: not checked. */
  collections?: ReadonlySet<string>;
}

export interface ProcessFault {
  pointer: string;
  message: string;
}

const NUMERIC_OPS = new Set<ConditionOp>(['gt', 'gte', 'lt', 'lte']);

function ruleFaults(rule: ApproverRule, pointer: string, facts: ProcessFacts, who: string): ProcessFault[] {
  if (rule.type === 'role' && !facts.roles.has(rule.role))
    return [{ pointer: `${pointer}/role`, message: `角色 "${rule.role}" 不存在` }];
  if (rule.type === 'users') {
    if (rule.users.length === 0) return [{ pointer: `${pointer}/users`, message: `${who}没有指定人员` }];
    return rule.users.flatMap((user, index) =>
      facts.users.has(user) ? [] : [{ pointer: `${pointer}/users/${index}`, message: `用户 "${user}" 不存在` }],
    );
  }
  return [];
}

/**
 * What the meta-schema cannot see: node ids unique, conditions over fields the form has (numeric comparisons on
 * number fields), approvers and copy recipients that exist, branches that can be reached (nothing after a
 * 其他情况 branch, no condition list repeated), references to fields and collections that exist.
 */
export function processFaults(file: ProcessFile, facts: ProcessFacts): ProcessFault[] {
  const faults: ProcessFault[] = [];
  const properties = file.form.schema.properties ?? {};
  const seen = new Map<string, string>();
  if (file.titleField !== undefined && !(file.titleField in properties))
    faults.push({ pointer: '/titleField', message: `表单中没有字段 "${file.titleField}"` });
  for (const role of file.starters?.roles ?? [])
    if (!facts.roles.has(role))
      faults.push({
        pointer: `/starters/roles/${file.starters?.roles.indexOf(role)}`,
        message: `角色 "${role}" 不存在`,
      });
  for (const [field, reference] of Object.entries(file.references ?? {})) {
    const pointer = `/references/${field.replace(/~/g, '~0').replace(/\//g, '~1')}`;
    if (!(field in properties)) faults.push({ pointer, message: `表单中没有字段 "${field}"` });
    if (facts.collections && !facts.collections.has(reference.collection))
      faults.push({ pointer: `${pointer}/collection`, message: `集合 "${reference.collection}" 不存在` });
  }
  for (const [result, writes] of Object.entries(file.outcomes ?? {}))
    (writes ?? []).forEach((write, index) => {
      const pointer = `/outcomes/${result}/${index}`;
      if (!file.references?.[write.reference])
        faults.push({ pointer: `${pointer}/reference`, message: `"${write.reference}" 不是 references 中声明的字段` });
      for (const [field, from] of Object.entries(write.set))
        if (!(from in properties))
          faults.push({ pointer: `${pointer}/set/${field}`, message: `表单中没有字段 "${from}"` });
    });
  if (routeOfAnyApproval(file.flow) === false) faults.push({ pointer: '/flow', message: '流程中没有审批节点' });
  for (const { node, pointer } of flowNodes(file.flow)) {
    const first = seen.get(node.id);
    if (first) faults.push({ pointer: `${pointer}/id`, message: `节点 id "${node.id}" 与 ${first} 重复` });
    else seen.set(node.id, pointer);
    if (node.type === 'approval') faults.push(...ruleFaults(node.approvers, `${pointer}/approvers`, facts, '审批节点'));
    if (node.type === 'cc') faults.push(...ruleFaults(node.recipients, `${pointer}/recipients`, facts, '抄送节点'));
    if (node.type !== 'branch') continue;
    const lists = new Set<string>();
    node.branches.forEach((branch, b) => {
      const at = `${pointer}/branches/${b}`;
      const earlierOtherwise = node.branches.slice(0, b).some((earlier) => (earlier.conditions ?? []).length === 0);
      const key = JSON.stringify(branch.conditions ?? []);
      if (earlierOtherwise)
        faults.push({ pointer: at, message: `分支「${branch.name}」在"其他情况"分支之后，永远不会被执行` });
      else if (lists.has(key))
        faults.push({ pointer: at, message: `分支「${branch.name}」的条件与前面的分支相同，永远不会被执行` });
      lists.add(key);
      (branch.conditions ?? []).forEach((condition, c) => {
        const property = properties[condition.field];
        const cp = `${at}/conditions/${c}/field`;
        if (!property) faults.push({ pointer: cp, message: `条件引用了表单中没有的字段 "${condition.field}"` });
        else if (NUMERIC_OPS.has(condition.op) && property.type !== 'number' && property.type !== 'integer')
          faults.push({ pointer: cp, message: `字段 "${condition.field}" 不是数字，不能比较大小` });
      });
    });
    if (!node.branches.some((branch) => (branch.conditions ?? []).length === 0))
      faults.push({ pointer: `${pointer}/branches`, message: `条件节点「${node.name}」缺少"其他情况"分支` });
  }
  return faults;
}

/** An error of the meta-schema's validator, as ajv (compiled or precompiled) reports it. */
export interface MetaSchemaError {
  keyword: string;
  instancePath: string;
  params: Record<string, unknown>;
  message?: string;
}

/**
 * The meta-schema's errors as faults, the same on the server (publishing) and in the designer (its precompiled
 * validator): the `if` of each node type's rule says nothing of its own, the others name the key they are about.
 */
export function metaSchemaFaults(errors: readonly MetaSchemaError[] | null | undefined): ProcessFault[] {
  return (errors ?? [])
    .filter((error) => error.keyword !== 'if')
    .map((error) => ({
      pointer: error.instancePath,
      message:
        error.keyword === 'additionalProperties'
          ? `不认识的键 "${String(error.params.additionalProperty)}"`
          : error.keyword === 'required'
            ? `缺少 "${String(error.params.missingProperty)}"`
            : `${error.message ?? error.keyword}`,
    }));
}

/** Whether the flow holds an approval node anywhere. */
function routeOfAnyApproval(flow: readonly FlowNode[]): boolean {
  return flowNodes(flow).some(({ node }) => node.type === 'approval');
}
