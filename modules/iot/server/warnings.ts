/**
 * Device warnings (the collection iot-warning): a reading over a threshold opens one, unless the device already
 * has one of that threshold that is not closed; a recovery and further readings over it open nothing more. The
 * claim is a row of iot_warning_open, taken by one insert, so two instances reporting the same crossing open one
 * warning. The claim is taken before the reading is acknowledged; the warning's record and who is told are written
 * by a few writers behind it (a storm of crossings must not starve the storing of readings). Who is told of a new
 * warning is the `onOpened` hook's business (the message centre).
 */
import { sql } from 'kysely';
import { type CollectionRecords, type Db, type RecordValues, TtlCache } from '../../../src/server/module-api.js';
import { comparedText, thresholdUnit, type DeviceType } from './device-types.js';
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

/**
 * Warnings written at once (a record, its timeline step, the people told: about twenty statements each). Claims are
 * cheap and taken at once; writing the warnings is bounded so that a storm of new crossings (thousands of devices
 * over a limit in the same minute) uses a few of the pool's connections while readings keep being stored with the
 * rest.
 */
const WRITERS = 2;
/**
 * A message's reading waits for its warnings to be written while fewer than this many wait before them: one crossing
 * is answered with its warning already there, as always; in a storm the reading is acknowledged once stored and
 * claimed, and its warning follows a moment later.
 */
const WAIT_BELOW = 16;
/**
 * Warnings waiting to be written at most. A claim beyond stays in iot_warning_open without its warning; a minute on,
 * the next reading over the threshold frees it (releaseIfDone) and claims it again, as after a crash.
 */
const MAX_WAITING = 50_000;

interface Claimed {
  device: DeviceCredential;
  type: DeviceType;
  crossing: Exceedance;
  key: string;
  written: () => void;
}

export class Warnings {
  private readonly knownOpen = new TtlCache<string, true>(KNOWN_OPEN_MS, 200_000);
  /** Claimed warnings waiting to be written, oldest first, and the keys waiting or being written. */
  private readonly waiting: Claimed[] = [];
  private readonly pending = new Set<string>();
  private readonly running = new Set<Promise<void>>();
  private closed = false;
  private written = 0;

  constructor(
    private readonly db: Db,
    private readonly records: CollectionRecords,
    private readonly onOpened: (opened: OpenedWarning) => Promise<void> = async () => undefined,
    /** A warning claimed but not written (its claim is freed by a later crossing, see releaseIfDone). */
    private readonly onError: (error: unknown, device: DeviceCredential) => void = () => undefined,
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

  /**
   * Claims a warning for each crossing whose threshold has none open, then has them written (WRITERS at a time):
   * answers once they are written, or at once when many are waiting already (WAIT_BELOW).
   */
  async open(device: DeviceCredential, type: DeviceType, crossings: readonly Exceedance[]): Promise<void> {
    const written: Promise<void>[] = [];
    const wait = this.waiting.length < WAIT_BELOW;
    for (const crossing of crossings) {
      const key = `${device.deviceId}\n${crossing.threshold.id}`;
      if (this.knownOpen.get(key) || this.pending.has(key)) continue;
      let claimed = await this.claim(device.deviceId, crossing.threshold.id);
      if (!claimed && (await this.releaseIfDone(device.deviceId, crossing.threshold.id)))
        claimed = await this.claim(device.deviceId, crossing.threshold.id);
      if (!claimed) {
        this.knownOpen.set(key, true);
        continue;
      }
      if (this.closed || this.waiting.length >= MAX_WAITING) continue;
      this.pending.add(key);
      written.push(
        new Promise<void>((resolve) => this.waiting.push({ device, type, crossing, key, written: resolve })),
      );
      this.writeNext();
    }
    if (wait) await Promise.all(written);
  }

  /** Warnings waiting to be written now (a storm shows here), and written since the last call. */
  takeFigures(): { waiting: number; written: number } {
    const figures = { waiting: this.waiting.length, written: this.written };
    this.written = 0;
    return figures;
  }

  /** Stops writing: what waits stays claimed (freed by a later crossing); answers when the writes under way end. */
  async close(): Promise<void> {
    this.closed = true;
    for (const claimed of this.waiting.splice(0)) claimed.written();
    await Promise.allSettled([...this.running]);
  }

  private writeNext(): void {
    while (this.running.size < WRITERS && this.waiting.length > 0) {
      const claimed = this.waiting.shift()!;
      const run: Promise<void> = this.write(claimed)
        .catch((error: unknown) => this.onError(error, claimed.device))
        .finally(() => {
          this.running.delete(run);
          this.pending.delete(claimed.key);
          claimed.written();
          this.writeNext();
        });
      this.running.add(run);
    }
  }

  private async write({ device, type, crossing }: Claimed): Promise<void> {
    const { threshold, value, at } = crossing;
    const metric = type.metrics.find((m) => m.key === threshold.metric);
    const warning = await this.records.create(
      device.projectId,
      {
        deviceId: device.deviceId,
        thresholdId: threshold.id,
        title: threshold.title,
        level: threshold.level,
        metric: comparedText(type, threshold),
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
    this.written += 1;
    await this.onOpened({ warning, device });
  }
}
