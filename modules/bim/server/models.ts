/**
 * The models of projects (table bim_model, migrations.ts): received from a finished resumable upload (the IFC
 * schema read from the file's header, so a wrong file is refused before any work), then converted by the job
 * bim-convert, which records its progress here and, at the end, the fragments file and what the model holds.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { invalidField, type Db, type ResumableUploads } from '../../../src/server/module-api.js';
import { ifcSchemaOf, type ModelSummary, type StoreySummary } from './conversion.js';

export type ModelStatus = 'queued' | 'converting' | 'ready' | 'failed';

export const STATUS_LABELS: Record<ModelStatus, string> = {
  queued: '排队转换',
  converting: '转换中',
  ready: '可浏览',
  failed: '转换失败',
};

export const ModelMessages = {
  uploadMissing: '模型文件尚未上传完成，请重新上传',
  notFound: '模型不存在或已被删除',
  notReady: '模型尚未转换完成',
} as const;

export interface BimModel {
  id: string;
  projectId: string;
  name: string;
  fileName: string;
  ifcSize: number;
  ifcSchema: string;
  status: ModelStatus;
  statusLabel: string;
  progress: number;
  error: string;
  fragmentsSize: number;
  elementCount: number;
  storeys: StoreySummary[];
  categories: Record<string, number>;
  conversionMs: number;
  demo: boolean;
  uploadedByName: string;
  uploadedAt: string;
  convertedAt: string;
}

interface ModelRow {
  id: string;
  project_id: string;
  name: string;
  file_name: string;
  ifc_upload: string;
  ifc_size: string | number;
  ifc_schema: string | null;
  status: ModelStatus;
  progress: number;
  error: string | null;
  fragments_upload: string | null;
  fragments_size: string | number | null;
  element_count: number | null;
  storeys: StoreySummary[] | string | null;
  categories: Record<string, number> | string | null;
  conversion_ms: number | null;
  demo: boolean;
  uploaded_by_name: string | null;
  uploaded_at: Date | string;
  converted_at: Date | string | null;
}

// PGlite and pg both hand jsonb back parsed; a text driver would not, so both are read.
const json = <T>(value: T | string | null, empty: T): T =>
  value === null ? empty : typeof value === 'string' ? (JSON.parse(value) as T) : value;

const shown = (row: ModelRow): BimModel => ({
  id: row.id,
  projectId: row.project_id,
  name: row.name,
  fileName: row.file_name,
  ifcSize: Number(row.ifc_size),
  ifcSchema: row.ifc_schema ?? '',
  status: row.status,
  statusLabel: STATUS_LABELS[row.status],
  progress: row.progress,
  error: row.error ?? '',
  fragmentsSize: Number(row.fragments_size ?? 0),
  elementCount: row.element_count ?? 0,
  storeys: json(row.storeys, []),
  categories: json(row.categories, {}),
  conversionMs: row.conversion_ms ?? 0,
  demo: row.demo,
  uploadedByName: row.uploaded_by_name ?? '',
  uploadedAt: new Date(row.uploaded_at).toISOString(),
  convertedAt: row.converted_at ? new Date(row.converted_at).toISOString() : '',
});

export class BimModels {
  constructor(
    private readonly db: Db,
    readonly uploads: ResumableUploads,
    private readonly now: () => Date,
  ) {}

  private select() {
    return sql`select m.*, u.name as uploaded_by_name from bim_model m left join sys_user u on u.id = m.uploaded_by`;
  }

  async of(projectId: string): Promise<BimModel[]> {
    // The models split from others (split-store.ts) after the whole ones: the viewer opens a whole one first.
    const { rows } = await sql<ModelRow>`${this.select()} where m.project_id = ${projectId}
      order by m.split_id is not null, m.uploaded_at desc, m.id`.execute(this.db);
    return rows.map(shown);
  }

  async byId(id: string): Promise<(BimModel & { ifcUpload: string; fragmentsUpload: string }) | undefined> {
    const { rows } = await sql<ModelRow>`${this.select()} where m.id = ${id}`.execute(this.db);
    const row = rows[0];
    return row && { ...shown(row), ifcUpload: row.ifc_upload, fragmentsUpload: row.fragments_upload ?? '' };
  }

  /** Takes over the finished upload `uploadId` of `userId` as a new model of the project, queued for conversion. */
  async receive(projectId: string, name: string, uploadId: string, userId: string): Promise<BimModel> {
    const upload = await this.uploads.finished(uploadId, userId);
    if (!upload) throw invalidField('upload', ModelMessages.uploadMissing);
    const schema = ifcSchemaOf(await this.uploads.head(uploadId, 4096));
    if ('refused' in schema) {
      await this.uploads.remove(uploadId);
      throw invalidField('upload', schema.refused);
    }
    return this.record(projectId, name, upload.fileName || `${name}.ifc`, uploadId, upload.size, schema.schema, userId);
  }

  /** Writes the row of a stored IFC (a received upload, or a demo model the server made). */
  async record(
    projectId: string,
    name: string,
    fileName: string,
    uploadId: string,
    size: number,
    schema: string,
    userId: string,
    demo = false,
  ): Promise<BimModel> {
    const id = randomUUID();
    await sql`insert into bim_model (id, project_id, name, file_name, ifc_upload, ifc_size, ifc_schema, status,
        progress, demo, uploaded_by, uploaded_at)
      values (${id}, ${projectId}, ${name}, ${fileName}, ${uploadId}, ${size}, ${schema}, 'queued', 0, ${demo},
        ${userId}, ${this.now()})`.execute(this.db);
    return (await this.byId(id))!;
  }

  /** The stored IFC of a demo model, written by its conversion job. */
  async attachIfc(id: string, uploadId: string, size: number): Promise<void> {
    await sql`update bim_model set ifc_upload = ${uploadId}, ifc_size = ${size} where id = ${id}`.execute(this.db);
  }

  async progress(id: string, status: ModelStatus, progress: number, error = ''): Promise<void> {
    await sql`update bim_model set status = ${status}, progress = ${progress}, error = ${error || null}
      where id = ${id}`.execute(this.db);
  }

  /** Records a finished conversion; the previous fragments (a conversion run again) are deleted. */
  async converted(
    id: string,
    fragmentsUpload: string,
    fragmentsSize: number,
    summary: ModelSummary,
    conversionMs: number,
  ): Promise<void> {
    const { rows } = await sql<{ fragments_upload: string | null }>`select fragments_upload from bim_model
      where id = ${id}`.execute(this.db);
    await sql`update bim_model set status = 'ready', progress = 100, error = null,
        fragments_upload = ${fragmentsUpload}, fragments_size = ${fragmentsSize}, ifc_schema = ${summary.schema},
        element_count = ${summary.elementCount}, storeys = ${JSON.stringify(summary.storeys)}::jsonb,
        categories = ${JSON.stringify(summary.categories)}::jsonb, conversion_ms = ${conversionMs},
        converted_at = ${this.now()}
      where id = ${id}`.execute(this.db);
    const previous = rows[0]?.fragments_upload;
    if (previous && previous !== fragmentsUpload) await this.uploads.remove(previous);
  }

  /** Deletes a model with its files, and the models split from it (split-store.ts) with theirs. */
  async remove(id: string): Promise<void> {
    for (const part of await this.partsOf(id)) await this.remove(part);
    await sql`delete from bim_split where model_id = ${id}`.execute(this.db);
    const { rows } = await sql<{ ifc_upload: string; fragments_upload: string | null }>`delete from bim_model
      where id = ${id} returning ifc_upload, fragments_upload`.execute(this.db);
    for (const row of rows)
      await Promise.all(
        [row.ifc_upload, row.fragments_upload].flatMap((upload) => (upload ? [this.uploads.remove(upload)] : [])),
      );
  }

  /** The models split from model `id` (the parts of its splits). */
  async partsOf(id: string): Promise<string[]> {
    const { rows } = await sql<{ id: string }>`select m.id from bim_model m join bim_split s on s.id = m.split_id
      where s.model_id = ${id}`.execute(this.db);
    return rows.map((row) => row.id);
  }

  /** Projects (of `projectIds`) that have no demo model yet. */
  async withoutDemo(projectIds: readonly string[]): Promise<string[]> {
    if (projectIds.length === 0) return [];
    const { rows } = await sql<{ project_id: string }>`select distinct project_id from bim_model
      where demo and project_id in (${sql.join(projectIds)})`.execute(this.db);
    const done = new Set(rows.map((row) => row.project_id));
    return projectIds.filter((id) => !done.has(id));
  }
}
