/**
 * The workbench panels' figures, computed from rows (never constants): the construction signboard
 * (project_profile) and the contract figures of one project; the labour figures come from services/labour-figures.ts.
 */
import type { Db } from '../db/database.js';
import { chinaDate, daysBetween } from './china-time.js';
import type { LabourFigures } from './labour-figures.js';
import type { ProjectRow } from './projects.js';

export interface NameValue {
  name: string;
  value: number;
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

/** The workbench's project figures: the labour figures (services/labour-figures.ts) and the signboard. */
export interface ProjectStatistics extends LabourFigures {
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
  constructor(private readonly db: Db) {}

  /** The project's figures: labour from the registry (the caller reads it), the signboard from the profile. */
  async projectStatistics(project: ProjectRow, labour: LabourFigures, now: Date): Promise<ProjectStatistics> {
    return {
      project: { id: project.id, name: project.name, projectType: project.engineering_type, status: project.status },
      ...labour,
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
