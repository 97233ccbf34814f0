/**
 * Every notification the approval engine sends goes through this one interface, called after the action's
 * transaction committed (a refused or rolled-back action notifies nobody). The default records nothing; the
 * message centre (`messages.send`) plugs in here.
 */
export type ApprovalNoticeKind =
  /** A task is waiting for the recipients (new, transferred to them, a signer added, sent back to them). */
  | 'assigned'
  /** The instance ended: approved or rejected (to the starter). */
  | 'result'
  /** The starter urges the current approvers. */
  | 'urge'
  /** A carbon-copy node reached the recipients. */
  | 'copy';

export interface ApprovalNotice {
  kind: ApprovalNoticeKind;
  recipients: string[];
  instanceId: string;
  projectId: string;
  processName: string;
  title: string;
  /** The node concerned (the task's node, the copy node); absent for results. */
  nodeName?: string;
  /** With `result`: 'approved' or 'rejected'. */
  result?: 'approved' | 'rejected';
  /** Who caused it (the starter for urges, the approver for results). */
  actorId: string;
}

export interface ApprovalNotifier {
  notify(notice: ApprovalNotice): Promise<void>;
}

/** Records nothing: the portal's default until the message centre is wired in. */
export const silentNotifier: ApprovalNotifier = { notify: async () => {} };
