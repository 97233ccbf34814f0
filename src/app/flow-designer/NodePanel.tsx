/**
 * The side panel (a Drawer) of the selected node or branch. An approval: its name, who approves (members, a role,
 * the starter's office leader, or whom the starter picks) and how several approve (或签 / 会签 / 依次). A carbon
 * copy: its name and who is copied. A condition node: its name. A branch: its name, its conditions over the form's
 * numbers and choices, or making it the default branch. Every change goes to the draft at once; the node's faults
 * show at the top in Chinese.
 */
import { Alert, Button, Drawer, Input, InputNumber, Radio, Select } from '@arco-design/web-react';
import '@arco-design/web-react/es/Alert/style/css.js';
import '@arco-design/web-react/es/Button/style/css.js';
import '@arco-design/web-react/es/Drawer/style/css.js';
import '@arco-design/web-react/es/Input/style/css.js';
import '@arco-design/web-react/es/InputNumber/style/css.js';
import '@arco-design/web-react/es/Radio/style/css.js';
import '@arco-design/web-react/es/Select/style/css.js';
import type { ReactNode } from 'react';
import { isOtherwise } from '../../shared/flow-edit';
import type { ApproverRule, Branch, Condition, ConditionOp, FlowNode, ProcessFault } from '../../shared/processes';
import { CHOICE_OPS, MODES, NUMBER_OPS, OPS, RULE_TYPES, type ConditionField, type People } from './describe';

const NAME_MAX = 30;

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="fd-panel-row">
      <div className="fd-panel-label">{label}</div>
      {children}
    </div>
  );
}

function NameInput({ value, onChange, label }: { value: string; onChange: (name: string) => void; label: string }) {
  return (
    <Row label={label}>
      <Input
        aria-label={label}
        value={value}
        maxLength={NAME_MAX}
        showWordLimit
        onChange={onChange}
        status={value.trim() ? undefined : 'error'}
      />
      {!value.trim() && <div className="fd-panel-error">请输入{label}</div>}
    </Row>
  );
}

function RuleEditor({
  rule,
  onChange,
  people,
  who,
  allowStarter,
}: {
  rule: ApproverRule;
  onChange: (rule: ApproverRule) => void;
  people: People;
  who: string;
  allowStarter: boolean;
}) {
  const toType = (type: ApproverRule['type']): ApproverRule =>
    type === 'users' ? { type, users: [] } : type === 'role' ? { type, role: people.roles[0]?.enname ?? '' } : { type };
  return (
    <>
      <Row label={`${who}类型`}>
        <Radio.Group
          aria-label={`${who}类型`}
          value={rule.type}
          onChange={(type: ApproverRule['type']) => onChange(toType(type))}
        >
          {RULE_TYPES.filter((t) => allowStarter || t.value !== 'starter').map((t) => (
            <Radio key={t.value} value={t.value}>
              {t.label}
            </Radio>
          ))}
        </Radio.Group>
      </Row>
      {rule.type === 'users' && (
        <Row label={`选择${who}`}>
          <Select
            aria-label={`选择${who}`}
            className="fd-rule-users"
            mode="multiple"
            showSearch
            allowClear
            placeholder={`请选择${who}`}
            value={rule.users}
            filterOption={(input, option) =>
              String((option as { props?: { children?: unknown } }).props?.children ?? '').includes(input)
            }
            onChange={(users: string[]) => onChange({ type: 'users', users })}
          >
            {people.users.map((u) => (
              <Select.Option key={u.id} value={u.id}>
                {`${u.name}（${u.loginName}）`}
              </Select.Option>
            ))}
          </Select>
        </Row>
      )}
      {rule.type === 'role' && (
        <Row label="选择角色">
          <Select
            aria-label="选择角色"
            className="fd-rule-role"
            showSearch
            placeholder="请选择角色"
            value={rule.role || undefined}
            onChange={(role: string) => onChange({ type: 'role', role })}
          >
            {people.roles.map((r) => (
              <Select.Option key={r.enname} value={r.enname}>
                {r.name}
              </Select.Option>
            ))}
          </Select>
        </Row>
      )}
      {rule.type === 'leader' && (
        <p className="fd-panel-hint">由发起人所在部门的负责人{who === '审批人' ? '审批' : '接收'}。</p>
      )}
      {rule.type === 'starter' && <p className="fd-panel-hint">发起人在提交申请时选择审批人。</p>}
    </>
  );
}

function defaultCondition(fields: readonly ConditionField[]): Condition | undefined {
  const field = fields[0];
  if (!field) return undefined;
  return field.kind === 'number'
    ? { field: field.field, op: 'gt', value: 0 }
    : { field: field.field, op: 'eq', value: field.options[0] ?? '' };
}

function ConditionRow({
  condition,
  fields,
  onChange,
  onRemove,
  index,
}: {
  condition: Condition;
  fields: readonly ConditionField[];
  onChange: (condition: Condition) => void;
  onRemove: () => void;
  index: number;
}) {
  const field = fields.find((f) => f.field === condition.field);
  const ops = field?.kind === 'choice' ? CHOICE_OPS : NUMBER_OPS;
  const setField = (name: string) => {
    const next = fields.find((f) => f.field === name);
    if (!next) return;
    onChange(
      next.kind === 'number'
        ? { field: name, op: 'gt', value: 0 }
        : { field: name, op: 'eq', value: next.options[0] ?? '' },
    );
  };
  const setOp = (op: ConditionOp) => {
    if (field?.kind !== 'choice') return onChange({ ...condition, op });
    const first = Array.isArray(condition.value) ? condition.value[0] : condition.value;
    onChange({
      ...condition,
      op,
      value: op === 'in' ? (first === undefined ? [] : [first as string | number]) : ((first ?? '') as string),
    });
  };
  return (
    <div className="fd-condition" data-testid={`fd-condition-${index}`}>
      <Select aria-label="条件字段" value={condition.field} onChange={setField} className="fd-condition-field">
        {fields.map((f) => (
          <Select.Option key={f.field} value={f.field}>
            {f.title}
          </Select.Option>
        ))}
      </Select>
      <Select aria-label="比较方式" value={condition.op} onChange={setOp} className="fd-condition-op">
        {ops.map((op) => (
          <Select.Option key={op} value={op}>
            {OPS[op]}
          </Select.Option>
        ))}
      </Select>
      {field?.kind === 'choice' ? (
        <Select
          aria-label="条件值"
          className="fd-condition-value"
          mode={condition.op === 'in' ? 'multiple' : undefined}
          value={condition.value as string | string[]}
          onChange={(value: string | string[]) => onChange({ ...condition, value })}
        >
          {field.options.map((o) => (
            <Select.Option key={String(o)} value={o}>
              {String(o)}
            </Select.Option>
          ))}
        </Select>
      ) : (
        <InputNumber
          aria-label="条件值"
          className="fd-condition-value"
          value={typeof condition.value === 'number' ? condition.value : undefined}
          onChange={(value) => onChange({ ...condition, value: typeof value === 'number' ? value : 0 })}
        />
      )}
      <Button size="small" type="text" status="danger" onClick={onRemove} aria-label={`删除第${index + 1}个条件`}>
        删除
      </Button>
    </div>
  );
}

function BranchEditor({
  branch,
  isLast,
  fields,
  onChange,
  onMakeDefault,
}: {
  branch: Branch;
  isLast: boolean;
  fields: readonly ConditionField[];
  onChange: (branch: Branch) => void;
  onMakeDefault: () => void;
}) {
  const conditions = branch.conditions ?? [];
  const otherwise = isOtherwise(branch) && isLast;
  const addCondition = () => {
    const condition = defaultCondition(fields);
    if (condition) onChange({ ...branch, conditions: [...conditions, condition] });
  };
  return (
    <>
      <NameInput label="分支名称" value={branch.name} onChange={(name) => onChange({ ...branch, name })} />
      <Row label="条件（同时满足）">
        {otherwise ? (
          <p className="fd-panel-hint">默认分支：以上分支的条件都不满足时进入此分支。</p>
        ) : (
          <>
            {conditions.map((condition, c) => (
              <ConditionRow
                key={c}
                index={c}
                condition={condition}
                fields={fields}
                onChange={(next) => onChange({ ...branch, conditions: conditions.map((x, i) => (i === c ? next : x)) })}
                onRemove={() => onChange({ ...branch, conditions: conditions.filter((_, i) => i !== c) })}
              />
            ))}
            {fields.length === 0 ? (
              <p className="fd-panel-error">表单中没有可作为条件的数字或选项字段</p>
            ) : (
              <Button type="outline" size="small" onClick={addCondition}>
                添加条件
              </Button>
            )}
          </>
        )}
      </Row>
      {!otherwise && (
        <Row label="默认分支">
          <Button size="small" onClick={onMakeDefault}>
            设为默认分支（其他情况）
          </Button>
        </Row>
      )}
    </>
  );
}

export interface NodePanelProps {
  node: FlowNode | undefined;
  branch: number | undefined;
  faults: readonly ProcessFault[];
  people: People;
  fields: readonly ConditionField[];
  onChange: (node: FlowNode) => void;
  onMakeDefault: (branch: number) => void;
  onClose: () => void;
}

function titleOf(node: FlowNode | undefined, branch: number | undefined): string {
  if (!node) return '';
  if (node.type === 'branch') return branch === undefined ? '条件节点' : '设置条件';
  return node.type === 'approval' ? '设置审批人' : '设置抄送人';
}

export function NodePanel({ node, branch, faults, people, fields, onChange, onMakeDefault, onClose }: NodePanelProps) {
  const selectedBranch = node?.type === 'branch' && branch !== undefined ? node.branches[branch] : undefined;
  return (
    <Drawer
      width={520}
      title={titleOf(node, branch)}
      visible={node !== undefined}
      onCancel={onClose}
      footer={
        <Button type="primary" onClick={onClose}>
          完成
        </Button>
      }
      className="fd-panel"
    >
      {node && (
        <div data-testid="fd-panel">
          {faults.length > 0 && (
            <Alert
              type="error"
              className="fd-panel-faults"
              content={
                <ul>
                  {faults.map((f) => (
                    <li key={f.pointer + f.message}>{f.message}</li>
                  ))}
                </ul>
              }
            />
          )}
          {node.type === 'approval' && (
            <>
              <NameInput label="节点名称" value={node.name} onChange={(name) => onChange({ ...node, name })} />
              <RuleEditor
                who="审批人"
                allowStarter
                rule={node.approvers}
                people={people}
                onChange={(approvers) => onChange({ ...node, approvers })}
              />
              <Row label="多人审批时">
                <Radio.Group
                  aria-label="多人审批时"
                  direction="vertical"
                  value={node.mode}
                  onChange={(mode: typeof node.mode) => onChange({ ...node, mode })}
                >
                  {MODES.map((m) => (
                    <Radio key={m.value} value={m.value}>
                      {`${m.label}（${m.hint}）`}
                    </Radio>
                  ))}
                </Radio.Group>
              </Row>
            </>
          )}
          {node.type === 'cc' && (
            <>
              <NameInput label="节点名称" value={node.name} onChange={(name) => onChange({ ...node, name })} />
              <RuleEditor
                who="抄送人"
                allowStarter={false}
                rule={node.recipients}
                people={people}
                onChange={(recipients) => onChange({ ...node, recipients })}
              />
            </>
          )}
          {node.type === 'branch' && branch === undefined && (
            <NameInput label="节点名称" value={node.name} onChange={(name) => onChange({ ...node, name })} />
          )}
          {node.type === 'branch' && selectedBranch && branch !== undefined && (
            <BranchEditor
              branch={selectedBranch}
              isLast={branch === node.branches.length - 1}
              fields={fields}
              onChange={(next) =>
                onChange({ ...node, branches: node.branches.map((b, i) => (i === branch ? next : b)) })
              }
              onMakeDefault={() => onMakeDefault(branch)}
            />
          )}
        </div>
      )}
    </Drawer>
  );
}
