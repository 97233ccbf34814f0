/**
 * /api/zhgd/projectstatistics: the workbench's project figures, computed from the project's rows (the worker
 * figures from the workers' registry of the module that keeps it, portal/workbench.ts).
 *   POST /project {projectName} -> data {project, ageDistribution, geoDistribution, personnel, signboard}
 *   POST /contract {projectName} -> data {count, totalAmount, paidAmount, unpaidAmount, paidRate, byType, rows}
 * projectName is required (-400 请选择项目); one the user may not see is -403.
 */
import type { FastifyPluginAsync } from 'fastify';
import type { Envelope } from '../../../../shared/envelope.js';
import type { Schema } from '../../../http/envelope-schema.js';
import { envelope } from '../../../http/envelope-schema.js';
import { ok } from '../../../http/route-helpers.js';
import { portalContext } from '../../../portal/services.js';
import type { ProjectRow } from '../../../portal/projects.js';
import type { ContractFigures, ProjectStatistics } from '../../../portal/workbench.js';
import { bodyOrEmpty, nameValueList, projectNameProperty, security } from '../../../http/portal-schemas.js';
import { requireAuth } from '../../../http/request-context.js';

const str = { type: 'string' } as const;
const int = { type: 'integer' } as const;
const num = { type: 'number' } as const;

const body: Schema = {
  type: 'object',
  required: ['projectName'],
  properties: {
    projectName: {
      ...projectNameProperty,
      minLength: 1,
      errorMessage: { required: '请选择项目', minLength: '请选择项目', maxLength: '项目名称不能超过100个字符' },
    },
  },
};

const statisticsSchema: Schema = {
  type: 'object',
  required: ['project', 'ageDistribution', 'geoDistribution', 'personnel', 'signboard'],
  properties: {
    project: {
      type: 'object',
      required: ['id', 'name', 'projectType', 'status'],
      properties: { id: str, name: str, projectType: str, status: str },
    },
    ageDistribution: {
      ...nameValueList,
      description: '18-30岁, 31-40岁, 41-50岁, 51-60岁, 60岁以上 (workers on site, from the registry)',
    },
    geoDistribution: { ...nameValueList, description: 'Workers on site by native province, most first' },
    personnel: {
      type: 'object',
      required: ['registered', 'onSite', 'onSiteToday', 'exited', 'teams', 'blacklisted', 'attendanceRate'],
      properties: {
        registered: int,
        onSite: int,
        onSiteToday: int,
        exited: int,
        teams: int,
        blacklisted: int,
        attendanceRate: num,
      },
    },
    signboard: {
      type: 'object',
      required: ['projectName', 'builder', 'constructor', 'supervisor', 'startDate', 'endDate', 'contractAmount'],
      properties: {
        projectName: str,
        projectCode: str,
        address: str,
        builder: str,
        constructor: str,
        designer: str,
        supervisor: str,
        projectManager: str,
        startDate: str,
        endDate: str,
        contractAmount: num,
        totalDays: int,
        elapsedDays: int,
        remainingDays: int,
      },
    },
  },
};

const contractSchema: Schema = {
  type: 'object',
  required: ['count', 'totalAmount', 'paidAmount', 'unpaidAmount', 'paidRate', 'byType', 'rows'],
  properties: {
    count: int,
    totalAmount: num,
    paidAmount: num,
    unpaidAmount: num,
    paidRate: num,
    byType: {
      type: 'array',
      items: {
        type: 'object',
        required: ['name', 'count', 'amount'],
        properties: { name: str, count: int, amount: num },
      },
    },
    rows: {
      type: 'array',
      items: {
        type: 'object',
        required: ['id', 'name', 'type', 'partyB', 'amount', 'paidAmount', 'signedOn'],
        properties: { id: str, name: str, type: str, partyB: str, amount: num, paidAmount: num, signedOn: str },
      },
    },
  },
};

const routes: FastifyPluginAsync = async (app) => {
  const projectOf = async (request: Parameters<typeof requireAuth>[0], name: string): Promise<ProjectRow> => {
    const ctx = await portalContext(app.services.portal, requireAuth(request).view, name);
    return ctx.project as ProjectRow;
  };

  app.post<{ Body: { projectName: string } }>(
    '/project',
    {
      config: { auth: 'user', audit: false },
      preValidation: bodyOrEmpty,
      schema: {
        tags: ['workbench'],
        summary: 'Project statistics: laborer ages and origins, personnel overview, construction signboard',
        description:
          "From the workers' registry (劳务人员 and 考勤记录) of the project: ageDistribution and " +
          'geoDistribution count workers on site; personnel: registered, onSite, onSiteToday (clocked in today, ' +
          'China time), exited, teams (with someone on site), blacklisted, attendanceRate (%); empty lists and ' +
          'zeros for a project without workers. signboard: the project profile (amount in yuan, dates yyyy-MM-dd, ' +
          'day counts).',
        security,
        body,
        response: { 200: envelope({ data: statisticsSchema }) },
      },
    },
    async (request): Promise<Envelope<ProjectStatistics>> => {
      const project = await projectOf(request, request.body.projectName);
      const now = app.services.config.now();
      return ok('', await app.services.portal.workbench.projectStatistics(project, now));
    },
  );

  app.post<{ Body: { projectName: string } }>(
    '/contract',
    {
      config: { auth: 'user', audit: false },
      preValidation: bodyOrEmpty,
      schema: {
        tags: ['workbench'],
        summary: 'Contract figures of a project',
        description: 'Amounts in yuan (two decimals), paidRate in percent; rows newest signed first.',
        security,
        body,
        response: { 200: envelope({ data: contractSchema }) },
      },
    },
    async (request): Promise<Envelope<ContractFigures>> => {
      const project = await projectOf(request, request.body.projectName);
      return ok('', await app.services.portal.workbench.contracts(project));
    },
  );
};
/** The URL prefix of this file's routes. */
export const prefix = '/api/zhgd/projectstatistics';
export default routes;
