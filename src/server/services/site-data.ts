/** Per-project site data the workbench and modules read: device warnings and the gantt chart's tasks. */
import type { Db } from '../db/database.js';
import { chinaDateTime } from './china-time.js';

export interface DeviceWarningRow {
  id: string;
  deviceName: string;
  deviceType: string;
  deviceCode: string;
  warnType: string;
  /** '1' 一般, '2' 较重, '3' 严重. */
  warnLevel: string;
  content: string;
  /** 'yyyy-MM-dd HH:mm:ss', China time. */
  warnTime: string;
  /** '0' unhandled, '1' handled. */
  status: string;
  projectName: string;
}

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

  async warnings(
    projectIds: string[],
    filter: { status?: string; warnLevel?: string },
    page: { pageNum: number; pageSize: number },
  ): Promise<{ dataList: DeviceWarningRow[]; total: number; unhandled: number }> {
    if (projectIds.length === 0) return { dataList: [], total: 0, unhandled: 0 };
    let query = this.db
      .selectFrom('device_warning as w')
      .innerJoin('project as p', 'p.id', 'w.project_id')
      .where('w.project_id', 'in', projectIds);
    const unhandled = await query
      .where('w.status', '=', '0')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    if (filter.status) query = query.where('w.status', '=', filter.status);
    if (filter.warnLevel) query = query.where('w.warn_level', '=', filter.warnLevel);
    const total = await query.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
    const rows = await query
      .selectAll('w')
      .select('p.name as project_name')
      .orderBy('w.warn_time', 'desc')
      .orderBy('w.id')
      .limit(page.pageSize)
      .offset((page.pageNum - 1) * page.pageSize)
      .execute();
    return {
      total: Number(total.n),
      unhandled: Number(unhandled.n),
      dataList: rows.map((r) => ({
        id: r.id,
        deviceName: r.device_name,
        deviceType: r.device_type,
        deviceCode: r.device_code,
        warnType: r.warn_type,
        warnLevel: r.warn_level,
        content: r.content,
        warnTime: chinaDateTime(new Date(r.warn_time)),
        status: r.status,
        projectName: r.project_name,
      })),
    };
  }

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
