/**
 * /api/zhgd/companyScreen: the company's big screen (portal/company-screen.ts).
 *   GET /projects -> data {company, total, active, provinces, openAlerts, projects: [{id, name, engineeringType, status,
 *                   areaCode, provinceCode, provinceName, lng, lat, openAlerts}], byProvince: [{name, code, value}]}
 * Only the projects the caller may see (the one data-scope rule); the map outlines are GET /api/pub/geo/<code>.
 */
import type { FastifyPluginAsync } from 'fastify';
import type { Envelope } from '../../../../shared/envelope.js';
import { envelope, type Schema } from '../../../http/envelope-schema.js';
import { ok } from '../../../http/route-helpers.js';
import { security } from '../../../http/portal-schemas.js';
import { requireAuth } from '../../../http/request-context.js';
import { companyProjects, type CompanyProjects } from '../../../portal/company-screen.js';

const str = { type: 'string' } as const;
const int = { type: 'integer' } as const;
const coordinate: Schema = { type: ['number', 'null'] };

const projectSchema: Schema = {
  type: 'object',
  required: ['id', 'name', 'engineeringType', 'status', 'areaCode', 'provinceCode', 'provinceName', 'lng', 'lat'],
  properties: {
    id: str,
    name: str,
    engineeringType: { ...str, description: '1 房建, 2 市政, 3 公路' },
    status: { ...str, description: '0 未开工, 1 在建, 2 竣工' },
    areaCode: str,
    provinceCode: { ...str, description: "six digits (330000); '' when the area code names no province" },
    provinceName: str,
    lng: coordinate,
    lat: coordinate,
    openAlerts: int,
  },
};

const routes: FastifyPluginAsync = async (app) => {
  const { db } = app.services;
  const { projects } = app.services.portal;
  app.get(
    '/projects',
    {
      config: { auth: 'user', audit: false },
      schema: {
        tags: ['portal'],
        summary: "The company big screen's projects: where each is, its state, its open alerts",
        description:
          'Every project the caller may see, placed by its area code (the district, city or province point of the ' +
          'shipped map), with the counts the screen shows above the map.',
        security,
        response: {
          200: envelope({
            data: {
              type: 'object',
              required: ['company', 'total', 'active', 'provinces', 'openAlerts', 'projects', 'byProvince'],
              properties: {
                company: str,
                total: int,
                active: int,
                provinces: int,
                openAlerts: int,
                projects: { type: 'array', items: projectSchema },
                byProvince: {
                  type: 'array',
                  items: {
                    type: 'object',
                    required: ['name', 'code', 'value'],
                    properties: { name: str, code: str, value: int },
                  },
                },
              },
            },
          }),
        },
      },
    },
    async (request): Promise<Envelope<CompanyProjects>> => {
      const { view } = requireAuth(request);
      return ok('', await companyProjects(db, projects, await projects.scopeOf(view.user.id)));
    },
  );
};
/** The URL prefix of this file's routes. */
export const prefix = '/api/zhgd/companyScreen';
export default routes;
