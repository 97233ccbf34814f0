/**
 * The workbench panels' figures, computed from rows (never constants): the construction signboard
 * (project_profile) and the contract figures of one project; the worker figures come from the module that keeps
 * the workers' registry (it hands its source to `setWorkerFigures`), zeros without one.
 */
import type { Db } from '../db/database.js';
import { chinaDate, daysBetween } from '../lib/china-time.js';
import type { ProjectRow } from './projects.js';

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

/** The workers of a project on the workbench: ages and native provinces of those on site, and the overview. */
export interface WorkerFigures {
  ageDistribution: NameValue[];
  geoDistribution: NameValue[];
  personnel: PersonnelOverview;
}

/** Where a project's worker figures come from (a module's registry). */
export type WorkerFiguresSource = (projectId: string, now: Date) => Promise<WorkerFigures>;

const NO_WORKERS: WorkerFigures = {
  ageDistribution: [],
  geoDistribution: [],
  personnel: { registered: 0, onSite: 0, onSiteToday: 0, exited: 0, teams: 0, blacklisted: 0, attendanceRate: 0 },
};

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

/** The workbench's project figures: the worker figures and the signboard. */
export interface ProjectStatistics extends WorkerFigures {
  project: { id: string; name: string; projectType: string; status: string };
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
const round = (value: number, digits: number) => Math.round(value * 10 ** digits) / 10 ** digits;
const percent = (part: number, whole: number) => (whole === 0 ? 0 : round((part * 100) / whole, 1));

export class Workbench {
  private workerFigures: WorkerFiguresSource | undefined;

  constructor(private readonly db: Db) {}

  /** The module that keeps the workers' registry says where the workbench's worker figures come from. */
  setWorkerFigures(source: WorkerFiguresSource): void {
    if (this.workerFigures) throw new Error('two modules give the workbench its worker figures');
    this.workerFigures = source;
  }

  /** The project's figures: the workers from the registry's module (none without one), the signboard. */
  async projectStatistics(project: ProjectRow, now: Date): Promise<ProjectStatistics> {
    const workers = this.workerFigures ? await this.workerFigures(project.id, now) : NO_WORKERS;
    return {
      project: { id: project.id, name: project.name, projectType: project.engineering_type, status: project.status },
      ...workers,
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
