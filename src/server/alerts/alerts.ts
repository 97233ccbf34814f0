/**
 * Alerts that reach people: the modules' alert files (alert-files.ts) put to work. A record write that makes a
 * record match an alert (a hazard handed to its 整改责任人, a device warning opened) raises it at once, inside the
 * write's transaction; the sweep (a job, every few minutes) raises the due ones (a deadline passed, a certificate
 * about to expire), settles alerts whose records no longer need anyone, and escalates: an alert nobody acted on
 * within the project's set hours is sent to the next person of the project's escalation list, one more each period.
 * "Acting" is what the alert file's `when` describes: the record leaving that state (rectified, acknowledged).
 * One open alert per rule, record and occurrence (a unique index), so retries and several instances raise once.
 */
import { randomUUID } from 'node:crypto';
import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { CollectionFile } from '../../shared/collections.js';
import { collectionTable, fieldColumn } from '../../shared/collections.js';
import { sqlTypeOf } from '../../shared/collection-columns.js';
import type { CollectionRecords, RecordValues, RecordWrite } from '../collections/records.js';
import type { Db } from '../db/database.js';
import type { Database } from '../db/tables.js';
import { DomainError, invalidField } from '../domain-error.js';
import { chinaDate, chinaDateTime } from '../lib/china-time.js';
import type { Messages } from '../messages/messages.js';
import type { EventBus } from '../events/event-bus.js';
import { addDays, fill, isDue, matches, occurrenceOf, recipientPath, type AlertFile } from './alert-files.js';

type Executor = Kysely<Database>;

export interface SweepFigures {
  raised: number;
  settled: number;
  escalated: number;
}

/** A row of 提醒设置: one per alert the loaded modules declare. */
export interface AlertSettingRow {
  id: string;
  title: string;
  description: string;
  kindLabel: string;
  /** '1' on, '0' off. */
  enabled: '0' | '1';
  /** null: no escalation. */
  escalateAfterHours: number | null;
  escalateTo: string[];
  /** '张三 → 李四', or 未设置. */
  escalateToNames: string;
  openCount: number;
}

export interface AlertSettingInput {
  enabled: boolean;
  escalateAfterHours: number | null;
  escalateTo: string[];
}

/** An open alert of a project (the workbench's and the big screen's 待处理提醒). */
export interface OpenAlertRow {
  id: string;
  ruleId: string;
  ruleTitle: string;
  title: string;
  content: string;
  link: string;
  level: number;
  raisedAt: string;
  /** 'MM-dd HH:mm', China time. */
  raisedAtText: string;
}

/** What open pages hear when a project's open alerts change (the workbench's and the big screen's panel). */
export const ALERT_EVENT = 'alert.changed';

export const AlertTexts = {
  unknownRule: '没有这种提醒',
  escalateWithoutPeople: '请选择升级接收人，或清空升级时限',
  notProjectMember: '升级接收人须为本项目的成员',
  escalatedTitle: (title: string) => `升级提醒：${title}`,
  escalatedContent: (names: string, hours: number, content: string) => `${names} 超过 ${hours} 小时未处理。${content}`,
} as const;

const SWEEP_BATCH = 2000;

export class Alerts {
  private readonly byId: Map<string, AlertFile>;

  constructor(
    private readonly db: Db,
    private readonly messages: Messages,
    private readonly events: EventBus,
    private readonly now: () => Date,
    readonly files: readonly AlertFile[],
    private readonly collectionFiles: ReadonlyMap<string, CollectionFile>,
    private readonly records: (collection: string) => CollectionRecords | undefined,
  ) {
    this.byId = new Map(files.map((file) => [file.id, file]));
  }

  /**
   * The hook of a collection with alerts (`files`: all of them on that collection): the record is read once and the
   * write's open alerts in one query, then each alert is raised, settled or handed over as the write leaves it.
   */
  async onWrite(files: readonly AlertFile[], write: RecordWrite): Promise<void> {
    const open = await write.db
      .selectFrom('alert')
      .select(['id', 'rule_id', 'occurrence', 'notified_ids'])
      .where(
        'rule_id',
        'in',
        files.map((file) => file.id),
      )
      .where('record_id', '=', write.id)
      .where('settled_at', 'is', null)
      .execute();
    const record = write.kind === 'remove' ? undefined : await write.records(files[0].collection).get(write.id);
    for (const file of files)
      await this.follow(
        file,
        write,
        record,
        open.filter((row) => row.rule_id === file.id),
      );
  }

  /** One alert after a write of its record (`record` undefined: removed), with its open alerts of that record. */
  private async follow(
    file: AlertFile,
    write: RecordWrite,
    record: RecordValues | undefined,
    open: readonly { id: string; occurrence: string; notified_ids: string[] }[],
  ): Promise<void> {
    if (record === undefined) {
      await this.settle(
        write.db,
        open.map((row) => row.id),
        'removed',
        write.projectId,
      );
      return;
    }
    if (!matches(file, record)) {
      await this.settle(
        write.db,
        open.map((row) => row.id),
        'resolved',
        write.projectId,
      );
      return;
    }
    const lookup = (collection: string) => write.records(collection);
    if (file.trigger.on === 'due') {
      const occurrence = occurrenceOf(file, record);
      await this.settle(
        write.db,
        open.filter((row) => row.occurrence !== occurrence).map((row) => row.id),
        'rescheduled',
        write.projectId,
      );
      if (isDue(file, record, chinaDate(this.now()))) await this.raise(write.db, file, record, write.projectId, lookup);
      return;
    }
    const recipient = await this.recipientOf(write.db, file, record, lookup);
    if (open.length > 0 && open[0].notified_ids[0] === recipient) return;
    await this.settle(
      write.db,
      open.map((row) => row.id),
      'reassigned',
      write.projectId,
    );
    await this.raise(write.db, file, record, write.projectId, lookup);
  }

  /** Due alerts raised, stale ones settled, unanswered ones escalated, as of `at`. */
  async sweep(at: Date = this.now()): Promise<SweepFigures> {
    const figures: SweepFigures = { raised: 0, settled: 0, escalated: 0 };
    for (const file of this.files) {
      figures.settled += await this.settleStale(file);
      if (file.trigger.on === 'due') figures.raised += await this.raiseDue(file, chinaDate(at));
    }
    figures.escalated = await this.escalate(at);
    return figures;
  }

  // ---- raising and settling --------------------------------------------------------------------------------------

  private async raise(
    executor: Executor,
    file: AlertFile,
    record: RecordValues,
    projectId: string,
    lookup: (collection: string) => CollectionRecords | undefined,
  ): Promise<boolean> {
    const setting = await this.settingOf(executor, projectId, file);
    if (!setting.enabled) return false;
    const recipient = await this.recipientOf(executor, file, record, lookup);
    if (!recipient) return false;
    const values = { ...record, id: String(record.id) };
    const title = fill(file.message.title, values);
    const content = fill(file.message.content, values);
    const link = file.message.link ? fill(file.message.link, values) : null;
    const inserted = await executor
      .insertInto('alert')
      .values({
        id: randomUUID(),
        rule_id: file.id,
        collection: file.collection,
        record_id: String(record.id),
        project_id: projectId,
        occurrence: occurrenceOf(file, record),
        title,
        content,
        link,
        notified_ids: JSON.stringify([recipient]),
        raised_at: this.now(),
      })
      .onConflict((conflict) =>
        conflict.columns(['rule_id', 'record_id', 'occurrence']).where('settled_at', 'is', null).doNothing(),
      )
      .returning('id')
      .executeTakeFirst();
    if (!inserted) return false;
    await this.announce(executor, [projectId]);
    await this.messages.send(
      { userIds: [recipient], kind: file.messageKind, title, content, link, projectId },
      executor,
    );
    return true;
  }

  private async settle(executor: Executor, ids: readonly string[], reason: string, projectId: string): Promise<void> {
    if (ids.length === 0) return;
    await executor
      .updateTable('alert')
      .set({ settled_at: this.now(), settled_reason: reason })
      .where('id', 'in', ids)
      .where('settled_at', 'is', null)
      .execute();
    await this.announce(executor, [projectId]);
  }

  /** Tells open pages, in the caller's transaction, that these projects' open alerts changed. */
  private async announce(executor: Executor, projectIds: readonly string[]): Promise<void> {
    for (const projectId of new Set(projectIds))
      await this.events.publish({ topic: 'all' }, { type: ALERT_EVENT, data: { projectId } }, executor);
  }

  /** The first recipient field that names a user who exists; '' when none does. */
  private async recipientOf(
    executor: Executor,
    file: AlertFile,
    record: RecordValues,
    lookup: (collection: string) => CollectionRecords | undefined,
  ): Promise<string> {
    for (const path of file.recipient) {
      const { field, through } = recipientPath(path);
      let value: unknown = record[field];
      if (through !== undefined) {
        const reference = this.collectionFiles.get(file.collection)?.references?.[through];
        const target = reference && 'collection' in reference ? lookup(reference.collection) : undefined;
        const id = record[through];
        const referenced =
          target && typeof id === 'string' && id !== '' ? await target.get(id).catch(() => undefined) : undefined;
        value = referenced?.[field];
      }
      if (typeof value !== 'string' || value === '') continue;
      const user = await executor
        .selectFrom('sys_user')
        .select('id')
        .where('id', '=', value)
        .where('del_flag', '=', '0')
        .executeTakeFirst();
      if (user) return user.id;
    }
    return '';
  }

  /** SQL of the file's `when` over the collection's table `t` (true when it has none). */
  private whenSql(file: AlertFile): RawBuilder<boolean> {
    const parts = Object.entries(file.when ?? {}).map(([field, condition]) => {
      const column = sql.ref(`t.${fieldColumn(field)}`);
      if (Array.isArray(condition))
        return sql<boolean>`${column} in (${sql.join(condition.map((value) => sql.val(value)))})`;
      const empty = sql<boolean>`(${column} is null or ${column}::text in ('', '[]', '""'))`;
      return (condition as { empty: boolean }).empty ? empty : sql<boolean>`not ${empty}`;
    });
    return parts.length === 0 ? sql<boolean>`true` : sql<boolean>`(${sql.join(parts, sql` and `)})`;
  }

  /** Open alerts whose records are gone or no longer match, settled in one statement per rule. */
  private async settleStale(file: AlertFile): Promise<number> {
    const table = sql.table(`${collectionTable(file.collection)}`);
    const result = await sql<{ project_id: string }>`
      update alert set settled_at = ${this.now()}, settled_reason = 'resolved'
      where rule_id = ${file.id} and settled_at is null
        and not exists (select 1 from ${table} t where t.id = alert.record_id and ${this.whenSql(file)})
      returning project_id`.execute(this.db);
    await this.announce(
      this.db,
      result.rows.map((row) => row.project_id),
    );
    return result.rows.length;
  }

  /** Records whose due day has come and that have no open alert of that day: each raised in its own transaction. */
  private async raiseDue(file: AlertFile, today: string): Promise<number> {
    if (file.trigger.on !== 'due') return 0;
    const collection = this.collectionFiles.get(file.collection);
    const records = this.records(file.collection);
    if (!collection || !records) return 0;
    const node = collection.schema.properties[file.trigger.field];
    const column = sql.ref(`t.${fieldColumn(file.trigger.field)}`);
    const lastDay = addDays(today, -file.trigger.days);
    const type = node ? sqlTypeOf(node) : 'text';
    const dueSql =
      type === 'timestamptz'
        ? sql`${column} < ${new Date(`${addDays(lastDay, 1)}T00:00:00+08:00`)}`
        : type === 'date'
          ? sql`${column} <= ${lastDay}::date`
          : sql`(${column} <> '' and ${column} <= ${lastDay})`;
    const table = sql.table(collectionTable(file.collection));
    const candidates = await sql<{ id: string; project_id: string }>`
      select t.id, t.project_id from ${table} t
      where ${this.whenSql(file)} and ${dueSql}
        and not exists (select 1 from alert a where a.rule_id = ${file.id} and a.record_id = t.id and a.settled_at is null)
        and not exists (select 1 from alert_setting s
                        where s.rule_id = ${file.id} and s.project_id = t.project_id and not s.enabled)
      limit ${SWEEP_BATCH}`.execute(this.db);
    let raised = 0;
    for (const candidate of candidates.rows) {
      const record = await records.get(candidate.id).catch(() => undefined);
      if (!record || !matches(file, record) || !isDue(file, record, today)) continue;
      const done = await this.db
        .transaction()
        .execute((trx) => this.raise(trx, file, record, candidate.project_id, (id) => this.records(id)));
      if (done) raised += 1;
    }
    return raised;
  }

  // ---- escalation ------------------------------------------------------------------------------------------------

  private async escalate(at: Date): Promise<number> {
    const due = await sql<{
      id: string;
      rule_id: string;
      project_id: string;
      level: number;
      title: string;
      content: string;
      link: string | null;
      notified_ids: string[];
      escalate_after_hours: number;
      escalate_to: string[];
    }>`
      select a.id, a.rule_id, a.project_id, a.level, a.title, a.content, a.link, a.notified_ids,
             s.escalate_after_hours, s.escalate_to
      from alert a join alert_setting s on s.project_id = a.project_id and s.rule_id = a.rule_id
      where a.settled_at is null and s.enabled and s.escalate_after_hours is not null
        and jsonb_array_length(s.escalate_to) > a.level
        and coalesce(a.escalated_at, a.raised_at) + make_interval(secs => s.escalate_after_hours * 3600) <= ${at}
      order by a.raised_at
      limit ${SWEEP_BATCH}`.execute(this.db);
    let escalated = 0;
    for (const alert of due.rows) {
      const file = this.byId.get(alert.rule_id);
      if (!file) continue;
      const next = alert.escalate_to[alert.level];
      const done = await this.db.transaction().execute(async (trx) => {
        const moved = await trx
          .updateTable('alert')
          .set({
            level: alert.level + 1,
            escalated_at: at,
            notified_ids: JSON.stringify([...alert.notified_ids, next]),
          })
          .where('id', '=', alert.id)
          .where('level', '=', alert.level)
          .where('settled_at', 'is', null)
          .returning('id')
          .executeTakeFirst();
        if (!moved) return false;
        await this.announce(trx, [alert.project_id]);
        if (alert.notified_ids.includes(next)) return true;
        const names = await this.namesOf(trx, alert.notified_ids);
        await this.messages.send(
          {
            userIds: [next],
            kind: file.messageKind,
            title: AlertTexts.escalatedTitle(alert.title),
            content: AlertTexts.escalatedContent(names.join('、'), alert.escalate_after_hours, alert.content),
            link: alert.link,
            projectId: alert.project_id,
          },
          trx,
        );
        return true;
      });
      if (done) escalated += 1;
    }
    return escalated;
  }

  private async namesOf(executor: Executor, userIds: readonly string[]): Promise<string[]> {
    if (userIds.length === 0) return [];
    const rows = await executor.selectFrom('sys_user').select(['id', 'name']).where('id', 'in', userIds).execute();
    const byId = new Map(rows.map((row) => [row.id, row.name]));
    return userIds.map((id) => byId.get(id) ?? id);
  }

  // ---- a project's settings --------------------------------------------------------------------------------------

  private async settingOf(executor: Executor, projectId: string, file: AlertFile): Promise<AlertSettingInput> {
    const row = await executor
      .selectFrom('alert_setting')
      .select(['enabled', 'escalate_after_hours', 'escalate_to'])
      .where('project_id', '=', projectId)
      .where('rule_id', '=', file.id)
      .executeTakeFirst();
    return row
      ? { enabled: row.enabled, escalateAfterHours: row.escalate_after_hours, escalateTo: row.escalate_to }
      : { enabled: true, escalateAfterHours: file.escalate?.afterHours ?? null, escalateTo: [] };
  }

  private file(ruleId: string): AlertFile {
    const file = this.byId.get(ruleId);
    if (!file) throw new DomainError('notFound', AlertTexts.unknownRule);
    return file;
  }

  async settings(projectId: string): Promise<AlertSettingRow[]> {
    const open = await this.db
      .selectFrom('alert')
      .select(['rule_id', (eb) => eb.fn.countAll<string>().as('count')])
      .where('project_id', '=', projectId)
      .where('settled_at', 'is', null)
      .groupBy('rule_id')
      .execute();
    const openCounts = new Map(open.map((row) => [row.rule_id, Number(row.count)]));
    const rows: AlertSettingRow[] = [];
    for (const file of this.files) {
      const setting = await this.settingOf(this.db, projectId, file);
      const names = await this.namesOf(this.db, setting.escalateTo);
      rows.push({
        id: file.id,
        title: file.title,
        description: file.description ?? '',
        kindLabel: this.messages.kinds.label(file.messageKind),
        enabled: setting.enabled ? '1' : '0',
        escalateAfterHours: setting.escalateAfterHours,
        escalateTo: setting.escalateTo,
        escalateToNames: names.length > 0 ? names.join(' → ') : '未设置',
        openCount: openCounts.get(file.id) ?? 0,
      });
    }
    return rows;
  }

  async setting(projectId: string, ruleId: string): Promise<AlertSettingRow> {
    this.file(ruleId);
    const row = (await this.settings(projectId)).find((candidate) => candidate.id === ruleId);
    if (!row) throw new DomainError('notFound', AlertTexts.unknownRule);
    return row;
  }

  /** `members`: the project's people; the escalation list may name only them. */
  async saveSetting(
    projectId: string,
    ruleId: string,
    input: AlertSettingInput,
    members: ReadonlySet<string>,
    actorId: string,
  ): Promise<AlertSettingRow> {
    this.file(ruleId);
    const escalateTo = [...new Set(input.escalateTo)];
    if (input.escalateAfterHours !== null && escalateTo.length === 0)
      throw invalidField('escalateTo', AlertTexts.escalateWithoutPeople);
    if (escalateTo.some((id) => !members.has(id))) throw invalidField('escalateTo', AlertTexts.notProjectMember);
    const values = {
      enabled: input.enabled,
      escalate_after_hours: input.escalateAfterHours,
      escalate_to: JSON.stringify(escalateTo),
      updated_at: this.now(),
      updated_by: actorId,
    };
    await this.db.transaction().execute(async (trx) => {
      await trx
        .insertInto('alert_setting')
        .values({ project_id: projectId, rule_id: ruleId, ...values })
        .onConflict((conflict) => conflict.columns(['project_id', 'rule_id']).doUpdateSet(values))
        .execute();
      // Switched off: what is open in the project stops escalating and leaves the lists.
      if (!input.enabled)
        await trx
          .updateTable('alert')
          .set({ settled_at: this.now(), settled_reason: 'disabled' })
          .where('project_id', '=', projectId)
          .where('rule_id', '=', ruleId)
          .where('settled_at', 'is', null)
          .execute();
      await this.announce(trx, [projectId]);
    });
    return this.setting(projectId, ruleId);
  }

  /** A project's open alerts, newest first. */
  async openIn(projectId: string, limit: number): Promise<{ total: number; rows: OpenAlertRow[] }> {
    const base = this.db.selectFrom('alert').where('project_id', '=', projectId).where('settled_at', 'is', null);
    const { total } = await base.select((eb) => eb.fn.countAll<string>().as('total')).executeTakeFirstOrThrow();
    const rows = await base
      .select(['id', 'rule_id', 'title', 'content', 'link', 'level', 'raised_at'])
      .orderBy('raised_at', 'desc')
      .orderBy('id')
      .limit(limit)
      .execute();
    return {
      total: Number(total),
      rows: rows.map((row) => ({
        id: row.id,
        ruleId: row.rule_id,
        ruleTitle: this.byId.get(row.rule_id)?.title ?? row.rule_id,
        title: row.title,
        content: row.content,
        link: row.link ?? '',
        level: row.level,
        raisedAt: new Date(row.raised_at).toISOString(),
        raisedAtText: chinaDateTime(new Date(row.raised_at)).slice(5, 16),
      })),
    };
  }
}
