/**
 * 安全教育: attendees are workers of the training's own project; each attendee row carries its course type and
 * date (so a worker's education history reads from one collection), a training its attendee and pass counts, and
 * every worker of the labour registry the flag `safetyEducationMissing`: on site (在场) without a passed
 * 三级安全教育. The flag is a stored column so the worker list can filter and sort by it like any field.
 */
import { sql } from 'kysely';
import { type CollectionRecords, type Db, invalidField, type RecordWrite } from '../../../src/server/module-api.js';
import { setEducationMissing, workerPresence } from '../../labour/server/public.js';

/** 三级安全教育's levels and their least hours, 建教〔1997〕83号: 公司级 15, 项目级 15, 班组级 20 (50 in all). */
export const LEVEL3_HOURS = { company: 15, project: 15, team: 20 } as const;

export const EducationMessages = {
  levelOnlyLevel3: '只有三级安全教育分公司级、项目级、班组级',
  noWorkers: '没有符合条件的劳务人员',
  noLabour: '未启用劳务实名制模块，无法按班组添加参训人员',
} as const;

/**
 * Recomputes the flag of the given workers (all of a project, or every worker when neither is given): who is on
 * site comes from the labour registry, who passed 三级安全教育 from the attendees here; only changed flags are written.
 */
export async function refreshEducationFlags(db: Db, projectId?: string, workerIds?: readonly string[]): Promise<void> {
  const workers = await workerPresence(db, { projectId, workerIds });
  if (workers.length === 0) return;
  // Passed: a 三级 training recorded whole (no level), or each of its three levels (公司级, 项目级, 班组级).
  const { rows } = await sql<{ workerId: string }>`select worker_id as "workerId"
    from c_safety_training_attendee where passed and course_type = 'level3'
      and worker_id = any(${sql.val(workers.map((worker) => worker.id))}::text[])
    group by worker_id
    having bool_or(education_level is null)
      or count(distinct education_level) filter (where education_level in ('company', 'project', 'team')) = 3`.execute(
    db,
  );
  const passed = new Set(rows.map((row) => row.workerId));
  const changed = new Map<string, boolean>();
  for (const worker of workers) {
    const missing = worker.onSite && !passed.has(worker.id);
    if (missing !== worker.educationMissing) changed.set(worker.id, missing);
  }
  await setEducationMissing(db, changed);
}

async function countAttendees(db: Db, trainingId: string): Promise<void> {
  await sql`update c_safety_training set
      attendee_count = (select count(*) from c_safety_training_attendee where training_id = ${trainingId}),
      pass_count = (select count(*) from c_safety_training_attendee where training_id = ${trainingId} and passed)
    where id = ${trainingId}`.execute(db);
}

/** An attendee (a worker of the same project: the collection file's references say so), stamped with the training's course type and date. */
async function onAttendee(write: RecordWrite): Promise<void> {
  const before = write.before ?? {};
  const workers = [before.workerId].filter((id): id is string => typeof id === 'string');
  const trainings = [before.trainingId].filter((id): id is string => typeof id === 'string');
  if (write.kind !== 'remove') {
    const attendee = await write.records('safety-training-attendee').get(write.id);
    await sql`update c_safety_training_attendee a set course_type = t.course_type, training_date = t.training_date,
        education_level = t.education_level
      from c_safety_training t where t.id = a.training_id and a.id = ${write.id}`.execute(write.db);
    // 班前讲话 records who attended, never a score or a pass: whatever a client sent is not kept.
    await sql`update c_safety_training_attendee set score = null, passed = null
      where id = ${write.id} and course_type = 'preShift' and (score is not null or passed is not null)`.execute(
      write.db,
    );
    workers.push(String(attendee.workerId));
    trainings.push(String(attendee.trainingId));
  }
  for (const trainingId of new Set(trainings)) await countAttendees(write.db, trainingId);
  await refreshEducationFlags(write.db, write.projectId, [...new Set(workers)]);
}

/** A training takes its course's type; its attendees follow its course type and date. */
async function onTraining(write: RecordWrite): Promise<void> {
  if (write.kind === 'remove') {
    await sql`delete from c_safety_training_attendee where training_id = ${write.id}`.execute(write.db);
  } else {
    await sql`update c_safety_training t set course_type = c.course_type, hours = c.hours from c_safety_course c
      where c.id = t.course_id and t.id = ${write.id}`.execute(write.db);
    const training = await write.records('safety-training').get(write.id);
    const level = typeof training.educationLevel === 'string' ? training.educationLevel : null;
    if (level && training.courseType !== 'level3')
      throw invalidField('educationLevel', EducationMessages.levelOnlyLevel3);
    // A level of 三级安全教育 takes its own hours (建教〔1997〕83号), not the whole course's 50.
    if (level && level in LEVEL3_HOURS)
      await sql`update c_safety_training set hours = ${LEVEL3_HOURS[level as keyof typeof LEVEL3_HOURS]}
        where id = ${write.id}`.execute(write.db);
    await sql`update c_safety_training_attendee a set course_type = t.course_type, training_date = t.training_date,
        education_level = t.education_level
      from c_safety_training t where t.id = a.training_id and t.id = ${write.id}`.execute(write.db);
  }
  await refreshEducationFlags(write.db, write.projectId);
}

/** A course's type changed: its trainings and their attendees follow. */
async function onCourse(write: RecordWrite): Promise<void> {
  if (write.kind !== 'update') return;
  await sql`update c_safety_training t set course_type = c.course_type from c_safety_course c
    where c.id = t.course_id and c.id = ${write.id}`.execute(write.db);
  await sql`update c_safety_training_attendee a set course_type = t.course_type
    from c_safety_training t where t.id = a.training_id and t.course_id = ${write.id}`.execute(write.db);
  await refreshEducationFlags(write.db, write.projectId);
}

export function educationHooks(collections: ReadonlyMap<string, CollectionRecords>): void {
  const of = (id: string): CollectionRecords => {
    const records = collections.get(id);
    if (!records) throw new Error(`the safety module needs the collection ${id}`);
    return records;
  };
  of('safety-training-attendee').onWrite(onAttendee);
  of('safety-training').onWrite(onTraining);
  of('safety-course').onWrite(onCourse);
  // A worker who arrives, leaves or comes back: only their own flag changes.
  of('labour-worker').onWrite(async (write) => {
    if (write.kind !== 'remove') await refreshEducationFlags(write.db, write.projectId, [write.id]);
  });
}
