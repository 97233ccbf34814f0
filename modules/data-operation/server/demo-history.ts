/**
 * The demo's usage history (PORTAL_DEMO=1): a freshly seeded portal has an empty audit log, so the 运营概览 would show
 * nothing until people had used it for weeks. This writes what the audit log would hold had the demo accounts used
 * the portal on each of the last DEMO_DAYS days: logins, menus opened in their projects (the 记录最近使用 call) and
 * some record writes, as the audit plugin writes them (same URIs, titles and parameter shapes), so the figures are
 * read by the very queries real use feeds.
 *
 * Deterministic: a day's rows come from a random generator seeded by the day and have stable ids
 * (`demo-usage-<day>-<n>`), so writing again adds only the days still missing (a demo server restarted a week later
 * gets the week it missed) and never duplicates a day. Today is left to real use. Weekends are quieter, as on a site.
 */
import { sql } from 'kysely';
import { chinaDate, type Db, seededRandom } from '../../../src/server/module-api.js';
import { LOGIN_URI, MENU_OPEN_URI, plusDays } from './usage-figures.js';

export const DEMO_DAYS = 90;
const ID_PREFIX = 'demo-usage-';
const DEMO_AGENT = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0';

interface DemoUser {
  id: string;
  login_name: string;
}

interface DemoMenu {
  id: string;
  name: string;
}

/** A collection whose records the demo people write (its create call, as the log names it). */
export interface DemoCollection {
  id: string;
  title: string;
}

interface LogRow {
  id: string;
  type: string;
  title: string;
  method: string;
  request_uri: string;
  params: string;
  msg_code: number;
  duration_ms: number;
  remote_addr: string;
  user_agent: string;
  user_id: string | null;
  login_name: string;
  created_at: Date;
}

/** A number from a day, to seed that day's generator. */
function daySeed(day: string): number {
  return Number(day.replaceAll('-', '')) * 7919;
}

/** An instant of a China day at a working hour. */
function at(day: string, hour: number, minute: number, second: number): Date {
  const pad = (n: number) => String(n).padStart(2, '0');
  return new Date(`${day}T${pad(hour)}:${pad(minute)}:${pad(second)}+08:00`);
}

/** The audit rows of one day: each user who works that day logs in, opens some menus, and writes a little. */
export function dayRows(
  day: string,
  users: readonly DemoUser[],
  menus: readonly DemoMenu[],
  projects: readonly { id: string; name: string }[],
  collections: readonly DemoCollection[],
): LogRow[] {
  const random = seededRandom(daySeed(day));
  const weekday = new Date(`${day}T00:00:00Z`).getUTCDay();
  const weekend = weekday === 0 || weekday === 6;
  const rows: LogRow[] = [];
  const row = (user: DemoUser, time: Date, fields: Pick<LogRow, 'title' | 'request_uri' | 'params'>, own = true) => {
    rows.push({
      id: `${ID_PREFIX}${day}-${rows.length + 1}`,
      type: '1',
      method: 'POST',
      msg_code: 0,
      duration_ms: random.int(8, 160),
      remote_addr: `10.20.${random.int(1, 30)}.${random.int(2, 250)}`,
      user_agent: DEMO_AGENT,
      // A login is made before there is a session: the log knows its account by the name typed.
      user_id: own ? user.id : null,
      login_name: user.login_name,
      created_at: time,
      ...fields,
    });
  };
  // The menus people go to most: the first of the list are favourites, the rest visited now and then.
  const favourites = menus.slice(0, Math.max(1, Math.ceil(menus.length / 4)));
  for (const user of users) {
    if (random.next() > (weekend ? 0.35 : 0.9)) continue;
    const logins = random.int(1, weekend ? 1 : 3);
    for (let login = 0; login < logins; login += 1) {
      const hour = 8 + Math.floor((login * 9) / logins) + random.int(0, 1);
      const start = at(day, hour, random.int(0, 59), random.int(0, 59));
      row(
        user,
        start,
        {
          title: '登录',
          request_uri: LOGIN_URI,
          params: JSON.stringify({ username: user.login_name }),
        },
        false,
      );
      const project = random.pick(projects);
      const opens = random.int(2, weekend ? 4 : 9);
      for (let open = 0; open < opens; open += 1) {
        const menu = random.next() < 0.7 ? random.pick(favourites) : random.pick(menus);
        const time = new Date(start.getTime() + (open + 1) * random.int(60, 600) * 1000);
        row(user, time, {
          title: '记录最近使用',
          request_uri: MENU_OPEN_URI,
          params: JSON.stringify({ menuId: menu.id, projectName: project.name }),
        });
        const collection = collections.length > 0 && random.next() < 0.25 ? random.pick(collections) : undefined;
        if (collection)
          row(user, new Date(time.getTime() + random.int(30, 300) * 1000), {
            title: `新增${collection.title}`,
            request_uri: `/api/data/${collection.id}`,
            params: JSON.stringify({ projectId: project.id }),
          });
      }
    }
  }
  return rows;
}

/**
 * Writes the missing days of the demo history, up to yesterday; nothing when the demo has no users, menus or
 * projects yet. One query when nothing is missing (the newest day is there).
 */
export async function writeDemoHistory(db: Db, now: Date, collections: readonly DemoCollection[]): Promise<number> {
  const yesterday = plusDays(chinaDate(now), -1);
  const newest = await db
    .selectFrom('sys_log')
    .select('id')
    .where('id', 'like', `${ID_PREFIX}${yesterday}-%`)
    .limit(1)
    .executeTakeFirst();
  if (newest) return 0;
  const [users, menus, projects] = await Promise.all([
    db
      .selectFrom('sys_user')
      .select(['id', 'login_name'])
      .where('del_flag', '=', '0')
      .where('login_flag', '=', '1')
      .where('id', 'in', sql<string>`(select user_id from sys_user_role)`)
      .orderBy('id')
      .limit(20)
      .execute(),
    // Screens people open from the side menu: shown, routed, not administration's.
    db
      .selectFrom('sys_menu')
      .select(['id', 'name'])
      .where('del_flag', '=', '0')
      .where('is_show', '=', '1')
      .where('href', 'like', '/%')
      .where('target', 'is not', null)
      .where('href', 'not like', '/systemProject/%')
      .where('href', 'not like', '/work-bench%')
      .orderBy('sort')
      .orderBy('id')
      .execute(),
    db.selectFrom('project').select(['id', 'name']).where('del_flag', '=', '0').orderBy('id').execute(),
  ]);
  if (users.length === 0 || menus.length === 0 || projects.length === 0) return 0;
  let written = 0;
  for (let back = DEMO_DAYS; back >= 1; back -= 1) {
    const day = plusDays(chinaDate(now), -back);
    const rows = dayRows(day, users, menus, projects, collections);
    if (rows.length === 0) continue;
    const result = await db
      .insertInto('sys_log')
      .values(rows)
      .onConflict((oc) => oc.column('id').doNothing())
      .executeTakeFirst();
    written += Number(result.numInsertedOrUpdatedRows ?? 0);
  }
  return written;
}
