/**
 * The workbench's worker figures of one project (POST /api/zhgd/projectstatistics/project), from the registry:
 * ages and native provinces of the workers on site, and the personnel overview with today's attendance. The
 * module hands them to the workbench (plugin.ts); a project without workers gets zeros and empty lists.
 */
import { sql } from 'kysely';
import { ageOn, chinaDate, fieldColumn, type Db, type WorkerFigures } from '../../../src/server/module-api.js';

/** Where the registry lives: the tables of the workers and attendance collections. */
export interface RegistryTables {
  workers: { table: string };
  attendance: { table: string };
}

export const AGE_BUCKETS: { name: string; max: number }[] = [
  { name: '18-30岁', max: 30 },
  { name: '31-40岁', max: 40 },
  { name: '41-50岁', max: 50 },
  { name: '51-60岁', max: 60 },
  { name: '60岁以上', max: Number.POSITIVE_INFINITY },
];

const percent = (part: number, whole: number) => (whole === 0 ? 0 : Math.round((part * 1000) / whole) / 10);
const column = (field: string) => sql.ref(`w.${fieldColumn(field)}`);

export async function workerFigures(
  db: Db,
  tables: RegistryTables,
  projectId: string,
  now: Date,
): Promise<WorkerFigures> {
  const empty: WorkerFigures = {
    ageDistribution: [],
    geoDistribution: [],
    personnel: { registered: 0, onSite: 0, onSiteToday: 0, exited: 0, teams: 0, blacklisted: 0, attendanceRate: 0 },
  };
  const today = chinaDate(now);
  const clockedIn = sql<boolean>`exists (select 1 from ${sql.table(tables.attendance.table)} a
    where a.project_id = w.project_id and a.worker = w.id and a.date = ${today} and a.clock_in is not null)`;
  const result = await sql<{
    status: string | null;
    birthday: string | null;
    province: string | null;
    team: string | null;
    blacklisted: boolean | null;
    today: boolean;
  }>`select ${column('status')} as status, to_char(${column('birthday')}, 'YYYY-MM-DD') as birthday,
      ${column('nativePlace')} as province, ${column('team')} as team, ${column('blacklisted')} as blacklisted,
      ${clockedIn} as today
    from ${sql.table(tables.workers.table)} w where w.project_id = ${projectId}`.execute(db);
  const workers = result.rows;
  if (workers.length === 0) return empty;

  const onSite = workers.filter((w) => w.status !== 'left');
  const ageDistribution = AGE_BUCKETS.map((bucket) => ({ name: bucket.name, value: 0 }));
  for (const worker of onSite) {
    if (!worker.birthday) continue;
    const age = ageOn(worker.birthday, now);
    ageDistribution[AGE_BUCKETS.findIndex((bucket) => age <= bucket.max)].value += 1;
  }
  const byProvince = new Map<string, number>();
  for (const worker of onSite) {
    const province = worker.province ?? '未知';
    byProvince.set(province, (byProvince.get(province) ?? 0) + 1);
  }
  const geoDistribution = [...byProvince]
    .map(([name, value]) => ({ name, value }))
    .sort((a, b) => b.value - a.value || a.name.localeCompare(b.name, 'zh-CN'));
  const onSiteToday = onSite.filter((w) => w.today).length;
  return {
    ageDistribution,
    geoDistribution,
    personnel: {
      registered: workers.length,
      onSite: onSite.length,
      onSiteToday,
      exited: workers.length - onSite.length,
      teams: new Set(onSite.map((w) => w.team).filter(Boolean)).size,
      blacklisted: workers.filter((w) => w.blacklisted === true).length,
      attendanceRate: percent(onSiteToday, onSite.length),
    },
  };
}
