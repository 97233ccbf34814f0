/**
 * The search log's retention: the job search-log-retention deletes, once a day, the searches older than
 * PORTAL_SEARCH_LOG_DAYS (0 keeps them all). 搜索监控 shows trends over months, not years, and a busy portal records
 * a row for every search of every user.
 */
import { sql } from 'kysely';
import type { Db } from '../db/database.js';
import { globalPlugin } from '../http/global-plugin.js';

export const SEARCH_LOG_RETENTION_JOB = 'search-log-retention';

/** At half past three in the morning, China time: the searches of the day are long over. */
const RETENTION_CRON = '30 3 * * *';

declare module '../jobs/types.js' {
  interface JobPayloads {
    'search-log-retention': Record<string, never>;
  }
}

/** Deletes the searches recorded more than `days` days before `now`; answers how many went. */
export async function forgetOldSearches(db: Db, days: number, now: Date): Promise<number> {
  const before = new Date(now.getTime() - days * 24 * 3600 * 1000);
  const result = await sql`delete from search_log where searched_at < ${before}`.execute(db);
  return Number(result.numAffectedRows ?? 0);
}

export default globalPlugin('search', async (app) => {
  const { db, config } = app.services;
  const days = config.searchLogDays;
  app.jobs.work(
    SEARCH_LOG_RETENTION_JOB,
    async () => ({ deleted: days > 0 ? await forgetOldSearches(db, days, config.now()) : 0 }),
    { exclusive: true, label: '搜索记录清理' },
  );
  app.addHook('onReady', async () => {
    if (days > 0) await app.jobs.schedule(SEARCH_LOG_RETENTION_JOB, RETENTION_CRON, {});
    else await app.jobs.unschedule(SEARCH_LOG_RETENTION_JOB);
  });
});
