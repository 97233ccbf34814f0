/** Per-project site data the workbench and modules read: the gantt chart's tasks. */
import type { Db } from '../db/database.js';

export interface GanttRow {
  id: string;
  /** '' for a top-level task. */
  parentId: string;
  task: string;
  /** 'yyyy-MM-dd'. */
  start: string;
  end: string;
  /** 0-100. */
  progress: number;
}

export class SiteData {
  constructor(private readonly db: Db) {}

  async gantt(projectId: string): Promise<GanttRow[]> {
    const rows = await this.db
      .selectFrom('gantt_task')
      .selectAll()
      .where('project_id', '=', projectId)
      .orderBy('sort')
      .orderBy('id')
      .execute();
    return rows.map((r) => ({
      id: r.id,
      parentId: r.parent_id ?? '',
      task: r.name,
      start: r.start_date,
      end: r.end_date,
      progress: r.progress,
    }));
  }
}
