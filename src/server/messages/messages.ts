/**
 * The user's messages (消息中心 我的消息, the workbench's message panel, the header's unread count): one row per
 * recipient, so read state and deletion are each user's own. `send` is what other modules call (approvals,
 * safety hazards, IoT warnings); it writes the rows and announces them on the event stream in one transaction,
 * so an open page hears of a message only once it is there to be read.
 * A message with a project belongs to that project's workbench; one without shows in every project.
 */
import type { Kysely } from 'kysely';
import type { Db } from '../db/database.js';
import type { Database } from '../db/tables.js';
import type { EventBus } from '../events/event-bus.js';
import { chinaDateTime } from '../lib/china-time.js';
import type { MessageKind, MessageKinds } from './kinds.js';
import type { MessageOutbox } from './outbox.js';
import { randomUUID } from 'node:crypto';
import { DomainError } from '../domain-error.js';

export type MessageFilter = 'all' | 'unread' | 'read';

export interface MessageRow {
  id: string;
  title: string;
  content: string;
  /** '1' 通知公告, '2' 审批提醒, '3' 预警消息. */
  category: string;
  /** 'yyyy-MM-dd HH:mm:ss', China time. */
  time: string;
  /** '1' read, '0' unread. */
  readFlag: string;
}

export interface MessageList {
  total: number;
  unread: number;
  /** Unread of the scope by what they ask of the user: the workbench's 代办消息 panel. */
  unreadTasks: number;
  unreadUrges: number;
  unreadWarnings: number;
  unreadNotices: number;
  rows: MessageRow[];
}

/** A row of 我的消息. */
export interface MessagePageRow extends MessageRow {
  kind: MessageKind;
  kindLabel: string;
  /** The in-app path the message opens, '' for none. */
  link: string;
}

export interface MessagePage {
  total: number;
  dataList: MessagePageRow[];
}

export interface MessageQuery {
  kind?: MessageKind;
  readFlag?: '0' | '1';
  pageNo: number;
  pageSize: number;
}

export interface NewMessage {
  userIds: readonly string[];
  kind: MessageKind;
  title: string;
  content: string;
  /** In-app path ('/constructionSafety/hazard/<id>') the message opens. */
  link?: string | null;
  projectId?: string | null;
  noticeId?: string | null;
}

/** Events of the stream (events/routes.ts): what the header listens to. */
export const MessageEvents = {
  /** A message arrived: {kind, title}. */
  arrived: 'message',
  /** The user read or deleted messages (in another tab or device): the count changed. */
  changed: 'message.read',
} as const;

export const MessageTexts = {
  notFound: '消息不存在',
} as const;

/** Inserted per statement, so that a notice to ten thousand users stays below the parameter limit. */
const INSERT_BATCH = 1000;

export class Messages {
  constructor(
    private readonly db: Db,
    private readonly events: EventBus,
    private readonly now: () => Date,
    /** The core's kinds and those the loaded modules declare. */
    readonly kinds: MessageKinds,
    /** Where a message also leaves by SMS or group robot, for the recipients who chose so (none: in-app only). */
    private readonly outbox?: MessageOutbox,
  ) {}

  /**
   * Sends a message to each of `userIds` (duplicates once) and announces it to their open pages. Pass the caller's
   * transaction to make the message part of its write (an approval step and its message commit together).
   */
  async send(message: NewMessage, executor?: Kysely<Database>): Promise<number> {
    // A kind nobody declared has no label or workbench group: a mistake of the sender's code, not of the user.
    if (!this.kinds.has(message.kind))
      throw new Error(`消息类型 ${message.kind} 未声明：模块在 module.json 的 messageKinds 中声明它发送的类型`);
    const category = this.kinds.category(message.kind);
    const userIds = [...new Set(message.userIds)];
    if (userIds.length === 0) return 0;
    const write = async (trx: Kysely<Database>) => {
      const sentAt = this.now();
      for (let i = 0; i < userIds.length; i += INSERT_BATCH) {
        await trx
          .insertInto('portal_message')
          .values(
            userIds.slice(i, i + INSERT_BATCH).map((userId) => ({
              id: randomUUID(),
              user_id: userId,
              project_id: message.projectId ?? null,
              category,
              kind: message.kind,
              title: message.title,
              content: message.content,
              link: message.link ?? null,
              notice_id: message.noticeId ?? null,
              sent_at: sentAt,
            })),
          )
          .execute();
      }
      await this.outbox?.enqueue(trx, message, userIds);
      await this.events.publish(
        { userIds },
        { type: MessageEvents.arrived, data: { kind: message.kind, title: message.title } },
        trx,
      );
    };
    if (executor) await write(executor);
    else await this.db.transaction().execute(write);
    return userIds.length;
  }

  private mine(userId: string, projectId: string | null) {
    let query = this.db.selectFrom('portal_message').where('user_id', '=', userId);
    if (projectId !== null)
      query = query.where((eb) => eb.or([eb('project_id', '=', projectId), eb('project_id', 'is', null)]));
    return query;
  }

  /** The workbench's panel: newest `limit` messages of a project (and of none). */
  async list(userId: string, projectId: string | null, filter: MessageFilter, limit: number): Promise<MessageList> {
    const warningKinds = this.kinds.ofCategory('3');
    const counts = await this.mine(userId, projectId)
      .select((eb) => [
        eb.fn.countAll<string>().as('total'),
        eb.fn.count<string>('id').filterWhere('read_at', 'is', null).as('unread'),
        eb.fn
          .count<string>('id')
          .filterWhere((f) => f.and([f('read_at', 'is', null), f('kind', '=', 'approval-task')]))
          .as('tasks'),
        eb.fn
          .count<string>('id')
          .filterWhere((f) => f.and([f('read_at', 'is', null), f('kind', '=', 'urge')]))
          .as('urges'),
        eb.fn
          .count<string>('id')
          .filterWhere((f) =>
            f.and([
              f('read_at', 'is', null),
              // No loaded module may declare a warning, and `in ()` is no valid SQL.
              warningKinds.length > 0 ? f('kind', 'in', warningKinds) : f.lit(false),
            ]),
          )
          .as('warnings'),
        eb.fn
          .count<string>('id')
          .filterWhere((f) => f.and([f('read_at', 'is', null), f('kind', '=', 'notice')]))
          .as('notices'),
      ])
      .executeTakeFirstOrThrow();
    let query = this.mine(userId, projectId).select(['id', 'title', 'content', 'category', 'sent_at', 'read_at']);
    if (filter === 'unread') query = query.where('read_at', 'is', null);
    if (filter === 'read') query = query.where('read_at', 'is not', null);
    const rows = await query.orderBy('sent_at', 'desc').orderBy('id').limit(limit).execute();
    return {
      total: Number(counts.total),
      unread: Number(counts.unread),
      unreadTasks: Number(counts.tasks),
      unreadUrges: Number(counts.urges),
      unreadWarnings: Number(counts.warnings),
      unreadNotices: Number(counts.notices),
      rows: rows.map((r) => ({
        id: r.id,
        title: r.title,
        content: r.content,
        category: r.category,
        time: chinaDateTime(new Date(r.sent_at)),
        readFlag: r.read_at === null ? '0' : '1',
      })),
    };
  }

  /** 我的消息: every project's messages of the user, newest first, by kind and read state. */
  async page(userId: string, query: MessageQuery): Promise<MessagePage> {
    let base = this.mine(userId, null);
    if (query.kind) base = base.where('kind', '=', query.kind);
    if (query.readFlag === '0') base = base.where('read_at', 'is', null);
    if (query.readFlag === '1') base = base.where('read_at', 'is not', null);
    const [count, rows] = await Promise.all([
      base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
      base
        .select(['id', 'title', 'content', 'category', 'kind', 'link', 'sent_at', 'read_at'])
        .orderBy('sent_at', 'desc')
        .orderBy('id')
        .limit(query.pageSize)
        .offset((query.pageNo - 1) * query.pageSize)
        .execute(),
    ]);
    return {
      total: Number(count.n),
      dataList: rows.map((r) => {
        // A kind no longer declared (its module was removed) shows as a notice.
        const kind = this.kinds.shown(r.kind);
        return {
          id: r.id,
          title: r.title,
          content: r.content,
          category: r.category,
          kind,
          kindLabel: this.kinds.label(kind),
          link: r.link ?? '',
          time: chinaDateTime(new Date(r.sent_at)),
          readFlag: r.read_at === null ? '0' : '1',
        };
      }),
    };
  }

  async unreadCount(userId: string): Promise<number> {
    const row = await this.db
      .selectFrom('portal_message')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('user_id', '=', userId)
      .where('read_at', 'is', null)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /** Marks one of the user's own messages read; -404 for anyone else's, so ids cannot be probed. */
  async markRead(userId: string, id: string, now: Date): Promise<void> {
    const row = await this.db
      .selectFrom('portal_message')
      .select(['id', 'read_at'])
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .executeTakeFirst();
    if (!row) throw new DomainError('notFound', MessageTexts.notFound);
    if (row.read_at === null) {
      await this.db.updateTable('portal_message').set({ read_at: now }).where('id', '=', id).execute();
      await this.changed(userId);
    }
  }

  /** Marks every unread message of the user read; the number marked. */
  async markAllRead(userId: string): Promise<number> {
    const result = await this.db
      .updateTable('portal_message')
      .set({ read_at: this.now() })
      .where('user_id', '=', userId)
      .where('read_at', 'is', null)
      .executeTakeFirst();
    const count = Number(result.numUpdatedRows);
    if (count > 0) await this.changed(userId);
    return count;
  }

  /** Marks the user's message of a notice read (opening the notice reads its message). */
  async markNoticeRead(userId: string, noticeId: string): Promise<void> {
    const result = await this.db
      .updateTable('portal_message')
      .set({ read_at: this.now() })
      .where('user_id', '=', userId)
      .where('notice_id', '=', noticeId)
      .where('read_at', 'is', null)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) > 0) await this.changed(userId);
  }

  /** Deletes one of the user's own messages; -404 for anyone else's. */
  async remove(userId: string, id: string): Promise<void> {
    const result = await this.db
      .deleteFrom('portal_message')
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .executeTakeFirst();
    if (Number(result.numDeletedRows) === 0) throw new DomainError('notFound', MessageTexts.notFound);
    await this.changed(userId);
  }

  /** Tells the user's other open pages that the unread count changed. */
  private async changed(userId: string): Promise<void> {
    await this.changedFor([userId]);
  }

  /** Tells these users' open pages that their unread counts changed (a withdrawn notice). */
  async changedFor(userIds: readonly string[]): Promise<void> {
    if (userIds.length > 0) await this.events.publish({ userIds }, { type: MessageEvents.changed, data: {} });
  }
}
