/**
 * The approval timers (src/server/workflow/timers.ts) as jobs of the queue: a pending task idle past its period
 * reminds its assignee (and nobody else), once per period, never once it is done; the daily digest reaches each
 * user with open tasks or unread messages once per China day, however often or in parallel it runs; a schedule
 * kept by the queue (pg-boss) sends the time it missed while every instance was down once one is back. Time is the
 * job's payload `now`, so nothing sleeps for hours.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app.js';
import type { Db } from '../../src/server/db/database.js';
import { JOB_SCHEMA, type JobQueue } from '../../src/server/jobs/queue.js';
import type { JobInfo } from '../../src/server/jobs/types.js';
import { chinaDate } from '../../src/server/lib/china-time.js';
import { ApprovalTimers, DIGEST_JOB, REMINDER_JOB } from '../../src/server/workflow/timers.js';
import { DEFAULT_REMIND_AFTER_HOURS, remindPeriods, type ProcessFile } from '../../src/shared/processes.js';
import { useCallers } from './admin-helpers.js';
import { testConfig, useTestApp } from './test-app.js';
import { approve, material, start, USERS } from './workflow-helpers.js';

const POLL_MS = 20;
const HOUR = 3_600_000;

const t = useTestApp({ jobPollMs: POLL_MS });
const who = useCallers(t);

async function until<T>(probe: () => Promise<T | undefined>, what: string): Promise<T> {
  for (let i = 0; i < 1500; i++) {
    const value = await probe();
    if (value !== undefined) return value;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`gave up waiting for ${what}`);
}

/** Sends a timer job as of `now` and waits for it to finish. */
async function runJob(jobs: JobQueue, name: typeof REMINDER_JOB | typeof DIGEST_JOB, now: Date): Promise<JobInfo> {
  const id = (await jobs.send(name, { now: now.toISOString() }))!;
  return until(async () => {
    const job = await jobs.get(name, id);
    return job && ['completed', 'failed'].includes(job.state) ? job : undefined;
  }, `job ${name}`);
}

async function messagesTitled(db: Db, title: string): Promise<string[]> {
  const rows = await db
    .selectFrom('portal_message')
    .select('user_id')
    .where('title', '=', title)
    .orderBy('user_id')
    .execute();
  return rows.map((r) => r.user_id);
}

async function countsBy(db: Db, kind: string): Promise<Map<string, number>> {
  const rows = await db
    .selectFrom('portal_message')
    .select(['user_id', (eb) => eb.fn.countAll<string>().as('n')])
    .where('kind', '=', kind)
    .groupBy('user_id')
    .execute();
  return new Map(rows.map((r) => [r.user_id, Number(r.n)]));
}

describe('reminder periods', () => {
  it('a node names its own period, else its definition, else the default', () => {
    const file = {
      remindAfterHours: 12,
      flow: [
        { id: 'a', type: 'approval', name: 'A', approvers: { type: 'leader' }, mode: 'any', remindAfterHours: 2 },
        { id: 'b', type: 'approval', name: 'B', approvers: { type: 'leader' }, mode: 'any' },
        { id: 'c', type: 'cc', name: 'C', recipients: { type: 'leader' } },
      ],
    } as unknown as ProcessFile;
    expect([...remindPeriods(file)]).toEqual([
      ['a', 2],
      ['b', 12],
    ]);
    expect(remindPeriods({ ...file, remindAfterHours: undefined }).get('b')).toBe(DEFAULT_REMIND_AFTER_HOURS);
  });
});

describe('reminders', () => {
  it('remind the assignee of an idle task once per period, not its starter, and not once it is done', async () => {
    const name = '定时提醒钢筋';
    const id = await start(who.manager, 'material-purchase', material(12000, { materialName: name }));
    const title = `超时提醒：${name}`;
    const t0 = Date.now();
    const jobs = t.app.jobs;

    // 材料员核对 has its own period of 8 hours (the definition's is 24).
    expect((await runJob(jobs, REMINDER_JOB, new Date(t0 + 7 * HOUR))).state).toBe('completed');
    expect(await messagesTitled(t.db, title)).toEqual([]);
    await runJob(jobs, REMINDER_JOB, new Date(t0 + 9 * HOUR));
    expect(await messagesTitled(t.db, title)).toEqual([USERS.staff]);
    const [message] = await t.db
      .selectFrom('portal_message')
      .select(['kind', 'link', 'content', 'project_id'])
      .where('title', '=', title)
      .execute();
    expect(message).toEqual({
      kind: 'approval-reminder',
      link: '/process/todo',
      content: '材料采购申请 · 材料员核对，已等待您审批超过 8 小时，请尽快处理',
      project_id: 'project-binjiang',
    });
    // Not twice in one period, whether the sweep runs again at once or a while later.
    await runJob(jobs, REMINDER_JOB, new Date(t0 + 9 * HOUR));
    await runJob(jobs, REMINDER_JOB, new Date(t0 + 16 * HOUR));
    expect(await messagesTitled(t.db, title)).toEqual([USERS.staff]);
    // The next period: again.
    await runJob(jobs, REMINDER_JOB, new Date(t0 + 17.5 * HOUR));
    expect(await messagesTitled(t.db, title)).toEqual([USERS.staff, USERS.staff]);

    // Done: the staff's task is never reminded again; the manager's node (the definition's 24 hours) starts now.
    await approve(who.staff, id);
    await runJob(jobs, REMINDER_JOB, new Date(Date.now() + 23 * HOUR));
    expect(await messagesTitled(t.db, title)).toEqual([USERS.staff, USERS.staff]);
    await runJob(jobs, REMINDER_JOB, new Date(Date.now() + 25 * HOUR));
    expect(await messagesTitled(t.db, title)).toEqual([USERS.manager, USERS.staff, USERS.staff]);

    // Ended: nobody hears of it any more.
    await approve(who.manager, id);
    await runJob(jobs, REMINDER_JOB, new Date(Date.now() + 500 * HOUR));
    expect(await messagesTitled(t.db, title)).toEqual([USERS.manager, USERS.staff, USERS.staff]);
  });

  it('a sweep reminds exactly the assignees of the overdue pending tasks, each once, even when two race', async () => {
    const now = new Date(Date.now() + 2000 * HOUR);
    const pending = await sql<{ assignee_id: string }>`select t.assignee_id from wf_task t
      join wf_instance i on i.id = t.instance_id where t.status = 'pending' and i.status = 'running'`.execute(t.db);
    expect(pending.rows.length).toBeGreaterThan(0);
    const expected = new Map<string, number>();
    for (const row of pending.rows) expected.set(row.assignee_id, (expected.get(row.assignee_id) ?? 0) + 1);
    const before = await countsBy(t.db, 'approval-reminder');

    // Small batches: the sweep reads on past each batch, however many are overdue.
    const timers = new ApprovalTimers(t.db, t.app.services.messages, 3);
    const [a, b] = await Promise.all([timers.remind(now), timers.remind(now)]);
    expect(a + b).toBe(pending.rows.length);
    const after = await countsBy(t.db, 'approval-reminder');
    const added = new Map<string, number>();
    for (const [user, n] of after) if (n > (before.get(user) ?? 0)) added.set(user, n - (before.get(user) ?? 0));
    expect(added).toEqual(expected);
  });
});

describe('the daily digest', () => {
  it('tells each user with open tasks or unread messages once per China day', async () => {
    const db = t.db;
    // What each user has waiting, as the digest should count it.
    const todo = await sql<{ user_id: string; n: string }>`select t.assignee_id as user_id, count(*) as n
      from wf_task t join wf_instance i on i.id = t.instance_id
      where t.status = 'pending' and i.status = 'running' group by t.assignee_id`.execute(db);
    const unread = await sql<{ user_id: string; n: string }>`select user_id, count(*) as n from portal_message
      where read_at is null and kind <> 'digest' group by user_id`.execute(db);
    const todoOf = new Map(todo.rows.map((r) => [r.user_id, Number(r.n)]));
    const unreadOf = new Map(unread.rows.map((r) => [r.user_id, Number(r.n)]));
    const expected = [...new Set([...todoOf.keys(), ...unreadOf.keys()])].sort();
    expect(expected).toContain(USERS.staff);

    // 08:00 in China on a day to come.
    const morning = new Date('2031-03-03T00:00:00Z');
    const first = await runJob(t.app.jobs, DIGEST_JOB, morning);
    expect(first).toMatchObject({ state: 'completed', result: { sent: expected.length } });
    const staff = await db
      .selectFrom('portal_message')
      .select(['title', 'content', 'link', 'project_id'])
      .where('user_id', '=', USERS.staff)
      .where('kind', '=', 'digest')
      .execute();
    const staffTodo = todoOf.get(USERS.staff) ?? 0;
    const staffUnread = unreadOf.get(USERS.staff) ?? 0;
    expect(staff).toEqual([
      {
        title: `每日汇总：待办 ${staffTodo} 条，未读消息 ${staffUnread} 条`,
        content: expect.stringContaining('我的消息') as string,
        link: staffTodo > 0 ? '/process/todo' : '/message/mine',
        project_id: null,
      },
    ]);
    // The digest is news in the header like any message.
    const total = await who.staff.call<number>('GET', '/api/MC/McMessageUser/v1.0/personalTotal');
    expect(total.data).toBe(staffUnread + 1);

    // A retry, a later run the same China day, two instances at once: nobody gets a second one.
    await runJob(t.app.jobs, DIGEST_JOB, new Date('2031-03-03T15:59:00Z'));
    const timers = new ApprovalTimers(db, t.app.services.messages);
    expect(await Promise.all([timers.digest(morning), timers.digest(morning)])).toEqual([0, 0]);
    const counts = await countsBy(db, 'digest');
    expect([...counts.keys()].sort()).toEqual(expected);
    expect([...counts.values()].every((n) => n === 1)).toBe(true);
    expect(await db.selectFrom('wf_digest').select('day').distinct().execute()).toEqual([{ day: chinaDate(morning) }]);

    // The next China day (16:00 UTC is midnight in China): one more each, counting what is unread now.
    const next = await runJob(t.app.jobs, DIGEST_JOB, new Date('2031-03-03T16:00:00Z'));
    expect(next.result).toEqual({ sent: expected.length });
    const title = await db
      .selectFrom('portal_message')
      .select('title')
      .where('user_id', '=', USERS.staff)
      .where('kind', '=', 'digest')
      .orderBy('sent_at', 'desc')
      .orderBy('title')
      .execute();
    expect(title.map((r) => r.title)).toContain(`每日汇总：待办 ${staffTodo} 条，未读消息 ${staffUnread} 条`);
  });

  it('leaves out users with nothing waiting and disabled accounts', async () => {
    const timers = new ApprovalTimers(t.db, t.app.services.messages);
    await t.db.updateTable('portal_message').set({ read_at: new Date() }).where('user_id', '=', USERS.admin).execute();
    await t.db.updateTable('sys_user').set({ login_flag: '0' }).where('id', '=', USERS.staff).execute();
    try {
      const day = new Date('2031-04-01T00:00:00Z');
      await timers.digest(day);
      const told = await t.db.selectFrom('wf_digest').select('user_id').where('day', '=', chinaDate(day)).execute();
      const users = told.map((r) => r.user_id);
      expect(users).not.toContain(USERS.staff);
      const adminTasks = await sql<{ n: string }>`select count(*) as n from wf_task t
        join wf_instance i on i.id = t.instance_id
        where t.assignee_id = ${USERS.admin} and t.status = 'pending' and i.status = 'running'`.execute(t.db);
      expect(users.includes(USERS.admin)).toBe(Number(adminTasks.rows[0]!.n) > 0);
    } finally {
      await t.db.updateTable('sys_user').set({ login_flag: '1' }).where('id', '=', USERS.staff).execute();
    }
  });
});

describe('the schedules survive a restart', () => {
  /**
   * Opens an app, closes it, lets the reminder schedule's time pass while no instance runs (the queue's last cron
   * pass and the schedule itself dated back past it), opens another: it sends the missed sweep once, which runs.
   */
  async function scheduleThenRestart(open: () => Promise<FastifyInstance>): Promise<void> {
    const first = await open();
    await first.ready();
    expect(await first.jobs.scheduleOf(REMINDER_JOB)).toEqual({ cron: '0 0 1 1 *', timeZone: 'Asia/Shanghai' });
    await first.close();

    const second = await open();
    try {
      const sdb = second.services.db;
      // While no instance ran: a task went idle for two days, and the schedule's time passed.
      const task = await sdb
        .selectFrom('wf_task as t')
        .innerJoin('wf_instance as i', 'i.id', 't.instance_id')
        .select(['t.id', 't.assignee_id', 'i.title'])
        .where('t.status', '=', 'pending')
        .where('i.status', '=', 'running')
        .orderBy('t.id')
        .executeTakeFirstOrThrow();
      await sdb
        .updateTable('wf_task')
        .set({ idle_since: new Date(Date.now() - 48 * HOUR) })
        .where('id', '=', task.id)
        .execute();
      await sql`update ${sql.table(`${JOB_SCHEMA}.version`)} set cron_on = now() - interval '400 days'`.execute(sdb);
      await sql`update ${sql.table(`${JOB_SCHEMA}.schedule`)} set created_on = now() - interval '400 days'
        where name = ${REMINDER_JOB}`.execute(sdb);
      const remindersOf = async () =>
        (
          await sdb
            .selectFrom('portal_message')
            .select('id')
            .where('kind', '=', 'approval-reminder')
            .where('user_id', '=', task.assignee_id)
            .where('title', '=', `超时提醒：${task.title}`)
            .execute()
        ).length;
      const before = await remindersOf();
      await second.ready();
      // The job the schedule sent carries the schedule's payload ({}); the tests' own sends carry a time.
      const sent = await until(async () => {
        const { rows } = await sql<{ state: string }>`select state::text as state
          from ${sql.table(`${JOB_SCHEMA}.job`)} where name = ${REMINDER_JOB} and data = '{}'::jsonb
          and state = 'completed'`.execute(sdb);
        return rows.length > 0 ? rows : undefined;
      }, 'the scheduled reminder job');
      expect(sent).toHaveLength(1);
      expect(await remindersOf()).toBeGreaterThan(before);
    } finally {
      await second.close();
    }
  }

  const timersOn = { reminderCron: '0 0 1 1 *', digestCron: null };

  it.runIf(!process.env.DATABASE_URL)(
    'on the embedded database: closed, reopened on the same data directory, the due reminder sweep runs',
    async () => {
      const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-timers-'));
      try {
        const config = testConfig({ dataDir, jobPollMs: POLL_MS, approvalTimers: timersOn });
        await scheduleThenRestart(() => buildApp({ config }));
      } finally {
        rmSync(dataDir, { recursive: true, force: true });
      }
    },
    180_000,
  );

  it.runIf(Boolean(process.env.DATABASE_URL))(
    'on PostgreSQL: closed, another app on the same database runs the due reminder sweep',
    async () => {
      await scheduleThenRestart(() => t.sibling({ jobPollMs: POLL_MS, approvalTimers: timersOn }));
    },
  );
});
