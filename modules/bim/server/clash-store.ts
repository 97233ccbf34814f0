/**
 * The clash checks of projects and what they found (tables bim_clash_test and bim_clash, migrations.ts). A check is
 * one pair of element sets with a tolerance; running it again (the same models and disciplines) reuses its row, and
 * each clash is kept by its element pair, so a pair found again keeps its status and assignee; one no longer found
 * stays (found = false) and comes back with its status if a later run finds it again.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { Db } from '../../../src/server/module-api.js';
import type { ClashViewpoint, Vec3 } from './clash-geometry.js';
import type { Discipline } from './clash-elements.js';

export type CheckStatus = 'queued' | 'running' | 'done' | 'failed';
export type ClashStatus = 'new' | 'assigned' | 'resolved' | 'ignored';

export const CHECK_STATUS_LABELS: Record<CheckStatus, string> = {
  queued: '排队中',
  running: '检查中',
  done: '已完成',
  failed: '检查失败',
};

export const CLASH_STATUS_LABELS: Record<ClashStatus, string> = {
  new: '新建',
  assigned: '已指派',
  resolved: '已解决',
  ignored: '忽略',
};

export const ClashMessages = {
  testNotFound: '碰撞检查不存在或已被删除',
  clashNotFound: '碰撞不存在或已被删除',
  modelNotReady: '模型尚未转换完成，转换完成后才能检查碰撞',
  sameSet: '同一模型请选择两个不同的专业',
  running: '该碰撞检查正在进行，请等待完成后再运行',
  assignee: '负责人不存在',
  failed: '碰撞检查失败，请确认模型已正确转换',
} as const;

export interface CheckSettings {
  modelA: string;
  disciplineA: Discipline;
  modelB: string;
  disciplineB: Discipline;
  toleranceMm: number;
}

export interface ClashTest extends CheckSettings {
  id: string;
  projectId: string;
  modelAName: string;
  modelBName: string;
  status: CheckStatus;
  statusLabel: string;
  progress: number;
  error: string;
  run: number;
  elementsA: number;
  elementsB: number;
  candidates: number;
  clashCount: number;
  checkMs: number;
  createdByName: string;
  createdAt: string;
  finishedAt: string;
}

export interface ClashElementRef {
  localId: number;
  guid: string;
  name: string;
  ifcClass: string;
}

export interface Clash {
  id: string;
  testId: string;
  a: ClashElementRef;
  b: ClashElementRef;
  storey: string;
  distanceMm: number;
  point: Vec3;
  viewpoint: ClashViewpoint;
  status: ClashStatus;
  statusLabel: string;
  assigneeId: string;
  assigneeName: string;
  found: boolean;
  updatedAt: string;
}

/** A clash as a run finds it (before it is stored). */
export interface FoundClash {
  a: ClashElementRef;
  b: ClashElementRef;
  storey: string;
  distanceMm: number;
  point: Vec3;
  viewpoint: ClashViewpoint;
}

interface TestRow {
  id: string;
  project_id: string;
  model_a: string;
  discipline_a: Discipline;
  model_b: string;
  discipline_b: Discipline;
  tolerance_mm: number;
  status: CheckStatus;
  progress: number;
  error: string | null;
  run: number;
  elements_a: number | null;
  elements_b: number | null;
  candidates: number | null;
  clash_count: number | null;
  check_ms: number | null;
  created_at: Date | string;
  finished_at: Date | string | null;
  model_a_name: string | null;
  model_b_name: string | null;
  created_by_name: string | null;
}

interface ClashRow {
  id: string;
  test_id: string;
  a_local_id: number;
  a_guid: string;
  a_name: string;
  a_class: string;
  b_local_id: number;
  b_guid: string;
  b_name: string;
  b_class: string;
  storey: string;
  distance_mm: number;
  point: Vec3 | string;
  viewpoint: ClashViewpoint | string;
  status: ClashStatus;
  assignee_id: string | null;
  assignee_name: string | null;
  found: boolean;
  updated_at: Date | string;
}

// PGlite and pg both hand jsonb back parsed; a text driver would not, so both are read.
const json = <T>(value: T | string): T => (typeof value === 'string' ? (JSON.parse(value) as T) : value);
const iso = (value: Date | string | null) => (value ? new Date(value).toISOString() : '');

const shownTest = (row: TestRow): ClashTest => ({
  id: row.id,
  projectId: row.project_id,
  modelA: row.model_a,
  disciplineA: row.discipline_a,
  modelB: row.model_b,
  disciplineB: row.discipline_b,
  toleranceMm: row.tolerance_mm,
  modelAName: row.model_a_name ?? '',
  modelBName: row.model_b_name ?? '',
  status: row.status,
  statusLabel: CHECK_STATUS_LABELS[row.status],
  progress: row.progress,
  error: row.error ?? '',
  run: row.run,
  elementsA: row.elements_a ?? 0,
  elementsB: row.elements_b ?? 0,
  candidates: row.candidates ?? 0,
  clashCount: row.clash_count ?? 0,
  checkMs: row.check_ms ?? 0,
  createdByName: row.created_by_name ?? '',
  createdAt: iso(row.created_at),
  finishedAt: iso(row.finished_at),
});

const shownClash = (row: ClashRow): Clash => ({
  id: row.id,
  testId: row.test_id,
  a: { localId: row.a_local_id, guid: row.a_guid, name: row.a_name, ifcClass: row.a_class },
  b: { localId: row.b_local_id, guid: row.b_guid, name: row.b_name, ifcClass: row.b_class },
  storey: row.storey,
  distanceMm: row.distance_mm,
  point: json(row.point),
  viewpoint: json(row.viewpoint),
  status: row.status,
  statusLabel: CLASH_STATUS_LABELS[row.status],
  assigneeId: row.assignee_id ?? '',
  assigneeName: row.assignee_name ?? '',
  found: row.found,
  updatedAt: iso(row.updated_at),
});

/** The same pair, whichever side each element came from: "model:localId|model:localId", sorted. */
export const pairKey = (modelA: string, a: number, modelB: string, b: number) =>
  [`${modelA}:${a}`, `${modelB}:${b}`].sort().join('|');

export class ClashStore {
  constructor(
    private readonly db: Db,
    private readonly now: () => Date,
  ) {}

  private selectTests() {
    return sql`select t.*, ma.name as model_a_name, mb.name as model_b_name, u.name as created_by_name
      from bim_clash_test t join bim_model ma on ma.id = t.model_a join bim_model mb on mb.id = t.model_b
      left join sys_user u on u.id = t.created_by`;
  }

  async tests(projectId: string): Promise<ClashTest[]> {
    const { rows } = await sql<TestRow>`${this.selectTests()} where t.project_id = ${projectId}
      order by t.created_at desc, t.id`.execute(this.db);
    return rows.map(shownTest);
  }

  async test(id: string): Promise<ClashTest | undefined> {
    const { rows } = await sql<TestRow>`${this.selectTests()} where t.id = ${id}`.execute(this.db);
    return rows[0] && shownTest(rows[0]);
  }

  /**
   * The check of these element sets in the project (the one already there, with the new tolerance, or a new one),
   * queued for a run.
   */
  async queue(projectId: string, settings: CheckSettings, userId: string): Promise<ClashTest> {
    const { modelA, disciplineA, modelB, disciplineB, toleranceMm } = settings;
    const { rows } = await sql<{ id: string }>`select id from bim_clash_test where project_id = ${projectId}
      and ((model_a = ${modelA} and discipline_a = ${disciplineA} and model_b = ${modelB} and discipline_b = ${disciplineB})
        or (model_a = ${modelB} and discipline_a = ${disciplineB} and model_b = ${modelA} and discipline_b = ${disciplineA}))
      limit 1`.execute(this.db);
    let id = rows[0]?.id;
    if (id)
      await sql`update bim_clash_test set tolerance_mm = ${toleranceMm}, status = 'queued', progress = 0,
        error = null where id = ${id}`.execute(this.db);
    else {
      id = randomUUID();
      await sql`insert into bim_clash_test (id, project_id, model_a, discipline_a, model_b, discipline_b,
          tolerance_mm, status, progress, run, created_by, created_at)
        values (${id}, ${projectId}, ${modelA}, ${disciplineA}, ${modelB}, ${disciplineB}, ${toleranceMm}, 'queued',
          0, 0, ${userId}, ${this.now()})`.execute(this.db);
    }
    return (await this.test(id))!;
  }

  async progress(id: string, status: CheckStatus, progress: number, error = ''): Promise<void> {
    await sql`update bim_clash_test set status = ${status}, progress = ${progress}, error = ${error || null}
      where id = ${id}`.execute(this.db);
  }

  /**
   * Records a finished run: the clashes it found are written by their pair (a pair seen before keeps its status and
   * assignee), those it did not find again are marked so, and the check's figures are kept.
   */
  async finished(
    test: ClashTest,
    clashes: readonly FoundClash[],
    figures: { elementsA: number; elementsB: number; candidates: number; checkMs: number },
  ): Promise<void> {
    const run = test.run + 1;
    const at = this.now();
    await this.db.transaction().execute(async (trx) => {
      // A few hundred rows a statement: a large model's thousands of clashes in a few round trips.
      for (let start = 0; start < clashes.length; start += 200) {
        const values = clashes.slice(start, start + 200).map(
          (
            clash,
          ) => sql`(${randomUUID()}, ${test.id}, ${pairKey(test.modelA, clash.a.localId, test.modelB, clash.b.localId)},
            ${clash.a.localId}, ${clash.a.guid}, ${clash.a.name}, ${clash.a.ifcClass},
            ${clash.b.localId}, ${clash.b.guid}, ${clash.b.name}, ${clash.b.ifcClass},
            ${clash.storey}, ${clash.distanceMm}, ${JSON.stringify(clash.point)}::jsonb,
            ${JSON.stringify(clash.viewpoint)}::jsonb, 'new', true, ${run}, ${at})`,
        );
        await sql`insert into bim_clash (id, test_id, pair_key, a_local_id, a_guid, a_name, a_class, b_local_id,
            b_guid, b_name, b_class, storey, distance_mm, point, viewpoint, status, found, found_run, updated_at)
          values ${sql.join(values)}
          on conflict (test_id, pair_key) do update set a_local_id = excluded.a_local_id, a_guid = excluded.a_guid,
            a_name = excluded.a_name, a_class = excluded.a_class, b_local_id = excluded.b_local_id,
            b_guid = excluded.b_guid, b_name = excluded.b_name, b_class = excluded.b_class,
            storey = excluded.storey, distance_mm = excluded.distance_mm, point = excluded.point,
            viewpoint = excluded.viewpoint, found = true, found_run = excluded.found_run`.execute(trx);
      }
      await sql`update bim_clash set found = false where test_id = ${test.id} and found_run < ${run}`.execute(trx);
      await sql`update bim_clash_test set status = 'done', progress = 100, error = null, run = ${run},
          elements_a = ${figures.elementsA}, elements_b = ${figures.elementsB}, candidates = ${figures.candidates},
          clash_count = ${clashes.length}, check_ms = ${figures.checkMs}, finished_at = ${at}
        where id = ${test.id}`.execute(trx);
    });
  }

  async remove(id: string): Promise<void> {
    await sql`delete from bim_clash_test where id = ${id}`.execute(this.db);
  }

  private selectClashes() {
    return sql`select c.*, u.name as assignee_name from bim_clash c left join sys_user u on u.id = c.assignee_id`;
  }

  /** What the latest run of check `testId` found (of one status if `status` is given), by storey and depth. */
  async clashes(testId: string, status?: ClashStatus): Promise<Clash[]> {
    const { rows } = await sql<ClashRow>`${this.selectClashes()} where c.test_id = ${testId} and c.found
      ${status ? sql`and c.status = ${status}` : sql``}
      order by c.storey, c.distance_mm desc, c.a_name, c.b_name`.execute(this.db);
    return rows.map(shownClash);
  }

  /** One clash with the project of its check. */
  async clash(id: string): Promise<(Clash & { projectId: string }) | undefined> {
    const { rows } = await sql<ClashRow & { project_id: string }>`select c.*, u.name as assignee_name, t.project_id
      from bim_clash c join bim_clash_test t on t.id = c.test_id left join sys_user u on u.id = c.assignee_id
      where c.id = ${id}`.execute(this.db);
    return rows[0] && { ...shownClash(rows[0]), projectId: rows[0].project_id };
  }

  async update(id: string, status: ClashStatus, assigneeId: string, userId: string): Promise<void> {
    await sql`update bim_clash set status = ${status}, assignee_id = ${assigneeId || null}, updated_by = ${userId},
      updated_at = ${this.now()} where id = ${id}`.execute(this.db);
  }

  async userExists(id: string): Promise<boolean> {
    const { rows } = await sql`select 1 from sys_user where id = ${id}`.execute(this.db);
    return rows.length > 0;
  }
}
