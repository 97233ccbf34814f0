/**
 * The user's messages (消息): the workbench's message panel, the unread count of the header, marking as read.
 * A message with a project belongs to that project's workbench; one without shows in every project.
 */
import { MsgCode } from '../../shared/envelope.js';
import type { Db } from '../db/database.js';
import { ApiError } from '../http/api-error.js';
import { chinaDateTime } from './china-time.js';

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
  rows: MessageRow[];
}

export class Messages {
  constructor(private readonly db: Db) {}

  private mine(userId: string, projectId: string | null) {
    let query = this.db.selectFrom('portal_message').where('user_id', '=', userId);
    if (projectId !== null)
      query = query.where((eb) => eb.or([eb('project_id', '=', projectId), eb('project_id', 'is', null)]));
    return query;
  }

  async list(userId: string, projectId: string | null, filter: MessageFilter, limit: number): Promise<MessageList> {
    const counts = await this.mine(userId, projectId)
      .select((eb) => [
        eb.fn.countAll<string>().as('total'),
        eb.fn.count<string>('id').filterWhere('read_at', 'is', null).as('unread'),
      ])
      .executeTakeFirstOrThrow();
    let query = this.mine(userId, projectId).select(['id', 'title', 'content', 'category', 'sent_at', 'read_at']);
    if (filter === 'unread') query = query.where('read_at', 'is', null);
    if (filter === 'read') query = query.where('read_at', 'is not', null);
    const rows = await query.orderBy('sent_at', 'desc').orderBy('id').limit(limit).execute();
    return {
      total: Number(counts.total),
      unread: Number(counts.unread),
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
    if (!row) throw new ApiError(MsgCode.notFound, '消息不存在');
    if (row.read_at === null)
      await this.db.updateTable('portal_message').set({ read_at: now }).where('id', '=', id).execute();
  }
}
