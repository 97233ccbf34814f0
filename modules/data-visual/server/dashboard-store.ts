/**
 * The members of a dashboard that the collection's own reads leave out (its file and share id: plugin.ts takes them
 * out of every list and record read), read and written here on the collection's table, and the saved revisions
 * (ldview_dashboard_version). Everything else about a dashboard (its title, who made it, its version) goes through
 * the collection's records.
 */
import { sql } from 'kysely';
import { type CollectionRecords, type Db, DomainError, fieldColumn } from '../../../src/server/module-api.js';
import type { DashboardFile, DashboardVersion } from '../browser/ldview-types.js';
import { DashboardMessages } from './dashboard-file.js';

/** What the designer and the release need beside the record's own fields. */
export interface StoredDashboard {
  id: string;
  projectId: string;
  title: string;
  description: string | null;
  file: string | null;
  revision: number;
  version: number;
  shareId: string | null;
  publishedRevision: number | null;
  savedByName: string | null;
  savedAt: Date | null;
}

const column = (name: string) => sql.ref(`t.${fieldColumn(name)}`);

export class DashboardStore {
  constructor(
    private readonly records: CollectionRecords,
    private readonly db: Db,
  ) {}

  private get table() {
    return sql.table(this.records.table);
  }

  private select() {
    return sql<StoredDashboard>`select t.id, t.project_id as "projectId", ${column('title')} as title,
        ${column('description')} as description, ${column('file')} as file,
        coalesce(${column('revision')}, 0) as revision, t.version, ${column('shareId')} as "shareId",
        ${column('publishedRevision')} as "publishedRevision", ${column('savedByName')} as "savedByName",
        ${column('savedAt')} as "savedAt"
      from ${this.table} t`;
  }

  private static normal(row: StoredDashboard): StoredDashboard {
    return {
      ...row,
      revision: Number(row.revision),
      version: Number(row.version),
      publishedRevision: row.publishedRevision === null ? null : Number(row.publishedRevision),
    };
  }

  async byId(id: string): Promise<StoredDashboard> {
    const found = await sql<StoredDashboard>`${this.select()} where t.id = ${id}`.execute(this.db);
    if (!found.rows[0]) throw new DomainError('notFound', DashboardMessages.notFound);
    return DashboardStore.normal(found.rows[0]);
  }

  async byShareId(shareId: string): Promise<StoredDashboard | undefined> {
    const found = await sql<StoredDashboard>`${this.select()} where ${column('shareId')} = ${shareId}`.execute(this.db);
    return found.rows[0] && DashboardStore.normal(found.rows[0]);
  }

  /** The file of a revision: its saved copy, or the dashboard's own when that is the revision (demo dashboards). */
  async fileAt(dashboard: StoredDashboard, revision: number): Promise<DashboardFile | undefined> {
    const found = await sql<{ file: string }>`select file from ldview_dashboard_version
      where dashboard_id = ${dashboard.id} and revision = ${revision}`.execute(this.db);
    const text = found.rows[0]?.file ?? (revision === dashboard.revision ? dashboard.file : null);
    return text ? (JSON.parse(text) as DashboardFile) : undefined;
  }

  /** Keeps a revision's copy (once: a revision is never rewritten). */
  async keepVersion(
    db: Db,
    dashboardId: string,
    revision: number,
    file: string,
    chartCount: number,
    savedByName: string,
    savedAt: Date,
  ): Promise<void> {
    await sql`insert into ldview_dashboard_version (dashboard_id, revision, file, chart_count, saved_by_name, saved_at)
      values (${dashboardId}, ${revision}, ${file}, ${chartCount}, ${savedByName}, ${savedAt})
      on conflict (dashboard_id, revision) do nothing`.execute(db);
  }

  async versions(dashboard: StoredDashboard): Promise<DashboardVersion[]> {
    const { rows } = await sql<{ revision: number; chartCount: number; savedByName: string; savedAt: Date }>`
      select revision, chart_count as "chartCount", saved_by_name as "savedByName", saved_at as "savedAt"
      from ldview_dashboard_version where dashboard_id = ${dashboard.id} order by revision desc`.execute(this.db);
    return rows.map((row) => ({
      revision: Number(row.revision),
      chartCount: Number(row.chartCount),
      savedByName: row.savedByName,
      savedAt: new Date(row.savedAt).toISOString(),
      published: dashboard.shareId !== null && dashboard.publishedRevision === Number(row.revision),
    }));
  }

  async forget(db: Db, dashboardId: string): Promise<void> {
    await sql`delete from ldview_dashboard_version where dashboard_id = ${dashboardId}`.execute(db);
  }

  /** Publishes `revision`: the share id, made now unless it is published already (the link stays the same). */
  async publish(id: string, fresh: string, revision: number): Promise<string> {
    await sql`update ${this.table} set ${sql.ref(fieldColumn('shareId'))} = coalesce(${sql.ref(fieldColumn('shareId'))}, ${fresh}),
        ${sql.ref(fieldColumn('publishedRevision'))} = ${revision}
      where id = ${id}`.execute(this.db);
    const { shareId } = await this.byId(id);
    if (!shareId) throw new DomainError('notFound', DashboardMessages.notFound);
    return shareId;
  }

  async unpublish(id: string): Promise<void> {
    await sql`update ${this.table} set ${sql.ref(fieldColumn('shareId'))} = null,
        ${sql.ref(fieldColumn('publishedRevision'))} = null where id = ${id}`.execute(this.db);
  }
}
