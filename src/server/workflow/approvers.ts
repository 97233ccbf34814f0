/**
 * Who an approver rule names, for one instance: listed users, the holders of a role who work for the project's
 * company (or see every company), the starter's office leader (the nearest office upwards with a leader other
 * than the starter), or the people the starter chose among the project's members. Only live users count.
 */
import { sql } from 'kysely';
import type { ApproverRule } from '../../shared/processes.js';
import type { Db } from '../db/database.js';
import { AdminOffices } from '../admin/offices.js';

export interface RuleContext {
  starterId: string;
  projectId: string;
  /** The starter's choices for this node (rule `starter`). */
  chosen?: readonly string[];
  /** The project's company when already known (one instance resolves several nodes). */
  company?: string;
}

export class Approvers {
  private readonly offices: AdminOffices;

  constructor(private readonly db: Db) {
    this.offices = new AdminOffices(db);
  }

  private live(db: Db = this.db) {
    return db.selectFrom('sys_user as u').where('u.del_flag', '=', '0').where('u.login_flag', '=', '1');
  }

  /** The company (office id) the project belongs to, or undefined for a project without a live office. */
  async companyOfProject(projectId: string): Promise<string | undefined> {
    const office = await this.db
      .selectFrom('project as p')
      .innerJoin('sys_office as o', 'o.id', 'p.office_id')
      .select(['o.id', 'o.type', 'o.parent_ids'])
      .where('p.id', '=', projectId)
      .executeTakeFirst();
    return office ? this.offices.companyOf(office) : undefined;
  }

  /** Which of `userIds` are live members of the project's company (the people of a project, as its pickers list them). */
  async projectMembers(projectId: string, userIds: readonly string[]): Promise<Set<string>> {
    if (userIds.length === 0) return new Set();
    const company = await this.companyOfProject(projectId);
    if (!company) return new Set();
    const rows = await this.live()
      .select('u.id')
      .where('u.company_id', '=', company)
      .where('u.id', 'in', [...userIds])
      .execute();
    return new Set(rows.map((r) => r.id));
  }

  /** The live people of the project's company, by name: whom a picker offers (发起人自选, 转交, 加签). */
  async projectPeople(projectId: string): Promise<{ id: string; name: string; officeName: string }[]> {
    const company = await this.companyOfProject(projectId);
    if (!company) return [];
    return this.live()
      .leftJoin('sys_office as o', 'o.id', 'u.office_id')
      .select(['u.id', 'u.name', sql<string>`coalesce(o.name, '')`.as('officeName')])
      .where('u.company_id', '=', company)
      .orderBy('u.name')
      .orderBy('u.id')
      .limit(500)
      .execute();
  }

  async resolve(rule: ApproverRule, context: RuleContext): Promise<string[]> {
    switch (rule.type) {
      case 'users': {
        if (rule.users.length === 0) return [];
        const rows = await this.live().select('u.id').where('u.id', 'in', rule.users).execute();
        const found = new Set(rows.map((r) => r.id));
        return rule.users.filter((id) => found.has(id));
      }
      case 'role': {
        const company = context.company ?? (await this.companyOfProject(context.projectId));
        const rows = await this.live()
          .innerJoin('sys_user_role as ur', 'ur.user_id', 'u.id')
          .innerJoin('sys_role as r', 'r.id', 'ur.role_id')
          .select('u.id')
          .distinct()
          .where('r.enname', '=', rule.role)
          .where('r.del_flag', '=', '0')
          .where('r.useable', '=', '1')
          .where((eb) =>
            eb.or([
              eb('u.company_id', '=', company ?? null),
              // Holders who see every company (the one data-scope rule) serve every project.
              eb.exists(
                eb
                  .selectFrom('sys_user_role as ur2')
                  .innerJoin('sys_role as r2', 'r2.id', 'ur2.role_id')
                  .select('ur2.user_id')
                  .whereRef('ur2.user_id', '=', 'u.id')
                  .where('r2.del_flag', '=', '0')
                  .where('r2.useable', '=', '1')
                  .where((inner) => inner.or([inner('r2.enname', '=', 'admin'), inner('r2.data_scope', '=', '1')])),
              ),
            ]),
          )
          .orderBy('u.id')
          .execute();
        return rows.map((r) => r.id);
      }
      case 'leader':
        return this.leaderOf(context.starterId);
      case 'starter': {
        const chosen = [...new Set(context.chosen ?? [])];
        const members = await this.projectMembers(context.projectId, chosen);
        return chosen.filter((id) => members.has(id));
      }
    }
  }

  private async leaderOf(userId: string): Promise<string[]> {
    const user = await this.db.selectFrom('sys_user').select('office_id').where('id', '=', userId).executeTakeFirst();
    if (!user?.office_id) return [];
    const own = await this.db
      .selectFrom('sys_office')
      .select(['parent_ids'])
      .where('id', '=', user.office_id)
      .executeTakeFirst();
    if (!own) return [];
    // Nearest first: the user's own office, then upwards.
    const chain = [user.office_id, ...own.parent_ids.split(',').filter(Boolean).reverse()];
    const offices = await this.db
      .selectFrom('sys_office as o')
      .innerJoin('sys_user as u', 'u.id', 'o.leader_id')
      .select(['o.id', 'o.leader_id'])
      .where('o.id', 'in', chain)
      .where('o.del_flag', '=', '0')
      .where('u.del_flag', '=', '0')
      .where('u.login_flag', '=', '1')
      .execute();
    const leaders = new Map(offices.map((o) => [o.id, o.leader_id]));
    for (const office of chain) {
      const leader = leaders.get(office);
      if (leader && leader !== userId) return [leader];
    }
    return [];
  }
}
