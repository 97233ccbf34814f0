/**
 * The splits of models (table bim_split, migration 0003-parts): one model split by storey or by discipline, its
 * state and progress as the job bim-split writes them. Each part is a bim_model row of its own (split_id,
 * part_label, part_elements, part_order), its IFC in the file store: the job bim-convert converts it, the viewer
 * opens it and the IFC downloads, as for any model. A split goes with its parts; a model goes with its splits.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { Db } from '../../../src/server/module-api.js';
import { type BimModel, type BimModels, type ModelStatus, STATUS_LABELS } from './models.js';
import { SPLIT_MODES, type SplitMode } from './split-ifc.js';

export type SplitStatus = 'queued' | 'splitting' | 'done' | 'failed';

export const SPLIT_STATUS_LABELS: Record<SplitStatus, string> = {
  queued: '排队拆分',
  splitting: '拆分中',
  done: '已拆分',
  failed: '拆分失败',
};

export const SplitStoreMessages = {
  notFound: '拆分记录不存在或已被删除',
  partNotFound: '拆分出的模型不存在或已被删除',
  running: '该模型正在拆分，请稍候',
  exists: (mode: SplitMode) => `该模型已${SPLIT_MODES[mode]}拆分，如需重新拆分请先删除原拆分`,
  isPart: '拆分出的模型不能再拆分，请选择原模型',
} as const;

/** A part as the page lists it: the IFC written by the split, and its conversion for the viewer. */
export interface SplitPart {
  id: string;
  label: string;
  name: string;
  fileName: string;
  elements: number;
  ifcSize: number;
  status: ModelStatus;
  statusLabel: string;
  progress: number;
  error: string;
}

export interface BimSplit {
  id: string;
  projectId: string;
  modelId: string;
  modelName: string;
  mode: SplitMode;
  modeLabel: string;
  status: SplitStatus;
  statusLabel: string;
  progress: number;
  error: string;
  /** Who asked for it (the parts are stored as theirs); not in the API's answer. */
  createdBy: string;
  createdByName: string;
  createdAt: string;
  finishedAt: string;
  parts: SplitPart[];
}

interface SplitRow {
  id: string;
  project_id: string;
  model_id: string;
  model_name: string | null;
  mode: SplitMode;
  status: SplitStatus;
  progress: number;
  error: string | null;
  created_by: string;
  created_by_name: string | null;
  created_at: Date | string;
  finished_at: Date | string | null;
}

interface PartRow {
  id: string;
  split_id: string;
  name: string;
  file_name: string;
  part_label: string;
  part_elements: number | null;
  ifc_size: string | number;
  status: ModelStatus;
  progress: number;
  error: string | null;
}

const partShown = (row: PartRow): SplitPart => ({
  id: row.id,
  label: row.part_label,
  name: row.name,
  fileName: row.file_name,
  elements: row.part_elements ?? 0,
  ifcSize: Number(row.ifc_size),
  status: row.status,
  statusLabel: STATUS_LABELS[row.status],
  progress: row.progress,
  error: row.error ?? '',
});

export class BimSplits {
  constructor(
    private readonly db: Db,
    private readonly models: BimModels,
    private readonly now: () => Date,
  ) {}

  private select() {
    return sql`select s.*, m.name as model_name, u.name as created_by_name from bim_split s
      left join bim_model m on m.id = s.model_id left join sys_user u on u.id = s.created_by`;
  }

  private async withParts(rows: SplitRow[]): Promise<BimSplit[]> {
    if (rows.length === 0) return [];
    const { rows: parts } = await sql<PartRow>`select id, split_id, name, file_name, part_label, part_elements,
        ifc_size, status, progress, error from bim_model
      where split_id in (${sql.join(rows.map((row) => row.id))}) order by part_order, id`.execute(this.db);
    return rows.map((row) => ({
      id: row.id,
      projectId: row.project_id,
      modelId: row.model_id,
      modelName: row.model_name ?? '',
      mode: row.mode,
      modeLabel: SPLIT_MODES[row.mode],
      status: row.status,
      statusLabel: SPLIT_STATUS_LABELS[row.status],
      progress: row.progress,
      error: row.error ?? '',
      createdBy: row.created_by,
      createdByName: row.created_by_name ?? '',
      createdAt: new Date(row.created_at).toISOString(),
      finishedAt: row.finished_at ? new Date(row.finished_at).toISOString() : '',
      parts: parts.filter((part) => part.split_id === row.id).map(partShown),
    }));
  }

  /** The splits of a project (of one model with `modelId`), newest first. */
  async of(projectId: string, modelId?: string): Promise<BimSplit[]> {
    const { rows } = await sql<SplitRow>`${this.select()} where s.project_id = ${projectId}
      ${modelId ? sql`and s.model_id = ${modelId}` : sql``} order by s.created_at desc, s.id`.execute(this.db);
    return this.withParts(rows);
  }

  async byId(id: string): Promise<BimSplit | undefined> {
    const { rows } = await sql<SplitRow>`${this.select()} where s.id = ${id}`.execute(this.db);
    return (await this.withParts(rows))[0];
  }

  /** A part (a model split from another) with the split it came from, or undefined for any other model. */
  async part(modelId: string): Promise<(BimModel & { ifcUpload: string; splitId: string }) | undefined> {
    const { rows } = await sql<{ split_id: string | null }>`select split_id from bim_model
      where id = ${modelId}`.execute(this.db);
    const splitId = rows[0]?.split_id;
    if (!splitId) return undefined;
    const model = await this.models.byId(modelId);
    return model && { ...model, splitId };
  }

  /** Whether a model is itself a part of a split. */
  async isPart(modelId: string): Promise<boolean> {
    return (await this.part(modelId)) !== undefined;
  }

  /** The split of `modelId` by `mode` there is already, if any. */
  async existing(modelId: string, mode: SplitMode): Promise<BimSplit | undefined> {
    const { rows } = await sql<{ id: string }>`select id from bim_split where model_id = ${modelId}
      and mode = ${mode}`.execute(this.db);
    return rows[0] && this.byId(rows[0].id);
  }

  async create(projectId: string, modelId: string, mode: SplitMode, userId: string): Promise<BimSplit> {
    const id = randomUUID();
    await sql`insert into bim_split (id, project_id, model_id, mode, status, progress, created_by, created_at)
      values (${id}, ${projectId}, ${modelId}, ${mode}, 'queued', 0, ${userId}, ${this.now()})`.execute(this.db);
    return (await this.byId(id))!;
  }

  async progress(id: string, status: SplitStatus, progress: number, error = ''): Promise<void> {
    await sql`update bim_split set status = ${status}, progress = ${progress}, error = ${error || null},
        finished_at = ${status === 'done' || status === 'failed' ? this.now() : null}
      where id = ${id}`.execute(this.db);
  }

  /** Stores a part's IFC as a model of the split's project, queued for conversion; answers the model's id. */
  async addPart(
    split: BimSplit,
    part: { label: string; bytes: Uint8Array; elements: number; order: number },
    schema: string,
    userId: string,
  ): Promise<string> {
    const name = `${split.modelName}（${part.label}）`;
    const fileName = `${name}.ifc`;
    const upload = await this.models.uploads.put(Buffer.from(part.bytes), fileName, userId);
    const model = await this.models.record(split.projectId, name, fileName, upload, part.bytes.length, schema, userId);
    await sql`update bim_model set split_id = ${split.id}, part_label = ${part.label},
        part_elements = ${part.elements}, part_order = ${part.order}
      where id = ${model.id}`.execute(this.db);
    return model.id;
  }

  /** The parts written so far (a split run again starts over). */
  async partIds(splitId: string): Promise<string[]> {
    const { rows } = await sql<{ id: string }>`select id from bim_model where split_id = ${splitId}`.execute(this.db);
    return rows.map((row) => row.id);
  }

  /** Deletes a split with its parts' rows and files (their issues are the caller's: routes). */
  async remove(id: string): Promise<void> {
    for (const part of await this.partIds(id)) await this.models.remove(part);
    await sql`delete from bim_split where id = ${id}`.execute(this.db);
  }
}
