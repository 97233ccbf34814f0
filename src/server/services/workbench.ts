/**
 * The workbench panels' figures, computed from rows (never constants): laborers' ages and origins, the personnel
 * overview, the construction signboard (project_profile) and the contract figures of one project.
 */
import type { Db } from '../db/database.js';
import { ageOn, chinaDate, chinaDayStart, daysBetween } from './china-time.js';
import type { ProjectRow } from './projects.js';

export interface NameValue {
  name: string;
  value: number;
}

export interface PersonnelOverview {
  /** Everyone ever registered on the project (累计登记). */
  registered: number;
  /** Registered and not exited (在场). */
  onSite: number;
  /** On site and clocked in today, China time (今日出勤). */
  onSiteToday: number;
  /** On-site managers (管理人员) and workers (劳务工人). */
  managers: number;
  workers: number;
  managersToday: number;
  workersToday: number;
  /** Exited (退场). */
  exited: number;
  /** onSiteToday / onSite in percent, one decimal; 0 when nobody is on site. */
  attendanceRate: number;
}

export interface Signboard {
  projectName: string;
  projectCode: string;
  address: string;
  builder: string;
  constructor: string;
  designer: string;
  supervisor: string;
  projectManager: string;
  startDate: string;
  endDate: string;
  /** Contract amount in yuan; 0 when unknown. */
  contractAmount: number;
  totalDays: number;
  elapsedDays: number;
  remainingDays: number;
}

export interface ProjectStatistics {
  project: { id: string; name: string; projectType: string; status: string };
  ageDistribution: NameValue[];
  geoDistribution: NameValue[];
  personnel: PersonnelOverview;
  signboard: Signboard;
}

export interface ContractRow {
  id: string;
  name: string;
  type: string;
  partyB: string;
  amount: number;
  paidAmount: number;
  signedOn: string;
}

export interface ContractFigures {
  count: number;
  /** Yuan, two decimals. */
  totalAmount: number;
  paidAmount: number;
  unpaidAmount: number;
  /** paid / total in percent, one decimal. */
  paidRate: number;
  byType: { name: string; count: number; amount: number }[];
  rows: ContractRow[];
}

/** Age buckets of the age-distribution chart: upper bound inclusive; the last one is open. */
export const AGE_BUCKETS: { name: string; max: number }[] = [
  { name: '18-30岁', max: 30 },
  { name: '31-40岁', max: 40 },
  { name: '41-50岁', max: 50 },
  { name: '51-60岁', max: 60 },
  { name: '60岁以上', max: Number.POSITIVE_INFINITY },
];

const round = (value: number, digits: number) => Math.round(value * 10 ** digits) / 10 ** digits;
const percent = (part: number, whole: number) => (whole === 0 ? 0 : round((part * 100) / whole, 1));

export class Workbench {
  constructor(private readonly db: Db) {}

  async projectStatistics(project: ProjectRow, now: Date): Promise<ProjectStatistics> {
    const laborers = await this.db
      .selectFrom('laborer')
      .select(['birth_date', 'native_province', 'category', 'exited_on', 'last_clock_in_at'])
      .where('project_id', '=', project.id)
      .where('del_flag', '=', '0')
      .execute();
    const onSite = laborers.filter((l) => l.exited_on === null);
    const todayStart = chinaDayStart(now).getTime();
    const clockedToday = (l: (typeof laborers)[number]) =>
      l.last_clock_in_at !== null && new Date(l.last_clock_in_at).getTime() >= todayStart;

    const ageDistribution = AGE_BUCKETS.map((b) => ({ name: b.name, value: 0 }));
    for (const l of onSite) {
      const age = ageOn(l.birth_date, now);
      ageDistribution[AGE_BUCKETS.findIndex((b) => age <= b.max)].value += 1;
    }

    const byProvince = new Map<string, number>();
    for (const l of onSite) byProvince.set(l.native_province, (byProvince.get(l.native_province) ?? 0) + 1);
    const geoDistribution = [...byProvince]
      .map(([name, value]) => ({ name, value }))
      .sort((a, b) => b.value - a.value || a.name.localeCompare(b.name, 'zh-CN'));

    const today = onSite.filter(clockedToday);
    const personnel: PersonnelOverview = {
      registered: laborers.length,
      onSite: onSite.length,
      onSiteToday: today.length,
      managers: onSite.filter((l) => l.category === 'manager').length,
      workers: onSite.filter((l) => l.category !== 'manager').length,
      managersToday: today.filter((l) => l.category === 'manager').length,
      workersToday: today.filter((l) => l.category !== 'manager').length,
      exited: laborers.length - onSite.length,
      attendanceRate: percent(today.length, onSite.length),
    };

    return {
      project: { id: project.id, name: project.name, projectType: project.engineering_type, status: project.status },
      ageDistribution,
      geoDistribution,
      personnel,
      signboard: await this.signboard(project, now),
    };
  }

  private async signboard(project: ProjectRow, now: Date): Promise<Signboard> {
    const p = await this.db
      .selectFrom('project_profile')
      .selectAll()
      .where('project_id', '=', project.id)
      .executeTakeFirst();
    const start = p?.start_date ?? '';
    const end = p?.end_date ?? '';
    const today = chinaDate(now);
    const totalDays = start && end ? daysBetween(start, end) + 1 : 0;
    const elapsedDays = start ? Math.min(Math.max(daysBetween(start, today) + 1, 0), totalDays || Infinity) : 0;
    return {
      projectName: project.name,
      projectCode: project.code ?? '',
      address: p?.address ?? '',
      builder: p?.builder_unit ?? '',
      constructor: p?.construction_unit ?? '',
      designer: p?.design_unit ?? '',
      supervisor: p?.supervision_unit ?? '',
      projectManager: p?.project_manager ?? '',
      startDate: start,
      endDate: end,
      contractAmount: p?.contract_amount ? Number(p.contract_amount) : 0,
      totalDays,
      elapsedDays,
      remainingDays: Math.max(totalDays - elapsedDays, 0),
    };
  }

  async contracts(project: ProjectRow): Promise<ContractFigures> {
    const rows = await this.db
      .selectFrom('project_contract')
      .select(['id', 'name', 'contract_type', 'party_b', 'amount', 'paid_amount', 'signed_on'])
      .where('project_id', '=', project.id)
      .where('del_flag', '=', '0')
      .orderBy('signed_on', 'desc')
      .orderBy('id')
      .execute();
    const list: ContractRow[] = rows.map((r) => ({
      id: r.id,
      name: r.name,
      type: r.contract_type,
      partyB: r.party_b,
      amount: Number(r.amount),
      paidAmount: Number(r.paid_amount),
      signedOn: r.signed_on,
    }));
    const total = round(
      list.reduce((sum, r) => sum + r.amount, 0),
      2,
    );
    const paid = round(
      list.reduce((sum, r) => sum + r.paidAmount, 0),
      2,
    );
    const byType = new Map<string, { name: string; count: number; amount: number }>();
    for (const r of list) {
      const entry = byType.get(r.type) ?? { name: r.type, count: 0, amount: 0 };
      entry.count += 1;
      entry.amount = round(entry.amount + r.amount, 2);
      byType.set(r.type, entry);
    }
    return {
      count: list.length,
      totalAmount: total,
      paidAmount: paid,
      unpaidAmount: round(total - paid, 2),
      paidRate: percent(paid, total),
      byType: [...byType.values()].sort((a, b) => b.amount - a.amount),
      rows: list,
    };
  }
}
