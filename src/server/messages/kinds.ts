/**
 * The kinds of message a user receives, with the label the screens show and the workbench group each falls in
 * (the workbench's `category`: 1 通知公告, 2 审批提醒, 3 预警消息).
 */
export const MESSAGE_KINDS = {
  'approval-task': { label: '审批待办', category: '2' },
  'approval-result': { label: '审批结果', category: '2' },
  urge: { label: '催办', category: '2' },
  'carbon-copy': { label: '抄送', category: '2' },
  'approval-reminder': { label: '超时提醒', category: '2' },
  digest: { label: '每日汇总', category: '2' },
  'device-warning': { label: '设备预警', category: '3' },
  'hazard-warning': { label: '隐患预警', category: '3' },
  'weighbridge-deviation': { label: '磅差超差', category: '3' },
  notice: { label: '通知公告', category: '1' },
} as const;

export type MessageKind = keyof typeof MESSAGE_KINDS;

export const MESSAGE_KIND_IDS = Object.keys(MESSAGE_KINDS) as MessageKind[];

export function isMessageKind(value: string): value is MessageKind {
  return Object.hasOwn(MESSAGE_KINDS, value);
}
