/**
 * Device warnings are the IoT module's collection iot-warning now (modules/iot), raised by the devices' own
 * readings: the fixed demo table of the first workbench goes.
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('device_warning').ifExists().execute();
}
