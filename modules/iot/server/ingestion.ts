/**
 * One path for every reading, whatever carried it (signed HTTP, the embedded broker, an external broker): find the
 * device by the id the platform issued it (its wire identity; a serial is the owner's label), check the message against
 * its type, store it, and count what was refused. Nothing refused is stored, and nothing here throws anything but a
 * ReadingRefused at its callers.
 */
import type { FastifyBaseLogger } from 'fastify';
import { DEVICE_ID_PATTERN, TtlCache } from '../../../src/server/module-api.js';
import type { DeviceType, DeviceTypes } from './device-types.js';
import { parseReadings, ReadingRefused, type Reading, type RefusalReason } from './readings.js';
import type { DeviceCredential, TelemetryStore } from './telemetry-store.js';

export type Carrier = 'http' | 'mqtt';

export interface IngestResult {
  deviceId: string;
  /** Metric values written (0: everything was already stored, a replay). */
  stored: number;
  readings: Reading[];
}

export interface Ingestion {
  /** The device of an id (cached briefly: thousands of devices report every few seconds). */
  device(deviceId: string): Promise<DeviceCredential | undefined>;
  /** Checks and stores a message of the device; throws ReadingRefused (already counted) when refused. */
  ingest(device: DeviceCredential, body: unknown, carrier: Carrier): Promise<IngestResult>;
  /** Counts a refusal found before the body was looked at (unknown device, signature, replay), and throws it. */
  refuse(deviceId: string, refusal: ReadingRefused): Promise<never>;
  /** Counts a refusal under the device it names (or under UNKNOWN_DEVICE). */
  count(deviceId: string, reason: RefusalReason): Promise<void>;
  /** Forget cached credentials (a secret was issued again). */
  forget(deviceId: string): void;
}

/** The refusal counter's row for callers that named no device of ours. */
export const UNKNOWN_DEVICE = '-';

export function createIngestion(options: {
  store: TelemetryStore;
  types: DeviceTypes;
  now: () => Date;
  retentionMonths: number;
  log: FastifyBaseLogger;
  /** After a message is stored (rules, live values); its failure is logged, the reading stays stored. */
  onStored?: (result: IngestResult, device: DeviceCredential, type: DeviceType) => Promise<void>;
}): Ingestion {
  const { store, types, now, log } = options;
  // Room for every device of a large platform: an entry evicted early costs a lookup on the device's next report.
  const credentials = new TtlCache<string, DeviceCredential | null>(30_000, 200_000);

  const device = async (deviceId: string): Promise<DeviceCredential | undefined> => {
    // A name no device can have (empty, too long, a NUL) is nobody, without asking the database.
    if (!DEVICE_ID_PATTERN.test(deviceId)) return undefined;
    return (await credentials.getOrLoad(deviceId, async () => (await store.credential(deviceId)) ?? null)) ?? undefined;
  };

  const count = async (deviceId: string, reason: RefusalReason): Promise<void> => {
    // Counted under a device of ours; every unknown name shares one row a day, so a stream of made-up names
    // (failed MQTT logins, unsigned calls) cannot grow the table.
    const known = await device(deviceId).then(
      (found) => found !== undefined,
      () => false,
    );
    await store.countRefusal(known ? deviceId : UNKNOWN_DEVICE, reason, now()).catch((error: unknown) => {
      log.warn({ err: error }, 'iot refusal not counted');
    });
  };

  const refuse = async (deviceId: string, refusal: ReadingRefused): Promise<never> => {
    await count(deviceId, refusal.reason);
    throw refusal;
  };

  return {
    device,
    forget(deviceId) {
      credentials.delete(deviceId);
    },
    refuse,
    count,
    async ingest(device, body) {
      const type = types.get(device.deviceType);
      if (!type)
        return refuse(device.deviceId, new ReadingRefused('unknown-device', `未知的设备类型 ${device.deviceType}`));
      const receivedAt = now();
      const oldest = new Date(receivedAt);
      oldest.setUTCMonth(oldest.getUTCMonth() - options.retentionMonths);
      let readings: Reading[];
      try {
        readings = parseReadings(body, type, receivedAt, oldest);
      } catch (error) {
        if (error instanceof ReadingRefused) return refuse(device.deviceId, error);
        throw error;
      }
      const times = readings.map((reading) => reading.ts.getTime());
      await store.ensurePartitions(new Date(Math.min(...times)), new Date(Math.max(...times)));
      const stored = await store.store(device.deviceId, readings);
      if (stored === 0)
        return refuse(device.deviceId, new ReadingRefused('replayed', '这些读数已经收到过（重复上报）'));
      const result = { deviceId: device.deviceId, stored, readings };
      if (options.onStored)
        await options.onStored(result, device, type).catch((error: unknown) => {
          log.error({ err: error, deviceId: device.deviceId }, 'iot readings stored but not evaluated');
        });
      return result;
    },
  };
}
