/**
 * GET /api/zhgd/project/:projectId/members: the people of a project's company, for the pickers of module forms
 * (a hazard's responsible person, an inspector): every live user whose company is the company the project
 * belongs to. Any logged-in user who may see the project may ask.
 */
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { security } from '../http/admin-schemas.js';
import { envelope } from '../http/envelope-schema.js';
import { ok } from '../http/route-helpers.js';
import { requireAuth } from '../http/request-context.js';
import { projectCompanyId } from '../portal/project-company.js';
import type { Db } from '../db/database.js';

export function projectMembersRoute(app: FastifyInstance): void {
  const { db } = app.services;
  const { projects } = app.services.portal;
  app.get<{ Params: { projectId: string } }>(
    '/api/zhgd/project/:projectId/members',
    {
      schema: {
        tags: ['data'],
        summary: 'People of a project',
        description:
          'Live users of the company a project belongs to, by name: data: [{id, name, officeName}]. -403 for a project the caller may not see.',
        security,
        params: {
          type: 'object',
          required: ['projectId'],
          properties: { projectId: { type: 'string', minLength: 1, maxLength: 64 } },
        },
        response: {
          200: envelope({
            data: {
              type: 'array',
              items: {
                type: 'object',
                properties: { id: { type: 'string' }, name: { type: 'string' }, officeName: { type: 'string' } },
              },
            },
          }),
        },
      },
      config: { auth: 'user' },
    },
    async (request) => {
      const scope = await projects.scopeOf(requireAuth(request).view.user.id);
      const project = await projects.byId(scope, request.params.projectId);
      return ok('', await projectMembers(db, project.id));
    },
  );
}

/** The live users of the company a project belongs to (whom a project's pickers offer), by name. */
export async function projectMembers(
  db: Db,
  projectId: string,
): Promise<{ id: string; name: string; officeName: string }[]> {
  const companyId = await projectCompanyId(db, projectId);
  if (companyId === null) return [];
  return db
    .selectFrom('sys_user as u')
    .leftJoin('sys_office as uo', 'uo.id', 'u.office_id')
    .select(['u.id', 'u.name', sql<string>`coalesce(uo.name, '')`.as('officeName')])
    .where('u.del_flag', '=', '0')
    .where('u.login_flag', '=', '1')
    .where('u.company_id', '=', companyId)
    .orderBy('u.name')
    .orderBy('u.id')
    .execute();
}
