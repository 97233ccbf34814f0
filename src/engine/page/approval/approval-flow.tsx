/**
 * An approval's flow as a vertical timeline, the way DingTalk shows it: the starter first, then every node of the
 * route with its people (done ✓, the current one highlighted, waiting grey, refused red, carbon copies marked), and
 * the end with the outcome. Reads the detail answer of GET /api/workflow/instances/:id as it is.
 */
export interface FlowPerson {
  userId?: string;
  name: string;
  status: string;
  statusLabel: string;
  actedAt: string;
}

export interface FlowNode {
  nodeId: string;
  type: string;
  name: string;
  modeLabel: string;
  state: string;
  people: FlowPerson[];
}

interface ApprovalFlowProps {
  starterName: string;
  startTime: string;
  status: string;
  statusLabel: string;
  endTime: string;
  nodes: FlowNode[];
}

const MARKS: Record<string, string> = { done: '✓', current: '…', rejected: '✕', cancelled: '–', waiting: '' };
const STATE_LABELS: Record<string, string> = {
  done: '已完成',
  current: '进行中',
  rejected: '已驳回',
  cancelled: '已取消',
  waiting: '未开始',
};
const END_STATE: Record<string, string> = { approved: 'done', rejected: 'rejected', withdrawn: 'cancelled' };

export function ApprovalFlow({ starterName, startTime, status, statusLabel, endTime, nodes }: ApprovalFlowProps) {
  const endState = END_STATE[status] ?? 'waiting';
  return (
    <ol className="approval-flow" data-testid="approval-flow">
      <li className="flow-node flow-done" data-state="done">
        <span className="flow-mark" aria-hidden>
          ✓
        </span>
        <div className="flow-body">
          <div className="flow-title">
            <b>发起申请</b>
            <span className="flow-state">已提交</span>
          </div>
          <div className="flow-person">
            <span>{starterName}</span>
            <time>{startTime}</time>
          </div>
        </div>
      </li>
      {nodes.map((node) => (
        <li
          key={node.nodeId}
          className={`flow-node flow-${node.state}${node.type === 'cc' ? ' flow-cc' : ''}`}
          data-state={node.state}
          data-testid={`flow-node-${node.nodeId}`}
          aria-current={node.state === 'current' ? 'step' : undefined}
        >
          <span className="flow-mark" aria-hidden>
            {node.type === 'cc' && node.state === 'done' ? '✓' : MARKS[node.state]}
          </span>
          <div className="flow-body">
            <div className="flow-title">
              <b>{node.name}</b>
              <span className="flow-mode">{node.modeLabel}</span>
              <span className="flow-state">{STATE_LABELS[node.state] ?? node.state}</span>
            </div>
            {node.people.length === 0 ? (
              <div className="flow-person flow-nobody">无审批人</div>
            ) : (
              node.people.map((person, index) => (
                <div key={`${person.userId ?? person.name}-${index}`} className={`flow-person person-${person.status}`}>
                  <span>{person.name}</span>
                  <span className="flow-person-status">{person.statusLabel}</span>
                  {person.actedAt && <time>{person.actedAt}</time>}
                </div>
              ))
            )}
          </div>
        </li>
      ))}
      <li className={`flow-node flow-end flow-${endState}`} data-state={endState}>
        <span className="flow-mark" aria-hidden>
          {MARKS[endState]}
        </span>
        <div className="flow-body">
          <div className="flow-title">
            <b>结束</b>
            {status !== 'running' && <span className="flow-state">{statusLabel}</span>}
          </div>
          {endTime && (
            <div className="flow-person">
              <time>{endTime}</time>
            </div>
          )}
        </div>
      </li>
    </ol>
  );
}
