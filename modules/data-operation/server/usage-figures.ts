/**
 * How the portal itself is used, read from what the core already keeps: the audit log (sys_log: every login, every
 * menu opened, since opening a menu is the audited 记录最近使用 call, and every write) and the recently-used records
 * (recent_menu: each user's last use of a menu). Nothing is counted twice into a table of our own, so the figures are
 * as true as the log, and a date range is a range scan of the log's created_at index.
 *
 * Every figure counts only people the caller may see (the one data-scope rule: an administrator everyone, anyone
 * else the people of their own company) and only projects the caller may see.
 */
import { sql, type RawBuilder, type SqlBool } from 'kysely';
import { chinaDate, chinaDateTime, type DataScope, type Db, officeWithin } from '../../../src/server/module-api.js';

/** The audited calls that mean something to this screen (their URIs are the core's routes). */
export const LOGIN_URI = '/api/login';
export const MENU_OPEN_URI = '/api/zhgd/RecentlyUsed/insert';
/** Calls that keep a session going rather than act on data: they make a user active, not an operation. */
const SESSION_URIS = ['/api/login', '/api/logout', '/api/token/refresh', MENU_OPEN_URI];

const DAY_MS = 86_400_000;
/** The China day `YYYY-MM-DD` as the instant it begins. */
const dayStart = (day: string) => new Date(`${day}T00:00:00+08:00`);
/** `YYYY-MM-DD` plus some days. */
export const plusDays = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);

export interface UsageRange {
  /** First China day counted. */
  from: string;
  /** Last China day counted. */
  to: string;
}

export interface UsageFigures {
  activeToday: number;
  loginsLast7: number;
  activeUsers: number;
  /** Active users of the range over the accounts the caller sees, in percent (one decimal). */
  activeRate: number;
  accounts: number;
  logins: number;
  menuOpens: number;
  operations: number;
  activeProjects: number;
}

/** A chart row, as the dashboard's line and bar panels take them. */
export interface ChartRow {
  name: string;
  value: number;
  series?: string;
}

export interface MenuUsage {
  menuId: string;
  name: string;
  moduleName: string;
  opens: number;
  users: number;
  /** China time, to the minute. */
  lastUsed: string;
}

export interface ProjectActivity {
  rank: number;
  projectId: string;
  projectName: string;
  officeName: string;
  activeUsers: number;
  menuOpens: number;
  operations: number;
  lastActive: string;
}

export interface UsageOverview {
  range: UsageRange;
  figures: UsageFigures;
  daily: ChartRow[];
  modules: ChartRow[];
  menus: MenuUsage[];
  projects: ProjectActivity[];
}

/** A project the caller may see, as the core's project list gives it. */
export interface VisibleProject {
  id: string;
  name: string;
  officeName: string;
}

export const DAILY_SERIES = { active: '活跃用户', logins: '登录次数' } as const;
const TOP_MODULES = 10;
const TOP_MENUS = 12;

/** The people the scope covers: their company (their own office when they have none) lies within it. */
function peopleWithin(scope: DataScope): RawBuilder<SqlBool> {
  return sql<SqlBool>`exists (select 1 from sys_user u
      left join sys_office o on o.id = coalesce(u.company_id, u.office_id)
      where u.id = e.uid and u.del_flag = '0' and ${officeWithin(scope, { id: 'o.id', parentIds: 'o.parent_ids' })})`;
}

/**
 * The successful audited calls of [start, end) with who made them: the signed-in user, or for a login (made before
 * there is a session) the account its user name or phone number names. `kind` is login, open (a menu), session (a
 * refresh or logout) or operation (any other write). Only people the scope covers.
 */
function events(scope: DataScope, start: Date, end: Date): RawBuilder<unknown> {
  return sql`(select e.* from (
      select l.created_at, l.params,
        coalesce(l.user_id, (select u.id from sys_user u
            where u.del_flag = '0' and (u.login_name = l.login_name or u.mobile = l.login_name)
            order by case when u.login_name = l.login_name then 0 else 1 end, u.id limit 1)) as uid,
        case when l.request_uri = ${LOGIN_URI} then 'login'
             when l.request_uri = ${MENU_OPEN_URI} then 'open'
             when l.request_uri in (${sql.join(SESSION_URIS)}) then 'session'
             else 'operation' end as kind
      from sys_log l
      where l.created_at >= ${start} and l.created_at < ${end} and l.msg_code = 0
    ) e where e.uid is not null and ${peopleWithin(scope)}) as ev`;
}

/** A parameter of the call as the log keeps it (scrubbed JSON, possibly cut short): read by pattern, never parsed. */
const param = (name: string) => sql<string | null>`substring(ev.params from ${`"${name}":"([^"\\\\]{1,200})"`})`;

const count = (value: unknown) => Number(value ?? 0);

export class UsageFiguresReader {
  constructor(
    private readonly db: Db,
    private readonly now: () => Date,
  ) {}

  async overview(scope: DataScope, range: UsageRange, projects: readonly VisibleProject[]): Promise<UsageOverview> {
    const start = dayStart(range.from);
    const end = dayStart(plusDays(range.to, 1));
    const today = chinaDate(this.now());
    const [figures, todayFigures, weekFigures, daily, menus, byProject] = await Promise.all([
      this.totals(scope, start, end),
      this.totals(scope, dayStart(today), dayStart(plusDays(today, 1))),
      this.totals(scope, dayStart(plusDays(today, -6)), dayStart(plusDays(today, 1))),
      this.daily(scope, start, end),
      this.menus(scope, start, end),
      this.projects(scope, start, end),
    ]);
    const accounts = await this.accounts(scope);
    const projectRows = projectActivity(byProject, projects);
    const menuRows = await this.namedMenus(menus, scope, start, end);
    return {
      range,
      figures: {
        activeToday: todayFigures.users,
        loginsLast7: weekFigures.logins,
        activeUsers: figures.users,
        activeRate: accounts === 0 ? 0 : Math.round((figures.users / accounts) * 1000) / 10,
        accounts,
        logins: figures.logins,
        menuOpens: figures.opens,
        operations: figures.operations,
        activeProjects: projectRows.length,
      },
      daily: dailyRows(range, daily),
      modules: moduleRows(menuRows),
      menus: menuRows.slice(0, TOP_MENUS),
      projects: projectRows,
    };
  }

  private async totals(scope: DataScope, start: Date, end: Date) {
    const { rows } = await sql<{ users: string; logins: string; opens: string; operations: string }>`
      select count(distinct ev.uid) as users,
        count(*) filter (where ev.kind = 'login') as logins,
        count(*) filter (where ev.kind = 'open') as opens,
        count(*) filter (where ev.kind = 'operation') as operations
      from ${events(scope, start, end)}`.execute(this.db);
    const row = rows[0];
    return {
      users: count(row?.users),
      logins: count(row?.logins),
      opens: count(row?.opens),
      operations: count(row?.operations),
    };
  }

  private async daily(scope: DataScope, start: Date, end: Date) {
    const { rows } = await sql<{ day: string; users: string; logins: string }>`
      select to_char(ev.created_at at time zone 'Asia/Shanghai', 'YYYY-MM-DD') as day,
        count(distinct ev.uid) as users, count(*) filter (where ev.kind = 'login') as logins
      from ${events(scope, start, end)} group by 1`.execute(this.db);
    return new Map(rows.map((row) => [row.day, { users: count(row.users), logins: count(row.logins) }]));
  }

  private async menus(scope: DataScope, start: Date, end: Date) {
    const { rows } = await sql<{ menu_id: string; opens: string; users: string; last_at: Date }>`
      select ${param('menuId')} as menu_id, count(*) as opens, count(distinct ev.uid) as users,
        max(ev.created_at) as last_at
      from ${events(scope, start, end)} where ev.kind = 'open' group by 1`.execute(this.db);
    return rows.filter((row) => row.menu_id !== null);
  }

  private async projects(scope: DataScope, start: Date, end: Date) {
    const { rows } = await sql<{
      project_id: string | null;
      project_name: string | null;
      uids: string[];
      opens: string;
      operations: string;
      last_at: Date;
    }>`
      select ${param('projectId')} as project_id, ${param('projectName')} as project_name,
        array_agg(distinct ev.uid) as uids,
        count(*) filter (where ev.kind = 'open') as opens,
        count(*) filter (where ev.kind = 'operation') as operations,
        max(ev.created_at) as last_at
      from ${events(scope, start, end)}
      where ev.kind in ('open', 'operation') group by 1, 2`.execute(this.db);
    return rows;
  }

  /** Accounts the caller sees that may log in: the base of the active rate. */
  private async accounts(scope: DataScope): Promise<number> {
    const { rows } = await sql<{ n: string }>`
      select count(*) as n from sys_user u left join sys_office o on o.id = coalesce(u.company_id, u.office_id)
      where u.del_flag = '0' and u.login_flag = '1'
        and ${officeWithin(scope, { id: 'o.id', parentIds: 'o.parent_ids' })}`.execute(this.db);
    return count(rows[0]?.n);
  }

  /**
   * The menus with their names and module (the top menu they sit under), most opened first; the last use is the
   * later of the log's and of the recently-used records (which also keep uses the log of the range may not hold).
   */
  private async namedMenus(
    menus: Awaited<ReturnType<UsageFiguresReader['menus']>>,
    scope: DataScope,
    start: Date,
    end: Date,
  ): Promise<MenuUsage[]> {
    if (menus.length === 0) return [];
    const ids = menus.map((row) => row.menu_id);
    const [all, recent] = await Promise.all([
      this.db.selectFrom('sys_menu').select(['id', 'parent_id', 'name']).execute(),
      sql<{ menu_id: string; last_at: Date }>`
        select r.menu_id, max(r.used_at) as last_at from recent_menu r
        where r.menu_id in (${sql.join(ids)}) and r.used_at >= ${start} and r.used_at < ${end}
          and exists (select 1 from sys_user u left join sys_office o on o.id = coalesce(u.company_id, u.office_id)
            where u.id = r.user_id and ${officeWithin(scope, { id: 'o.id', parentIds: 'o.parent_ids' })})
        group by r.menu_id`.execute(this.db),
    ]);
    const byId = new Map(all.map((menu) => [menu.id, menu]));
    const recentOf = new Map(recent.rows.map((row) => [row.menu_id, new Date(row.last_at)]));
    /** The top menu above a menu (its module, as the side menu shows it); cycles cannot loop forever. */
    const moduleOf = (id: string): string => {
      let menu = byId.get(id);
      for (let hops = 0; menu && hops < 10; hops += 1) {
        const parent = byId.get(menu.parent_id);
        if (!parent) return menu.name;
        menu = parent;
      }
      return menu?.name ?? '';
    };
    return menus
      .map((row) => {
        const logged = new Date(row.last_at);
        const recentAt = recentOf.get(row.menu_id);
        const last = recentAt && recentAt > logged ? recentAt : logged;
        return {
          menuId: row.menu_id,
          name: byId.get(row.menu_id)?.name ?? '（已删除的功能）',
          moduleName: byId.has(row.menu_id) ? moduleOf(row.menu_id) : '',
          opens: count(row.opens),
          users: count(row.users),
          lastUsed: chinaDateTime(last).slice(0, 16),
        };
      })
      .sort((a, b) => b.opens - a.opens || b.users - a.users || a.name.localeCompare(b.name, 'zh-CN'));
  }
}

/** Every day of the range, a zero where nothing happened, so the line shows quiet days as quiet. */
function dailyRows(range: UsageRange, byDay: Map<string, { users: number; logins: number }>): ChartRow[] {
  const active: ChartRow[] = [];
  const logins: ChartRow[] = [];
  for (let day = range.from; day <= range.to; day = plusDays(day, 1)) {
    const figures = byDay.get(day);
    active.push({ name: day, value: figures?.users ?? 0, series: DAILY_SERIES.active });
    logins.push({ name: day, value: figures?.logins ?? 0, series: DAILY_SERIES.logins });
  }
  return [...active, ...logins];
}

/** Opens per module (top menu), most first. */
function moduleRows(menus: readonly MenuUsage[]): ChartRow[] {
  const byModule = new Map<string, number>();
  for (const menu of menus) {
    const name = menu.moduleName || '其他';
    byModule.set(name, (byModule.get(name) ?? 0) + menu.opens);
  }
  return [...byModule]
    .map(([name, value]) => ({ name, value }))
    .sort((a, b) => b.value - a.value || a.name.localeCompare(b.name, 'zh-CN'))
    .slice(0, TOP_MODULES);
}

/**
 * The projects the caller sees, by activity: a call names its project by id (a record's write) or by name (a menu
 * opened in it); a project the caller cannot see, or one no call names, is left out.
 */
function projectActivity(
  rows: Awaited<ReturnType<UsageFiguresReader['projects']>>,
  visible: readonly VisibleProject[],
): ProjectActivity[] {
  const byId = new Map(visible.map((project) => [project.id, project]));
  const byName = new Map<string, VisibleProject>();
  for (const project of visible) if (!byName.has(project.name)) byName.set(project.name, project);
  const sums = new Map<string, { users: Set<string>; opens: number; operations: number; last: Date }>();
  for (const row of rows) {
    const project = (row.project_id && byId.get(row.project_id)) || (row.project_name && byName.get(row.project_name));
    if (!project) continue;
    const sum = sums.get(project.id) ?? { users: new Set<string>(), opens: 0, operations: 0, last: new Date(0) };
    for (const uid of row.uids) sum.users.add(uid);
    sum.opens += count(row.opens);
    sum.operations += count(row.operations);
    const last = new Date(row.last_at);
    if (last > sum.last) sum.last = last;
    sums.set(project.id, sum);
  }
  return [...sums]
    .map(([id, sum]) => {
      const project = byId.get(id) as VisibleProject;
      return {
        rank: 0,
        projectId: id,
        projectName: project.name,
        officeName: project.officeName,
        activeUsers: sum.users.size,
        menuOpens: sum.opens,
        operations: sum.operations,
        lastActive: chinaDateTime(sum.last).slice(0, 16),
      };
    })
    .sort(
      (a, b) =>
        b.activeUsers - a.activeUsers ||
        b.menuOpens + b.operations - (a.menuOpens + a.operations) ||
        a.projectName.localeCompare(b.projectName, 'zh-CN'),
    )
    .map((row, index) => ({ ...row, rank: index + 1 }));
}
