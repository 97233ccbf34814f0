/**
 * Messages that also leave the portal: when a message is sent, the recipients who chose SMS or the group robot
 * for its kind (preferences.ts) get an outbox row in the same transaction, so a message that did not commit never
 * leaves and one that did always does. A drain (a job of the queue, every minute and right after a send) claims
 * waiting rows, delivers each and marks it sent; a failure is kept with its reason and tried again a few times.
 */
import { randomUUID } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type { SmsSender } from '../accounts/sms/sms-sender.js';
import type { Db } from '../db/database.js';
import type { MessageChannel } from '../db/alert-tables.js';
import type { Database } from '../db/tables.js';
import type { MessagePreferences } from './preferences.js';
import type { ProjectRobots } from './robots.js';

export interface OutgoingMessage {
  kind: string;
  title: string;
  content: string;
  projectId?: string | null;
}

export interface DrainFigures {
  sent: number;
  failed: number;
}

/** Rows claimed by one drain. */
const DRAIN_BATCH = 100;
/** Tries of one row before it is left as failed. */
const MAX_ATTEMPTS = 5;
/** A row claimed this long ago and not sent (its drain died) is claimed again. */
const RECLAIM_MS = 5 * 60_000;

export class MessageOutbox {
  constructor(
    private readonly db: Db,
    private readonly preferences: MessagePreferences,
    private readonly robots: ProjectRobots,
    private readonly sms: SmsSender,
    private readonly now: () => Date,
  ) {}

  /** Called by Messages.send inside its transaction. Returns how many rows wait. */
  async enqueue(trx: Kysely<Database>, message: OutgoingMessage, userIds: readonly string[]): Promise<number> {
    const channels = await this.preferences.channelsOf(trx, userIds, message.kind);
    const rows: { channel: MessageChannel; userId: string }[] = [];
    for (const [userId, choice] of channels) {
      if (choice.sms) rows.push({ channel: 'sms', userId });
      // A robot is a project's group: a message of no project has nowhere to go.
      if (choice.robot && message.projectId) rows.push({ channel: 'robot', userId });
    }
    if (rows.length === 0) return 0;
    const createdAt = this.now();
    await trx
      .insertInto('message_outbox')
      .values(
        rows.map((row) => ({
          id: randomUUID(),
          user_id: row.userId,
          project_id: message.projectId ?? null,
          kind: message.kind,
          channel: row.channel,
          title: message.title,
          content: message.content,
          created_at: createdAt,
        })),
      )
      .execute();
    return rows.length;
  }

  /** Delivers what waits. Safe to run in several instances at once: each row is claimed by one. */
  async drain(): Promise<DrainFigures> {
    const now = this.now();
    const claimed = await this.db
      .updateTable('message_outbox')
      .set({ claimed_at: now, attempts: sql<number>`attempts + 1` })
      .where(
        'id',
        'in',
        this.db
          .selectFrom('message_outbox')
          .select('id')
          .where('sent_at', 'is', null)
          .where('attempts', '<', MAX_ATTEMPTS)
          .where((eb) =>
            eb.or([eb('claimed_at', 'is', null), eb('claimed_at', '<', new Date(now.getTime() - RECLAIM_MS))]),
          )
          .orderBy('created_at')
          .limit(DRAIN_BATCH)
          .forUpdate()
          .skipLocked(),
      )
      .returning(['id', 'user_id', 'project_id', 'channel', 'title', 'content'])
      .execute();
    if (claimed.length === 0) return { sent: 0, failed: 0 };
    const phones = new Map(
      (
        await this.db
          .selectFrom('sys_user')
          .select(['id', 'mobile', 'phone'])
          .where(
            'id',
            'in',
            claimed.map((row) => row.user_id),
          )
          .execute()
      )
        // 手机号 is the login and SMS number; 电话 may be a landline.
        .map((user) => [user.id, user.mobile || user.phone || '']),
    );
    const figures: DrainFigures = { sent: 0, failed: 0 };
    for (const row of claimed) {
      const phone = phones.get(row.user_id) ?? '';
      const text = `【${row.title}】${row.content}`;
      try {
        if (row.channel === 'sms') {
          if (!phone) throw new Error('the user has no phone number');
          await this.sms.sendNotice({ phone, text });
        } else if (!row.project_id || !(await this.robots.post(row.project_id, text, phone ? [phone] : [])))
          throw new Error('the project has no group robot');
        await this.db
          .updateTable('message_outbox')
          .set({ sent_at: this.now(), last_error: null })
          .where('id', '=', row.id)
          .execute();
        figures.sent += 1;
      } catch (error) {
        await this.db
          .updateTable('message_outbox')
          .set({ claimed_at: null, last_error: error instanceof Error ? error.message.slice(0, 500) : String(error) })
          .where('id', '=', row.id)
          .execute();
        figures.failed += 1;
      }
    }
    return figures;
  }
}
