/**
 * The age rule of each company (table labour_age_rule, migrations.ts): provinces differ, and a general contractor
 * sets its own limits, so every judgement of age (the gate, registration, the form's check) uses the rule of the
 * company the worker's project belongs to. A company without a row of its own follows the module settings
 * (PORTAL_LABOUR_AGE_*, age-rule.ts), the deployment-wide defaults.
 * Rules are read at each judgement rather than cached: a company's change reaches every instance at once, and a
 * judgement costs two indexed reads (the project's company, its row).
 */
import { sql } from 'kysely';
import { type DataScope, type Db, officeWithin, projectCompanyId } from '../../../src/server/module-api.js';
import type { AgeLimits } from './age-rule.js';

/** A company's rule as the screen shows it: the limits, whether they are the company's own, who set them and when. */
export interface CompanyAgeRule extends AgeLimits {
  companyId: string;
  companyName: string;
  /** The company set its own limits (false: it follows the module settings). */
  custom: boolean;
  updatedBy: string | null;
  updatedAt: string | null;
}

interface RuleRow {
  company_id: string;
  min_age: number;
  male_max: number;
  female_max: number;
  special_male_max: number;
  special_female_max: number;
  refuse_registration: boolean;
  updated_by: string;
  updated_by_name: string | null;
  updated_at: Date | string;
}

const limitsOf = (row: RuleRow): AgeLimits => ({
  min: row.min_age,
  maleMax: row.male_max,
  femaleMax: row.female_max,
  specialMaleMax: row.special_male_max,
  specialFemaleMax: row.special_female_max,
  refuseRegistration: row.refuse_registration,
});

export class AgeRules {
  constructor(
    private readonly db: Db,
    /** The module settings: the rule of a company without a row. */
    readonly defaults: AgeLimits,
  ) {}

  private async rows(companyIds: readonly string[], db: Db): Promise<Map<string, RuleRow>> {
    if (companyIds.length === 0) return new Map();
    const { rows } = await sql<RuleRow>`
      select r.*, u.name as updated_by_name from labour_age_rule r
      left join sys_user u on u.id = r.updated_by
      where r.company_id in (${sql.join(companyIds)})`.execute(db);
    return new Map(rows.map((row) => [row.company_id, row]));
  }

  /** The limits of a company (the defaults for null: a project or caller without a company). */
  async ofCompany(companyId: string | null, db: Db = this.db): Promise<AgeLimits> {
    if (!companyId) return this.defaults;
    const row = (await this.rows([companyId], db)).get(companyId);
    return row ? limitsOf(row) : this.defaults;
  }

  /**
   * The limits of the company of a project. `db` is the write's transaction when judging inside one (a
   * registration): PGlite has one connection, which a read outside the transaction would wait for forever.
   */
  async ofProject(projectId: string, db: Db = this.db): Promise<AgeLimits> {
    return this.ofCompany(await projectCompanyId(db, projectId), db);
  }

  /** The companies (sys_office of type 公司) a scope may set the rule of, each with its rule. */
  async list(scope: DataScope, companyIds?: readonly string[]): Promise<CompanyAgeRule[]> {
    let query = this.db
      .selectFrom('sys_office')
      .select(['id', 'name'])
      .where('del_flag', '=', '0')
      .where(officeWithin(scope, { id: 'id', parentIds: 'parent_ids' }))
      .orderBy('parent_ids')
      .orderBy('id');
    // A company user sets their own company's rule; an administrator (scope all) any company's.
    if (!scope.all) query = query.where('id', '=', scope.companyId ?? '');
    else query = query.where('type', '=', '1');
    if (companyIds) query = query.where('id', 'in', companyIds.length ? companyIds : ['']);
    const companies = await query.execute();
    const rows = await this.rows(
      companies.map((company) => company.id),
      this.db,
    );
    return companies.map((company) => {
      const row = rows.get(company.id);
      return {
        companyId: company.id,
        companyName: company.name,
        ...(row ? limitsOf(row) : this.defaults),
        custom: Boolean(row),
        updatedBy: row ? (row.updated_by_name ?? row.updated_by) : null,
        updatedAt: row ? new Date(row.updated_at).toISOString() : null,
      };
    });
  }

  async save(companyId: string, limits: AgeLimits, actorId: string): Promise<void> {
    await sql`insert into labour_age_rule
      (company_id, min_age, male_max, female_max, special_male_max, special_female_max, refuse_registration,
       updated_by, updated_at)
      values (${companyId}, ${limits.min}, ${limits.maleMax}, ${limits.femaleMax}, ${limits.specialMaleMax},
       ${limits.specialFemaleMax}, ${limits.refuseRegistration}, ${actorId}, now())
      on conflict (company_id) do update set
        min_age = excluded.min_age, male_max = excluded.male_max, female_max = excluded.female_max,
        special_male_max = excluded.special_male_max, special_female_max = excluded.special_female_max,
        refuse_registration = excluded.refuse_registration, updated_by = excluded.updated_by,
        updated_at = excluded.updated_at`.execute(this.db);
  }

  /** Back to the module settings: the company's own row goes. */
  async reset(companyId: string): Promise<void> {
    await sql`delete from labour_age_rule where company_id = ${companyId}`.execute(this.db);
  }
}
