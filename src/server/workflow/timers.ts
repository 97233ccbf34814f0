/**
 * The approval timers, run as jobs of the PostgreSQL job queue (src/server/jobs) from cron schedules kept in its
 * table, so they survive restarts and run in one instance of several:
 * - `approval-reminders` sweeps the pending tasks that waited on their assignee longer than their node's
 *   `remindAfterHours` (schemas/processes) and sends each assignee a 超时提醒, once per period: the task's
 *   `idle_since` moves on in the same transaction as the message, under a guard that only one sweep can pass.
 * - `approval-digest` sends every user with open tasks or unread messages one 每日汇总 per China day: the
 *   `wf_digest` row of (user, day) is claimed in the same transaction as the message, so a retry or a second
 *   instance never sends it twice.
 * Each job reads the time from its payload when given (tests, a rerun of a missed day), else the app's clock.
 */
import { sql } from 'kysely';
import { remindPeriods, type ProcessFile } from '../../shared/processes.js';
import type { Db } from '../db/database.js';
import type { Messages } from '../messages/messages.js';
import { chinaDate } from '../lib/china-time.js';
import { parseJson } from './tables.js';

declare module '../jobs/types.js' {
  interface JobPayloads {
    /** `now`: ISO time the sweep runs as (default: the app's clock). */
    'approval-reminders': { now?: string };
    /** `now`: ISO time whose China day the digest is for (default: the app's clock). */
    'approval-digest': { now?: string };
  }
}

export const REMINDER_JOB = 'approval-reminders';
export const DIGEST_JOB = 'approval-digest';

const HOUR_MS = 3_600_000;
/** Overdue tasks read at a time by the reminder sweep. */
const REMINDER_BATCH = 500;
/** Users whose digests are claimed and sent in one transaction. */
const DIGEST_BATCH = 200;

export const TimerTexts = {
  reminderTitle: (title: string) => `超时提醒：${title}`,
  reminderContent: (process: string, node: string, hours: number) =>
    `${process} · ${node}，已等待您审批超过 ${hours} 小时，请尽快处理`,
  digestTitle: (todo: number, unread: number) => `每日汇总：待办 ${todo} 条，未读消息 ${unread} 条`,
  digestContent: (todo: number, unread: number) =>
    [
      todo > 0 ? `您有 ${todo} 条待办审批，请到「流程审批 · 待办」处理` : '',
      unread > 0 ? `您有 ${unread} 条未读消息，请到「消息中心 · 我的消息」查看` : '',
    ]
      .filter(Boolean)
      .join('；'),
} as const;

interface OverdueTask {
  id: string;
  assignee_id: string;
  node_id: string;
  node_name: string;
  idle_since: Date;
  idle_key: string;
  definition_id: string;
  project_id: string;
  title: string;
  process_name: string;
}

export class ApprovalTimers {
  constructor(
    private readonly db: Db,
    private readonly messages: Messages,
    /** Overdue tasks read at a time by the reminder sweep. */
    private readonly batchSize = REMINDER_BATCH,
  ) {}

  /** The reminder period of every approval node of every definition version, in hours (0: never). */
  private async periods(): Promise<Map<string, Map<string, number>>> {
    const rows = await this.db.selectFrom('wf_definition').select(['id', 'body']).execute();
    return new Map(rows.map((row) => [row.id, remindPeriods(parseJson<ProcessFile>(row.body))]));
  }

  /** Reminds the assignee of each pending task idle past its period; the number of reminders sent. */
  async remind(now: Date): Promise<number> {
    const periods = await this.periods();
    const shortest = Math.min(...[...periods.values()].flatMap((nodes) => [...nodes.values()].filter((h) => h > 0)));
    if (!Number.isFinite(shortest)) return 0;
    // Only tasks idle for the shortest period can be due: the partial index on idle_since finds them, a batch at a
    // time (after the last one seen), so a backlog after a long outage is not read into memory at once.
    const cutoff = new Date(now.getTime() - shortest * HOUR_MS);
    // The keyset as the database's own text: a Date would drop the microseconds and read the last row again.
    let after: { at: string; id: string } | undefined;
    let sent = 0;
    for (;;) {
      const batch = await sql<OverdueTask>`
        select t.id, t.assignee_id, t.node_id, t.node_name, t.idle_since, t.idle_since::text as idle_key, i.definition_id, i.project_id, i.title,
          d.name as process_name
        from wf_task t
        join wf_instance i on i.id = t.instance_id
        join wf_definition d on d.id = i.definition_id
        where t.status = 'pending' and i.status = 'running' and t.idle_since <= ${cutoff}
          ${after ? sql`and (t.idle_since, t.id) > (${after.at}::timestamptz, ${after.id})` : sql``}
        order by t.idle_since, t.id
        limit ${this.batchSize}`.execute(this.db);
      for (const task of batch.rows) if (await this.remindOne(task, periods, now)) sent += 1;
      const last = batch.rows.at(-1);
      if (!last || batch.rows.length < this.batchSize) break;
      after = { at: last.idle_key, id: last.id };
    }
    return sent;
  }

  /** Reminds one task's assignee if its own period is over; whether this call sent the reminder. */
  private async remindOne(task: OverdueTask, periods: Map<string, Map<string, number>>, now: Date): Promise<boolean> {
    const hours = periods.get(task.definition_id)?.get(task.node_id) ?? 0;
    if (hours <= 0) return false;
    const due = new Date(now.getTime() - hours * HOUR_MS);
    if (new Date(task.idle_since).getTime() > due.getTime()) return false;
    return this.db.transaction().execute(async (trx) => {
      // Still pending and still idle: one sweep moves the clock on, any other racing it finds nothing to do.
      const moved = await trx
        .updateTable('wf_task')
        .set({ idle_since: now })
        .where('id', '=', task.id)
        .where('status', '=', 'pending')
        .where('idle_since', '<=', due)
        .executeTakeFirst();
      if (Number(moved.numUpdatedRows) !== 1) return false;
      await this.messages.send(
        {
          userIds: [task.assignee_id],
          kind: 'approval-reminder',
          title: TimerTexts.reminderTitle(task.title),
          content: TimerTexts.reminderContent(task.process_name, task.node_name, hours),
          link: '/process/todo',
          projectId: task.project_id,
        },
        trx,
      );
      return true;
    });
  }

  /** Sends the digest of `now`'s China day to every active user with open tasks or unread messages, once. */
  async digest(now: Date): Promise<number> {
    const day = chinaDate(now);
    // What each user has waiting; the digests themselves are not news.
    const due = await sql<{ id: string; todo: string; unread: string }>`
      with todo as (
        select t.assignee_id as user_id, count(*) as n from wf_task t
        join wf_instance i on i.id = t.instance_id
        where t.status = 'pending' and i.status = 'running' group by t.assignee_id
      ), unread as (
        select user_id, count(*) as n from portal_message
        where read_at is null and kind <> 'digest' group by user_id
      )
      select u.id, coalesce(todo.n, 0) as todo, coalesce(unread.n, 0) as unread
      from sys_user u
      left join todo on todo.user_id = u.id
      left join unread on unread.user_id = u.id
      where u.del_flag = '0' and u.login_flag = '1' and (todo.n > 0 or unread.n > 0)
        and not exists (select 1 from wf_digest g where g.user_id = u.id and g.day = ${day})
      order by u.id`.execute(this.db);
    let sent = 0;
    for (let i = 0; i < due.rows.length; i += DIGEST_BATCH) {
      const batch = due.rows.slice(i, i + DIGEST_BATCH);
      sent += await this.db.transaction().execute(async (trx) => {
        const claimed = await trx
          .insertInto('wf_digest')
          .values(batch.map((user) => ({ user_id: user.id, day, sent_at: now })))
          .onConflict((oc) => oc.columns(['user_id', 'day']).doNothing())
          .returning('user_id')
          .execute();
        const mine = new Set(claimed.map((row) => row.user_id));
        for (const user of batch) {
          if (!mine.has(user.id)) continue;
          const todo = Number(user.todo);
          const unread = Number(user.unread);
          await this.messages.send(
            {
              userIds: [user.id],
              kind: 'digest',
              title: TimerTexts.digestTitle(todo, unread),
              content: TimerTexts.digestContent(todo, unread),
              link: todo > 0 ? '/process/todo' : '/message/mine',
            },
            trx,
          );
        }
        return mine.size;
      });
    }
    return sent;
  }
}
