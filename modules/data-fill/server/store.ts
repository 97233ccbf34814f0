/**
 * The module's SQL: forms, tasks, fills, and who a task reaches. Targets resolve to people so that a task reaches
 * exactly its assignees: a user target is that user; an office target the users whose office it is; a project
 * target the users of the project's 项目部 office. Only users who may log in and are not deleted are reached.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { officeWithin, type DataScope, type Db, type FormFile } from '../../../src/server/module-api.js';
import { periodOn, type Period } from './periods.js';

export type TargetType = 'office' | 'project' | 'user';
export type FillStatus = 'pending' | 'draft' | 'submitted' | 'returned' | 'accepted';

export interface FormRow {
  id: string;
  company_id: string | null;
  title: string;
  definition: FormFile;
  version: number;
  updated_at: Date;
}

export interface TaskRow {
  id: string;
  company_id: string | null;
  title: string;
  form_id: string;
  target_type: TargetType;
  target_ids: string[];
  period: Period;
  due: string;
  created_by: string;
  created_at: Date;
}

export interface FillRow {
  id: string;
  task_id: string;
  period_key: string;
  period_label: string;
  filler_id: string;
  filler_name: string;
  project_id: string | null;
  project_name: string | null;
  deadline: string;
  status: FillStatus;
  data: Record<string, unknown>;
  comment: string | null;
  submitted_at: Date | null;
  reviewed_at: Date | null;
}

const json = (value: unknown) => sql`${JSON.stringify(value)}::jsonb`;
/** jsonb comes back parsed from pg and as text from some drivers. */
const parsed = <T>(value: unknown): T => (typeof value === 'string' ? (JSON.parse(value) as T) : (value as T));

export class FillStore {
  constructor(private readonly db: Db) {}

  /** The company rows a caller writes for: theirs, or none for those who see everything. */
  static companyOf(scope: DataScope): string | null {
    return scope.all ? null : scope.companyId;
  }

  private visible(scope: DataScope) {
    return scope.all ? sql`true` : sql`company_id = ${scope.companyId ?? ''}`;
  }

  async forms(scope: DataScope): Promise<FormRow[]> {
    const { rows } =
      await sql<FormRow>`select * from ldf_form where ${this.visible(scope)} order by updated_at desc`.execute(this.db);
    return rows.map((row) => ({ ...row, definition: parsed<FormFile>(row.definition) }));
  }

  async form(id: string, scope?: DataScope): Promise<FormRow | undefined> {
    const { rows } =
      await sql<FormRow>`select * from ldf_form where id = ${id} and ${scope ? this.visible(scope) : sql`true`}`.execute(
        this.db,
      );
    const row = rows[0];
    return row && { ...row, definition: parsed<FormFile>(row.definition) };
  }

  async saveForm(id: string | undefined, scope: DataScope, userId: string, title: string, file: FormFile) {
    const definition = inOrder(file);
    if (id) {
      await sql`update ldf_form set title = ${title}, definition = ${json(definition)}, version = version + 1,
        updated_at = now() where id = ${id}`.execute(this.db);
      return id;
    }
    const made = randomUUID();
    await sql`insert into ldf_form (id, company_id, title, definition, created_by)
      values (${made}, ${FillStore.companyOf(scope)}, ${title}, ${json(definition)}, ${userId})`.execute(this.db);
    return made;
  }

  /** Which of `ids` of `type` the scope may send a task to. */
  async targetsInScope(scope: DataScope, type: TargetType, ids: readonly string[]): Promise<Set<string>> {
    if (ids.length === 0) return new Set();
    const within = officeWithin(scope, { id: 'o.id', parentIds: 'o.parent_ids' });
    const list = sql.join(ids.map((id) => sql`${id}`));
    const query =
      type === 'office'
        ? sql<{ id: string }>`select o.id from sys_office o where o.id in (${list}) and o.del_flag = '0' and ${within}`
        : type === 'project'
          ? sql<{ id: string }>`select p.id from project p join sys_office o on o.id = p.office_id
              where p.id in (${list}) and p.del_flag = '0' and ${within}`
          : sql<{
              id: string;
            }>`select u.id from sys_user u join sys_office o on o.id = coalesce(u.office_id, u.company_id)
              where u.id in (${list}) and u.del_flag = '0' and ${within}`;
    return new Set((await query.execute(this.db)).rows.map((row) => row.id));
  }

  /** What the task dialog offers to choose from, in the scope. */
  async targetOptions(scope: DataScope, type: TargetType): Promise<{ value: string; label: string }[]> {
    const within = officeWithin(scope, { id: 'o.id', parentIds: 'o.parent_ids' });
    const query =
      type === 'office'
        ? sql<{ value: string; label: string }>`select o.id as value, o.name as label from sys_office o
            where o.del_flag = '0' and ${within} order by o.parent_ids, o.sort, o.name`
        : type === 'project'
          ? sql<{ value: string; label: string }>`select p.id as value, p.name as label from project p
              join sys_office o on o.id = p.office_id where p.del_flag = '0' and ${within} order by p.name`
          : sql<{ value: string; label: string }>`select u.id as value, u.name || '（' || o.name || '）' as label
              from sys_user u join sys_office o on o.id = coalesce(u.office_id, u.company_id)
              where u.del_flag = '0' and u.login_flag = '1' and ${within} order by o.name, u.name`;
    return (await query.execute(this.db)).rows;
  }

  /** The people a task reaches, each with the project they fill for (project targets only). */
  async assignees(type: TargetType, ids: readonly string[]): Promise<{ userId: string; projectId: string | null }[]> {
    if (ids.length === 0) return [];
    const list = sql.join(ids.map((id) => sql`${id}`));
    const live = sql`u.del_flag = '0' and u.login_flag = '1'`;
    const query =
      type === 'user'
        ? sql<{ userId: string; projectId: null }>`select u.id as "userId", null as "projectId" from sys_user u
            where u.id in (${list}) and ${live}`
        : type === 'office'
          ? sql<{ userId: string; projectId: null }>`select u.id as "userId", null as "projectId" from sys_user u
              where u.office_id in (${list}) and ${live}`
          : sql<{ userId: string; projectId: string }>`select u.id as "userId", p.id as "projectId" from project p
              join sys_user u on u.office_id = p.office_id where p.id in (${list}) and ${live}`;
    return (await query.execute(this.db)).rows;
  }

  async createTask(task: Omit<TaskRow, 'created_at'>): Promise<void> {
    await sql`insert into ldf_task (id, company_id, title, form_id, target_type, target_ids, period, due, created_by)
      values (${task.id}, ${task.company_id}, ${task.title}, ${task.form_id}, ${task.target_type},
        ${json(task.target_ids)}, ${task.period}, ${task.due}, ${task.created_by})`.execute(this.db);
  }

  /**
   * The fills of the period `today` falls in, for every assignee (those already there are kept): a new task's first
   * period, and each later one as the daily job reaches it.
   */
  async openPeriod(task: TaskRow, today: string): Promise<number> {
    const slot = periodOn(task.period, task.due, today);
    let opened = 0;
    for (const { userId, projectId } of await this.assignees(task.target_type, task.target_ids)) {
      const { numAffectedRows } = await sql`insert into ldf_fill
        (id, task_id, period_key, period_label, filler_id, project_id, deadline, status)
        values (${randomUUID()}, ${task.id}, ${slot.key}, ${slot.label}, ${userId}, ${projectId}, ${slot.deadline}, 'pending')
        on conflict (task_id, period_key, filler_id) do nothing`.execute(this.db);
      opened += Number(numAffectedRows ?? 0);
    }
    return opened;
  }

  async tasks(
    scope: DataScope,
  ): Promise<(TaskRow & { form_title: string; total: number; submitted: number; overdue: number })[]> {
    const { rows } = await sql<TaskRow & { form_title: string; total: number; submitted: number; overdue: number }>`
      select t.*, f.title as form_title,
        (select count(*)::int from ldf_fill x where x.task_id = t.id) as total,
        (select count(*)::int from ldf_fill x where x.task_id = t.id and x.status in ('submitted', 'accepted')) as submitted,
        (select count(*)::int from ldf_fill x where x.task_id = t.id and x.status in ('pending', 'draft', 'returned')
          and x.deadline < to_char(now() at time zone 'Asia/Shanghai', 'YYYY-MM-DD')) as overdue
      from ldf_task t join ldf_form f on f.id = t.form_id
      where ${scope.all ? sql`true` : sql`t.company_id = ${scope.companyId ?? ''}`}
      order by t.created_at desc`.execute(this.db);
    return rows.map((row) => ({ ...row, target_ids: parsed<string[]>(row.target_ids) }));
  }

  async task(id: string): Promise<TaskRow | undefined> {
    const { rows } = await sql<TaskRow>`select * from ldf_task where id = ${id}`.execute(this.db);
    const row = rows[0];
    return row && { ...row, target_ids: parsed<string[]>(row.target_ids) };
  }

  async allTasks(): Promise<TaskRow[]> {
    const { rows } = await sql<TaskRow>`select * from ldf_task`.execute(this.db);
    return rows.map((row) => ({ ...row, target_ids: parsed<string[]>(row.target_ids) }));
  }

  private fillSelect(where: ReturnType<typeof sql>) {
    return sql<FillRow>`select x.*, u.name as filler_name, p.name as project_name from ldf_fill x
      join sys_user u on u.id = x.filler_id left join project p on p.id = x.project_id where ${where}
      order by x.deadline desc, x.period_key desc, p.name, u.name`;
  }

  async fills(taskId: string): Promise<FillRow[]> {
    const { rows } = await this.fillSelect(sql`x.task_id = ${taskId}`).execute(this.db);
    return rows.map((row) => ({ ...row, data: parsed(row.data) }));
  }

  async fillsOf(userId: string): Promise<(FillRow & { task_title: string })[]> {
    const { rows } = await sql<FillRow & { task_title: string }>`select x.*, u.name as filler_name,
        p.name as project_name, t.title as task_title
      from ldf_fill x join ldf_task t on t.id = x.task_id join sys_user u on u.id = x.filler_id
      left join project p on p.id = x.project_id where x.filler_id = ${userId}
      order by case when x.status in ('pending', 'draft', 'returned') then 0 else 1 end, x.deadline desc`.execute(
      this.db,
    );
    return rows.map((row) => ({ ...row, data: parsed(row.data) }));
  }

  async fill(id: string): Promise<FillRow | undefined> {
    const { rows } = await this.fillSelect(sql`x.id = ${id}`).execute(this.db);
    const row = rows[0];
    return row && { ...row, data: parsed(row.data) };
  }

  async saveFill(id: string, data: Record<string, unknown>, status: 'draft' | 'submitted'): Promise<void> {
    await sql`update ldf_fill set data = ${json(data)}, status = ${status},
      submitted_at = ${status === 'submitted' ? sql`now()` : sql`submitted_at`} where id = ${id}`.execute(this.db);
  }

  async review(id: string, decision: 'accepted' | 'returned', comment: string, reviewerId: string): Promise<void> {
    await sql`update ldf_fill set status = ${decision}, comment = ${comment || null}, reviewed_at = now(),
      reviewed_by = ${reviewerId} where id = ${id}`.execute(this.db);
  }

  /** Fills past their deadline and not handed in, not yet reminded today. */
  async overdue(today: string): Promise<(FillRow & { task_title: string })[]> {
    const { rows } = await sql<FillRow & { task_title: string }>`select x.*, '' as filler_name, null as project_name,
        t.title as task_title from ldf_fill x join ldf_task t on t.id = x.task_id
      where x.status in ('pending', 'draft', 'returned') and x.deadline < ${today}
        and (x.reminded_on is null or x.reminded_on < ${today})`.execute(this.db);
    return rows;
  }

  async reminded(ids: readonly string[], today: string): Promise<void> {
    if (ids.length === 0) return;
    await sql`update ldf_fill set reminded_on = ${today} where id in (${sql.join(ids.map((id) => sql`${id}`))})`.execute(
      this.db,
    );
  }
}

/**
 * The file with its fields' order written down (`ui:order`, unless it says one): a jsonb column keeps an object's keys
 * in its own order (shorter first), not the order the form lists its fields in.
 */
function inOrder(file: FormFile): FormFile {
  // The server's FormFile type leaves the uiSchema out (it validates, never draws); the file carries it all the same.
  const { uiSchema } = file as FormFile & { uiSchema?: Record<string, unknown> };
  if (uiSchema?.['ui:order']) return file;
  return { ...file, uiSchema: { ...uiSchema, 'ui:order': Object.keys(file.schema.properties ?? {}) } } as FormFile;
}
