/**
 * The big screens (项目大屏, 公司大屏) designed in 数据可视化: dashboards of the same kind as the designer's, kept as
 * revisions in ldview_screen_version (migrations.ts) beside the dashboards' own. A design holds the screen's panels in
 * their order and sizes: the modules' panels of the shipped screen (by id; drawn from the shipped definition, so a
 * module's panel keeps its calls and live updates, and goes when the module goes) and charts of data sets. A revision
 * without a file is a reset: the shipped design again.
 */
import { sql } from 'kysely';
import {
  type Db,
  DomainError,
  invalidField,
  schemaFileFaults,
  type ScreenFile,
  type ScreenPanel,
} from '../../../src/server/module-api.js';
import type { ChartPanel, ChartQuery, DashboardVersion } from '../browser/ldview-types.js';
import { isChartWidget, MAX_PANELS, metaSchemaMessage } from './dashboard-file.js';
import type { Datasets } from './datasets.js';

export const ScreenMessages = {
  notFound: '大屏不存在',
  saved: '大屏设计已保存，大屏将按新设计显示',
  reset: '已恢复默认设计',
  noPanels: '大屏至少要有一个面板',
  tooMany: `大屏最多 ${MAX_PANELS} 个面板`,
  notShipped: (title: string) => `面板“${title}”不是大屏可用的面板`,
  conflict: (who: string, when: string) =>
    `这块大屏已由${who || '其他人'}于 ${when} 保存了新设计，您刚才的修改未保存。请重新加载后再编辑。`,
} as const;

/** How often a chart of a data set on a screen reads its figures again (a screen is left open all day). */
const CHART_REFRESH_MINUTES = 5;

/** A screen whose panels read the chosen project (项目大屏) rather than all the caller's projects (公司大屏). */
export const perProject = (shipped: ScreenFile) =>
  typeof shipped.requirements === 'object' &&
  shipped.requirements !== null &&
  'project.projectId' in (shipped.requirements as object);

/** The call of a chart of a data set on a screen. */
export const screenPanelApi = (screenId: string, panelId: string) => ({
  method: 'GET' as const,
  url: `/api/ldview/v1.0/screens/${screenId}/panels/${panelId}`,
  resultPath: 'data',
});

const isChart = (panel: ScreenPanel): boolean =>
  typeof panel.options === 'object' && panel.options !== null && 'query' in (panel.options as object);

const clamp = (value: unknown, max: number, fallback: number) =>
  Number.isInteger(value) ? Math.min(Math.max(value as number, 1), max) : fallback;

/**
 * The design to keep of screen `shipped.id` from what the designer sent (a dashboard file), or -400 naming the first
 * fault: the screen's own settings (theme, title bar, requirements) stay the shipped ones; each panel is a panel of
 * the shipped screen or a chart of a data set the caller may chart.
 */
export function readyScreen(
  body: unknown,
  shipped: ScreenFile,
  datasets: Datasets,
  permissions: ReadonlySet<string>,
): ScreenFile {
  const faults = schemaFileFaults(body, 'dashboard');
  if (faults.length > 0) throw invalidField('file', `大屏配置不正确：${metaSchemaMessage(faults)}`);
  const { panels } = body as { panels: ScreenPanel[] };
  if (panels.length > MAX_PANELS) throw invalidField('file', ScreenMessages.tooMany);
  const columns = shipped.columns ?? 3;
  const byProject = perProject(shipped);
  const seen = new Set<string>();
  const kept = panels.map((panel): ScreenPanel => {
    if (seen.has(panel.id)) throw invalidField('file', `面板标识重复：${panel.id}`);
    seen.add(panel.id);
    const span = clamp(panel.span, columns, 1);
    const rowSpan = clamp(panel.rowSpan, 6, 1);
    if (!isChart(panel)) {
      const own = shipped.panels.find((each) => each.id === panel.id);
      if (!own) throw invalidField('file', ScreenMessages.notShipped(panel.title));
      return { ...own, span, rowSpan };
    }
    const query = (panel.options as { query: ChartQuery }).query;
    if (!isChartWidget(panel.widget) || typeof query.dataset !== 'string' || !Array.isArray(query.measures))
      throw invalidField('file', `图表“${panel.title}”缺少数据查询`);
    const filters = Object.fromEntries(
      Object.entries(query.filters ?? {}).filter(([, value]) => typeof value === 'string' && value !== ''),
    );
    let set;
    try {
      set = datasets.check(panel.widget, { ...query, filters }, permissions);
    } catch (error) {
      if (error instanceof Error) throw invalidField('file', `图表“${panel.title}”：${error.message}`);
      throw error;
    }
    const chart: ChartPanel & ScreenPanel = {
      id: panel.id,
      title: panel.title,
      widget: panel.widget,
      span,
      rowSpan,
      api: screenPanelApi(shipped.id, panel.id),
      empty: typeof panel.empty === 'string' && panel.empty ? panel.empty : '暂无数据',
      options: {
        query: {
          dataset: query.dataset,
          ...(query.bucket ? { bucket: query.bucket, dateField: query.dateField } : { groupBy: query.groupBy }),
          measures: query.measures.map((measure) =>
            measure.op === 'count' ? { op: 'count' as const } : { op: measure.op, field: measure.field },
          ),
          ...(query.seriesBy ? { seriesBy: query.seriesBy } : {}),
          filters,
        },
      },
    };
    return {
      ...chart,
      // Only those who may chart its data set see it; the others see the rest of the screen.
      permission: set.permission,
      refreshMinutes: CHART_REFRESH_MINUTES,
      ...(byProject ? { requires: ['project.projectId'], params: { projectId: '{{project.projectId}}' } } : {}),
    };
  });
  if (kept.length === 0) throw invalidField('file', ScreenMessages.noPanels);
  const file: ScreenFile = { ...shipped, panels: kept };
  const stored = schemaFileFaults(file, 'dashboard');
  if (stored.length > 0) throw invalidField('file', `大屏配置不正确：${metaSchemaMessage(stored)}`);
  return file;
}

/**
 * The design as a screen draws it today: the shipped screen's settings, the modules' panels as they ship now (at the
 * designed size; a panel whose module is gone is left out), the charts as saved. Undefined when nothing is left.
 */
export function asDrawn(saved: ScreenFile, shipped: ScreenFile): ScreenFile | undefined {
  const panels = saved.panels.flatMap((panel): ScreenPanel[] => {
    if (isChart(panel)) return [panel];
    const own = shipped.panels.find((each) => each.id === panel.id);
    return own ? [{ ...own, span: panel.span ?? own.span, rowSpan: panel.rowSpan ?? own.rowSpan }] : [];
  });
  return panels.length > 0 ? { ...shipped, panels } : undefined;
}

export interface ScreenRevision {
  revision: number;
  /** null: a reset to the shipped design. */
  file: ScreenFile | null;
  savedByName: string;
  savedAt: Date;
}

export class ScreenStore {
  constructor(private readonly db: Db) {}

  async latest(screenId: string): Promise<ScreenRevision | undefined> {
    const { rows } = await sql<{ revision: number; file: string | null; savedByName: string; savedAt: Date }>`
      select revision, file, saved_by_name as "savedByName", saved_at as "savedAt" from ldview_screen_version
      where screen_id = ${screenId} order by revision desc limit 1`.execute(this.db);
    const row = rows[0];
    if (!row) return undefined;
    return {
      revision: Number(row.revision),
      file: row.file ? (JSON.parse(row.file) as ScreenFile) : null,
      savedByName: row.savedByName,
      savedAt: new Date(row.savedAt),
    };
  }

  /**
   * Keeps revision `after + 1` of a screen (`file` null: back to the shipped design); false when that revision is
   * taken already (someone saved since `after` was read).
   */
  async keep(screenId: string, after: number, file: ScreenFile | null, savedByName: string, at: Date) {
    const { rows } = await sql`insert into ldview_screen_version
        (screen_id, revision, file, panel_count, saved_by_name, saved_at)
      values (${screenId}, ${after + 1}, ${file ? JSON.stringify(file) : null}, ${file?.panels.length ?? 0},
        ${savedByName}, ${at})
      on conflict (screen_id, revision) do nothing returning revision`.execute(this.db);
    return rows.length === 1;
  }

  async versions(screenId: string): Promise<DashboardVersion[]> {
    const { rows } = await sql<{ revision: number; panelCount: number; savedByName: string; savedAt: Date }>`
      select revision, panel_count as "panelCount", saved_by_name as "savedByName", saved_at as "savedAt"
      from ldview_screen_version where screen_id = ${screenId} order by revision desc`.execute(this.db);
    return rows.map((row) => ({
      revision: Number(row.revision),
      chartCount: Number(row.panelCount),
      savedByName: row.savedByName,
      savedAt: new Date(row.savedAt).toISOString(),
      published: false,
    }));
  }
}

/** -404 for an id that is no screen. */
export const noScreen = () => new DomainError('notFound', ScreenMessages.notFound);
