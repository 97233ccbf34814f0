/**
 * Which channels each user wants each kind of message on, beside the message centre, where every message always
 * lands (it is the record of what was asked of whom): SMS to the user's phone, and the project's group robot
 * (WeCom, DingTalk) mentioning the user's phone. No row: the message centre only.
 */
import type { Kysely } from 'kysely';
import type { Db } from '../db/database.js';
import type { Database } from '../db/tables.js';
import { invalidField } from '../domain-error.js';
import { MESSAGE_CATEGORY_LABELS, type MessageKind, type MessageKinds } from './kinds.js';

export interface ChannelChoice {
  sms: boolean;
  robot: boolean;
}

/** A row of 消息接收设置: one per message kind. '1' on, '0' off (as the crud page's switches read them). */
export interface PreferenceRow {
  id: MessageKind;
  kind: MessageKind;
  kindLabel: string;
  categoryLabel: string;
  inApp: '1';
  sms: '0' | '1';
  robot: '0' | '1';
}

export const PreferenceTexts = {
  unknownKind: '没有这种消息类型',
} as const;

export class MessagePreferences {
  constructor(
    private readonly db: Db,
    private readonly kinds: MessageKinds,
  ) {}

  /** Every kind the portal knows, with the user's choice. */
  async list(userId: string): Promise<PreferenceRow[]> {
    const chosen = await this.db
      .selectFrom('message_preference')
      .select(['kind', 'sms', 'robot'])
      .where('user_id', '=', userId)
      .execute();
    const byKind = new Map(chosen.map((row) => [row.kind, row]));
    return this.kinds.ids().map((kind) => {
      const row = byKind.get(kind);
      return {
        id: kind,
        kind,
        kindLabel: this.kinds.label(kind),
        categoryLabel: MESSAGE_CATEGORY_LABELS[this.kinds.category(kind)],
        inApp: '1',
        sms: row?.sms ? '1' : '0',
        robot: row?.robot ? '1' : '0',
      };
    });
  }

  async get(userId: string, kind: string): Promise<PreferenceRow> {
    const row = (await this.list(userId)).find((candidate) => candidate.kind === kind);
    if (!row) throw invalidField('kind', PreferenceTexts.unknownKind);
    return row;
  }

  async save(userId: string, kind: string, choice: ChannelChoice): Promise<PreferenceRow> {
    if (!this.kinds.has(kind)) throw invalidField('kind', PreferenceTexts.unknownKind);
    await this.db
      .insertInto('message_preference')
      .values({ user_id: userId, kind, sms: choice.sms, robot: choice.robot })
      .onConflict((conflict) => conflict.columns(['user_id', 'kind']).doUpdateSet(choice))
      .execute();
    return this.get(userId, kind);
  }

  /** The users among `userIds` who want `kind` on some channel besides the message centre. */
  async channelsOf(
    executor: Kysely<Database>,
    userIds: readonly string[],
    kind: MessageKind,
  ): Promise<Map<string, ChannelChoice>> {
    if (userIds.length === 0) return new Map();
    const rows = await executor
      .selectFrom('message_preference')
      .select(['user_id', 'sms', 'robot'])
      .where('kind', '=', kind)
      .where('user_id', 'in', userIds)
      .where((eb) => eb.or([eb('sms', '=', true), eb('robot', '=', true)]))
      .execute();
    return new Map(rows.map((row) => [row.user_id, { sms: row.sms, robot: row.robot }]));
  }
}
