/**
 * 安全检查: a new inspection gets one checklist row per item of its template; a row judged 不合格 needs photos;
 * completing the inspection raises one hazard per 不合格 row (location from the inspection, photos and remark
 * from the row, its responsible person and deadline from the completion) and links both ways. A row that already
 * raised its hazard never raises another, so nothing is raised twice.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import {
  type CollectionRecords,
  type Db,
  DomainError,
  invalidField,
  type RecordValues,
  type RecordWrite,
} from '../../../src/server/module-api.js';
import { type InspectionScore, type ScoredItem, scoreInspection } from './jgj59.js';

const INSPECTION = 'safety-inspection';
const ITEM = 'safety-inspection-item';
const TEMPLATE = 'safety-checklist-template';
const TEMPLATE_ITEM = 'safety-checklist-item';
const HAZARD = 'safety-hazard';

export const InspectionMessages = {
  emptyTemplate: '该检查模板还没有检查项，请先在检查模板中添加',
  failNeedsPhotos: '不合格项请上传现场照片',
  finished: '检查已完成，检查项不能再修改',
  unjudged: (count: number) => `还有${count}项未判定，请逐项检查后再完成检查`,
  needsResponsible: '存在不合格项，请选择整改责任人',
  needsDeadline: '存在不合格项，请选择整改期限',
  deductionNeeded: '不合格的评分项目请填写扣分',
  deductionTooHigh: (points: number) => `扣分不能超过该项目的应得分值${points}分`,
  deductionOnPass: '合格的项目不扣分；有扣分请判定为不合格',
  deductionOnNa: '不涉及的项目不扣分',
  noTable: (table: string) => `本次检查没有“${table}”检查表`,
} as const;

interface ItemRow {
  id: string;
  responsibleId: string | null;
  deadline: string | null;
  section: string | null;
  content: string;
  category: string | null;
  level: string | null;
  photos: unknown;
  remark: string | null;
}

/** A date column as `YYYY-MM-DD` (PostgreSQL answers a date column as text or as a Date, by driver). */
const dateText = (value: unknown): string | null =>
  value instanceof Date
    ? value.toISOString().slice(0, 10)
    : typeof value === 'string' && value
      ? value.slice(0, 10)
      : null;

const asList = (value: unknown): string[] =>
  (typeof value === 'string' ? (JSON.parse(value) as unknown[]) : Array.isArray(value) ? value : []).map(String);

/** The checklist of a new inspection: the template's items, in their order. */
async function fillChecklist(write: RecordWrite): Promise<void> {
  const inspection = await write.records(INSPECTION).get(write.id);
  const templateId = String(inspection.templateId ?? '');
  // That the template is of the inspection's project, the collection file's reference says.
  const items = await write.records(TEMPLATE_ITEM).all(write.projectId, { templateId }, 500);
  if (items.length === 0) throw invalidField('templateId', InspectionMessages.emptyTemplate);
  items.sort((a, b) => Number(a.sort ?? 0) - Number(b.sort ?? 0));
  await write.records(ITEM).seed(
    write.projectId,
    items.map((item, index) => ({
      id: randomUUID(),
      createdBy: write.actorId,
      values: {
        inspectionId: write.id,
        section: item.section,
        content: item.content,
        standard: item.standard,
        category: item.category,
        itemName: item.itemName,
        itemKind: item.itemKind,
        points: item.points,
        sort: index + 1,
      },
    })),
  );
  await sql`update c_safety_inspection set item_count = ${items.length}, fail_count = 0, hazard_count = 0
    where id = ${write.id}`.execute(write.db);
  await rescore(write.db, write.id);
}

async function inspectionStatus(write: RecordWrite, inspectionId: string): Promise<string | undefined> {
  const result = await sql<{ status: string }>`select status from c_safety_inspection
    where id = ${inspectionId}`.execute(write.db);
  return result.rows[0]?.status;
}

/** A checklist row changes only while its inspection is under way; 不合格 needs photos. */
async function checkItem(write: RecordWrite): Promise<void> {
  const item: RecordValues = write.kind === 'remove' ? (write.before ?? {}) : await write.records(ITEM).get(write.id);
  const inspectionId = String(item.inspectionId ?? '');
  const status = await inspectionStatus(write, inspectionId);
  if (status === undefined) throw invalidField('inspectionId', '安全检查不存在或已被删除');
  if (status !== 'checking') throw new DomainError('conflict', InspectionMessages.finished);
  if (write.kind !== 'remove' && item.result === 'fail' && asList(item.photos).length === 0)
    throw invalidField('photos', InspectionMessages.failNeedsPhotos);
  if (write.kind !== 'remove') checkDeduction(item);
  await sql`update c_safety_inspection set
      item_count = (select count(*) from c_safety_inspection_item where inspection_id = ${inspectionId}),
      fail_count = (select count(*) from c_safety_inspection_item where inspection_id = ${inspectionId}
        and result = 'fail'),
      -- Its score sheet changed with the row (not the record itself: no new version): its page reads it again.
      updated_at = now()
    where id = ${inspectionId}`.execute(write.db);
  await rescore(write.db, inspectionId);
}

/**
 * A scored row (one with 应得分值): 不合格 loses 1 to all of its points, 合格 and 不涉及 lose nothing. Rows without
 * points are judged 合格/不合格 only, as before the scoring came.
 */
function checkDeduction(item: RecordValues): void {
  const points = typeof item.points === 'number' ? item.points : null;
  const deduction = typeof item.deduction === 'number' ? item.deduction : null;
  if (item.result === 'na' && deduction) throw invalidField('deduction', InspectionMessages.deductionOnNa);
  if (item.result === 'pass' && deduction) throw invalidField('deduction', InspectionMessages.deductionOnPass);
  if (points === null) return;
  if (item.result === 'fail' && !deduction) throw invalidField('deduction', InspectionMessages.deductionNeeded);
  if (deduction !== null && deduction > points)
    throw invalidField('deduction', InspectionMessages.deductionTooHigh(points));
}

interface ScoreRow {
  id: string;
  section: string | null;
  itemKind: string | null;
  points: number | string | null;
  result: string | null;
  deduction: number | string | null;
}

/** The inspection's JGJ 59 scores as its rows stand now: each row's 实得分, the 汇总表 total and the grade. */
export async function scoreOf(db: Db, inspectionId: string): Promise<{ rows: ScoreRow[]; score: InspectionScore }> {
  const { rows } = await sql<ScoreRow>`select id, section, item_kind as "itemKind", points, result, deduction
    from c_safety_inspection_item where inspection_id = ${inspectionId} and points is not null
    order by sort, id`.execute(db);
  const items: ScoredItem[] = rows.map((row) => ({
    table: row.section ?? '',
    kind: row.itemKind === 'guarantee' || row.itemKind === 'general' ? row.itemKind : null,
    points: Number(row.points),
    result: row.result === 'pass' || row.result === 'fail' || row.result === 'na' ? row.result : null,
    deduction: Number(row.deduction ?? 0),
  }));
  return { rows, score: scoreInspection(items) };
}

/** Stores what the lists show: each scored row's 实得分, and the inspection's total and grade. */
export async function rescore(db: Db, inspectionId: string): Promise<void> {
  const { rows, score } = await scoreOf(db, inspectionId);
  for (const row of rows) {
    const got =
      row.result === 'na' || row.result === null
        ? null
        : Math.max(0, Number(row.points) - Math.min(Number(row.deduction ?? 0), Number(row.points)));
    await sql`update c_safety_inspection_item set score = ${got} where id = ${row.id}
      and score is distinct from ${got}`.execute(db);
  }
  await sql`update c_safety_inspection set total_score = ${score.total}, grade = ${score.grade}
    where id = ${inspectionId}`.execute(db);
}

/** Completion: every row judged, then one hazard for each 不合格 row that has none yet. */
async function raiseHazards(write: RecordWrite): Promise<void> {
  const inspection = await write.records(INSPECTION).get(write.id);
  const unjudged = await sql<{ n: string }>`select count(*) as n from c_safety_inspection_item
    where inspection_id = ${write.id} and result is null`.execute(write.db);
  const open = Number(unjudged.rows[0]?.n ?? 0);
  if (open > 0) throw new DomainError('invalid', InspectionMessages.unjudged(open));
  // `for update`: of two completions at once the second waits here and then finds the rows linked already.
  const failed = await sql<ItemRow>`select id, section, content, category, level, photos, remark,
      responsible_id as "responsibleId", deadline
    from c_safety_inspection_item where inspection_id = ${write.id} and result = 'fail' and hazard_id is null
    order by sort, id for update`.execute(write.db);
  // A row may name its own responsible person and deadline; the completion's serve the rows that name none.
  if (failed.rows.some((item) => !item.responsibleId || !item.deadline)) {
    if (!inspection.responsibleId) throw invalidField('responsibleId', InspectionMessages.needsResponsible);
    if (!inspection.rectifyDeadline) throw invalidField('rectifyDeadline', InspectionMessages.needsDeadline);
  }
  await rescore(write.db, write.id);
  const hazards: CollectionRecords = write.records(HAZARD);
  for (const item of failed.rows) {
    // A hazard needs its photos; a row that lost them (an import, an old client) stops the whole completion.
    if (asList(item.photos).length === 0)
      throw invalidField('photos', `${InspectionMessages.failNeedsPhotos}：${item.content}`);
    // What was found: the requirement not met, then the inspector's remark.
    const described = `${item.section ? `【${item.section}】` : ''}未达要求：${item.content}${item.remark ? `；${item.remark}` : ''}`;
    const hazard = await hazards.create(
      write.projectId,
      {
        description: described.slice(0, 200),
        category: item.category ?? 'other',
        level: item.level ?? 'general',
        location: inspection.area,
        photos: asList(item.photos),
        responsibleId: item.responsibleId ?? inspection.responsibleId,
        reviewerId: inspection.inspectorId,
        deadline: dateText(item.deadline) ?? inspection.rectifyDeadline,
        inspectionId: write.id,
      },
      write.actorId,
    );
    await sql`update c_safety_inspection_item set hazard_id = ${String(hazard.id)}
      where id = ${item.id} and hazard_id is null`.execute(write.db);
  }
  await sql`update c_safety_inspection set hazard_count =
      (select count(*) from c_safety_hazard where inspection_id = ${write.id})
    where id = ${write.id}`.execute(write.db);
}

/**
 * 全部合格: every row not yet judged (of one table, or of the whole inspection) becomes 合格 with no deduction, in one
 * statement; rows already judged keep their result. Answers how many rows it judged.
 */
export async function allPass(db: Db, inspectionId: string, table?: string): Promise<number> {
  const status = await sql<{ status: string }>`select status from c_safety_inspection where id = ${inspectionId}
    for update`.execute(db);
  if (status.rows[0]?.status !== 'checking') throw new DomainError('conflict', InspectionMessages.finished);
  if (table) {
    const found = await sql<{ n: string }>`select count(*) as n from c_safety_inspection_item
      where inspection_id = ${inspectionId} and section = ${table}`.execute(db);
    if (Number(found.rows[0]?.n ?? 0) === 0) throw invalidField('table', InspectionMessages.noTable(table));
  }
  const result = await sql`update c_safety_inspection_item set result = 'pass', deduction = null,
      updated_at = now(), version = version + 1
    where inspection_id = ${inspectionId} and result is null
      and (${table ?? null}::text is null or section = ${table ?? null})`.execute(db);
  await sql`update c_safety_inspection set
      fail_count = (select count(*) from c_safety_inspection_item where inspection_id = ${inspectionId}
        and result = 'fail'),
      updated_at = now()
    where id = ${inspectionId}`.execute(db);
  await rescore(db, inspectionId);
  return Number(result.numAffectedRows ?? 0);
}

export function inspectionHooks(collections: ReadonlyMap<string, CollectionRecords>): void {
  const of = (id: string): CollectionRecords => {
    const records = collections.get(id);
    if (!records) throw new Error(`the safety module needs the collection ${id}`);
    return records;
  };
  of(INSPECTION).onWrite(async (write) => {
    if (write.kind === 'create') await fillChecklist(write);
    else if (write.kind === 'transition' && write.action === 'complete') await raiseHazards(write);
    else if (write.kind === 'remove')
      await sql`delete from c_safety_inspection_item where inspection_id = ${write.id}`.execute(write.db);
  });
  of(ITEM).onWrite(checkItem);
  of(TEMPLATE).onWrite(async (write) => {
    if (write.kind === 'remove')
      await sql`delete from c_safety_checklist_item where template_id = ${write.id}`.execute(write.db);
  });
}
