/**
 * The kinds of message a user receives, with the label the screens show and the workbench group each falls in
 * (the workbench's `category`: 1 通知公告, 2 审批提醒, 3 预警消息). The core declares its own kinds here; a module
 * declares its kinds in its module.json (`messageKinds`), and the registry collects both at start, so the core
 * never names a module's kind.
 */

/** '1' 通知公告, '2' 审批提醒, '3' 预警消息. */
export type MessageCategory = '1' | '2' | '3';

/** What each workbench group is called (the workbench's panels and 接收设置 say it alike). */
export const MESSAGE_CATEGORY_LABELS: Readonly<Record<MessageCategory, string>> = {
  '1': '通知公告',
  '2': '审批提醒',
  '3': '预警消息',
};

/** The id of a message kind: one of the core's below, or one a loaded module declares. */
export type MessageKind = string;

/** One kind of message, as the core and modules' module.json declare it. */
export interface MessageKindDeclaration {
  id: MessageKind;
  label: string;
  category: MessageCategory;
}

/** Whoever declares message kinds: a module's manifest (its `id` names it when a kind is declared twice). */
export interface MessageKindSource {
  id: string;
  messageKinds?: readonly MessageKindDeclaration[];
}

/** A choice of the message centre's search form. */
export interface MessageKindOption {
  value: MessageKind;
  label: string;
}

/** The core's own kinds: approvals and notices. */
const CORE_MESSAGE_KINDS: readonly MessageKindDeclaration[] = [
  { id: 'approval-task', label: '审批待办', category: '2' },
  { id: 'approval-result', label: '审批结果', category: '2' },
  { id: 'urge', label: '催办', category: '2' },
  { id: 'carbon-copy', label: '抄送', category: '2' },
  { id: 'approval-reminder', label: '超时提醒', category: '2' },
  { id: 'digest', label: '每日汇总', category: '2' },
  { id: 'notice', label: '通知公告', category: '1' },
];

/** What a row of a kind no longer known shows as (the kind of a module since removed). */
const FALLBACK_MESSAGE_KIND: MessageKind = 'notice';

/** Every kind the running portal knows: the core's, then each loaded module's in module order. */
export class MessageKinds {
  private readonly byId = new Map<MessageKind, MessageKindDeclaration>();

  constructor(sources: readonly MessageKindSource[] = []) {
    for (const kind of CORE_MESSAGE_KINDS) this.add(kind, '核心');
    for (const source of sources) for (const kind of source.messageKinds ?? []) this.add(kind, `模块 ${source.id}`);
  }

  /** A kind declared twice would make one of them unreachable: refuse to start, naming who declared it. */
  private add(kind: MessageKindDeclaration, owner: string): void {
    if (this.byId.has(kind.id)) throw new Error(`${owner} 声明的消息类型 ${kind.id} 已被声明`);
    this.byId.set(kind.id, { id: kind.id, label: kind.label, category: kind.category });
  }

  has(kind: string): boolean {
    return this.byId.has(kind);
  }

  /** The kind itself when known, else the fallback a screen shows it as. */
  shown(kind: string): MessageKind {
    return this.has(kind) ? kind : FALLBACK_MESSAGE_KIND;
  }

  label(kind: string): string {
    return this.declaration(this.shown(kind)).label;
  }

  category(kind: string): MessageCategory {
    return this.declaration(this.shown(kind)).category;
  }

  ids(): MessageKind[] {
    return [...this.byId.keys()];
  }

  /** The kinds of a workbench group (the 预警消息 count takes those of '3'). */
  ofCategory(category: MessageCategory): MessageKind[] {
    return [...this.byId.values()].filter((kind) => kind.category === category).map((kind) => kind.id);
  }

  /** The choices of the message centre's search form, in declaration order. */
  options(): MessageKindOption[] {
    return [...this.byId.values()].map((kind) => ({ value: kind.id, label: kind.label }));
  }

  private declaration(kind: MessageKind): MessageKindDeclaration {
    const found = this.byId.get(kind);
    if (!found) throw new Error(`unknown message kind ${kind}`);
    return found;
  }
}
