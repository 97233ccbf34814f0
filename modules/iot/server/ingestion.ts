/**
 * One path for every reading, whatever carried it (signed HTTP, the embedded broker, an external broker): find
 * the device by serial, check the message against its type, store it, and count what was refused. Nothing
 * refused is stored, and nothing here throws anything but a ReadingRefused at its callers.
 */
import type { FastifyBaseLogger } from 'fastify';
import { TtlCache } from '../../../src/server/module-api.js';
import type { DeviceType, DeviceTypes } from './device-types.js';
import { parseReadings, ReadingRefused, type Reading } from './readings.js';
import type { DeviceCredential, TelemetryStore } from './telemetry-store.js';

export type Carrier = 'http' | 'mqtt';

export interface IngestResult {
  deviceId: string;
  /** Metric values written (0: everything was already stored, a replay). */
  stored: number;
  readings: Reading[];
}

export interface Ingestion {
  /** The device of a serial (cached briefly: thousands of devices report every few seconds). */
  device(serial: string): Promise<DeviceCredential | undefined>;
  /** Checks and stores a message of the device; throws ReadingRefused (already counted) when refused. */
  ingest(device: DeviceCredential, body: unknown, carrier: Carrier): Promise<IngestResult>;
  /** Counts a refusal found before the body was looked at (unknown device, signature, replay). */
  refuse(serial: string, refusal: ReadingRefused): Promise<never>;
  /** Forget cached credentials (a secret was issued again). */
  forget(serial: string): void;
}

/** What a device's serial may look like on the wire (the registry's own rule is stricter). */
export const DEVICE_SERIAL = /^[A-Za-z0-9_-]{1,64}$/;

/** The refusal counter's row for callers that named no device of ours. */
export const UNKNOWN_SERIAL = '-';

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

  const device = async (serial: string): Promise<DeviceCredential | undefined> => {
    // A name no device can have (empty, too long, a NUL) is nobody, without asking the database.
    if (!DEVICE_SERIAL.test(serial)) return undefined;
    return (await credentials.getOrLoad(serial, async () => (await store.credential(serial)) ?? null)) ?? undefined;
  };

  const refuse = async (serial: string, refusal: ReadingRefused): Promise<never> => {
    // Counted under the serial of a device of ours; every unknown name shares one row a day, so a stream of
    // made-up names (failed MQTT logins, unsigned calls) cannot grow the table.
    const known = await device(serial).then(
      (found) => found !== undefined,
      () => false,
    );
    await store.countRefusal(known ? serial : UNKNOWN_SERIAL, refusal.reason, now()).catch((error: unknown) => {
      log.warn({ err: error }, 'iot refusal not counted');
    });
    throw refusal;
  };

  return {
    device,
    forget(serial) {
      credentials.delete(serial);
    },
    refuse,
    async ingest(device, body) {
      const type = types.get(device.deviceType);
      if (!type)
        return refuse(device.serial, new ReadingRefused('unknown-device', `未知的设备类型 ${device.deviceType}`));
      const receivedAt = now();
      const oldest = new Date(receivedAt);
      oldest.setUTCMonth(oldest.getUTCMonth() - options.retentionMonths);
      let readings: Reading[];
      try {
        readings = parseReadings(body, type, receivedAt, oldest);
      } catch (error) {
        if (error instanceof ReadingRefused) return refuse(device.serial, error);
        throw error;
      }
      const times = readings.map((reading) => reading.ts.getTime());
      await store.ensurePartitions(new Date(Math.min(...times)), new Date(Math.max(...times)));
      const stored = await store.store(device.deviceId, readings);
      if (stored === 0) return refuse(device.serial, new ReadingRefused('replayed', '这些读数已经收到过（重复上报）'));
      const result = { deviceId: device.deviceId, stored, readings };
      if (options.onStored)
        await options.onStored(result, device, type).catch((error: unknown) => {
          log.error({ err: error, serial: device.serial }, 'iot readings stored but not evaluated');
        });
      return result;
    },
  };
}
