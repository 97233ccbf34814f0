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
import { requireAuth } from '../plugins/auth.js';

export interface ProjectMember {
  id: string;
  name: string;
  officeName: string;
}

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
      // The project's company: the nearest company (type 1) above its office, else the top of its chain.
      const members = await sql<ProjectMember>`
        with chain as (
          select a.id, a.type,
            case when a.id = o.id then 1000000 else strpos(o.parent_ids, ',' || a.id || ',') end as depth
          from sys_office o join sys_office a on a.id = o.id or strpos(o.parent_ids, ',' || a.id || ',') > 0
          where o.id = ${project.office_id}
        ), company as (
          select id from chain
          order by (type = '1') desc, case when type = '1' then depth else -depth end desc limit 1
        )
        select u.id, u.name, coalesce(uo.name, '') as "officeName"
        from sys_user u left join sys_office uo on uo.id = u.office_id
        where u.del_flag = '0' and u.login_flag = '1' and u.company_id = (select id from company)
        order by u.name, u.id`.execute(db);
      return ok('', members.rows);
    },
  );
}
