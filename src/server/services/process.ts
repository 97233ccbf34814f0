/**
 * Process (workflow) tasks on a user's lists: to do (待办), copied to them (抄送) and finished (已办); the
 * workbench's pending-approval summary is computed from the same rows.
 */
import type { Db } from '../db/database.js';
import type { ProcessTaskKind } from '../db/portal-tables.js';
import { chinaDateTime } from './china-time.js';
import { escapeLike } from './projects.js';

export interface ProcessTaskRow {
  id: string;
  processName: string;
  title: string;
  category: string;
  initiator: string;
  nodeName: string;
  status: string;
  /** 'yyyy-MM-dd HH:mm:ss', China time. */
  startTime: string;
  /** '' while not finished. */
  endTime: string;
  projectName: string;
}

export interface TaskFilter {
  /** Substring of the process name. */
  processName?: string;
  /** Only tasks of this project (or of none). */
  projectId?: string | null;
}

export interface ApprovalSummary {
  todo: number;
  copy: number;
  finished: number;
  /** Pending (to-do) tasks by process category. */
  byCategory: { name: string; value: number }[];
  /** The newest few tasks of the asked kind. */
  rows: ProcessTaskRow[];
}

export const APPROVAL_ROWS = 5;

export class ProcessTasks {
  constructor(private readonly db: Db) {}

  private base(userId: string, filter: TaskFilter) {
    let query = this.db
      .selectFrom('process_task as t')
      .leftJoin('project as p', 'p.id', 't.project_id')
      .where('t.user_id', '=', userId);
    if (filter.projectId)
      query = query.where((eb) =>
        eb.or([eb('t.project_id', '=', filter.projectId as string), eb('t.project_id', 'is', null)]),
      );
    if (filter.processName) query = query.where('t.process_name', 'like', `%${escapeLike(filter.processName)}%`);
    return query;
  }

  async page(
    userId: string,
    kind: ProcessTaskKind,
    filter: TaskFilter,
    page: { pageNum: number; pageSize: number },
  ): Promise<{ dataList: ProcessTaskRow[]; total: number }> {
    const query = this.base(userId, filter).where('t.kind', '=', kind);
    const total = await query.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
    const rows = await this.rowsOf(query, page.pageSize, (page.pageNum - 1) * page.pageSize, kind);
    return { dataList: rows, total: Number(total.n) };
  }

  private async rowsOf(
    query: ReturnType<ProcessTasks['base']>,
    limit: number,
    offset: number,
    kind: ProcessTaskKind,
  ): Promise<ProcessTaskRow[]> {
    const rows = await query
      .select([
        't.id',
        't.process_name',
        't.title',
        't.category',
        't.initiator',
        't.node_name',
        't.status',
        't.started_at',
        't.finished_at',
        'p.name as project_name',
      ])
      // Finished tasks by when they were finished, the others by when they started.
      .orderBy(kind === 'finished' ? 't.finished_at' : 't.started_at', 'desc')
      .orderBy('t.id')
      .limit(limit)
      .offset(offset)
      .execute();
    return rows.map((r) => ({
      id: r.id,
      processName: r.process_name,
      title: r.title,
      category: r.category,
      initiator: r.initiator,
      nodeName: r.node_name,
      status: r.status,
      startTime: chinaDateTime(new Date(r.started_at)),
      endTime: r.finished_at ? chinaDateTime(new Date(r.finished_at)) : '',
      projectName: r.project_name ?? '',
    }));
  }

  async summary(userId: string, projectId: string | null, kind: ProcessTaskKind): Promise<ApprovalSummary> {
    const filter: TaskFilter = { projectId };
    const counts = await this.base(userId, filter)
      .select(['t.kind', (eb) => eb.fn.countAll<string>().as('n')])
      .groupBy('t.kind')
      .execute();
    const countOf = (k: ProcessTaskKind) => Number(counts.find((c) => c.kind === k)?.n ?? 0);
    const categories = await this.base(userId, filter)
      .where('t.kind', '=', 'todo')
      .select(['t.category', (eb) => eb.fn.countAll<string>().as('n')])
      .groupBy('t.category')
      .execute();
    return {
      todo: countOf('todo'),
      copy: countOf('copy'),
      finished: countOf('finished'),
      byCategory: categories
        .map((c) => ({ name: c.category, value: Number(c.n) }))
        .sort((a, b) => b.value - a.value || a.name.localeCompare(b.name, 'zh-CN')),
      rows: await this.rowsOf(this.base(userId, filter).where('t.kind', '=', kind), APPROVAL_ROWS, 0, kind),
    };
  }
}
