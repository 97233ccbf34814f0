/**
 * Device warnings (the collection iot-warning): a reading over a threshold opens one, unless the device already
 * has one of that threshold that is not closed; a recovery and further readings over it open nothing more. The
 * claim is a row of iot_warning_open, taken by one insert, so two instances reporting the same crossing open one
 * warning. Who is told of a new warning is the `onOpened` hook's business (the message centre).
 */
import { sql } from 'kysely';
import type { CollectionRecords, RecordValues } from '../../../src/server/collections/records.js';
import type { Db } from '../../../src/server/db/database.js';
import { TtlCache } from '../../../src/server/services/ttl-cache.js';
import { thresholdUnit, type DeviceType } from './device-types.js';
import type { Exceedance } from './rules.js';
import type { DeviceCredential } from './telemetry-store.js';

/** Written as the author of warnings the platform opens (no user opened them). */
export const RULES_AUTHOR = 'iot-rules';

export interface OpenedWarning {
  warning: RecordValues;
  device: DeviceCredential;
}

/**
 * How long a warning known to be open spares the claim's queries: a device over its threshold reports every few
 * seconds, and each reading would otherwise try to claim (and free) the row. A close on this instance is heard at
 * once (forget); one on another instance within this time.
 */
const KNOWN_OPEN_MS = 60_000;

export class Warnings {
  private readonly knownOpen = new TtlCache<string, true>(KNOWN_OPEN_MS, 200_000);

  constructor(
    private readonly db: Db,
    private readonly records: CollectionRecords,
    private readonly onOpened: (opened: OpenedWarning) => Promise<void> = async () => undefined,
  ) {}

  private async claim(deviceId: string, thresholdId: string): Promise<boolean> {
    const { rows } =
      await sql`insert into iot_warning_open (device_id, threshold_id) values (${deviceId}, ${thresholdId})
      on conflict do nothing returning device_id`.execute(this.db);
    return rows.length === 1;
  }

  /** Frees the claim when its warning was closed (or never written): the next crossing may open a new one. */
  private async releaseIfDone(deviceId: string, thresholdId: string): Promise<boolean> {
    const { rows } = await sql`delete from iot_warning_open o
      where o.device_id = ${deviceId} and o.threshold_id = ${thresholdId}
        and (o.warning_id is null and o.opened_at < now() - interval '1 minute'
          or exists (select 1 from c_iot_warning w where w.id = o.warning_id and w.status = 'closed')
          or (o.warning_id is not null and not exists (select 1 from c_iot_warning w where w.id = o.warning_id)))
      returning o.device_id`.execute(this.db);
    return rows.length === 1;
  }

  /** A warning of the device and threshold was written (acknowledged, closed, removed): its claim is read again. */
  forget(deviceId: string, thresholdId: string): void {
    this.knownOpen.delete(`${deviceId}\n${thresholdId}`);
  }

  async open(device: DeviceCredential, type: DeviceType, crossings: readonly Exceedance[]): Promise<RecordValues[]> {
    const opened: RecordValues[] = [];
    for (const { threshold, value, at } of crossings) {
      const key = `${device.deviceId}\n${threshold.id}`;
      if (this.knownOpen.get(key)) continue;
      let claimed = await this.claim(device.deviceId, threshold.id);
      if (!claimed && (await this.releaseIfDone(device.deviceId, threshold.id)))
        claimed = await this.claim(device.deviceId, threshold.id);
      if (!claimed) {
        this.knownOpen.set(key, true);
        continue;
      }
      const metric = type.metrics.find((m) => m.key === threshold.metric);
      const minus = threshold.minus ? type.metrics.find((m) => m.key === threshold.minus) : undefined;
      const warning = await this.records.create(
        device.projectId,
        {
          deviceId: device.deviceId,
          thresholdId: threshold.id,
          title: threshold.title,
          level: threshold.level,
          metric: minus
            ? `${metric?.title ?? threshold.metric}与${minus.title}之差`
            : threshold.rate === 'fall-per-day'
              ? `${metric?.title ?? threshold.metric}日降幅`
              : (metric?.title ?? threshold.metric),
          value,
          limit: threshold.above,
          ...(metric?.unit ? { unit: thresholdUnit(type, threshold) } : {}),
          ...(threshold.standard ? { standard: threshold.standard } : {}),
          openedAt: at.toISOString(),
        },
        RULES_AUTHOR,
      );
      await sql`update iot_warning_open set warning_id = ${String(warning.id)}
        where device_id = ${device.deviceId} and threshold_id = ${threshold.id}`.execute(this.db);
      opened.push(warning);
      await this.onOpened({ warning, device });
    }
    return opened;
  }
}
