/**
 * The node tree drawn top to bottom as in DingTalk's 审批 designer: the 发起人 card, each node's card, a condition
 * node's branches side by side (each under its condition card), a "+" between any two nodes that offers an
 * approval, a carbon copy or a condition, and 流程结束. Every control is a button, so the tree is used with the
 * keyboard as with the mouse. What a click changes is told to the designer; this file only draws.
 */
import { Popconfirm } from '@arco-design/web-react';
import '@arco-design/web-react/es/Popconfirm/style/css.js';
import { useEffect, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { isOtherwise, NEW_NODE_NAMES, type ListRef, type NewNodeType } from '../../shared/flow-edit';
import type { BranchNode, FlowNode, ProcessFault } from '../../shared/processes';
import { conditionText, modeText, ruleText, type ConditionField, type People } from './describe';

export type Selection = { nodeId: string; branch?: number } | null;

export interface CanvasActions {
  add(at: ListRef, index: number, type: NewNodeType): void;
  select(selection: Selection): void;
  remove(nodeId: string): void;
  addBranch(nodeId: string): void;
  removeBranch(nodeId: string, branch: number): void;
}

interface CanvasProps {
  flow: readonly FlowNode[];
  starters: string;
  faults: readonly ProcessFault[];
  people: People;
  fields: readonly ConditionField[];
  selected: Selection;
  actions: CanvasActions;
}

/** The faults about exactly this place: its own keys, not those of the nodes or branches inside it. */
export function faultsAt(faults: readonly ProcessFault[], pointer: string, inner: string): ProcessFault[] {
  return faults.filter(
    (f) =>
      (f.pointer === pointer || f.pointer.startsWith(`${pointer}/`)) && !f.pointer.startsWith(`${pointer}/${inner}/`),
  );
}

const ADD_TYPES: NewNodeType[] = ['approval', 'cc', 'branch'];

/** The "+" between two nodes; its menu opens under the keyboard too and closes with Escape. */
function AddButton({ label, onAdd }: { label: string; onAdd: (type: NewNodeType) => void }) {
  const [open, setOpen] = useState(false);
  const plus = useRef<HTMLButtonElement>(null);
  const first = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (open) first.current?.focus();
  }, [open]);
  const close = () => {
    setOpen(false);
    plus.current?.focus();
  };
  return (
    <div
      className="fd-add"
      onKeyDown={(event: KeyboardEvent) => {
        if (event.key === 'Escape' && open) close();
      }}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setOpen(false);
      }}
    >
      <button
        ref={plus}
        type="button"
        className="fd-add-button"
        aria-label={label}
        aria-expanded={open}
        title="添加节点"
        onClick={() => setOpen((was) => !was)}
      >
        +
      </button>
      {open && (
        <div className="fd-add-menu" role="group" aria-label="添加节点">
          {ADD_TYPES.map((type, index) => (
            <button
              key={type}
              ref={index === 0 ? first : undefined}
              type="button"
              className={`fd-add-choice fd-add-choice--${type}`}
              aria-label={`添加${NEW_NODE_NAMES[type]}`}
              onClick={() => {
                setOpen(false);
                onAdd(type);
              }}
            >
              {NEW_NODE_NAMES[type]}
            </button>
          ))}
        </div>
      )}
    </div>
  );
}

function DeleteButton({ what, onConfirm }: { what: string; onConfirm: () => void }) {
  return (
    <Popconfirm title={`确定删除${what}吗？`} onOk={onConfirm} okText="删除" cancelText="取消">
      <button
        type="button"
        className="fd-card-delete"
        aria-label={`删除${what}`}
        title="删除"
        onClick={(event) => event.stopPropagation()}
        onKeyDown={(event) => event.stopPropagation()}
      >
        ×
      </button>
    </Popconfirm>
  );
}

interface CardProps {
  tone: 'start' | 'approval' | 'cc' | 'condition';
  title: string;
  label: string;
  extra?: ReactNode;
  faults: readonly ProcessFault[];
  selected: boolean;
  onOpen?: () => void;
  children: ReactNode;
  testId?: string;
}

function Card({ tone, title, label, extra, faults, selected, onOpen, children, testId }: CardProps) {
  const classes = ['fd-card', `fd-card--${tone}`];
  if (faults.length > 0) classes.push('fd-card--fault');
  if (selected) classes.push('fd-card--selected');
  return (
    <div
      className={classes.join(' ')}
      data-testid={testId}
      role={onOpen ? 'button' : undefined}
      tabIndex={onOpen ? 0 : undefined}
      aria-label={onOpen ? label : undefined}
      onClick={onOpen}
      onKeyDown={(event) => {
        if (onOpen && event.target === event.currentTarget && (event.key === 'Enter' || event.key === ' ')) {
          event.preventDefault();
          onOpen();
        }
      }}
    >
      <div className="fd-card-head">
        <span className="fd-card-title">{title}</span>
        {extra}
      </div>
      <div className="fd-card-body">
        {children}
        {faults.map((fault) => (
          <div key={fault.pointer + fault.message} className="fd-card-fault">
            {fault.message}
          </div>
        ))}
      </div>
    </div>
  );
}

const TONE_NAMES = { approval: '审批人', cc: '抄送人' } as const;

function StepCard({
  node,
  pointer,
  props,
}: {
  node: Exclude<FlowNode, BranchNode>;
  pointer: string;
  props: CanvasProps;
}) {
  const rule = node.type === 'approval' ? node.approvers : node.recipients;
  const text = ruleText(rule, props.people);
  const faults = faultsAt(props.faults, pointer, 'none');
  return (
    <Card
      tone={node.type}
      title={node.name}
      label={`${TONE_NAMES[node.type]}节点「${node.name}」，按回车编辑`}
      testId={`fd-node-${node.id}`}
      faults={faults}
      selected={props.selected?.nodeId === node.id && props.selected.branch === undefined}
      onOpen={() => props.actions.select({ nodeId: node.id })}
      extra={<DeleteButton what={`节点「${node.name}」`} onConfirm={() => props.actions.remove(node.id)} />}
    >
      {text ? (
        <span>
          {text}
          {node.type === 'approval' && <span className="fd-card-mode">{modeText(node.mode)}</span>}
        </span>
      ) : (
        faults.length === 0 && <span className="fd-card-placeholder">请设置{TONE_NAMES[node.type]}</span>
      )}
    </Card>
  );
}

function BranchBlock({ node, pointer, props }: { node: BranchNode; pointer: string; props: CanvasProps }) {
  const own = props.faults.filter(
    (f) => f.pointer === pointer || f.pointer === `${pointer}/branches` || f.pointer === `${pointer}/name`,
  );
  const last = node.branches.length - 1;
  return (
    <div className="fd-branch" data-testid={`fd-node-${node.id}`}>
      <div className={`fd-branch-head${own.length > 0 ? ' fd-branch-head--fault' : ''}`}>
        <button
          type="button"
          className="fd-branch-name"
          aria-label={`条件节点「${node.name}」，按回车编辑名称`}
          onClick={() => props.actions.select({ nodeId: node.id })}
        >
          {node.name}
        </button>
        <button type="button" className="fd-branch-add" onClick={() => props.actions.addBranch(node.id)}>
          添加条件
        </button>
        <DeleteButton what={`条件节点「${node.name}」及其所有分支`} onConfirm={() => props.actions.remove(node.id)} />
      </div>
      {own.map((fault) => (
        <div key={fault.message} className="fd-branch-fault">
          {fault.message}
        </div>
      ))}
      <div className="fd-branch-columns">
        {node.branches.map((branch, b) => {
          const at = `${pointer}/branches/${b}`;
          const otherwise = isOtherwise(branch);
          const faults = faultsAt(props.faults, at, 'nodes');
          return (
            <div className="fd-column" key={b}>
              {b === 0 && <span className="fd-mask fd-mask--top-left" />}
              {b === 0 && <span className="fd-mask fd-mask--bottom-left" />}
              {b === last && <span className="fd-mask fd-mask--top-right" />}
              {b === last && <span className="fd-mask fd-mask--bottom-right" />}
              <Card
                tone="condition"
                title={branch.name}
                label={`分支「${branch.name}」，按回车设置条件`}
                testId={`fd-branch-${node.id}-${b}`}
                faults={faults}
                selected={props.selected?.nodeId === node.id && props.selected.branch === b}
                onOpen={() => props.actions.select({ nodeId: node.id, branch: b })}
                extra={
                  <span className="fd-card-extra">
                    <span className="fd-card-priority">优先级{b + 1}</span>
                    {node.branches.length > 2 && (
                      <DeleteButton
                        what={`分支「${branch.name}」`}
                        onConfirm={() => props.actions.removeBranch(node.id, b)}
                      />
                    )}
                  </span>
                }
              >
                {otherwise ? (
                  b === last ? (
                    <span className="fd-card-muted">其他情况进入此流程</span>
                  ) : (
                    faults.length === 0 && <span className="fd-card-placeholder">请设置条件</span>
                  )
                ) : (
                  (branch.conditions ?? []).map((condition, c) => (
                    <div key={c}>{conditionText(condition, props.fields)}</div>
                  ))
                )}
              </Card>
              <NodeList
                nodes={branch.nodes}
                at={{ nodeId: node.id, branch: b }}
                pointer={`${at}/nodes`}
                where={`分支「${branch.name}」`}
                props={props}
              />
              <div className="fd-column-fill" />
            </div>
          );
        })}
      </div>
    </div>
  );
}

function NodeList({
  nodes,
  at,
  pointer,
  where,
  props,
}: {
  nodes: readonly FlowNode[];
  at: ListRef;
  pointer: string;
  where: string;
  props: CanvasProps;
}) {
  const add = (index: number) => (
    <AddButton
      key={`add-${index}`}
      label={index === 0 ? `在${where}开头添加节点` : `在${where}的「${nodes[index - 1]!.name}」之后添加节点`}
      onAdd={(type) => props.actions.add(at, index, type)}
    />
  );
  return (
    <>
      {add(0)}
      {nodes.map((node, index) => (
        <div className="fd-item" key={node.id}>
          {node.type === 'branch' ? (
            <BranchBlock node={node} pointer={`${pointer}/${index}`} props={props} />
          ) : (
            <StepCard node={node} pointer={`${pointer}/${index}`} props={props} />
          )}
          {add(index + 1)}
        </div>
      ))}
    </>
  );
}

export function FlowCanvas(props: CanvasProps) {
  return (
    <div className="fd-canvas" data-testid="flow-canvas">
      <div className="fd-flow">
        <Card tone="start" title="发起人" label="发起人" faults={[]} selected={false}>
          {props.starters}
        </Card>
        <NodeList nodes={props.flow} at={null} pointer="/flow" where="流程" props={props} />
        <div className="fd-end">
          <span className="fd-end-dot" />
          流程结束
        </div>
      </div>
    </div>
  );
}
