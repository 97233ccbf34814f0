/**
 * The workbench's labour figures of one project, from the labour registry (collections `labour-worker` and
 * `labour-attendance` of the labour module): ages and native provinces of the workers on site, and the personnel
 * overview with today's attendance. A portal without the labour module, or a project without workers, gets
 * zeros and empty lists, never an error.
 */
import { sql } from 'kysely';
import { fieldColumn } from '../../shared/collections.js';
import type { Db } from '../db/database.js';
import { ageOn, chinaDate } from './china-time.js';

export interface NameValue {
  name: string;
  value: number;
}

export interface PersonnelOverview {
  /** Everyone registered on the project (登记人数). */
  registered: number;
  /** Registered and on site (在场). */
  onSite: number;
  /** On site with a clock-in today, China time (今日出勤). */
  onSiteToday: number;
  /** Left the site (退场). */
  exited: number;
  /** Teams (班组) with someone on site. */
  teams: number;
  /** On the blacklist (黑名单). */
  blacklisted: number;
  /** onSiteToday / onSite in percent, one decimal; 0 when nobody is on site. */
  attendanceRate: number;
}

export interface LabourFigures {
  ageDistribution: NameValue[];
  geoDistribution: NameValue[];
  personnel: PersonnelOverview;
}

/** Where the registry lives: the tables of the two collections (absent without the labour module). */
export interface LabourTables {
  workers?: { table: string };
  attendance?: { table: string };
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

export async function labourFigures(
  db: Db,
  tables: LabourTables,
  projectId: string,
  now: Date,
): Promise<LabourFigures> {
  const empty: LabourFigures = {
    ageDistribution: [],
    geoDistribution: [],
    personnel: { registered: 0, onSite: 0, onSiteToday: 0, exited: 0, teams: 0, blacklisted: 0, attendanceRate: 0 },
  };
  if (!tables.workers) return empty;
  const today = chinaDate(now);
  const clockedIn = tables.attendance
    ? sql<boolean>`exists (select 1 from ${sql.table(tables.attendance.table)} a
        where a.project_id = w.project_id and a.worker = w.id and a.date = ${today} and a.clock_in is not null)`
    : sql<boolean>`false`;
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
