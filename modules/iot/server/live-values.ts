/**
 * Live device values: when readings of a project are stored, the pages that show them (device detail, 扬尘监测,
 * 塔吊监测, 升降机监测) hear `iot.reading` on their event stream and read their values again. Devices report every
 * few seconds, so the event is throttled per project: the first reading after a quiet minute is announced at once,
 * the ones inside the minute in one event at its end; a page thus reads again at most once a minute whatever the
 * number of devices. Only users who may see the project hear it (the one data-scope rule: people of the project's
 * company, and those who see every company).
 */
import { sql } from 'kysely';
import { type Db, type EventTarget, type PortalEvent, TtlCache } from '../../../src/server/module-api.js';

export const READING_EVENT = 'iot.reading';
export const LIVE_EVERY_MS = 60_000;

type Publish = (target: EventTarget, event: PortalEvent) => Promise<void>;

/** Live users who may see a project: its company's people, and everyone whose role sees every company. */
export async function projectViewers(db: Db, projectId: string): Promise<string[]> {
  const { rows } = await sql<{ id: string }>`select u.id from sys_user u
    where u.del_flag = '0' and (
      exists (select 1 from project p join sys_office o on o.id = p.office_id
        where p.id = ${projectId} and coalesce(u.company_id, u.office_id) is not null
          and (o.id = coalesce(u.company_id, u.office_id)
            or o.parent_ids like '%,' || coalesce(u.company_id, u.office_id) || ',%'))
      or exists (select 1 from sys_user_role ur join sys_role r on r.id = ur.role_id
        where ur.user_id = u.id and r.del_flag = '0' and r.useable = '1'
          and (r.enname = 'admin' or r.data_scope = '1')))`.execute(db);
  return rows.map((row) => row.id);
}

export class LiveValues {
  /** Per project: when the last event went, and the devices heard since (a trailing event is due). */
  private readonly projects = new Map<string, { sentAt: number; pending: Set<string>; timer?: NodeJS.Timeout }>();
  private readonly viewers = new TtlCache<string, string[]>(LIVE_EVERY_MS);
  private closed = false;

  constructor(
    private readonly db: Db,
    private readonly publish: Publish,
    private readonly onError: (error: unknown) => void,
    private readonly everyMs = LIVE_EVERY_MS,
  ) {}

  /** A device of the project stored readings. */
  stored(projectId: string, deviceId: string): void {
    if (this.closed) return;
    const at = Date.now();
    const state = this.projects.get(projectId) ?? { sentAt: 0, pending: new Set<string>() };
    this.projects.set(projectId, state);
    state.pending.add(deviceId);
    if (state.timer) return;
    const wait = state.sentAt + this.everyMs - at;
    if (wait <= 0) this.flush(projectId);
    else {
      state.timer = setTimeout(() => this.flush(projectId), wait);
      state.timer.unref();
    }
  }

  private flush(projectId: string): void {
    const state = this.projects.get(projectId);
    if (!state || this.closed) return;
    state.timer = undefined;
    const deviceIds = [...state.pending];
    state.pending.clear();
    if (deviceIds.length === 0) return;
    state.sentAt = Date.now();
    void (async () => {
      const userIds = await this.viewers.getOrLoad(projectId, () => projectViewers(this.db, projectId));
      await this.publish({ userIds }, { type: READING_EVENT, data: { projectId, deviceIds: deviceIds.slice(0, 50) } });
    })().catch(this.onError);
  }

  close(): void {
    this.closed = true;
    for (const state of this.projects.values()) clearTimeout(state.timer);
    this.projects.clear();
  }
}
