/**
 * 数据运营 (module data-operation): how the portal itself is used. It owns no records: the figures are read from the
 * audit log and the recently-used records the core keeps (usage-figures.ts), for the people and projects the caller
 * may see. With PORTAL_DEMO=1 it writes the demo's usage history at start (demo-history.ts), so the screen shows
 * weeks of use on a fresh portal.
 *
 *   GET /api/data-operation/v1.0/overview?days=7|30|90&to=YYYY-MM-DD
 */
import type { FastifyRequest } from 'fastify';
import {
  ApiError,
  chinaDate,
  envelope,
  type ModulePlugin,
  MsgCode,
  ok,
  requireAuth,
  type Schema,
  security,
} from '../../../src/server/module-api.js';
import { writeDemoHistory } from './demo-history.js';
import { plusDays, UsageFiguresReader, type UsageOverview } from './usage-figures.js';

const VIEW = 'dataOperation:overview:view';
/** The longest range one call counts: a year of the log. */
const MAX_DAYS = 366;
const DEFAULT_DAYS = 30;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

export const OverviewMessages = {
  days: `统计天数须为 1 到 ${MAX_DAYS} 之间的整数`,
  to: '请选择正确的截止日期',
  future: '截止日期不能晚于今天',
} as const;

const count = { type: 'integer' };
const text = { type: 'string' };
const chartRows: Schema = {
  type: 'array',
  items: { type: 'object', properties: { name: text, value: { type: 'number' }, series: text } },
};
const overviewSchema: Schema = {
  type: 'object',
  properties: {
    range: { type: 'object', properties: { from: text, to: text } },
    figures: {
      type: 'object',
      properties: {
        activeToday: count,
        loginsLast7: count,
        activeUsers: count,
        activeRate: { type: 'number' },
        accounts: count,
        logins: count,
        menuOpens: count,
        operations: count,
        activeProjects: count,
      },
    },
    daily: chartRows,
    modules: chartRows,
    menus: {
      type: 'array',
      items: {
        type: 'object',
        properties: { menuId: text, name: text, moduleName: text, opens: count, users: count, lastUsed: text },
      },
    },
    projects: {
      type: 'array',
      items: {
        type: 'object',
        properties: {
          rank: count,
          projectId: text,
          projectName: text,
          officeName: text,
          activeUsers: count,
          menuOpens: count,
          operations: count,
          lastActive: text,
        },
      },
    },
  },
};

interface OverviewQuery {
  days?: string;
  to?: string;
}

/** A real calendar day (not 2026-02-30). */
function isDay(value: string): boolean {
  if (!DATE.test(value)) return false;
  const parsed = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(parsed.getTime()) && parsed.toISOString().slice(0, 10) === value;
}

const invalid = (field: string, message: string) =>
  new ApiError(MsgCode.invalidInput, message, { errors: [{ field, message }] });

const dataOperation: ModulePlugin = async (app) => {
  const { db, config, portal } = app.services;
  const reader = new UsageFiguresReader(db, config.now);

  if (config.demo) {
    const collections = [...app.collections.values()]
      .map((records) => ({ id: records.file.id, title: records.file.title }))
      .sort((a, b) => a.id.localeCompare(b.id));
    await writeDemoHistory(db, config.now(), collections);
  }

  app.get(
    '/api/data-operation/v1.0/overview',
    {
      config: { auth: 'user', permission: VIEW },
      schema: {
        tags: ['data-operation'],
        summary: 'How the portal is used: active users, logins, menus and projects over a range of days',
        description:
          'The `days` (default 30, at most 366) China days ending with `to` (default today). data: range {from, to}; ' +
          'figures {activeToday, loginsLast7 (both of today, whatever the range), activeUsers, activeRate (% of the ' +
          'accounts seen), accounts, logins, menuOpens, operations (successful writes other than logins and menus ' +
          'opened), activeProjects}; daily: rows {name: day, value, series 活跃用户|登录次数} for every day of the ' +
          'range; modules: opens per top menu, most first (10); menus: the 12 most opened {menuId, name, moduleName, ' +
          'opens, users, lastUsed}; projects: {rank, projectId, projectName, officeName, activeUsers, menuOpens, ' +
          'operations, lastActive} by activity. Counts only people and projects the caller may see (all for an ' +
          'administrator, else their company). From the audit log (sys_log) and the recently-used records.',
        security,
        querystring: {
          type: 'object',
          properties: { days: { type: 'string', maxLength: 4 }, to: { type: 'string', maxLength: 10 } },
        },
        response: { 200: envelope({ data: overviewSchema }) },
      },
    },
    async (request: FastifyRequest<{ Querystring: OverviewQuery }>) => {
      const today = chinaDate(config.now());
      const { days: daysText, to: toText } = request.query;
      const days = daysText === undefined || daysText === '' ? DEFAULT_DAYS : Number(daysText);
      if (!Number.isInteger(days) || days < 1 || days > MAX_DAYS) throw invalid('days', OverviewMessages.days);
      const to = toText === undefined || toText === '' ? today : toText;
      if (!isDay(to)) throw invalid('to', OverviewMessages.to);
      if (to > today) throw invalid('to', OverviewMessages.future);
      const view = requireAuth(request).view;
      const scope = await portal.projects.scopeOf(view.user.id);
      const visible = await portal.projects.list(scope, [], { pageNum: 1, limit: 100_000 });
      const overview: UsageOverview = await reader.overview(
        scope,
        { from: plusDays(to, 1 - days), to },
        visible.dataList.map((project) => ({
          id: project.ID,
          name: project.PROJECT_NAME,
          officeName: project.OFFICE_NAME,
        })),
      );
      return ok('', overview);
    },
  );
};

export default dataOperation;
