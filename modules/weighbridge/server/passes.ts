/**
 * A weighbridge reports each pass of a truck: plate (from its camera), weight, time. The first pass of a plate
 * opens a record 待二次过磅 with that weight; the next pass of the same plate on the same weighbridge within a
 * day completes it: the heavier of the two is the gross, the lighter the tare, and a truck that came in heavier
 * than it left delivered material (进场), one that left heavier hauled it away (出场). A record is only ever
 * written through the collection, so its rules, computed net and timeline are those of a record typed by hand.
 */
import { sql } from 'kysely';
import {
  chinaDate,
  chinaDateTime,
  type CollectionRecords,
  type Db,
  type RecordValues,
} from '../../../src/server/module-api.js';

/** What a device sends for one pass (the body of POST /api/weighbridge/v1.0/passes). */
export interface WeighbridgePass {
  plateNo: string;
  /** Tonnes on the platform. */
  weight: number;
  /** When it was weighed (ms); the time of the call when absent. */
  ts?: number;
  /** What the driver or the delivery plan says it carries, where the terminal knows it. */
  material?: string;
  supplier?: string;
  deliveryNoteNo?: string;
  deliveryNoteWeight?: number;
}

export interface PassResult {
  recordId: string;
  state: 'pending' | 'complete';
  netWeight: number | null;
}

/** Who a record a weighbridge opened was created by (no user typed it). */
export const PASS_AUTHOR = 'weighbridge-device';

/** How long a first pass waits for its second: a truck that never came back is not paired a day later. */
const PAIR_WITHIN_MS = 24 * 3600_000;

/** `HH:mm` of an instant in China time. */
const clockOf = (at: Date) => chinaDateTime(at).slice(11, 16);

export async function recordPass(
  db: Db,
  records: CollectionRecords,
  device: { deviceId: string; projectId: string },
  pass: WeighbridgePass,
  now: Date,
): Promise<PassResult> {
  const at = pass.ts === undefined ? now : new Date(pass.ts);
  const optional: RecordValues = Object.fromEntries(
    (['material', 'supplier', 'deliveryNoteNo', 'deliveryNoteWeight'] as const)
      .filter((name) => pass[name] !== undefined)
      .map((name) => [name, pass[name]]),
  );
  const open = await sql<{ id: string }>`select id from ${sql.table(records.table)}
    where project_id = ${device.projectId} and device_id = ${device.deviceId} and plate_no = ${pass.plateNo}
      and state = 'pending' and created_at > ${new Date(at.getTime() - PAIR_WITHIN_MS)}
    order by created_at desc limit 1`.execute(db);
  const pending = open.rows[0];
  if (!pending) {
    const created = await records.create(
      device.projectId,
      {
        plateNo: pass.plateNo,
        material: 'other',
        direction: 'in',
        weighDate: chinaDate(at),
        grossWeight: pass.weight,
        grossTime: clockOf(at),
        deduction: 0,
        deviceId: device.deviceId,
        state: 'pending',
        source: 'device',
        ...optional,
      },
      PASS_AUTHOR,
    );
    return { recordId: String(created.id), state: 'pending', netWeight: null };
  }
  const first = await records.get(pending.id);
  const firstWeight = Number(first.grossWeight);
  const firstTime = String(first.grossTime ?? '');
  const cameLoaded = firstWeight >= pass.weight;
  const completed = await records.update(
    pending.id,
    {
      ...ownValues(records, first),
      ...optional,
      direction: cameLoaded ? 'in' : 'out',
      weighDate: chinaDate(at),
      grossWeight: cameLoaded ? firstWeight : pass.weight,
      grossTime: cameLoaded ? firstTime : clockOf(at),
      tareWeight: cameLoaded ? pass.weight : firstWeight,
      tareTime: cameLoaded ? clockOf(at) : firstTime,
      state: 'complete',
    },
    Number(first.version),
    // The weighbridge completes what it measured: the lock on device weights lets its own write through.
    PASS_AUTHOR,
  );
  return {
    recordId: pending.id,
    state: 'complete',
    netWeight: typeof completed.netWeight === 'number' ? completed.netWeight : null,
  };
}

/** The record's own fields of a read (its labels and computed fields left out), for a whole write. */
function ownValues(records: CollectionRecords, read: RecordValues): RecordValues {
  const own = Object.keys(records.file.schema.properties);
  return Object.fromEntries(
    own.filter((name) => read[name] !== undefined && read[name] !== null).map((name) => [name, read[name]]),
  );
}
