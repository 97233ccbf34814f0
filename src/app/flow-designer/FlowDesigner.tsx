/**
 * The flow designer (系统管理 / 流程设计 / a definition): a `custom` page renderer over the definition the page
 * file's `data` call reads (`GET /api/workflow/designer/definitions/:processId`). It edits a draft of the
 * definition with the pure tree edits of src/shared/flow-edit.ts, checks it as the server does, and publishes it
 * as the next version through the call and permission the page file's `options.publish` names. Instances already
 * started keep their version (the engine's rule); the header shows the version now current.
 */
import { Alert, Button, Message, Popconfirm, Tag } from '@arco-design/web-react';
import '@arco-design/web-react/es/Alert/style/css.js';
import '@arco-design/web-react/es/Button/style/css.js';
import '@arco-design/web-react/es/Message/style/css.js';
import '@arco-design/web-react/es/Popconfirm/style/css.js';
import '@arco-design/web-react/es/Tag/style/css.js';
import { useMemo, useState } from 'react';
import { callApi } from '../../engine/api';
import type { CustomRendererProps } from '../../engine/renderers';
import { useSeams } from '../../engine/seams';
import type { ApiDescriptor } from '../../engine/types';
import { useInvalidateApi } from '../../engine/use-api';
import { MsgCode, type Envelope, type FieldError } from '../../shared/envelope';
import {
  addBranch,
  findNode,
  insertNode,
  makeDefaultBranch,
  newNode,
  removeBranch,
  removeNode,
  updateNode,
  type ListRef,
  type NewNodeType,
} from '../../shared/flow-edit';
import { flowNodes, type FlowNode, type ProcessFault, type ProcessFile } from '../../shared/processes';
import { checkDefinition } from './check';
import { conditionFields, type NamedRole, type NamedUser } from './describe';
import { FlowCanvas, faultsAt, type CanvasActions, type Selection } from './FlowCanvas';
import { NodePanel } from './NodePanel';
import './flow-designer.css';

export interface DesignerData {
  processId: string;
  version: number;
  publishedAt: string;
  definition: ProcessFile;
  versions: { version: number; publishedAt: string; publishedBy: string | null }[];
  roles: NamedRole[];
  users: NamedUser[];
}

interface DesignerOptions {
  publish?: { api: ApiDescriptor; permission?: string };
  /** Where 返回列表 leads. */
  list?: string;
}

function formatTime(iso: string): string {
  const date = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())} ${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** The faults of the selected node or branch (those of the nodes inside a branch stay on their own cards). */
function selectedFaults(
  flow: readonly FlowNode[],
  faults: readonly ProcessFault[],
  selected: Selection,
): ProcessFault[] {
  if (!selected) return [];
  const pointer = flowNodes(flow).find(({ node }) => node.id === selected.nodeId)?.pointer;
  if (!pointer) return [];
  if (selected.branch !== undefined) return faultsAt(faults, `${pointer}/branches/${selected.branch}`, 'nodes');
  return faults.filter(
    (f) =>
      f.pointer === pointer ||
      f.pointer === `${pointer}/branches` ||
      (f.pointer.startsWith(`${pointer}/`) && !f.pointer.startsWith(`${pointer}/branches/`)),
  );
}

export default function FlowDesigner({ file, data, open }: CustomRendererProps) {
  const loaded = data as DesignerData;
  const options = (file.options ?? {}) as DesignerOptions;
  const seams = useSeams();
  const refresh = useInvalidateApi(file.data!.api);
  const [seen, setSeen] = useState(loaded);
  const [base, setBase] = useState(loaded.definition);
  const [draft, setDraft] = useState<ProcessFile>(loaded.definition);
  const [selected, setSelected] = useState<Selection>(null);
  /** The faults shown above the tree: after 发布 was pressed (the cards show theirs all along). */
  const [shown, setShown] = useState<{ title: string; faults: ProcessFault[] } | null>(null);
  const [publishing, setPublishing] = useState(false);
  // A publish made here is current at once, before the page's data is read again.
  const [current, setCurrent] = useState({ version: loaded.version, publishedAt: loaded.publishedAt });
  if (loaded !== seen) {
    // The page's data was read again (after publishing): the draft starts over from it.
    setSeen(loaded);
    setBase(loaded.definition);
    setDraft(loaded.definition);
    setCurrent({ version: loaded.version, publishedAt: loaded.publishedAt });
  }

  const people = useMemo(() => ({ roles: loaded.roles, users: loaded.users }), [loaded]);
  const facts = useMemo(
    () => ({ roles: new Set(loaded.roles.map((r) => r.enname)), users: new Set(loaded.users.map((u) => u.id)) }),
    [loaded],
  );
  const fields = useMemo(() => conditionFields(draft), [draft]);
  const faults = useMemo(() => checkDefinition(draft, facts), [draft, facts]);
  const changed = JSON.stringify(draft) !== JSON.stringify(base);
  const mayPublish = Boolean(
    options.publish && (!options.publish.permission || (seams.permissions?.has(options.publish.permission) ?? true)),
  );

  const edit = (change: (flow: FlowNode[]) => FlowNode[]) => {
    try {
      setDraft({ ...draft, flow: change(draft.flow) });
      setShown(null);
    } catch (error) {
      Message.error((error as Error).message);
    }
  };

  const actions: CanvasActions = {
    add(at: ListRef, index: number, type: NewNodeType) {
      const node = newNode(draft.flow, type);
      edit((flow) => insertNode(flow, at, index, node));
      // A new step opens its panel at once: it needs its people (a condition node its first branch's condition).
      setSelected(type === 'branch' ? { nodeId: node.id, branch: 0 } : { nodeId: node.id });
    },
    select: setSelected,
    remove(nodeId) {
      edit((flow) => removeNode(flow, nodeId));
      setSelected(null);
    },
    addBranch(nodeId) {
      edit((flow) => {
        const added = addBranch(flow, nodeId);
        setSelected({ nodeId, branch: added.index });
        return added.flow;
      });
    },
    removeBranch(nodeId, branch) {
      edit((flow) => removeBranch(flow, nodeId, branch));
      setSelected(null);
    },
  };

  const publish = async () => {
    if (!options.publish) return;
    const found = checkDefinition(draft, facts);
    if (found.length > 0) {
      setShown({ title: `还有 ${found.length} 个问题，修正后才能发布`, faults: found });
      Message.error(found[0]!.message);
      return;
    }
    setPublishing(true);
    try {
      const answer = await callApi<Envelope<{ processId: string; version: number; errors?: FieldError[] }>>(
        seams,
        options.publish.api,
        {
          variables: { processId: loaded.processId },
          body: draft as unknown as Record<string, unknown>,
          acceptCodes: [MsgCode.invalidInput],
        },
      );
      if (answer.msgCode === MsgCode.invalidInput) {
        const errors = answer.data?.errors ?? [{ field: '', message: answer.errMsg }];
        setShown({
          title: '服务器未通过此流程定义',
          faults: errors.map((e) => ({ pointer: e.field, message: e.message })),
        });
        Message.error(answer.errMsg);
        return;
      }
      const version = answer.data!.version;
      Message.success(`发布成功，当前版本 v${version}`);
      setShown(null);
      setBase(draft);
      setCurrent({ version, publishedAt: new Date().toISOString() });
      void refresh();
    } catch {
      // The transport has shown the server's message (no permission, a conflict, the network).
    } finally {
      setPublishing(false);
    }
  };

  /** Closing the panel gives the focus back to the card it was opened from, for who works with the keyboard. */
  const closePanel = () => {
    const was = selected;
    setSelected(null);
    if (!was) return;
    const testId = was.branch === undefined ? `fd-node-${was.nodeId}` : `fd-branch-${was.nodeId}-${was.branch}`;
    window.setTimeout(() => {
      const card = document.querySelector<HTMLElement>(`[data-testid="${testId}"]`);
      (card?.tabIndex === 0 ? card : card?.querySelector<HTMLElement>('button'))?.focus();
    }, 0);
  };

  const node = selected ? findNode(draft.flow, selected.nodeId) : undefined;
  const starters = draft.starters
    ? draft.starters.roles.map((r) => loaded.roles.find((x) => x.enname === r)?.name ?? r).join('、')
    : '所有人';

  return (
    <div className="flow-designer" data-testid="flow-designer">
      <header className="fd-header">
        <div className="fd-header-info">
          <span className="fd-header-name">{draft.name}</span>
          <Tag color="arcoblue">{draft.category}</Tag>
          <span className="fd-header-version" data-testid="fd-version">
            当前版本 v{current.version}
          </span>
          <span className="fd-header-time">发布于 {formatTime(current.publishedAt)}</span>
          {changed && <Tag color="orange">有未发布的修改</Tag>}
        </div>
        <div className="fd-header-actions">
          {options.list && (
            <Button onClick={() => open({ path: options.list! })} aria-label="返回流程列表">
              返回列表
            </Button>
          )}
          <Popconfirm
            title="放弃所有未发布的修改吗？"
            disabled={!changed}
            onOk={() => {
              setDraft(base);
              setSelected(null);
              setShown(null);
            }}
          >
            <Button disabled={!changed}>放弃修改</Button>
          </Popconfirm>
          {mayPublish ? (
            <Button type="primary" loading={publishing} onClick={() => void publish()}>
              发布
            </Button>
          ) : (
            <span className="fd-header-note">您没有发布流程的权限</span>
          )}
        </div>
      </header>
      <p className="fd-header-hint">
        发布后生成新版本 v{current.version + 1}
        ；已发起的审批仍按发起时的版本流转。点击“+”添加审批人、抄送人或条件分支，点击节点设置。
      </p>
      {shown && (
        <Alert
          type="error"
          className="fd-faults"
          title={shown.title}
          data-testid="fd-faults"
          content={
            <ul>
              {shown.faults.map((f) => (
                <li key={f.pointer + f.message}>{f.message}</li>
              ))}
            </ul>
          }
        />
      )}
      <FlowCanvas
        flow={draft.flow}
        starters={starters}
        faults={faults}
        people={people}
        fields={fields}
        selected={selected}
        actions={actions}
      />
      <NodePanel
        node={node}
        branch={selected?.branch}
        faults={selectedFaults(draft.flow, faults, selected)}
        people={people}
        fields={fields}
        onChange={(next) => edit((flow) => updateNode(flow, next.id, () => next))}
        onMakeDefault={(branch) => {
          if (!selected) return;
          const nodeId = selected.nodeId;
          const target = findNode(draft.flow, nodeId);
          edit((flow) => makeDefaultBranch(flow, nodeId, branch));
          if (target?.type === 'branch') setSelected({ nodeId, branch: target.branches.length - 1 });
        }}
        onClose={closePanel}
      />
    </div>
  );
}
