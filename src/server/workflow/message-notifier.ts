/**
 * The approval engine's notifications as messages of the message centre: a waiting task, a result, an urge or a
 * carbon copy becomes a message to each recipient, which opens the approval's detail below the list where the
 * recipient finds it (a task in 待办, a result in 我发起的, a copy in 抄送我的).
 */
import type { Messages } from '../messages/messages.js';
import type { MessageKind } from '../messages/kinds.js';
import type { ApprovalNotice, ApprovalNotifier } from './notifier.js';

const AS_MESSAGE: Record<ApprovalNotice['kind'], { kind: MessageKind; list: string }> = {
  assigned: { kind: 'approval-task', list: '/process/todo' },
  result: { kind: 'approval-result', list: '/process/started' },
  urge: { kind: 'urge', list: '/process/todo' },
  copy: { kind: 'carbon-copy', list: '/process/copy' },
};

function titleOf(notice: ApprovalNotice): string {
  switch (notice.kind) {
    case 'assigned':
      return `待审批：${notice.title}`;
    case 'result':
      return `${notice.title} ${notice.result === 'approved' ? '已通过' : '已驳回'}`;
    case 'urge':
      return `催办：${notice.title}`;
    case 'copy':
      return `抄送：${notice.title}`;
  }
}

export function messageNotifier(messages: Messages): ApprovalNotifier {
  return {
    async notify(notice) {
      const { kind, list } = AS_MESSAGE[notice.kind];
      await messages.send({
        userIds: notice.recipients,
        kind,
        title: titleOf(notice),
        content: notice.nodeName ? `${notice.processName} · ${notice.nodeName}` : notice.processName,
        link: `${list}/${encodeURIComponent(notice.instanceId)}`,
        projectId: notice.projectId,
      });
    },
  };
}
