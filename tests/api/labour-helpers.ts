/**
 * What the labour API tests share: a worker let through the gate needs 三级安全教育, which the safety module records
 * and keeps as the registry's flag; tests that are about the gate, not about education, set the flag directly.
 */
import { setEducationMissing } from '../../modules/labour/server/public.js';
import type { Db } from '../../src/server/module-api.js';

/** Marks these workers as having passed 三级安全教育 (the safety module's flag, written as it writes it). */
export async function educated(db: Db, workers: readonly { id: string }[]): Promise<void> {
  await setEducationMissing(db, new Map(workers.map((worker) => [worker.id, false])));
}
